// Unsafe: memcmp reads both byte views by address.
import Glibc

/// The C library's few functions that the standard library lacks, for code outside the rooms.
public enum CLibrary {
    /// `base` raised to `exponent` (`pow`).
    public static func power(_ base: Double, _ exponent: Double) -> Double {
        pow(base, exponent)
    }

    /// Whether `a` and `b` hold the same bytes (`memcmp`, which compares many bytes at a time).
    @inlinable @inline(__always)
    public static func bytesEqual(_ a: Span<UInt8>, _ b: Span<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        if a.isEmpty { return true }
        return a.withUnsafeBufferPointer { first in
            b.withUnsafeBufferPointer { second in memcmp(first.baseAddress!, second.baseAddress!, first.count) == 0 }
        }
    }

    /// Whether two arrays share one storage (the same buffer, not merely equal elements): a
    /// pointer comparison instead of comparing elements.
    @inlinable @inline(__always)
    public static func sameStorage<Element>(_ a: [Element], _ b: [Element]) -> Bool {
        a.count == b.count
            && a.withUnsafeBufferPointer { first in
                b.withUnsafeBufferPointer { second in first.baseAddress == second.baseAddress }
            }
    }
}
