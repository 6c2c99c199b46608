/// The query strings of the links a page or a note writes.
package enum RecordLink {
    /// A query string (without `?`) from pairs, each name and value percent-encoded.
    package static func query(_ pairs: [(String, String)]) -> String {
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
