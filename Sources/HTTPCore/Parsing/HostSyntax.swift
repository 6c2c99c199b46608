/// `Host` and absolute-form authority syntax: `uri-host [ ":" port ]` (RFC 9110 §7.2), where
/// `uri-host = IP-literal / IPv4address / reg-name` (RFC 3986 §3.2.2) and `port = *DIGIT`
/// (§3.2.3, at most 65535 here). No userinfo (RFC 9110 §4.2.4).
enum HostSyntax {
    /// Whether `value` is a valid `Host` field value; an empty one is allowed (RFC 9112 §3.2).
    static func isValid(_ value: Span<UInt8>) -> Bool {
        var position = 0
        let count = value.count
        if count == 0 { return true }
        if value[0] == UInt8(ascii: "[") {
            // IP-literal = "[" ( IPv6address / IPvFuture ) "]"
            var close = 1
            while close < count && value[close] != UInt8(ascii: "]") { close += 1 }
            guard close < count, close > 1 else { return false }
            let inside = value.extracting(1..<close)
            guard isIPvFuture(inside) || isIPv6(inside) else { return false }
            position = close + 1
        } else {
            // reg-name = *( unreserved / pct-encoded / sub-delims ); IPv4address is one of them.
            while position < count && value[position] != UInt8(ascii: ":") {
                let byte = value[position]
                if byte == UInt8(ascii: "%") {
                    guard position + 2 < count, isHex(value[position + 1]), isHex(value[position + 2]) else {
                        return false
                    }
                    position += 3
                    continue
                }
                guard isUnreserved(byte) || isSubDelimiter(byte) else { return false }
                position += 1
            }
        }
        if position == count { return true }
        guard value[position] == UInt8(ascii: ":") else { return false }
        // port = *DIGIT: empty is allowed; more than five digits or over 65535 is not a port.
        let digits = count - position - 1
        guard digits <= 5 else { return false }
        var port = 0
        for index in (position + 1)..<count {
            let byte = value[index]
            guard byte &- 0x30 < 10 else { return false }
            port = port * 10 + Int(byte - 0x30)
        }
        return port <= 65535
    }

    /// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
    private static func isIPvFuture(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.count >= 4, bytes[0] == UInt8(ascii: "v") || bytes[0] == UInt8(ascii: "V") else { return false }
        var position = 1
        while position < bytes.count && isHex(bytes[position]) { position += 1 }
        guard position > 1, position < bytes.count - 1, bytes[position] == UInt8(ascii: ".") else { return false }
        for index in (position + 1)..<bytes.count {
            let byte = bytes[index]
            guard isUnreserved(byte) || isSubDelimiter(byte) || byte == UInt8(ascii: ":") else { return false }
        }
        return true
    }

    /// IPv6address (RFC 3986 §3.2.2, as `inet_pton` reads it: no zone identifier).
    private static func isIPv6(_ bytes: Span<UInt8>) -> Bool {
        IPAddress.isIPv6Text(bytes)
    }

    @inline(__always) private static func isHex(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6
    }

    /// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
    @inline(__always) private static func isUnreserved(_ byte: UInt8) -> Bool {
        byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 26 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }

    /// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
    @inline(__always) private static func isSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="):
            true
        default: false
        }
    }
}
