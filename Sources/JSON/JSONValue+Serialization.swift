import SystemSupport

extension JSONValue {
    /// The value as JSON text: compact (no whitespace) or pretty (two-space indent, `"key": value`).
    ///
    /// Strings escape `"`, `\` and every control character (`\n`, `\t`, … or `\u00XX`); other
    /// characters, including non-ASCII ones, pass through as UTF-8. Numbers are written as their
    /// literals and object members in their order.
    public func serialized(pretty: Bool = false) -> String {
        var bytes: [UInt8] = []
        serialize(into: &bytes, pretty: pretty)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The value as UTF-8 JSON bytes; see ``serialized(pretty:)``.
    public func serializedBytes(pretty: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        serialize(into: &bytes, pretty: pretty)
        return bytes
    }

    /// Appends the value as UTF-8 JSON to `bytes`; see ``serialized(pretty:)``.
    public func serialize(into bytes: inout [UInt8], pretty: Bool = false) {
        write(into: &bytes, pretty: pretty, indent: 0)
    }

    private func write(into bytes: inout [UInt8], pretty: Bool, indent: Int) {
        switch self {
        case .null:
            CLibrary.appendUTF8(of: "null", to: &bytes)
        case .bool(let value):
            CLibrary.appendUTF8(of: (value ? "true" : "false"), to: &bytes)
        case .number(let number):
            CLibrary.appendUTF8(of: number.literal, to: &bytes)
        case .string(let string):
            JSONValue.writeString(string, into: &bytes)
        case .array(let elements):
            guard !elements.isEmpty else {
                CLibrary.appendUTF8(of: "[]", to: &bytes)
                return
            }
            bytes.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.writeNewline(into: &bytes, indent: indent + 1) }
                element.write(into: &bytes, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.writeNewline(into: &bytes, indent: indent) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else {
                CLibrary.appendUTF8(of: "{}", to: &bytes)
                return
            }
            bytes.append(UInt8(ascii: "{"))
            for position in object.indices {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                if pretty { JSONValue.writeNewline(into: &bytes, indent: indent + 1) }
                JSONValue.writeString(object.keys[position], into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(UInt8(ascii: " ")) }
                object.values[position].write(into: &bytes, pretty: pretty, indent: indent + 1)
            }
            if pretty { JSONValue.writeNewline(into: &bytes, indent: indent) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static func writeNewline(into bytes: inout [UInt8], indent: Int) {
        bytes.append(0x0A)
        for _ in 0..<indent * 2 { bytes.append(0x20) }
    }

    /// Appends `string` as a JSON string literal, escaping what RFC 8259 §7 requires.
    package static func writeString(_ string: String, into bytes: inout [UInt8]) {
        writeString(utf8: string.utf8.span, into: &bytes)
    }

    /// Appends the text whose UTF-8 `utf8` is (valid UTF-8, as a serialized answer is) as a JSON
    /// string literal: ``writeString(_:into:)`` without making a `String` of the bytes first.
    package static func writeString(utf8: Span<UInt8>, into bytes: inout [UInt8]) {
        bytes.append(0x22)
        // Runs that need no escaping are copied whole (CLibrary.append): as fast as through
        // withUTF8's raw buffer (0.85–1.02× its time over the data file's strings), where
        // appending them through the UTF-8 view took 1.7–2.8× (measured 6 December 2026).
        let first = escapePosition(in: utf8, from: 0)
        if first == utf8.count {
            CLibrary.append(utf8, to: &bytes)
        } else {
            // The run before the first escape is copied whole; the rest is escaped in one pass
            // (JSONEscaping), where copying run by run cost an append for each run and escape.
            if first > 0 { CLibrary.append(utf8.extracting(0..<first), to: &bytes) }
            JSONEscaping.append(utf8.extracting(first...), to: &bytes)
        }
        bytes.append(0x22)
    }

    /// Where the first byte at or after `start` that a JSON string escapes (a control character,
    /// `"` or `\`) is in `utf8`, or `utf8.count`. Eight bytes are tested a step while none is
    /// one: the string writer spent 3 ns a byte testing one at a time, a third of a never-seen
    /// JSON page's writing (measured 7 December 2026).
    package static func escapePosition(in utf8: Span<UInt8>, from start: Int) -> Int {
        var position = start
        let count = utf8.count
        while position + 8 <= count, !wordHoldsEscaped(CLibrary.littleEndianWord(utf8, at: position)) {
            position += 8
        }
        while position < count {
            let byte = utf8[position]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return position }
            position += 1
        }
        return count
    }

    /// Whether any of the eight bytes of `word` is below 0x20, `"` or `\`. Each test is exact
    /// for whether such a byte is there (a borrow can mark a wrong byte, never a wrong word):
    /// `(x − 0x20…) & ~x & 0x80…` for a byte below 0x20, and the same test for a zero byte of
    /// `x ^ 0x22…` and `x ^ 0x5C…`. Bytes of 0x80 and above (UTF-8 beyond ASCII) test false.
    @inline(__always)
    static func wordHoldsEscaped(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & highs != 0
    }
}
