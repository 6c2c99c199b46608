/// The decoded `name=value` pairs of a query string (`application/x-www-form-urlencoded`:
/// `+` is a space, `%XX` a byte).
struct QueryParameters: Equatable, Sendable {
    /// Pairs in the order sent; a name without `=` has the value `""`.
    var pairs: [(name: String, value: String)]

    static func == (lhs: QueryParameters, rhs: QueryParameters) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Why a query string cannot be read.
    enum Problem: Error, Equatable {
        /// A `%` not followed by two hexadecimal digits, or bytes that are not UTF-8.
        case malformed(String)
        /// A parameter given twice, which would make the answer ambiguous.
        case repeated(String)
    }

    init(pairs: [(name: String, value: String)]) {
        self.pairs = pairs
    }

    /// Decodes a raw query string (without the `?`).
    init(parsing query: some Collection<UInt8>) throws(Problem) {
        pairs = []
        var names = Set<String>()
        for member in query.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = member.firstIndex(of: UInt8(ascii: "="))
            let rawName = equals.map { member[member.startIndex..<$0] } ?? member[...]
            let rawValue = equals.map { member[member.index(after: $0)...] } ?? member[member.endIndex...]
            let name = try Self.decode(rawName)
            let value = try Self.decode(rawValue)
            guard names.insert(name).inserted else { throw .repeated(name) }
            pairs.append((name, value))
        }
    }

    /// The value of `name`, or `nil` if absent.
    subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    static func decode(_ raw: some Collection<UInt8>) throws(Problem) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index != raw.endIndex {
            let byte = raw[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%") {
                let first = raw.index(after: index)
                guard first != raw.endIndex, raw.index(after: first) != raw.endIndex,
                    let high = hexValue(raw[first]), let low = hexValue(raw[raw.index(after: first)])
                else {
                    throw .malformed("a '%' must be followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
                index = raw.index(after: first)
            } else {
                bytes.append(byte)
            }
            index = raw.index(after: index)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .malformed("the query is not UTF-8 after percent-decoding")
        }
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) }) else {
            throw .malformed("the query holds control characters")
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
