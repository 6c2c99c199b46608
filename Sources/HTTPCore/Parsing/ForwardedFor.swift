extension HTTPServer {
    /// One IP address or a range of them in CIDR notation: `10.0.0.5`, `10.0.0.0/8`, `::1`,
    /// `2001:db8::/32`. An IPv4 range also holds the IPv4-mapped IPv6 forms of its addresses.
    public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
        /// The range's first address (the given one with its host bits cleared).
        let base: IPAddress
        /// The bits of ``base`` every address in the range shares, of 128 (an IPv4 prefix plus 96).
        let prefixLength: Int
        /// The range as given.
        public let description: String

        /// The range `text` names, or `nil` when it is not an IPv4 or IPv6 address, optionally
        /// followed by `/` and a prefix length (0...32 for IPv4, 0...128 for IPv6).
        public init?(_ text: String) {
            let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            let addressText = String(parts[0])
            let address: IPAddress
            if addressText == "::" && parts.count == 2 {
                // `::/0` and the like: no client has `::`, but a range may start there.
                address = IPAddress()
            } else {
                guard let parsed = IPAddress(parsing: addressText.utf8.span) else { return nil }
                address = parsed
            }
            let isIPv4 = !addressText.contains(":")
            let longest = isIPv4 ? 32 : 128
            var prefix = longest
            if parts.count == 2 {
                let digits = parts[1].utf8
                guard (1...3).contains(digits.count), digits.allSatisfy({ (0x30...0x39).contains($0) }),
                    let value = Int(parts[1]), value <= longest
                else { return nil }
                prefix = value
            }
            prefixLength = isIPv4 ? 96 + prefix : prefix
            base = address.masked(to: prefixLength)
            description = text
        }

        /// Whether `address` lies in the range.
        func contains(_ address: IPAddress) -> Bool {
            address.masked(to: prefixLength) == base
        }
    }
}

/// The client a trusted proxy forwarded a request for, read from `X-Forwarded-For`.
///
/// `X-Forwarded-For` rather than `Forwarded` (RFC 7239): it is what nginx, HAProxy, Caddy,
/// Traefik and the cloud load balancers send by default. Each proxy appends the address it
/// received the request from, so the entries are read right to left, past every trusted proxy:
/// the first address no trusted range holds is the client (anything to its left was written
/// by the client itself and proves nothing). When every entry is trusted, the left-most is the
/// client. A malformed entry before an untrusted one ends the search with no address, so a
/// value the proxies did not write is never reported as the client.
enum ForwardedFor {
    /// The longest entry read; a longer one is malformed (the longest IPv6 text with brackets
    /// and a port is 53 bytes).
    static let maxEntryLength = 64

    /// The forwarded client of a request with `headers` that came from a trusted proxy, or
    /// none when it names none or names it in a malformed way.
    static func client(in headers: borrowing HTTPHeaders, trusting trusted: [HTTPServer.AddressRange]) -> IPAddress {
        var leftmost = IPAddress()
        // Repeated fields form one list in order (RFC 9110 §5.3): the last field's last entry first.
        var position = headers.count
        while position > 0 {
            position -= 1
            let field = headers[position]
            guard field.name.equalsIgnoringCase("X-Forwarded-For") else { continue }
            let value = field.value.span
            var end = value.count
            while end > 0 {
                var start = end
                while start > 0 && value[start - 1] != UInt8(ascii: ",") { start -= 1 }
                let entry = trimmed(value.extracting(start..<end))
                end = start - 1
                // An empty list element is allowed and means nothing (RFC 9110 §5.6.1).
                if entry.isEmpty { continue }
                guard let address = address(inEntry: entry) else { return IPAddress() }
                if !trusted.contains(where: { $0.contains(address) }) { return address }
                leftmost = address
            }
        }
        return leftmost
    }

    /// The address of one entry: an address, an IPv6 one in brackets, either with a port
    /// (`192.0.2.1:4711`, `[2001:db8::1]:4711`); `nil` for anything else.
    static func address(inEntry entry: Span<UInt8>) -> IPAddress? {
        guard !entry.isEmpty, entry.count <= maxEntryLength else { return nil }
        if entry[0] == UInt8(ascii: "[") {
            var close = 1
            while close < entry.count && entry[close] != UInt8(ascii: "]") { close += 1 }
            guard close < entry.count, isPortSuffix(entry.extracting((close + 1)..<entry.count)) else { return nil }
            let inner = entry.extracting(1..<close)
            // Only IPv6 goes in brackets.
            guard let address = IPAddress(parsing: inner), !address.isIPv4 || containsColon(inner) else { return nil }
            return address
        }
        var colons = 0
        var lastColon = 0
        for index in entry.indices where entry[index] == UInt8(ascii: ":") {
            colons += 1
            lastColon = index
        }
        if colons == 1 {
            // IPv4 with a port.
            guard isPortSuffix(entry.extracting(lastColon..<entry.count)) else { return nil }
            return IPAddress(parsing: entry.extracting(0..<lastColon))
        }
        return IPAddress(parsing: entry)
    }

    /// Whether `suffix` is empty or `:` and 1 to 5 digits.
    private static func isPortSuffix(_ suffix: Span<UInt8>) -> Bool {
        if suffix.isEmpty { return true }
        guard suffix[0] == UInt8(ascii: ":"), (2...6).contains(suffix.count) else { return false }
        for index in 1..<suffix.count where !(0x30...0x39).contains(suffix[index]) { return false }
        return true
    }

    private static func containsColon(_ text: Span<UInt8>) -> Bool {
        for index in text.indices where text[index] == UInt8(ascii: ":") { return true }
        return false
    }

    /// `text` without leading and trailing spaces and tabs.
    @_lifetime(copy text)
    private static func trimmed(_ text: Span<UInt8>) -> Span<UInt8> {
        var start = 0
        var end = text.count
        while start < end && (text[start] == 0x20 || text[start] == 0x09) { start += 1 }
        while end > start && (text[end - 1] == 0x20 || text[end - 1] == 0x09) { end -= 1 }
        return text.extracting(start..<end)
    }
}
