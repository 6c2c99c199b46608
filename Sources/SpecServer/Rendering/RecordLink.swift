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
        let path = "/v1/\(entry.collection)/\(percentEncoded(id))"
        return Route.match(path: path) == nil ? nil : path
    }

    /// The collection route a record id belongs to.
    static func route(for id: String) -> Route? {
        collections.first { id.hasPrefix($0.prefix) }?.route
    }

    /// Encodes a path segment or query value: unreserved characters stay, every other byte is `%XX`.
    static func percentEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                result.append(Character(UnicodeScalar(byte)))
            default:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    /// A query string (without `?`) from pairs, each name and value percent-encoded.
    static func query(_ pairs: [(String, String)]) -> String {
        pairs.map { percentEncoded($0.0) + "=" + percentEncoded($0.1) }.joined(separator: "&")
    }
}
