import SpecAPI
import Testing

@testable import HTTPCore
@testable import SpecFormats
@testable import SpecServer

@Suite struct NegotiationTests {
    @Test(
        arguments: [
            ("", [Format.json, .csv, .md, .html], Format.json),
            ("*/*", [.json, .csv, .md, .html], .json),
            ("text/csv", [.json, .csv, .md, .html], .csv),
            ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", [.json, .csv, .md, .html], .html),
            ("application/json;q=0.5, text/markdown", [.json, .csv, .md, .html], .md),
            ("text/*;q=0.3, application/json;q=0.2", [.json, .csv, .md, .html], .csv),
            ("text/*, text/csv;q=0", [.json, .csv, .md, .html], .md),
            ("application/design-tokens+json", [.tokens, .json], .tokens),
            ("application/json", [.tokens, .json], .json),
            ("TEXT/HTML", [.json, .html], .html),
        ] as [(String, [Format], Format)])
    func choosesTheBestFormat(accept: String, formats: [Format], expected: Format) {
        #expect(AcceptHeader(accept).preferredFormat(among: formats) == expected)
    }

    @Test(arguments: ["image/png", "text/csv;q=0, application/json;q=0", "application/xml"])
    func refusesWhatCannotBeProduced(accept: String) {
        #expect(AcceptHeader(accept).preferredFormat(among: [.json, .csv]) == nil)
    }

    @Test(arguments: [("1", 1000), ("0", 0), ("0.5", 500), ("0.125", 125), ("1.000", 1000)] as [(String, Int)])
    func readsQValues(text: String, thousandths: Int) {
        #expect(AcceptHeader.parseQValue(Substring(text)) == thousandths)
    }

    @Test(arguments: ["2", "0.1234", "1.5", "abc", "-1", ""])
    func refusesBadQValues(text: String) {
        #expect(AcceptHeader.parseQValue(Substring(text)) == nil)
    }

    @Test func entityTagIsStrongAndDerivedFromTheBytes() {
        let tag = EntityTag(of: Array("hello".utf8))
        #expect(tag.fieldValue == "\"64d6ce02e5d4e50d\"")  // hash64 of "hello"
        #expect(EntityTag(of: Array("hello, entity tags, hello".utf8)).fieldValue == "\"aab2c85f5e3ff811\"")
        #expect(tag != EntityTag(of: Array("hello!".utf8)))
        // Every length, whole words and tails, gives its own tag; a sequence that is not one
        // block of memory gives the tag its bytes give.
        let text = Array("The quick brown fox jumps over the lazy dog, and then once more.".utf8)
        let tags = (0...text.count).map { EntityTag(of: Array(text.prefix($0))) }
        #expect(Set(tags).count == tags.count)
        #expect(EntityTag(of: text.lazy.map { $0 }) == EntityTag(of: text))
    }

    /// The byte-level `If-None-Match` comparison the server uses (RFC 9110 §13.1.2: weak, and `*`).
    @Test(
        arguments: [
            ("\"64d6ce02e5d4e50d\"", true),
            ("\"x\", W/\"64d6ce02e5d4e50d\"", true),
            ("W/\"64d6ce02e5d4e50d\"", true),
            ("*", true),
            (" \"x\" ,\t\"64d6ce02e5d4e50d\" ", true),
            ("\"64d6ce02e5d4e500\"", false),
            ("W/\"x\", \"y\"", false),
            ("W/", false),
            ("**", false),
            ("", false),
            ("\"64d6ce02e5d4e50d", false),
        ])
    func ifNoneMatchComparesTagsWeakly(field: String, matches: Bool) {
        let tag = EntityTag(of: Array("hello".utf8))
        let bytes = Array(field.utf8)
        let matched = tag.isMatched(byIfNoneMatch: HTTPBytes(bytes.span))
        #expect(matched == matches, "\(field)")
    }

    @Test(
        arguments: [
            ("a=1&b=two+words", [("a", "1"), ("b", "two words")]),
            ("q=%E2%80%94%20x", [("q", "— x")]),
            ("flag&x=", [("flag", ""), ("x", "")]),
            ("", []),
        ] as [(String, [(String, String)])])
    func decodesQueries(raw: String, expected: [(String, String)]) throws {
        let query = try QueryParameters(parsing: Array(raw.utf8))
        #expect(query == QueryParameters(pairs: expected.map { (name: $0.0, value: $0.1) }))
    }

    @Test(arguments: ["a=%zz", "a=%4", "a=%C3%28", "a=1&a=2", "a=%00"])
    func refusesBadQueries(raw: String) {
        #expect(throws: QueryParameters.Problem.self) { try QueryParameters(parsing: Array(raw.utf8)) }
    }

    @Test(
        arguments: [
            ("/v1/devices", Route.collection(.devices), nil),
            ("/v1/devices/device.iphone-16", .record(.devices), "device.iphone-16"),
            ("/v1/devices/a%2Bb", .record(.devices), "a+b"),
            ("/v1/tokens/dynamic-type/large", .dynamicTypeTokens, "large"),
            ("/openapi.json", .openAPI, nil),
            ("/", .index, nil),
        ] as [(String, Route, String?)])
    func matchesRoutes(path: String, route: Route, parameter: String?) {
        let match = Route.match(path: path)
        #expect(match?.route == route)
        #expect(match?.parameter == parameter)
    }

    @Test(arguments: [
        "/v1", "/v1/devices/", "/v1/devices/a/b", "/v1/Devices", "/v2/devices", "/v1/tokens/dynamic-type/",
    ])
    func leavesUnknownPathsUnmatched(path: String) {
        #expect(Route.match(path: path) == nil)
    }
}
