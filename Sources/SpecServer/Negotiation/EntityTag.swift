import SystemSupport

/// A strong entity tag derived from the exact bytes of a representation (RFC 9110 §8.8.3).
///
/// The tag is a 64-bit hash of the bytes (``hash64(_:)``, eight bytes a step) in hexadecimal,
/// quoted. Two different
/// representations of one resource colliding is a 2⁻⁶⁴ chance per pair, and the cost of a collision
/// is one stale 304, so a cryptographic hash would buy nothing here.
struct EntityTag: Equatable, Hashable, Sendable {
    /// The field value, quotes included: `"9f3a…"`.
    let fieldValue: String

    init(of bytes: some Sequence<UInt8>) {
        let array = bytes as? [UInt8] ?? Array(bytes)
        let hash = Self.hash64(array.span)
        let digits = String(hash, radix: 16)  // 0-9, a-f
        fieldValue = "\"" + String(repeating: "0", count: 16 - digits.count) + digits + "\""
    }

    /// A 64-bit hash of `bytes` that reads them eight at a time: a body's tag is made for every
    /// answer built, and FNV-1a's byte-at-a-time multiply chain cost about 4 cycles a byte. Each
    /// word is mixed in with a multiply and a shift (which carries high bits back down), the
    /// tail byte by byte, the length last, and the result finished with MurmurHash3's `fmix64`.
    ///
    /// The words are mixed in by ``CLibrary/mixingWords(of:into:multiplier:shift:)``, one
    /// unaligned load each from one buffer: reading each through a bounds-checked call cost a
    /// tenth of a never-seen HTML page (callgrind, 7 December 2026).
    static func hash64(_ bytes: Span<UInt8>) -> UInt64 {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = CLibrary.mixingWords(of: bytes, into: 0xcbf2_9ce4_8422_2325, multiplier: multiplier, shift: 29)
        var offset = bytes.count / 8 * 8
        while offset < bytes.count {
            hash = (hash ^ UInt64(bytes[offset])) &* multiplier
            offset += 1
        }
        hash ^= UInt64(bytes.count)
        hash ^= hash >> 33
        hash &*= 0xff51_afd7_ed55_8ccd
        hash ^= hash >> 33
        hash &*= 0xc4ce_b9fe_1a85_ec53
        hash ^= hash >> 33
        return hash
    }

    static func fnv1a64(_ bytes: some Sequence<UInt8>) -> UInt64 {
        // A native string's UTF-8 and an array are one block: read it as a span, not through
        // the sequence's iterator (a String's steps index by index).
        if let array = bytes as? [UInt8] { return fnv1a64(array.span) }
        if let utf8 = bytes as? String.UTF8View { return fnv1a64(utf8.span) }
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
