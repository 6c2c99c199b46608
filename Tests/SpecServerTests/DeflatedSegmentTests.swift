import SpecFormats
import SystemSupport
import Testing

@testable import SpecServer

/// A page's style sheet compressed once and spliced into each never-seen page's gzip form
/// (`DeflatedSegment`), decoded by zlib: the splice must be invisible once decoded.
@Suite struct DeflatedSegmentTests {
    /// A page as the server writes it: the style sheet inside it.
    static let page = ApplicationHarness.shared.request(.get, "/v1/tracking?font=sf%20pro&limit=5&format=html").body

    @Test func aNonFinalStreamIsFollowedByAnother() throws {
        let first = Array("{\"id\":\"metric.controls.ios.minimum-size\"},".utf8)
        let second = Array(String(repeating: "{\"width\":28,\"height\":28},", count: 40).utf8)
        for head in [first, []] {
            var stream = DeflateEncoder.compress(head, level: .fast, final: false)
            // A sync flush ends it: an empty stored block, byte-aligned.
            #expect(stream.suffix(4) == [0x00, 0x00, 0xFF, 0xFF])
            stream += DeflateEncoder.compress(second, level: .fast)
            var gzip: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255] + stream
            let whole = head + second
            let crc = CRC32.checksum(whole)
            for shift in stride(from: 0, to: 32, by: 8) { gzip.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
            let size = UInt32(whole.count)
            for shift in stride(from: 0, to: 32, by: 8) {
                gzip.append(UInt8(truncatingIfNeeded: size >> UInt32(shift)))
            }
            #expect(try GzipTests.zlibDecompress(gzip).get() == whole, "\(head.count) bytes first")
        }
    }

    @Test func aPageIsCompressedAroundTheKeptStyleSheet() throws {
        let kept = DeflatedSegment.siteStyle
        let page = Self.page
        let start = try #require(kept.offset(in: page), "the page holds the style sheet")
        let compressed = Gzip.compress(page, level: .fast, keeping: kept)
        #expect(try GzipTests.zlibDecompress(compressed).get() == page)
        // The kept stream is in it as it is, right after the head's own stream.
        let head = DeflateEncoder.compress(Array(page[..<start]), level: .fast, final: false)
        #expect(Array(compressed[10..<(10 + head.count + kept.stream.count)]) == head + kept.stream)
        #expect(Gzip.compress(page, level: .fast, keeping: kept) == compressed, "the same page compresses the same")
        // Splitting costs little: the parts cannot refer to each other.
        let whole = Gzip.compress(page, level: .fast)
        #expect(Double(compressed.count) < Double(whole.count) * 1.15, "\(compressed.count) against \(whole.count)")
    }

    /// The style sheet first, last, alone, twice, or not at all: each decodes to the input.
    @Test func anywhereInTheBodyDecodesToTheBody() throws {
        let kept = DeflatedSegment.siteStyle
        let css = kept.bytes
        let text = Array("<p>Figures and their sources</p>\n".utf8)
        let bodies: [(String, [UInt8])] = [
            ("first", css + text), ("last", text + css), ("alone", css), ("twice", text + css + text + css + text),
            ("absent", text), ("a part of it", text + Array(css.prefix(css.count / 2)) + text),
        ]
        for (name, body) in bodies {
            let compressed = Gzip.compress(body, level: .fast, keeping: kept)
            #expect(try GzipTests.zlibDecompress(compressed).get() == body, "\(name)")
        }
    }

    @Test func theFirstOffsetIsFound() {
        let haystack = Array("abcabcabd-abd".utf8)
        #expect(CLibrary.firstOffset(of: Array("abd".utf8).span, in: haystack.span) == 6)
        #expect(CLibrary.firstOffset(of: Array("abc".utf8).span, in: haystack.span) == 0)
        #expect(CLibrary.firstOffset(of: Array("-abd".utf8).span, in: haystack.span) == 9)
        #expect(CLibrary.firstOffset(of: Array("abe".utf8).span, in: haystack.span) == nil)
        #expect(CLibrary.firstOffset(of: haystack.span, in: Array("abc".utf8).span) == nil)
        #expect(CLibrary.firstOffset(of: [UInt8]().span, in: haystack.span) == nil)
        #expect(CLibrary.firstOffset(of: haystack.span, in: haystack.span) == 0)
    }
}
