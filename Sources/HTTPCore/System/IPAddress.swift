// Unsafe: inet_pton, inet_ntop and getpeername read and fill addresses by pointer.
// In HTTPCore, not SystemSupport: the engine's own client addresses (access log, X-Forwarded-For, Host).
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

    /// Whether `bytes` is an IPv6 address as `inet_pton` reads it (hex digits, `:` and `.`, at
    /// most 45 bytes, no zone identifier): RFC 3986 §3.2.2's IPv6address.
    static func isIPv6Text(_ bytes: Span<UInt8>) -> Bool {
        guard bytes.count <= 45 else { return false }
        var text = [CChar](repeating: 0, count: 48)
        for index in bytes.indices {
            let byte = bytes[index]
            guard
                (byte &- 0x30 < 10 || (byte | 0x20) &- 0x61 < 6) || byte == UInt8(ascii: ":")
                    || byte == UInt8(ascii: ".")
            else { return false }
            text[index] = CChar(bitPattern: byte)
        }
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }
}
