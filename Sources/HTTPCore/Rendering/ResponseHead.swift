/// The pieces every response head is made of, shared by prepared and dynamic responses.
enum ResponseHead {
    /// `Date: ` plus the 29-byte IMF-fixdate placeholder the engine patches per response.
    static let datePlaceholder: StaticString = "Date: Thu, 01 Jan 1970 00:00:00 GMT\r\n"

    /// Where the 29 date bytes start inside `datePlaceholder`.
    static let dateValueOffset = 6

    /// Appends `HTTP/1.1 <code> <reason>\r\n` and the `Date` line; returns the offset of the 29
    /// date bytes in `head`.
    @discardableResult
    static func appendStatusLineAndDate(_ status: HTTPStatus, to head: inout [UInt8]) -> Int {
        append("HTTP/1.1 ", to: &head)
        appendDecimal(status.code, to: &head)
        head.append(0x20)
        head.append(contentsOf: status.reasonPhrase.utf8)
        append("\r\n", to: &head)
        let offset = head.count + dateValueOffset
        append(datePlaceholder, to: &head)
        return offset
    }

    /// Appends the bytes of a literal, with no string built on the way.
    @inline(__always) static func append(_ text: StaticString, to head: inout [UInt8]) {
        head.append(literal: text)
    }

    /// Appends the decimal digits of a non-negative number (a status code, a Content-Length).
    static func appendDecimal(_ value: Int, to head: inout [UInt8]) {
        precondition(value >= 0, "a negative number in a response head")
        var divisor = 1
        while divisor <= value / 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            head.append(UInt8(truncatingIfNeeded: rest / divisor) + 0x30)
            rest %= divisor
            divisor /= 10
        }
    }

    /// Whether `name` is a non-empty token (RFC 9110 §5.1).
    static func isValidFieldName(_ name: String) -> Bool {
        isValidFieldName(name.utf8.span)
    }

    /// Whether `name`'s bytes are a non-empty token (RFC 9110 §5.1).
    static func isValidFieldName(_ name: Span<UInt8>) -> Bool {
        guard !name.isEmpty else { return false }
        for index in name.indices where !CharacterClass.isTokenByte(name[index]) { return false }
        return true
    }

    /// Whether `value` holds only field-vchar, SP, HTAB or obs-text (RFC 9110 §5.5).
    static func isValidFieldValue(_ value: String) -> Bool {
        isValidFieldValue(value.utf8.span)
    }

    /// Whether `value`'s bytes are only field-vchar, SP, HTAB or obs-text (RFC 9110 §5.5).
    static func isValidFieldValue(_ value: Span<UInt8>) -> Bool {
        for index in value.indices where !CharacterClass.isFieldValueByte(value[index]) { return false }
        return true
    }

    /// Whether the engine writes `name` itself, so a response must not carry its own.
    static func isReservedFieldName(_ name: String) -> Bool {
        let bytes = name.utf8.span
        return ASCII.equalIgnoringCase(bytes, "content-length")
            || ASCII.equalIgnoringCase(bytes, "date")
            || ASCII.equalIgnoringCase(bytes, "connection")
            || ASCII.equalIgnoringCase(bytes, "transfer-encoding")
    }
}
