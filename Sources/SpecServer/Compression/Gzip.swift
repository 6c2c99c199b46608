/// The gzip file format (RFC 1952) around a DEFLATE stream: what `Content-Encoding: gzip` names.
enum Gzip {
    /// `bytes` compressed: a ten-byte header (no name, no time stamp, so equal input gives equal
    /// output), the DEFLATE stream at `level`, then the CRC-32 and the length modulo 2³²,
    /// little-endian.
    ///
    /// When `bytes` hold `kept`'s bytes, the stream is the bytes before them compressed on their
    /// own, `kept`'s stream as it is, then the bytes after them: the same bytes decoded, and
    /// for an HTML page the style sheet not compressed again. Equal input still gives equal output.
    static func compress(
        _ bytes: [UInt8], level: DeflateEncoder.Level = .standard, keeping kept: DeflatedSegment? = nil
    ) -> [UInt8] {
        // ID1 ID2, CM = 8 (deflate), FLG = 0, MTIME = 0, XFL = 0, OS = 255 (unknown).
        var output: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]
        let crc: UInt32
        if let kept, let start = kept.offset(in: bytes) {
            let end = start + kept.bytes.count
            output += DeflateEncoder.compress(Array(bytes[..<start]), level: level, final: false)
            output += kept.stream
            output += DeflateEncoder.compress(Array(bytes[end...]), level: level)
            // The kept bytes' part of the checksum is known too.
            let span = bytes.span
            let before = CRC32.update(CRC32.start, with: span.extracting(..<start))
            crc = CRC32.finish(CRC32.update(kept.checksum.read(after: before), with: span.extracting(end...)))
        } else {
            output += DeflateEncoder.compress(bytes, level: level)
            crc = CRC32.checksum(bytes)
        }
        let size = UInt32(truncatingIfNeeded: bytes.count)
        for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: crc >> UInt32(shift))) }
        for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: size >> UInt32(shift))) }
        return output
    }
}
