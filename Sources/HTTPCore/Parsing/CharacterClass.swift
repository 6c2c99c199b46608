/// Byte classes of RFC 9110 §5.6.2 (token) and §5.5 (field values), as 256-entry tables.
enum CharacterClass {
    private static let token = 1 as UInt8
    private static let fieldValue = 2 as UInt8
    private static let target = 4 as UInt8
    private static let hostChar = 8 as UInt8

    private static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256)
        let tokenSymbols = Array("!#$%&'*+-.^_`|~".utf8)
        for byte in 0..<256 {
            let b = UInt8(byte)
            let isAlnum = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            if isAlnum || tokenSymbols.contains(b) { table[byte] |= token }
            // field-vchar = VCHAR / obs-text, plus SP and HTAB inside a value.
            if (b >= 0x21 && b <= 0x7E) || b >= 0x80 || b == 0x20 || b == 0x09 { table[byte] |= fieldValue }
            // request-target bytes: visible ASCII except '#' (no fragment in a request, RFC 9112 §3.2).
            if b >= 0x21 && b <= 0x7E && b != UInt8(ascii: "#") { table[byte] |= target }
            // Host = uri-host [ ":" port ]: unreserved, sub-delims, pct-encoded, IP-literal brackets.
            if isAlnum || Array("-._~!$&'()*+,;=:[]%".utf8).contains(b) { table[byte] |= hostChar }
        }
        return table
    }()

    /// A tchar (RFC 9110 §5.6.2).
    @inline(__always) static func isTokenByte(_ byte: UInt8) -> Bool { table[Int(byte)] & token != 0 }

    /// A byte allowed in a field value (RFC 9110 §5.5).
    @inline(__always) static func isFieldValueByte(_ byte: UInt8) -> Bool { table[Int(byte)] & fieldValue != 0 }

    /// A byte allowed in a request-target (RFC 9112 §3.2, RFC 3986 §2).
    @inline(__always) static func isTargetByte(_ byte: UInt8) -> Bool { table[Int(byte)] & target != 0 }

    /// A byte allowed in a Host value (RFC 9110 §7.2, RFC 3986 §3.2.2).
    @inline(__always) static func isHostByte(_ byte: UInt8) -> Bool { table[Int(byte)] & hostChar != 0 }
}
