import SpecAPI
import SpecFormats
import SpecStore
import Testing

/// The answer cache's key is written as bytes. It must spell every request as the interpolated
/// text it replaced did, so two requests share an answer exactly when they did before.
@Suite struct AnswerKeyTests {
    /// The key as it was first written, interpolated piece by piece: the specification the
    /// byte-built key must match.
    static func interpolatedKey(
        route: Route, parameter: String?, filters: [(String, String)], options: RequestOptions, format: Format
    ) -> String {
        var key = "\(route.position)|\(parameter ?? "")|"
        for (name, value) in filters { key += "\(name)=\(value)&" }
        key += "|\(options.version ?? "")|\(format.rawValue)|\(options.shape.rawValue)"
        key += options.pretty ? "|p" : "|"
        key += options.fragment && (format == .html || format == .md) ? "f" : ""
        key += options.flat ? "t" : ""
        let rows = options.rows
        if !rows.isEmpty {
            key +=
                "|l\(rows.limit.map(String.init) ?? "")|o\(rows.offset)|s\(rows.descending ? "-" : "")\(rows.sort ?? "")|f\(rows.fields?.joined(separator: ",") ?? "")"
        }
        if let words = options.words { key += "|q" + RouteParameters.normalise(words) }
        return key
    }

    @Test func everyRequestIsKeyedAsTheInterpolatedKeyKeyedIt() {
        var random = SystemRandomNumberGenerator()
        let formats: [Format] = [.json, .html, .md, .csv]
        let texts = ["", "ios", "SF Pro", "größe", "a&b=c|d", "👍🏽", " 17.5 "]
        var seen = 0
        for _ in 0..<4000 {
            let route = Route.allCases.randomElement(using: &random)!
            var options = RequestOptions()
            options.shape = Bool.random(using: &random) ? .envelope : .array
            options.pretty = Bool.random(using: &random)
            options.fragment = Bool.random(using: &random)
            options.flat = Bool.random(using: &random)
            options.version = Bool.random(using: &random) ? nil : texts.randomElement(using: &random)
            options.words = Bool.random(using: &random) ? nil : texts.randomElement(using: &random)
            if Bool.random(using: &random) { options.rows.limit = Int.random(in: 1...1000, using: &random) }
            if Bool.random(using: &random) { options.rows.offset = Int.random(in: 0...90, using: &random) }
            if Bool.random(using: &random) {
                options.rows.sort = texts.randomElement(using: &random)
                options.rows.descending = Bool.random(using: &random)
            }
            if Bool.random(using: &random) {
                options.rows.fields = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    texts.randomElement(using: &random)!
                }
            }
            let filters = (0..<Int.random(in: 0...3, using: &random)).map { _ in
                (texts.randomElement(using: &random)!, texts.randomElement(using: &random)!)
            }
            let parameter = Bool.random(using: &random) ? nil : texts.randomElement(using: &random)
            let format = formats.randomElement(using: &random)!
            let key = RouteParameters.key(
                route: route, parameter: parameter, filters: filters, options: options, format: format)
            let expected = Self.interpolatedKey(
                route: route, parameter: parameter, filters: filters, options: options, format: format)
            #expect(key == expected)
            if !options.rows.isEmpty { seen += 1 }
        }
        // Both branches of the selection's part were taken.
        #expect(seen > 1000 && seen < 4000)
    }

    /// A route's own parameters are read once and kept for the next request that sends them:
    /// each request, asked in any order after requests to other routes with the same
    /// parameters, gets what decoding them for its own route gives.
    @Test func aKeptReadingIsTheRoutesOwn() throws {
        let sets = [
            "size=17", "platform=iOS", "platform=ios&size=17.0", "font=SF%20Pro&size=17", "topic=buttons",
            "style=body", "family=systemSmall", "platform=watchos&style=title1", "unknown=1", "size=big",
            "q=button", "q=button&platform=macos", "screen=430x932", "status=published",
        ]
        for pass in 0..<2 {
            for set in pass == 0 ? sets : sets.reversed() {
                for route in Route.allCases {
                    let query = try QueryParameters(parsing: Array(set.utf8))
                    let asked = RouteParameters(
                        route: route, parameter: nil, query: query, options: RequestOptions(), format: .json)
                    let sent = Dictionary(
                        query.pairs.filter { pair in !route.endpoint.common.contains { $0.rawValue == pair.name } }
                            .map { ($0.name, RouteParameters.normalise($0.value)) },
                        uniquingKeysWith: { first, _ in first })
                    guard let filter = route.endpoint.filter, !sent.isEmpty else {
                        #expect(asked.decoded == nil, "\(route) \(set)")
                        continue
                    }
                    let expected = Result { () throws(QueryError) -> any DeclaredFilter in
                        try filter.init(parameters: sent)
                    }
                    switch (expected, asked.decoded) {
                    case (.success(let decoded), .success(let kept)):
                        #expect(String(describing: kept) == String(describing: decoded), "\(route) \(set)")
                        #expect(
                            asked.filters
                                == Dictionary(decoded.canonicalParameters, uniquingKeysWith: { first, _ in first }))
                    case (.failure(let error), .failure(let kept)):
                        #expect(kept == error, "\(route) \(set)")
                    default:
                        Issue.record("\(route) \(set): \(String(describing: asked.decoded)), not \(expected)")
                    }
                }
            }
        }
    }
}
