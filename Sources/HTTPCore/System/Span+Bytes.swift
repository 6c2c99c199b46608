// Unsafe: hands a span's memory to memchr and memmove, which the standard library lacks for spans.
import Glibc

extension Span where Element == UInt8 {
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
