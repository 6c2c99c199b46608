import Testing

@testable import SpecFormats

/// Names and comments in the Swift source are ones Swift reads as meant.
@Suite struct SwiftSourceNamingTests {
    @Test(arguments: [
        ("", "value"), ("controls", "controls"), ("live-activities", "liveActivities"),
        ("LiveActivities", "liveActivities"), ("430x932-minimal-width", "_430x932MinimalWidth"),
        ("default", "`default`"), ("2x-large", "_2xLarge"), ("größe-44pt", "grE44pt"), ("a..b c", "aBC"),
        ("Ünits", "nits"),
    ])
    func identifiersAreSwiftNames(text: String, expected: String) {
        #expect(SwiftSource.identifier(text, upper: false) == expected)
    }

    @Test func typeNamesStartUpperCase() {
        #expect(SwiftSource.identifier("live activities", upper: true) == "LiveActivities")
        #expect(SwiftSource.identifier("", upper: true) == "Other")
        #expect(SwiftSource.identifier("9-slice", upper: true) == "_9Slice")
    }

    @Test func commentTextCannotEndTheComment() {
        #expect(SwiftSource.commentText("a\nb\r\u{7}c") == "a b  c")
        #expect(SwiftSource.commentText("*/ › 44×44\u{7F}") == "*/ › 44×44 ")
    }
}
