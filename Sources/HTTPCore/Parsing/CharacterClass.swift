/// Byte classes of RFC 9110 §5.6.2 (token) and §5.5 (field values), RFC 9112 §3.2 (request
/// targets) and RFC 3986 §3.2.2 (hosts). Each is a `switch` the compiler turns into range and
/// bit tests: a lazily built table would cost a `swift_once` check on every byte scanned.
enum CharacterClass {
    /// A tchar (RFC 9110 §5.6.2): a letter, a digit or one of ``!#$%&'*+-.^_`|~``.
    @inline(__always) static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        // ! # $ % & ' * + - . ^ _ ` | ~
        case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
        default: false
        }
    }

    /// A byte allowed in a field value (RFC 9110 §5.5): field-vchar (VCHAR, obs-text), plus SP
    /// and HTAB inside a value.
    @inline(__always) static func isFieldValueByte(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte != 0x7F) || byte == 0x09
    }

    /// A byte allowed in a request-target (RFC 9112 §3.2, RFC 3986 §2): visible ASCII except `#`
    /// (a request carries no fragment).
    @inline(__always) static func isTargetByte(_ byte: UInt8) -> Bool {
        byte >= 0x21 && byte <= 0x7E && byte != UInt8(ascii: "#")
    }

    /// A byte allowed in a Host value (RFC 9110 §7.2, RFC 3986 §3.2.2): unreserved, sub-delims,
    /// pct-encoded, IP-literal brackets and the port's colon.
    @inline(__always) static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        // - . _ ~ ! $ & ' ( ) * + , ; = : [ ] %
        case 0x2D, 0x2E, 0x5F, 0x7E, 0x21, 0x24, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3D, 0x3A, 0x5B, 0x5D,
            0x25:
            true
        default: false
        }
    }
}
