import SpecFormats
import SpecStore
import SystemSupport

/// A request's own parameters (its query without the common ones), read once: the route's
/// store filter decoded from them, their canonical values, and the cache key of the answer.
package struct RouteParameters {
    /// The values the answer is built from and echoes: the filter's canonical values
    /// (``DeclaredFilter/canonicalParameters``) when it decodes, else each value as sent, in
    /// lower case (``normalise(_:)``).
    package var filters: [String: String]
    /// The route's store filter, or the error decoding gave; `nil` for a route without one,
    /// or when no parameter of its own was given.
    package var decoded: Result<any DeclaredFilter, QueryError>?
    /// The answer's key: two requests with the same key get the same answer, so a server keeps
    /// answers by it.
    package var key: String

    /// Reads `query`'s own parameters for `route` once: decoded into the route's filter, spelled
    /// canonically, and keyed with `parameter`, `options` and `format`.
    package init(route: Route, parameter: String?, query: QueryParameters, options: RequestOptions, format: Format) {
        // The route's own common parameters: `q` is one on a collection, a filter on a search.
        let common = route.endpoint.common
        var sent: [(String, String)] = []
        for pair in query.pairs where !common.contains(where: { $0.rawValue == pair.name }) {
            sent.append((pair.name, Self.normalise(pair.value)))
        }
        let reading: Reading
        if sent.isEmpty {
            reading = Reading([], filter: nil)
        } else {
            // The pages of one filter differ in their paging, order or version alone: its
            // reading is kept for the next. A value holds no control character (the query's
            // decoding refuses them), so NUL and SOH cannot be part of a name or value.
            var name: [UInt8] = []
            CLibrary.appendUTF8(of: String(route.position), to: &name)
            for (parameter, value) in sent {
                name.append(0)
                CLibrary.appendUTF8(of: parameter, to: &name)
                name.append(1)
                CLibrary.appendUTF8(of: value, to: &name)
            }
            reading = Self.readings.value(for: String(decoding: name, as: UTF8.self)) {
                Reading(sent, filter: route.endpoint.filter)
            }
        }
        filters = reading.filters
        decoded = reading.decoded
        key = Self.key(
            route: route, parameter: parameter, filters: reading.canonical, options: options, format: format)
    }

    /// What a route's own parameters, as sent, give: the same for every request that sends them.
    private struct Reading: Sendable {
        let filters: [String: String]
        let decoded: Result<any DeclaredFilter, QueryError>?
        let canonical: [(String, String)]

        /// Decodes `sent` (names and normalised values, each name once) into `filter`, if the
        /// route has one.
        init(_ sent: [(String, String)], filter: (any DeclaredFilter.Type)?) {
            let given = Dictionary(sent, uniquingKeysWith: { first, _ in first })
            decoded = filter.map { filter in
                Result { () throws(QueryError) -> any DeclaredFilter in try filter.init(parameters: given) }
            }
            // An error's values are not values to key by: the route's query throws it where it
            // reads the filter, after the version is resolved, as it always has.
            let canonical =
                if case .success(let filter) = decoded { filter.canonicalParameters } else {
                    sent.sorted { $0.0 < $1.0 }
                }
            // Most queries are sent in their canonical spelling: the dictionary made for
            // decoding serves.
            filters =
                canonical.count == given.count && canonical.allSatisfy { given[$0.0] == $0.1 }
                ? given : Dictionary(canonical, uniquingKeysWith: { first, _ in first })
            self.canonical = canonical
        }
    }

    /// The readings of the parameters last sent, by route and parameters: decoding a filter and
    /// spelling it canonically was a fifth of a never-seen JSON page. Decoding reads no store, so
    /// one set serves every server of the process; past the limit it starts again.
    private static let readings = KeptValues<Reading>(limit: 1024)

    /// The key of the answer to `route` with these canonical `filters`, `options` and `format`.
    package static func key(
        route: Route, parameter: String?, filters: [(String, String)], options: RequestOptions, format: Format
    ) -> String {
        // Written as bytes into one buffer, as Page.link is: every never-seen answer makes one,
        // and appending a dozen interpolated strings cost six times as much.
        var key: [UInt8] = []
        key.reserveCapacity(
            64 + (parameter?.utf8.count ?? 0) + (options.words?.utf8.count ?? 0)
                + filters.reduce(0) { $0 + $1.0.utf8.count + $1.1.utf8.count + 2 })
        func add(_ text: String) { CLibrary.appendUTF8(of: text, to: &key) }
        // A separator or flag is one byte, stored as one: a string's copy costs far more.
        func mark(_ character: Unicode.Scalar) { key.append(UInt8(ascii: character)) }
        add(String(route.position))
        mark("|")
        if let parameter { add(parameter) }
        mark("|")
        for (name, value) in filters {
            add(name)
            mark("=")
            add(value)
            mark("&")
        }
        mark("|")
        if let version = options.version { add(version) }
        mark("|")
        add(format.rawValue)
        mark("|")
        add(options.shape.rawValue)
        mark("|")
        if options.pretty { mark("p") }
        if options.fragment && (format == .html || format == .md) { mark("f") }
        if options.flat { mark("t") }
        options.rows.appendKey(to: &key)
        if let words = options.words {
            mark("|")
            mark("q")
            add(normalise(words))
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// Parameter values are case-insensitive (API.md §1), so case does not split the cache. Only
    /// case: stripping separators as the store's matching does would make `17.5` and `175` one key.
    package static func normalise(_ value: String) -> String {
        String(value.lowercased().trimmingSpaces)
    }
}
