import SystemSupport

/// Hands out one shared `String` for equal byte sequences, found by their bytes.
///
/// A data file repeats its long strings (citation URLs, page and section names) hundreds of
/// times. Looking them up by their raw bytes, before a `String` exists, saves both the copy and
/// the memory, and avoids `String` hashing, which normalizes non-ASCII text (`HIG › Layout`).
/// Open addressing with linear probing over FNV-1a hashes.
package struct StringInterner {
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var strings: [String] = []

    package init(capacity: Int = 1024) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
    }

    /// The shared string with these (already validated) UTF-8 bytes; `make` makes it when
    /// none is held yet.
    package mutating func string(for utf8: Span<UInt8>, making make: () -> String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in utf8.indices {
            hash = (hash ^ UInt64(utf8[index])) &* 0x0000_0100_0000_01B3
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { break }
            // Interned strings are native, so their UTF-8 is one span to compare as memory.
            if hashes[Int(entry)] == hash, CLibrary.bytesEqual(strings[Int(entry)].utf8.span, utf8) {
                return strings[Int(entry)]
            }
            slot = (slot + 1) & mask
        }
        let string = make()
        slots[slot] = Int32(strings.count)
        hashes.append(hash)
        strings.append(string)
        if strings.count * 2 > slots.count { grow() }
        return string
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (index, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }
}
