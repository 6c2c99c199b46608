// Unsafe: memchr, memcmp, memcpy and an unaligned load read byte views by address.
import Glibc

/// The C library's few functions that the standard library lacks, for code outside the rooms.
package enum CLibrary {
    /// `base` raised to `exponent` (`pow`).
    package static func power(_ base: Double, _ exponent: Double) -> Double {
        pow(base, exponent)
    }

    /// Whether `a` and `b` hold the same bytes (`memcmp`, which compares many bytes at a time).
    @inlinable @inline(__always)
    package static func bytesEqual(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { first in
            b.withUnsafeBufferPointer { second in memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0 }
        }
    }

    /// Appends the bytes of `span` to `array` in one copy (`memcpy`), where appending them one by
    /// one would check and store each.
    @inlinable @inline(__always)
    package static func append(_ span: Span<UInt8>, to array: inout [UInt8]) {
        span.withUnsafeBufferPointer { array.append(contentsOf: $0) }
    }

    /// Appends the UTF-8 of `text` to `array` in one copy: the standard library's
    /// `append(contentsOf: text.utf8)` goes the generic sequence's way, about 170 instructions
    /// for a short string, where this takes about 130 (counted by callgrind, 7 December 2026).
    @inlinable @inline(__always)
    package static func appendUTF8(of text: String, to array: inout [UInt8]) {
        append(text.utf8.span, to: &array)
    }

    /// The eight bytes of `span` from `offset` as a little-endian `UInt64`: one unaligned load,
    /// after one check that all eight are inside the span.
    @inlinable @inline(__always)
    package static func littleEndianWord(_ span: Span<UInt8>, at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= span.count - 8, "a word past the end of the bytes")
        return span.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
    }

    /// `initial` with every whole eight-byte word of `span` mixed in, in order, each read
    /// little-endian: `value = (value ^ word) &* multiplier`, then `value ^= value >> shift`.
    /// The bytes after the last whole word (from `span.count / 8 * 8`) are left to the caller.
    /// One loop over one buffer, with nothing called per word: a hash of a 20 KB page that read
    /// each word through a bounds-checked call, or mixed it in through a closure, cost a tenth
    /// and then a sixteenth of a never-seen page's instructions.
    package static func mixingWords(
        of span: Span<UInt8>, into initial: UInt64, multiplier: UInt64, shift: UInt64
    ) -> UInt64 {
        span.withUnsafeBytes { raw in
            var value = initial
            var offset = 0
            while offset &+ 8 <= raw.count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                value = (value ^ word) &* multiplier
                value ^= value >> shift
                offset &+= 8
            }
            return value
        }
    }

    /// Where `needle` first occurs in `haystack`, or `nil` (`memchr` for its first byte, then
    /// `memcmp` at each candidate): many bytes a step where a loop would look at one.
    package static func firstOffset(of needle: Span<UInt8>, in haystack: Span<UInt8>) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { wanted in
                let base = hay.baseAddress!
                let last = hay.count - wanted.count
                let first = Int32(wanted[0])
                var offset = 0
                while offset <= last {
                    guard let found = memchr(base + offset, first, last - offset + 1) else { return nil }
                    let candidate = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                    if memcmp(base + candidate, wanted.baseAddress!, wanted.count) == 0 { return candidate }
                    offset = candidate + 1
                }
                return nil
            }
        }
    }

    /// Whether two arrays share one storage (the same buffer, not merely equal elements): a
    /// pointer comparison instead of comparing elements.
    @inlinable @inline(__always)
    package static func sameStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
        a.count == b.count
            && a.withUnsafeBufferPointer { first in
                b.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
            }
    }
}
