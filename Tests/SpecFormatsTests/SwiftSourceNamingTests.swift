import JSON
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

/// A figure's constants are kept by its whole row and member name: a row of the same id that
/// differs (another store version) gets its own, and two figures whose names meet are told apart.
@Suite struct SwiftSourceKeptLinesTests {
    static func route() -> PageRoute {
        var route = PageRoute(kind: .other, template: "/v1/metrics", title: "Metrics")
        route.swift = .metrics
        return route
    }

    static func row(_ id: String, value: Int, status: String = "published") throws -> JSONValue {
        try JSONValue.parse(
            Array(
                #"{"id":"\#(id)","topic":"buttons","name":"Hit","value":\#(value),"unit":"pt","status":"\#(status)"}"#
                    .utf8))
    }

    @Test func aRowOfTheSameIdThatDiffersHasItsOwnConstants() throws {
        let route = Self.route()
        let first = SwiftSource.render(
            route: route, rows: [try Self.row("metric.buttons.hit", value: 44)], version: "a", notes: [], request: "")
        let second = SwiftSource.render(
            route: route, rows: [try Self.row("metric.buttons.hit", value: 28, status: "convention")], version: "b",
            notes: [], request: "")
        #expect(first.contains("public static let hit: CGFloat = 44 // pt"))
        #expect(first.contains("/// Status: published."))
        #expect(second.contains("public static let hit: CGFloat = 28 // pt"))
        #expect(second.contains("/// Status: convention."))
    }

    @Test func namesThatMeetAreToldApart() throws {
        let rows = [try Self.row("metric.buttons.hit", value: 44), try Self.row("metric.hit", value: 28)]
        let source = SwiftSource.render(route: Self.route(), rows: rows, version: "a", notes: [], request: "")
        #expect(source.contains("public static let hit: CGFloat = 44 // pt"))
        #expect(source.contains("public static let hit_2: CGFloat = 28 // pt"))
        // Asked again in the other order, each row's name follows its place.
        let reversed = SwiftSource.render(
            route: Self.route(), rows: rows.reversed(), version: "a", notes: [], request: "")
        #expect(reversed.contains("public static let hit: CGFloat = 28 // pt"))
        #expect(reversed.contains("public static let hit_2: CGFloat = 44 // pt"))
    }
}
