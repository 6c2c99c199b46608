/// One collection's entries in one snapshot as columns: each entry's platforms as bits and each
/// top-level string field's value, so a filter compares a few words per row instead of looking
/// members up in every row's JSON. Made on a collection's first filtered query, then kept with
/// the snapshot.
struct EntryColumns: Sendable {
    /// Each entry's platforms, one bit per platform name this collection uses.
    let platforms: [UInt64]
    /// The bit of each platform name; `all` has one too, and matches every platform.
    private let platformBits: [String: UInt64]
    /// Each top-level string field, by name: the entry's value, or `nil` where it has none.
    private let strings: [String: [String?]]

    init(_ entries: [SpecSnapshot.Entry]) {
        var bits: [String: UInt64] = [:]
        var platforms = [UInt64](repeating: 0, count: entries.count)
        var strings: [String: [String?]] = [:]
        for (position, entry) in entries.enumerated() {
            guard case .object(let object) = entry.row else { continue }
            for (key, value) in object {
                switch value {
                case .string(let text):
                    strings[key, default: [String?](repeating: nil, count: entries.count)][position] = text
                case .array(let elements) where key == "platforms":
                    for case .string(let name) in elements {
                        // 64 platform names are far more than Apple has; past that, no bit.
                        if bits[name] == nil, bits.count < 64 { bits[name] = 1 << UInt64(bits.count) }
                        platforms[position] |= bits[name] ?? 0
                    }
                default:
                    break
                }
            }
        }
        self.platforms = platforms
        self.platformBits = bits
        self.strings = strings
    }

    /// The bits an entry on `platform` has one of (its own, or `all`).
    func mask(for platform: String) -> UInt64 {
        (platformBits[platform] ?? 0) | (platformBits["all"] ?? 0)
    }

    /// The values of the string field `name`, one per entry; `nil` when no entry has it.
    func strings(_ name: String) -> [String?]? { strings[name] }
}
