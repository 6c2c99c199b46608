/// The decoded `name=value` pairs of a query string (`application/x-www-form-urlencoded`:
/// `+` is a space, `%XX` a byte).
package struct QueryParameters: Equatable, Sendable {
    /// Pairs in the order sent; a name without `=` has the value `""`.
    package var pairs: [(name: String, value: String)]

    package static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Why a query string cannot be read.
    package enum Problem: Error, Equatable {
        /// A `%` not followed by two hexadecimal digits, or bytes that are not UTF-8.
        case malformed(String)
        /// A parameter given twice, which would make the answer ambiguous.
        case repeated(String)
    }

    package init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// Decodes a raw query string (without the `?`).
    package init(parsing query: some Collection<UInt8>) throws(Problem) {
        let bytes = Array(query)
        try self.init(parsing: bytes.span)
    }

    /// Decodes a raw query string (without the `?`), read in place: a request's query view.
    package init(parsing query: Span<UInt8>) throws(Problem) {
        pairs = []
        // Names seen, once a query has more than a few (see below).
        var names: Set<String> = []
        var start = 0
        while start < query.count {
            var end = start
            var equals: Int?
            while end < query.count, query[end] != UInt8(ascii: "&") {
                if equals == nil, query[end] == UInt8(ascii: "=") { equals = end }
                end += 1
            }
            if end > start {
                let name = try Self.decode(query.extracting(start..<(equals ?? end)))
                let value = try Self.decode(query.extracting((equals.map { $0 + 1 } ?? end)..<end))
                // A query has a few parameters, and scanning them is cheaper than hashing each
                // name; a set takes over past a few, so a long query still costs linear time.
                if pairs.count < 16 {
                    guard !pairs.contains(where: { $0.name == name }) else { throw .repeated(name) }
                } else {
                    if names.isEmpty { names = Set(pairs.map(\.name)) }
                    guard names.insert(name).inserted else { throw .repeated(name) }
                }
                pairs.append((name, value))
            }
            start = end + 1
        }
    }

    /// The value of `name`, or `nil` if absent.
    package subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    package static func decode(_ raw: Span<UInt8>) throws(Problem) -> String {
        // Visible ASCII with no escapes (most names and values) is its own decoding, and UTF-8.
        var plain = true
        for index in raw.indices {
            let byte = raw[index]
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") {
                plain = false
                break
            }
        }
        if plain, let text = try? UTF8Span(validating: raw) { return String(copying: text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else {
                    throw .malformed("a '%' must be followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
                index += 2
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .malformed("the query is not UTF-8 after percent-decoding")
        }
        // Read on the bytes, now known to be UTF-8: C0 controls and DEL are single bytes, and
        // U+0080–U+009F (C1) are 0xC2 followed by 0x80–0x9F.
        var previous: UInt8 = 0
        for byte in bytes {
            guard byte >= 0x20, byte != 0x7F, previous != 0xC2 || byte > 0x9F else {
                throw .malformed("the query holds control characters")
            }
            previous = byte
        }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
