/// One record of the data file after validation, with its values at every point of its history.
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
    let history: [HistoryEntry]
    /// Variant `k` is the record's fields (without `id`, `since`, `until`, `history`) with history
    /// entries `k...` applied; the last variant is the current state. There are `history.count + 1`.
    let variants: [JSONObject]

    init(collection: SpecCollection, id: String, since: Int, until: Int?, history: [HistoryEntry], fields: JSONObject) {
        self.collection = collection
        self.id = id
        self.since = since
        self.until = until
        self.history = history
        var variants = [fields]
        var state = fields
        // Entries apply from the last to the first, so the earliest entry's values win for old versions.
        for entry in history.reversed() {
            for (key, value) in entry.values { state[key] = value }
            variants.append(state)
        }
        self.variants = variants.reversed()
    }

    func isPresent(at version: Int) -> Bool {
        version >= since && (until.map { version < $0 } ?? true)
    }

    /// The variant that holds at `version`: the first history entry with `version < until`, or the current state.
    func variantIndex(at version: Int) -> Int {
        history.firstIndex { version < $0.until } ?? history.count
    }

    func fields(at version: Int) -> JSONObject { variants[variantIndex(at: version)] }
}
