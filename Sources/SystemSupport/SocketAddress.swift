// Unsafe: socket addresses are C structures passed by address.
import Glibc

/// An IPv4 or IPv6 socket address parsed from a numeric host and a port, as `bind` and
/// `connect` take it: what the server listens on and what its health check connects to.
package struct SocketAddress: Sendable {
    /// A host or port that names no socket address, and why.
    package struct ParseError: Error, Sendable {
        /// What is wrong, for the operator: "port 70000 is out of range 0...65535".
        package let message: String
    }

    var storage = sockaddr_storage()
    var length: socklen_t = 0
    /// `AF_INET` or `AF_INET6`.
    package private(set) var family: Int32 = 0

    /// Parses `host` — an IPv4 literal, an IPv6 literal with or without brackets, or
    /// `localhost` (127.0.0.1) — and `port` (0 to 65535).
    package init(host: String, port: Int) throws(ParseError) {
        guard (0...65535).contains(port) else {
            throw ParseError(message: "port \(port) is out of range 0...65535")
        }
        let literal = host == "localhost" ? "127.0.0.1" : host
        let bare = literal.hasPrefix("[") && literal.hasSuffix("]") ? String(literal.dropFirst().dropLast()) : literal
        let networkPort = in_port_t(UInt16(port).bigEndian)
        var ipv4 = sockaddr_in()
        var ipv6 = sockaddr_in6()
        if inet_pton(AF_INET, literal, &ipv4.sin_addr) == 1 {
            ipv4.sin_family = sa_family_t(AF_INET)
            ipv4.sin_port = networkPort
            store(ipv4, family: AF_INET)
        } else if inet_pton(AF_INET6, bare, &ipv6.sin6_addr) == 1 {
            ipv6.sin6_family = sa_family_t(AF_INET6)
            ipv6.sin6_port = networkPort
            store(ipv6, family: AF_INET6)
        } else {
            throw ParseError(message: "host \(host) is not an IPv4 or IPv6 address")
        }
    }

    private mutating func store<Address>(_ address: Address, family: Int32) {
        withUnsafeMutableBytes(of: &storage) { storage in
            withUnsafeBytes(of: address) { storage.copyMemory(from: $0) }
        }
        length = socklen_t(MemoryLayout<Address>.size)
        self.family = family
    }

    /// The same address with another port.
    package mutating func setPort(_ port: Int) {
        withUnsafeMutableBytes(of: &storage) { raw in
            raw.storeBytes(of: UInt16(port).bigEndian, toByteOffset: 2, as: UInt16.self)
        }
    }

    /// Calls `body` with the address as `bind` and `connect` take it.
    package func withSocketAddress<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws -> R) rethrows -> R {
        var storage = storage
        return try withUnsafePointer(to: &storage) {
            try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { try body($0, length) }
        }
    }
}
