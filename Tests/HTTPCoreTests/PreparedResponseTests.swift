import Testing

@testable import HTTPCore

@Suite struct PreparedResponseTests {
    /// RFC 9110 §8.6: Content-Length is the exact number of content bytes.
    @Test func buildsHeadWithDateSlotAndExactLength() {
        let response = PreparedResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: "hello")
        let bytes = Array(copying: response.bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nDate: "))
        #expect(text.hasSuffix("Content-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello"))
        // The 29 bytes the engine overwrites per response are the date value, and nothing else.
        let slot = bytes[response.dateOffset..<response.dateOffset + 29]
        #expect(String(decoding: slot, as: UTF8.self) == "Thu, 01 Jan 1970 00:00:00 GMT")
        #expect(
            String(decoding: bytes[(response.dateOffset - 6)..<response.dateOffset], as: UTF8.self) == "Date: "
        )
        #expect(bytes[response.dateOffset + 29] == UInt8(ascii: "\r"))
        #expect(response.headCount + 2 + response.bodyCount == bytes.count)
    }

    /// The head's numbers are written digit by digit: each length, at the powers of ten and
    /// either side of them, reads back as itself.
    @Test func contentLengthDigitsAreExact() {
        for count in [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 65_535, 1_048_576] {
            let response = PreparedResponse(
                status: .ok, headers: [], body: [UInt8](repeating: UInt8(ascii: "x"), count: count))
            let head = String(decoding: Array(copying: response.bytes).prefix(response.headCount), as: UTF8.self)
            #expect(head.hasSuffix("\r\nContent-Length: \(count)\r\n"), "\(count)")
        }
        var digits: [UInt8] = []
        ResponseHead.appendDecimal(Int.max, to: &digits)
        #expect(String(decoding: digits, as: UTF8.self) == String(Int.max))
    }

    /// RFC 9110 §15.4.5: a 304 carries no content and here no Content-Length.
    @Test func notModifiedHasNoContentLength() {
        let response = PreparedResponse(status: .notModified, headers: [("ETag", "\"x\"")], body: [])
        let bytes = Array(copying: response.bytes)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("ETag: \"x\"\r\n\r\n"))
    }
}
