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
        // Into one byte buffer, made a string once: a page builds one query per link, and
        // a string per name, value and pair was a tenth of a never-seen HTML page.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(pairs.reduce(16) { $0 + $1.0.utf8.count + $1.1.utf8.count + 2 })
        for (name, value) in pairs {
            if !bytes.isEmpty { bytes.append(UInt8(ascii: "&")) }
            PercentEncoding.append(name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            PercentEncoding.append(value, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
