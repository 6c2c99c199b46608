import JSON

/// One record of the data file after validation: its object as written, and its history.
struct StoredRecord: Sendable {
    /// An earlier state: before version `until`, the fields in `values` had these values.
    struct HistoryEntry: Sendable {
        let until: Int
        let values: JSONObject
    }

    let collection: SpecCollection
    let id: String
    /// Index of the first version that has the record.
    let since: Int
    /// Index of the first version that no longer has it.
    let until: Int?
    /// Where no change log dates the record: index of the first version whose dated copy of
    /// Apple's page shows it. Versions from `since` up to `seen` hold the record with its
    /// presence uncertain (Docs/schema.md, "When a fact was on Apple's pages").
    let seen: Int?
    let history: [HistoryEntry]
    /// The record's object as the file has it (its current state, with `id`, `since`, … included).
    let object: JSONObject

    func isPresent(at version: Int) -> Bool {
        version >= since && (until.map { version < $0 } ?? true)
    }

    /// Whether the sources leave open that Apple's pages lacked the record at `version`: the
    /// version is inside its evidence window, before the first copy that shows it.
    func isUncertain(at version: Int) -> Bool {
        seen.map { version < $0 } ?? false
    }

    /// How `since` was dated: `change-log` (Apple's change log, or a dated technote or guide),
    /// `baseline` (present in the earliest copy the sources compare with), or `evidence-window`
    /// (no source dates it: `since` follows the last copy without it, `seen` is the first with it).
    var dating: String {
        if seen != nil { return "evidence-window" }
        return since == 0 ? "baseline" : "change-log"
    }

    /// How many states the record has had: one more than its history entries.
    var variantCount: Int { history.count + 1 }

    /// The state that holds at `version`: `k` means history entries `k...` apply; `history.count`
    /// is the current state.
    func variantIndex(at version: Int) -> Int {
        history.firstIndex { version < $0.until } ?? history.count
    }

    /// The row slot that holds at `version` (`2 * variant`, plus one while its presence is
    /// uncertain), or -1 where the record is absent: two versions with the same state have the
    /// same row.
    func state(at version: Int) -> Int {
        guard isPresent(at: version) else { return -1 }
        return variantIndex(at: version) * 2 + (isUncertain(at: version) ? 1 : 0)
    }

    /// The record's object in state `variant`: entries apply from the last down to `variant`, so
    /// the earliest entry's values win for the oldest versions.
    func object(variant: Int) -> JSONObject {
        guard variant < history.count else { return object }
        var state = object
        for entry in history[variant...].reversed() {
            for (key, value) in entry.values { state[key] = value }
        }
        return state
    }

    /// The record's own fields as of `version`, without `id`, `since`, `seen`, `until` and `history`.
    func fields(at version: Int) -> JSONObject {
        var fields = object(variant: variantIndex(at: version))
        for key in ["id", "since", "seen", "until", "history"] { fields[key] = nil }
        return fields
    }
}
