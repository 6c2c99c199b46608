import JSON

/// One collection's entries in one snapshot as columns: each entry's platforms as bits and each
/// top-level string field's value as a number, so a filter compares one word per row instead of
/// looking members up in every row's JSON or comparing strings. Made on a collection's first
/// filtered query, then kept with the snapshot.
struct EntryColumns: Sendable {
    /// One string field: each entry's value as a code (0: the entry has no such string), and
    /// the code of each value.
    struct Column: Sendable {
        let codes: [UInt32]
        let codeOf: [String: UInt32]
        /// For a field of few values (a font, a style, a platform's family), the positions of
        /// the entries holding each value, ascending, by code: a filter on it alone takes its
        /// list as it is. `nil` for a field of many values (an id, a name), which is scanned.
        let positions: [[Int32]]?

        init(codes: [UInt32], codeOf: [String: UInt32]) {
            self.codes = codes
            self.codeOf = codeOf
            // A list per value costs an array each; for a field whose values are mostly
            // distinct that is an array per entry, for filters that are rare.
            guard codeOf.count * 8 <= codes.count else {
                positions = nil
                return
            }
            var positions = [[Int32]](repeating: [], count: codeOf.count + 1)
            for (position, code) in codes.enumerated() { positions[Int(code)].append(Int32(position)) }
            self.positions = positions
        }

        /// The positions of the entries holding `value`, ascending, where the column lists them.
        func positions(of value: String) -> [Int32]? {
            guard let positions else { return nil }
            return codeOf[value].map { positions[Int($0)] } ?? []
        }
    }

    /// Each entry's platforms, one bit per platform name this collection uses.
    let platforms: [UInt64]
    /// The bit of each platform name; `all` has one too, and matches every platform.
    private let platformBits: [String: UInt64]
    /// Each top-level string field, by name.
    private let columns: [String: Column]

    init(_ entries: [SpecSnapshot.Entry]) {
        var bits: [String: UInt64] = [:]
        var platforms = [UInt64](repeating: 0, count: entries.count)
        var codes: [String: [UInt32]] = [:]
        var codeOf: [String: [String: UInt32]] = [:]
        for (position, entry) in entries.enumerated() {
            guard case .object(let object) = entry.row else { continue }
            for (key, value) in object {
                switch value {
                case .string(let text):
                    let code: UInt32
                    if let known = codeOf[key]?[text] {
                        code = known
                    } else {
                        code = UInt32(codeOf[key]?.count ?? 0) + 1
                        codeOf[key, default: [:]][text] = code
                    }
                    codes[key, default: [UInt32](repeating: 0, count: entries.count)][position] = code
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
        self.columns = codes.reduce(into: [:]) { columns, field in
            columns[field.key] = Column(codes: field.value, codeOf: codeOf[field.key] ?? [:])
        }
    }

    /// The bits an entry on `platform` has one of (its own, or `all`).
    func mask(for platform: String) -> UInt64 {
        (platformBits[platform] ?? 0) | (platformBits["all"] ?? 0)
    }

    /// The string field `name`; `nil` when no entry has it.
    func column(_ name: String) -> Column? { columns[name] }
}
