import Testing

@testable import SpecFormats

/// Names and comments in the Swift source are ones Swift reads as meant.
@Suite struct SwiftSourceNamingTests {
    @Test(arguments: [
        ("", "value"), ("controls", "controls"), ("live-activities", "liveActivities"),
        ("LiveActivities", "liveActivities"), ("430x932-minimal-width", "_430x932MinimalWidth"),
        ("default", "`default`"),
    ])
    func identifiersAreSwiftNames(text: String, expected: String) {
        #expect(SwiftSource.identifier(text, upper: false) == expected)
    }

    @Test func commentTextCannotEndTheComment() {
        #expect(SwiftSource.commentText("a\nb\r\u{7}c") == "a b  c")
    }
}
