import Foundation
import Glibc
import SystemSupport
import TestSupport
import Testing

@testable import HTTPCore

// The limit guards against a hang, not a speed. On two cores, in the whole suite, these tests
// waited past a minute behind the others (all 16 loopback tests timed out in a 323 s run, though
// the suite alone takes 12 s), so the guard is five minutes.
/// Answers larger than one loopback segment (64 KB) go out at once on a keep-alive connection:
/// with a fixed 32 KiB send buffer each waited for the client's delayed ACK, 40 ms or more.
@Suite(.timeLimit(.minutes(5))) struct LargeAnswerTests {
    /// Asks `path` `count` times on one keep-alive connection and returns each answer's time in
    /// milliseconds, from the request sent to the last byte of the answer read.
    func answerTimes(port: Int, path: String, count: Int) throws -> [Double] {
        let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(client) }
        let connected = try SocketAddress(host: "127.0.0.1", port: port).withSocketAddress {
            connect(client, $0, $1)
        }
        try #require(connected == 0)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = Array("GET \(path) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var times: [Double] = []
        var answerLength = 0
        for _ in 0..<count {
            let started = DispatchTime.now().uptimeNanoseconds
            let sent = request.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, 0) }
            try #require(sent == request.count)
            var received = 0
            var head: [UInt8] = []
            while answerLength == 0 || received < answerLength {
                let got = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
                try #require(got > 0, "the answer stopped after \(received) bytes")
                received += got
                if answerLength == 0 {
                    // The first answer's head gives every answer's length: they are all alike.
                    head += buffer[0..<got]
                    answerLength = Self.messageLength(head) ?? 0
                }
            }
            try #require(received == answerLength, "one answer at a time, and nothing after it")
            times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
        }
        return times
    }

    /// The length of the message whose head `bytes` starts with, once its head is whole.
    static func messageLength(_ bytes: [UInt8]) -> Int? {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let end = text.range(of: "\r\n\r\n") else { return nil }
        let head = text[..<end.lowerBound]
        guard let field = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
            let length = Int(field.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        else { return nil }
        return head.utf8.count + 4 + length
    }

    /// The median of `values`.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    // With the stall every answer after the first few (which the client acknowledges at once,
    // in its quick-ACK start) took at least the 40 ms delayed-ACK timer; the median of 30 is
    // held well under it, so one slow answer on a busy machine does not decide the outcome.
    @Test(arguments: ["/medium", "/dynamic-medium"])
    func largeAnswersOnAKeepAliveConnectionDoNotWaitForADelayedACK(path: String) throws {
        let server = try LoopbackServer()
        let times = try answerTimes(port: server.port, path: path, count: 30)
        #expect(Self.median(times) < 20, "answer times in ms: \(times.map { Int($0.rounded()) })")
        try server.stop()
    }

    @Test func theDefaultLeavesTheSendBufferToTheKernelAndBoundsWhatWaitsUnsent() {
        #expect(HTTPServer.Configuration().sendBufferBytes == 0)
        #expect(HTTPServer.Configuration().maxUnsentBytes == 128 << 10)
    }
}
