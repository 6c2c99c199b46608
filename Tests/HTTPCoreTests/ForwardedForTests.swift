import Foundation
import Glibc
import TestSupport
import Testing

@testable import HTTPCore

// The limit guards against a hang, not a speed. On two cores, in the whole suite, these tests
// waited past a minute behind the others (all 16 loopback tests timed out in a 323 s run, though
// the suite alone takes 12 s), so the guard is five minutes.
/// The client a trusted proxy forwarded for: `X-Forwarded-For` read right to left past trusted
/// proxies, the ranges `--trusted-proxies` takes, and the access-log lines that name both.
@Suite(.timeLimit(.minutes(5))) struct ForwardedForTests {
    /// The forwarded client of a request with `fields`, trusting `trusted`, as text; "" for none.
    private func forwarded(_ fields: String, trusting trusted: [String] = ["10.0.0.0/8", "fd00::/8"]) throws -> String {
        let ranges = trusted.compactMap(HTTPServer.AddressRange.init)
        #expect(ranges.count == trusted.count)
        let address = try HTTPRequest.withParsed(Array("GET / HTTP/1.1\r\nHost: x\r\n\(fields)\r\n".utf8)) { request in
            ForwardedFor.client(in: request.headers, trusting: ranges)
        }
        return text(address)
    }

    private func text(_ address: IPAddress) -> String {
        let storage = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 8)
        defer { storage.deallocate() }
        var buffer = ByteBuffer(base: storage, capacity: 128)
        if !address.isNone { address.write(into: &buffer) }
        return String(decoding: UnsafeRawBufferPointer(start: storage, count: buffer.readableCount), as: UTF8.self)
    }

    @Test(arguments: [
        // One client, directly behind the proxy.
        ("X-Forwarded-For: 198.51.100.7\r\n", "198.51.100.7"),
        ("x-forwarded-for:198.51.100.7 \r\n", "198.51.100.7"),
        // Chains: the right-most entry no trusted range holds; what the client wrote further left is not believed.
        ("X-Forwarded-For: 203.0.113.9, 198.51.100.7, 10.1.2.3\r\n", "198.51.100.7"),
        ("X-Forwarded-For: 1.1.1.1, 198.51.100.7\r\n", "198.51.100.7"),
        // Every entry trusted: the left-most.
        ("X-Forwarded-For: 10.9.9.9, 10.1.2.3\r\n", "10.9.9.9"),
        // Repeated fields are one list in order.
        ("X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-For: 198.51.100.7, 10.0.0.1\r\n", "198.51.100.7"),
        ("X-Forwarded-For: 203.0.113.9\r\nX-Forwarded-For: 10.0.0.1\r\n", "203.0.113.9"),
        // Empty list elements mean nothing.
        ("X-Forwarded-For: , 198.51.100.7,,\r\n", "198.51.100.7"),
        // IPv6, bare, in brackets, with a port; IPv4 with a port; an IPv4-mapped one as IPv4.
        ("X-Forwarded-For: 2001:DB8::1\r\n", "2001:db8::1"),
        ("X-Forwarded-For: [2001:db8::1]:4711, fd00::5\r\n", "2001:db8::1"),
        ("X-Forwarded-For: [2001:db8::2]\r\n", "2001:db8::2"),
        ("X-Forwarded-For: 198.51.100.7:51234\r\n", "198.51.100.7"),
        ("X-Forwarded-For: ::ffff:198.51.100.7\r\n", "198.51.100.7"),
        // No field, or no well-formed entry before an untrusted one: none.
        ("", ""),
        ("Forwarded: for=198.51.100.7\r\n", ""),
        ("X-Forwarded-For: unknown\r\n", ""),
        ("X-Forwarded-For: 198.51.100.7, garbage\r\n", ""),
        ("X-Forwarded-For: 198.51.100.256\r\n", ""),
        ("X-Forwarded-For: 198.51.100.07\r\n", ""),
        ("X-Forwarded-For: 1.2.3\r\n", ""),
        ("X-Forwarded-For: [198.51.100.7]\r\n", ""),
        ("X-Forwarded-For: [2001:db8::1\r\n", ""),
        ("X-Forwarded-For: 2001:db8::1%eth0\r\n", ""),
        ("X-Forwarded-For: 198.51.100.7:99999999\r\n", ""),
        ("X-Forwarded-For: ::\r\n", ""),
        ("X-Forwarded-For: \"198.51.100.7\"\r\n", ""),
        ("X-Forwarded-For: \(String(repeating: "1", count: 70))\r\n", ""),
        ("X-Forwarded-For: ×\r\n", ""),
    ])
    func forwardedForIsReadRightToLeft(fields: String, expected: String) throws {
        #expect(try forwarded(fields) == expected, "\(fields)")
    }

    /// A malformed entry to the left of the client is never read: the client is found first.
    @Test func entriesLeftOfTheClientAreNotParsed() throws {
        #expect(try forwarded("X-Forwarded-For: garbage, 198.51.100.7, 10.0.0.1\r\n") == "198.51.100.7")
    }

    @Test func aLongChainOfTrustedProxiesStaysBounded() throws {
        let chain = Array(repeating: "10.0.0.1", count: 1000).joined(separator: ",")
        #expect(try forwarded("X-Forwarded-For: 198.51.100.7,\(chain)\r\n") == "198.51.100.7")
    }

    @Test(arguments: [
        ("127.0.0.1", "127.0.0.1", true), ("127.0.0.1", "127.0.0.2", false),
        ("10.0.0.0/8", "10.255.1.2", true), ("10.0.0.0/8", "11.0.0.1", false),
        ("10.1.2.3/8", "10.9.9.9", true), ("0.0.0.0/0", "203.0.113.9", true),
        ("0.0.0.0/0", "2001:db8::1", false), ("::1", "::1", true), ("::1", "127.0.0.1", false),
        ("2001:db8::/32", "2001:db8:ffff::1", true), ("2001:db8::/32", "2001:db9::1", false),
        ("::/0", "2001:db8::1", true), ("192.0.2.0/24", "::ffff:192.0.2.200", true),
    ])
    func rangesHoldTheirAddresses(range: String, address: String, held: Bool) throws {
        let parsed = try #require(HTTPServer.AddressRange(range))
        let parsedAddress = IPAddress(parsing: address.utf8.span)
        let candidate = try #require(parsedAddress)
        #expect(parsed.contains(candidate) == held, "\(range) \(address)")
    }

    @Test(arguments: [
        "", "/8", "10.0.0.0/", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/8/8", "localhost",
        "10.0.0.0/ 8", " 10.0.0.1", "::", "[::1]", "10.0.0.0/0008",
    ])
    func malformedRangesAreRefused(text: String) {
        #expect(HTTPServer.AddressRange(text) == nil, "\(text)")
    }

    /// The JSON line of a request that came through `X-Forwarded-For` from 127.0.0.1, with
    /// `trusted` as the trusted proxies.
    private func loggedLine(trusting trusted: [String], format: HTTPServer.AccessLogFormat) throws -> String {
        var pipeEnds: [Int32] = [0, 0]
        #expect(pipe(&pipeEnds) == 0)
        defer { close(pipeEnds[0]) }
        let server = try LoopbackServer {
            $0.accessLog = format
            $0.accessLogDescriptor = pipeEnds[1]
            $0.trustedProxies = trusted.compactMap(HTTPServer.AddressRange.init)
        }
        let client = try RawClient(port: server.port)
        client.send("GET /fixed HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: 203.0.113.9, 2001:db8::7\r\n\r\n")
        client.read { $0.count == 1 }
        try server.stop()
        close(pipeEnds[1])
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { Glibc.read(pipeEnds[0], $0.baseAddress, $0.count) }
        return String(decoding: bytes[0..<max(0, count)], as: UTF8.self)
    }

    @Test func aTrustedProxysLineNamesBothAddresses() throws {
        let line = try loggedLine(trusting: ["127.0.0.1"], format: .json)
        let object = try JSONSerialization.jsonObject(with: Data(line.split(separator: "\n")[0].utf8)) as? [String: Any]
        #expect(object?["client"] as? String == "127.0.0.1", "\(line)")
        #expect(object?["forwardedFor"] as? String == "2001:db8::7", "\(line)")
        #expect(object?["status"] as? Int == 200)
        let text = try loggedLine(trusting: ["127.0.0.0/8", "2001:db8::/64"], format: .text)
        #expect(text.contains(" GMT 127.0.0.1;for=203.0.113.9 GET /fixed HTTP/1.1 200 "), "\(text)")
    }

    @Test func anUntrustedPeersLineNamesThePeerAlone() throws {
        for trusted in [[], ["10.0.0.0/8", "::1"]] {
            let line = try loggedLine(trusting: trusted, format: .json)
            let object =
                try JSONSerialization.jsonObject(with: Data(line.split(separator: "\n")[0].utf8)) as? [String: Any]
            #expect(object?["client"] as? String == "127.0.0.1", "\(line)")
            #expect(object?["forwardedFor"] == nil, "\(line)")
            #expect(!line.contains("203.0.113.9") && !line.contains("2001:db8"), "\(line)")
        }
        let text = try loggedLine(trusting: [], format: .text)
        #expect(text.contains(" GMT 127.0.0.1 GET /fixed HTTP/1.1 200 "), "\(text)")
    }
}
