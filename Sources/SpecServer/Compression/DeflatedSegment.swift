import SpecFormats
import SystemSupport

/// Bytes many answers hold verbatim, compressed once: the site's style sheet, 8.6 KB of every
/// HTML page. A body that holds them is compressed as three streams, the bytes before them, this
/// one as kept, and the bytes after them, and its CRC-32 reads them as kept, so an answer
/// compressed while its client waits pays only for the part that is its own
/// (``Gzip/compress(_:level:keeping:)``).
struct DeflatedSegment: Sendable {
    /// The bytes, as an answer holds them.
    let bytes: [UInt8]
    /// Their DEFLATE blocks at the standard level, none final, ending with a sync flush
    /// (``DeflateEncoder/compress(_:level:final:)``), so what follows can be any other stream.
    let stream: [UInt8]
    /// Their part of a body's CRC-32, so a body that holds them does not read them again.
    let checksum: CRC32.KnownRun

    /// `bytes` compressed once, as ``stream``.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        stream = DeflateEncoder.compress(bytes, level: .standard, final: false)
        checksum = CRC32.KnownRun(bytes)
    }

    /// The site's style sheet, as `SitePage` writes it into every page's `<style>` element.
    static let siteStyle = DeflatedSegment(SiteStyle.cssBytes)

    /// Where the bytes first occur in `body`, or `nil`.
    func offset(in body: [UInt8]) -> Int? {
        CLibrary.firstOffset(of: bytes.span, in: body.span)
    }
}
