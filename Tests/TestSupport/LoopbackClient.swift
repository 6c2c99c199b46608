import Foundation
import Glibc
import SystemSupport

/// One response read off a socket.
public struct WireResponse {
    public var status: Int
    /// Header fields by lower-cased name; a repeated field keeps its last value.
    public var headers: [String: String]
    public var body: [UInt8]

    public subscript(header name: String) -> String? { headers[name.lowercased()] }
    public var text: String { String(decoding: body, as: UTF8.self) }

    public init(status: Int, headers: [String: String], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// A blocking client over a real loopback socket, with a receive deadline.
public enum LoopbackClient {
    /// Sends `raw` on a new connection and reads until the server closes it (send
    /// `Connection: close`), then parses the one response.
    public static func exchange(port: Int, _ raw: String, seconds: Double = 10) throws -> WireResponse {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TimedOut(description: "socket failed: \(errno)") }
        defer { close(descriptor) }
        let connected = try SocketAddress(host: "127.0.0.1", port: port).withSocketAddress {
            connect(descriptor, $0, $1)
        }
        guard connected == 0 else { throw TimedOut(description: "connect to \(port) failed: \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(raw.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { break }
            offset += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                break
            }
            if Date() > deadline { throw TimedOut(description: "no end of response within \(seconds) s") }
        }
        return try parse(received)
    }

    /// A GET (or another method) of `target` with `Connection: close` and extra header lines.
    public static func request(
        port: Int, _ target: String, method: String = "GET", headers: [(String, String)] = []
    ) throws -> WireResponse {
        var raw = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { raw += "\(name): \(value)\r\n" }
        return try exchange(port: port, raw + "\r\n")
    }

    public static func parse(_ bytes: [UInt8]) throws -> WireResponse {
        let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
        else { throw TimedOut(description: "no complete response head in \(bytes.count) bytes") }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
            throw TimedOut(description: "bad status line '\(lines[0])'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return WireResponse(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
