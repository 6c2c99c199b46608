import Glibc

/// An IP address as its 16 bytes (a big-endian number in two halves), an IPv4 address as its
/// IPv4-mapped IPv6 form (`::ffff:192.0.2.1`), so one comparison serves both families. All zero
/// (`::`, which no client has) stands for none, so a zeroed connection slot holds none.
struct IPAddress: Hashable, Sendable {
    var high: UInt64 = 0
    var low: UInt64 = 0

    /// No address.
    init() {}

    /// Whether this is no address.
    var isNone: Bool { high == 0 && low == 0 }

    /// Whether this is an IPv4 address (IPv4-mapped).
    var isIPv4: Bool { high == 0 && low >> 32 == 0xFFFF }

    /// The address `text` spells (`192.0.2.1`, `2001:db8::1`), or `nil` for anything else:
    /// no brackets, port, zone or surrounding space; at most 45 bytes; not `::`.
    init?(parsing text: Span<UInt8>) {
        guard (2...45).contains(text.count) else { return nil }
        var isIPv6 = false
        for index in text.indices {
            let byte = text[index]
            if byte == UInt8(ascii: ":") {
                isIPv6 = true
            } else if !(byte == UInt8(ascii: ".") || (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte)
                || (0x61...0x66).contains(byte))
            {
                return nil
            }
        }
        var bytes: (UInt64, UInt64) = (0, 0)
        let parsed = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 48) { cString -> Bool in
            for index in text.indices { cString[index] = CChar(bitPattern: text[index]) }
            cString[text.count] = 0
            return withUnsafeMutableBytes(of: &bytes) { raw in
                guard let base = raw.baseAddress else { return false }
                if isIPv6 { return inet_pton(AF_INET6, cString.baseAddress, base) == 1 }
                raw[10] = 0xFF
                raw[11] = 0xFF
                return inet_pton(AF_INET, cString.baseAddress, base + 12) == 1
            }
        }
        guard parsed else { return nil }
        self.init(networkOrder: bytes)
        if isNone { return nil }
    }

    /// The address whose 16 bytes in network order `bytes` holds.
    init(networkOrder bytes: (UInt64, UInt64)) {
        high = UInt64(bigEndian: bytes.0)
        low = UInt64(bigEndian: bytes.1)
    }

    /// The address with all but its first `prefixLength` bits (of 128) cleared.
    func masked(to prefixLength: Int) -> IPAddress {
        var masked = self
        if prefixLength <= 0 {
            masked = IPAddress()
        } else if prefixLength < 64 {
            masked.high &= ~(UInt64.max >> prefixLength)
            masked.low = 0
        } else if prefixLength < 128 {
            masked.low &= ~(UInt64.max >> (prefixLength - 64))
        }
        return masked
    }

    /// The peer's address of the socket `descriptor` (an IPv4-mapped IPv6 peer as IPv4), or
    /// none for a socket without an IP peer.
    static func peer(of descriptor: Int32) -> IPAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard result == 0 else { return IPAddress() }
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: storage) { raw in
            var bytes: (UInt64, UInt64) = (0, 0)
            withUnsafeMutableBytes(of: &bytes) { address in
                switch family {
                case AF_INET:
                    // sockaddr_in: family (2), port (2), address (4).
                    address[10] = 0xFF
                    address[11] = 0xFF
                    for index in 0..<4 { address[12 + index] = raw[4 + index] }
                case AF_INET6:
                    // sockaddr_in6: family (2), port (2), flow info (4), address (16 from 8).
                    for index in 0..<16 { address[index] = raw[8 + index] }
                default:
                    break
                }
            }
            return IPAddress(networkOrder: bytes)
        }
    }

    /// Writes the address as text (`192.0.2.1`, `2001:db8::1`) into `buffer`; no allocation.
    func write(into buffer: inout ByteBuffer) {
        var bytes = (high.bigEndian, low.bigEndian)
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { text in
            let written: UnsafePointer<CChar>? = withUnsafeBytes(of: &bytes) { raw in
                guard let base = raw.baseAddress else { return nil }
                return isIPv4
                    ? inet_ntop(AF_INET, base + 12, text.baseAddress, 64)
                    : inet_ntop(AF_INET6, base, text.baseAddress, 64)
            }
            guard written != nil else {
                buffer.write(byte: UInt8(ascii: "-"))
                return
            }
            var index = 0
            while index < 64, text[index] != 0 {
                buffer.write(byte: UInt8(bitPattern: text[index]))
                index += 1
            }
        }
    }
}

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
