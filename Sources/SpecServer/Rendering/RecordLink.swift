/// Where a record lives: `/v1/{collection}/{id}` (API.md §6), found from the id's prefix.
enum RecordLink {
    /// The id prefixes and the collection each names (``ServedCollection``).
    static let collections: [(prefix: String, collection: String, route: Route)] = ServedCollection.all.flatMap {
        served in served.idPrefixes.map { ($0, served.segment, served.route) }
    }

    /// The record's path, or `nil` for an id of no known collection or a collection whose
    /// records have no route (a page links only what answers).
    static func path(for id: String) -> String? {
        guard let entry = collections.first(where: { id.hasPrefix($0.prefix) }), id.count > entry.prefix.count else {
            return nil
        }
        let path = "/v1/\(entry.collection)/\(PercentEncoding.encoded(id))"
        return Route.match(path: path) == nil ? nil : path
    }

    /// The collection route a record id belongs to.
    static func route(for id: String) -> Route? {
        collections.first { id.hasPrefix($0.prefix) }?.route
    }

    /// A query string (without `?`) from pairs, each name and value percent-encoded.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { PercentEncoding.encoded($0.0) + "=" + PercentEncoding.encoded($0.1) }.joined(separator: "&")
    }
}
