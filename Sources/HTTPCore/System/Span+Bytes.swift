// Unsafe: views literals as spans, reads spans without bounds checks, and hands them to memchr and memmove.
// In HTTPCore, not SystemSupport: the engine's own byte views, inlined into the loop's hot path.
import Glibc

extension Span where Element == UInt8 {
    /// The UTF-8 of a string literal, which lives as long as the program.
    @_lifetime(immortal)
    @inline(__always) init(_ text: StaticString) {
        let span = Span(_unsafeStart: text.utf8Start, count: text.utf8CodeUnitCount)
        self = _overrideLifetime(span, borrowing: ())
    }

    /// The index of the first `byte` at or after `start`, or `nil`: `memchr`, which scans a
    /// long head many bytes at a time.
    @inline(__always) func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        precondition(start >= 0, "negative start")
        return withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress, start < buffer.count,
                let found = memchr(base + start, Int32(byte), buffer.count - start)
            else { return nil }
            return UnsafeRawPointer(found) - UnsafeRawPointer(base)
        }
    }

    /// Whether these bytes equal `other`, byte for byte: one check of the lengths, then a loop
    /// without per-byte bounds checks.
    @inline(__always) func elementsEqual(_ other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where self[unchecked: index] != other[unchecked: index] {
            return false
        }
        return true
    }

    /// Whether these bytes equal `other` with `A`-`Z` folded to `a`-`z` (RFC 9110 §5.1).
    @inline(__always) func elementsEqualIgnoringASCIICase(_ other: Span<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where ASCII.lower(self[unchecked: index]) != ASCII.lower(other[unchecked: index]) {
            return false
        }
        return true
    }
}

extension MutableSpan where Element == UInt8 {
    /// Moves `count` bytes from `source` down to `destination` (the ranges may overlap), as
    /// `memmove` does: the chunked decoder closing the gaps the framing leaves.
    @inline(__always) mutating func moveBytes(from source: Int, to destination: Int, count: Int) {
        precondition(
            source >= 0 && destination >= 0 && count >= 0 && source + count <= self.count
                && destination + count <= self.count, "byte move out of bounds")
        guard count > 0, source != destination else { return }
        withUnsafeMutableBufferPointer { buffer in
            _ = memmove(buffer.baseAddress! + destination, buffer.baseAddress! + source, count)
        }
    }
}

extension Array where Element == UInt8 {
    /// A copy of the bytes `span` views, in one copy.
    @inline(__always) init(copying span: Span<UInt8>) {
        self = span.withUnsafeBufferPointer { Array($0) }
    }

    /// Appends a copy of the bytes `span` views, in one copy.
    @inline(__always) mutating func append(copying span: Span<UInt8>) {
        span.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

extension String {
    /// The bytes `span` views decoded as UTF-8, invalid sequences repaired with U+FFFD.
    @inline(__always) init(decodingUTF8 span: Span<UInt8>) {
        self = span.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }
}

extension Array where Element == UInt8 {
    /// Appends the UTF-8 of a string literal in one copy, with no string built on the way.
    @inline(__always) mutating func append(literal text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
