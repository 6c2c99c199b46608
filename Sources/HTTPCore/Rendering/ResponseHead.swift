/// The pieces every response head is made of, shared by prepared and dynamic responses.
enum ResponseHead {
    /// `Date: ` plus the 29-byte IMF-fixdate placeholder the engine patches per response.
    static let datePlaceholder = Array("Date: Thu, 01 Jan 1970 00:00:00 GMT\r\n".utf8)

    /// Where the 29 date bytes start inside `datePlaceholder`.
    static let dateValueOffset = 6

    /// Appends `HTTP/1.1 <code> <reason>\r\n` and the `Date` line; returns the offset of the 29
    /// date bytes in `head`.
    @discardableResult
    static func appendStatusLineAndDate(_ status: HTTPStatus, to head: inout [UInt8]) -> Int {
        head.append(contentsOf: "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n".utf8)
        let offset = head.count + dateValueOffset
        head.append(contentsOf: datePlaceholder)
        return offset
    }

    /// Whether `name` is a non-empty token (RFC 9110 §5.1).
    static func isValidFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { CharacterClass.isTokenByte($0) }
    }

    /// Whether `value` holds only field-vchar, SP, HTAB or obs-text (RFC 9110 §5.5).
    static func isValidFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { CharacterClass.isFieldValueByte($0) }
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
