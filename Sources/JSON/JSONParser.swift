// Unsafe, for speed: the loader's hot path reads the document through a raw buffer, without a
// bounds check per byte. Measured 6 December 2026 (optimized, the machine shared): the same parser
// reading a bounds-checked array took a median 1.26× as long over Data/specs.json (664 KB;
// quartiles 0.94–1.56×, 41 alternating pairs). Everything else about the parser is safe Swift.
/// A strict RFC 8259 parser working on bytes.
///
/// It is the loader's hot path, so it reads the buffer directly, builds strings without a detour
/// through `Character`, and shares the storage of repeated long strings (citation URLs, page
/// names), which keeps a loaded store small. Line and column are computed only when an error is
/// reported.
package struct JSONParser: ~Copyable {
    /// Nesting deeper than this is refused rather than risking the stack.
    package static let maximumDepth = 256

    private let bytes: UnsafeBufferPointer<UInt8>
    private let depthLimit: Int
    private var index = 0
    private var depth = 0
    private var interner: StringInterner?
    // Members and elements of the containers being parsed, innermost last. Each container takes
    // its slice into an array of exactly the right size when it closes: no regrowth while
    // parsing, no spare capacity kept afterwards.
    private var keyStack: [String] = []
    private var valueStack: [JSONValue] = []
    // The member names of the object last closed at each depth. Records of one collection share
    // their names in the same order, so most objects reuse the previous array's storage.
    private var lastKeys: [[String]] = []

    private init(bytes: UnsafeBufferPointer<UInt8>, interning: Bool, depthLimit: Int) {
        self.bytes = bytes
        self.depthLimit = depthLimit
        self.interner = interning ? StringInterner() : nil
    }

    /// Parses exactly one JSON value, optionally surrounded by whitespace.
    ///
    /// - Parameters:
    ///   - interning: share one storage between equal strings longer than 15 bytes (shorter ones
    ///     are stored inline by `String` anyway).
    ///   - depthLimit: the deepest nesting accepted, at most ``maximumDepth``.
    package static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, interning: Bool = false, depthLimit: Int = maximumDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, interning: interning, depthLimit: min(depthLimit, maximumDepth))
        parser.keyStack.reserveCapacity(64)
        parser.valueStack.reserveCapacity(256)
        var start = 0
        // A UTF-8 byte order mark is not JSON (RFC 8259 §8.1) but is tolerated, as the RFC allows.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        parser.index = start
        parser.skipWhitespace()
        let value = try parser.parseValue()
        parser.skipWhitespace()
        if parser.index < bytes.count {
            throw parser.error("unexpected text after the JSON value")
        }
        return value
    }

    /// Parses exactly one JSON value in `bytes`, read in place (see the buffer's overload).
    package static func parse(
        _ bytes: [UInt8], interning: Bool = false, depthLimit: Int = maximumDepth
    ) throws(JSONSyntaxError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONSyntaxError) -> JSONValue in
            try parse(buffer, interning: interning, depthLimit: depthLimit)
        }
    }

    /// Whether `literal` is exactly one RFC 8259 §6 number.
    package static func isNumberLiteral(_ literal: String) -> Bool {
        Array(literal.utf8).withUnsafeBufferPointer { bytes in
            var index = 0
            return scanNumber(bytes, &index) && index == bytes.count
        }
    }

    // MARK: - Values

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw error("unexpected \(describeByte(at: index)), expected a value")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1  // '{'
        let base = keyStack.count
        let valueBase = valueStack.count
        defer {
            keyStack.removeSubrange(base...)
            valueStack.removeSubrange(valueBase...)
        }
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(JSONObject())
        }
        var keySet: Set<String>? = nil
        // The slot `sharedKeys` files this object's names under when it closes.
        let layoutSlot = depth - 1
        var followsLast = layoutSlot < lastKeys.count
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(
                    index < bytes.count
                        ? "expected a member name in double quotes" : "unexpected end of input inside an object")
            }
            let keyStart = index
            let key = try parseString()
            // Duplicate names are legal JSON but make a record ambiguous; refuse them. While the
            // names repeat those of the last object closed at this depth (which had none twice),
            // one comparison proves it. Otherwise small objects scan, and large ones (client
            // bodies) hash so a hostile body cannot go quadratic.
            let count = keyStack.count - base
            if followsLast, count < lastKeys[layoutSlot].count, lastKeys[layoutSlot][count] == key {
                // Same name at the same position as in the last object: no duplicate.
            } else if count < 32 {
                followsLast = false
                if keyStack[base...].contains(key) { throw error("duplicate member name \"\(key)\"", at: keyStart) }
            } else {
                followsLast = false
                if keySet == nil { keySet = Set(keyStack[base...]) }
                if !keySet!.insert(key).inserted {
                    throw error("duplicate member name \"\(key)\"", at: keyStart)
                }
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the member name")
            }
            index += 1
            skipWhitespace()
            let value = try parseValue()
            keyStack.append(key)
            valueStack.append(value)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                depth -= 1
                // Names identical to the last object's at this depth need no comparison at all.
                let keys =
                    followsLast && keyStack.count - base == lastKeys[layoutSlot].count
                    ? lastKeys[layoutSlot] : sharedKeys(from: base)
                return .object(JSONObject(uncheckedKeys: keys, values: Array(valueStack[valueBase...])))
            }
            throw error("expected ',' or '}' after an object member")
        }
    }

    private mutating func sharedKeys(from base: Int) -> [String] {
        while lastKeys.count <= depth { lastKeys.append([]) }
        if lastKeys[depth].elementsEqual(keyStack[base...]) { return lastKeys[depth] }
        let keys = Array(keyStack[base...])
        lastKeys[depth] = keys
        return keys
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        index += 1  // '['
        let base = valueStack.count
        defer { valueStack.removeSubrange(base...) }
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array([])
        }
        while true {
            skipWhitespace()
            let element = try parseValue()
            valueStack.append(element)
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                depth -= 1
                return .array(Array(valueStack[base...]))
            }
            throw error("expected ',' or ']' after an array element")
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        if depth > depthLimit {
            throw error("nesting deeper than \(depthLimit) levels")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        let start = word.utf8Start
        for offset in 0..<count {
            guard index + offset < bytes.count, bytes[index + offset] == start[offset] else {
                throw error("unexpected \(describeByte(at: index + offset)), expected '\(word)'", at: index + offset)
            }
        }
        index += count
    }

    // MARK: - Numbers

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        guard JSONParser.scanNumber(bytes, &index) else {
            throw error("malformed number: \(describeByte(at: index)) is not allowed here")
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        return JSONNumber(uncheckedLiteral: literal)
    }

    /// Advances `index` over one RFC 8259 §6 number; `false` (with `index` at the fault) if malformed.
    package static func scanNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Bool {
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            // RFC 8259 §6: leading zeros are not allowed.
            if isDigit(index) { return false }
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return true
    }

    // MARK: - Strings

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        let start = index
        // Fast path: no escapes, so the bytes between the quotes are the string.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = try makeString(UnsafeBufferPointer(rebasing: bytes[start..<index]), at: start)
                index += 1
                return string
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw error("control character U+\(hex(byte)) must be escaped in a string") }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string", at: start - 1) }
        var buffer: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return try buffer.withUnsafeBufferPointer { (scalars) throws(JSONSyntaxError) -> String in
                    try makeString(scalars, at: start)
                }
            }
            if byte < 0x20 { throw error("control character U+\(hex(byte)) must be escaped in a string") }
            if byte != UInt8(ascii: "\\") {
                buffer.append(byte)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""): buffer.append(0x22)
            case UInt8(ascii: "\\"): buffer.append(0x5C)
            case UInt8(ascii: "/"): buffer.append(0x2F)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if scalar >= 0xD800, scalar <= 0xDBFF {
                    // A high surrogate must be followed by an escaped low surrogate (RFC 8259 §7).
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("unpaired UTF-16 surrogate in \\u escape", at: index - 6) }
                    index += 2
                    let low = try parseHex4()
                    guard low >= 0xDC00, low <= 0xDFFF else {
                        throw error("unpaired UTF-16 surrogate in \\u escape", at: index - 6)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if scalar >= 0xDC00, scalar <= 0xDFFF {
                    throw error("unpaired UTF-16 surrogate in \\u escape", at: index - 6)
                }
                appendUTF8(scalar, to: &buffer)
            default:
                throw error("invalid escape '\\\(describeByte(at: index - 1))' in a string", at: index - 2)
            }
        }
        throw error("unterminated string", at: start - 1)
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error("unexpected end of input in a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: throw error("expected four hexadecimal digits after \\u")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            buffer.append(UInt8(scalar))
        case 0x80..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    private mutating func makeString(_ utf8: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError)
        -> String
    {
        var ascii = true
        for byte in utf8 where byte >= 0x80 {
            ascii = false
            break
        }
        var validated: String? = nil
        if !ascii {
            guard let string = String(validating: utf8, as: UTF8.self) else {
                throw error("invalid UTF-8 in a string", at: start)
            }
            validated = string
        }
        // Strings of up to 15 bytes are stored inline by `String`; only longer ones are shared.
        if utf8.count > 15, interner != nil {
            return interner!.string(for: utf8.span) { validated ?? String(decoding: utf8, as: UTF8.self) }
        }
        return validated ?? String(decoding: utf8, as: UTF8.self)
    }

    // MARK: - Whitespace and errors

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private func describeByte(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(hex(byte))"
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    private func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
        let offset = min(position ?? index, bytes.count)
        var line = 1
        var column = 1
        var cursor = 0
        while cursor < offset {
            let byte = bytes[cursor]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count characters, not bytes: UTF-8 continuation bytes do not advance the column.
                column += 1
            }
            cursor += 1
        }
        return JSONSyntaxError(message: message, offset: offset, line: line, column: column)
    }
}

extension JSONValue {
    /// Parses UTF-8 JSON text (RFC 8259, strict: no comments, no trailing commas, no duplicate
    /// member names, nesting at most 256 deep).
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        if let result = bytes.withContiguousStorageIfAvailable({ buffer in
            Result { () throws(JSONSyntaxError) -> JSONValue in try JSONParser.parse(buffer) }
        }) {
            return try result.get()
        }
        return try JSONParser.parse(Array(bytes))
    }

    /// Parses JSON text.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}
