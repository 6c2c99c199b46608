/// Entries (the canonical request targets), found by the FNV-1a hash of their bytes.
///
/// An open-addressed table probed linearly, at most half full: the hash is already mixed, so
/// its low bits pick the slot, where a `Dictionary` would hash the hash again. Built once per
/// load and only read after.
struct FastTable<Entry: AnyObject & Sendable>: Sendable {
    private let hashes: [UInt64]
    private let entries: [Entry?]
    private let mask: Int

    init(_ byHash: [UInt64: Entry]) {
        var capacity = 8
        while capacity < byHash.count * 2 { capacity *= 2 }
        var hashes = [UInt64](repeating: 0, count: capacity)
        var entries = [Entry?](repeating: nil, count: capacity)
        for (hash, entry) in byHash {
            var slot = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while entries[slot] != nil { slot = (slot + 1) & (capacity - 1) }
            hashes[slot] = hash
            entries[slot] = entry
        }
        self.hashes = hashes
        self.entries = entries
        self.mask = capacity - 1
    }

    /// How many targets it holds.
    var count: Int { entries.count { $0 != nil } }

    /// The entry registered under `hash`, or `nil`.
    subscript(hash: UInt64) -> Entry? {
        var slot = Int(truncatingIfNeeded: hash) & mask
        while let entry = entries[slot] {
            if hashes[slot] == hash { return entry }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
