/// A strong entity tag derived from the exact bytes of a representation (RFC 9110 §8.8.3).
///
/// The tag is the 64-bit FNV-1a hash of the bytes in hexadecimal, quoted. Two different
/// representations of one resource colliding is a 2⁻⁶⁴ chance per pair, and the cost of a collision
/// is one stale 304, so a cryptographic hash would buy nothing here.
struct EntityTag: Equatable, Hashable, Sendable {
    /// The field value, quotes included: `"9f3a…"`.
    let fieldValue: String

    init(of bytes: some Sequence<UInt8>) {
        let hash = Self.fnv1a64(bytes)
        let hex = String(hash, radix: 16)
        fieldValue = "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The hash of the bytes hashed into `hash` followed by `byte`: hashing a sequence byte by
    /// byte from the hash of no bytes gives what ``fnv1a64(_:)-(Sequence<UInt8>)`` gives for
    /// the whole sequence.
    @inline(__always) static func fnv1a64(continuing hash: UInt64, _ byte: UInt8) -> UInt64 {
        (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
    }

    /// The hash of a span's bytes, as ``fnv1a64(_:)-(Sequence<UInt8>)`` computes it.
    static func fnv1a64(_ bytes: Span<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in bytes.indices {
            hash ^= UInt64(bytes[index])
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }
}
