import JSON

/// The rows a collection query answers with, plus notes a reader should see beside them.
///
/// Rows are JSON objects with the field names of the HTTP API; ``SpecSnapshot`` documents the field
/// order of each collection. `notes` say what the rows cannot: for example that Apple publishes no
/// widget row for the screen asked about, and which published row is nearest (`count` is then 0).
public struct QueryResult: Sendable, Hashable {
    /// Where the rows are: a list of their own, or positions among one collection's rows in one
    /// snapshot, so a filter keeps a few integers per row and a page copies only its own rows.
    private var storage: Storage

    private enum Storage: Sendable {
        case rows([JSONValue])
        case chosen(CollectionRows)
        /// A choice among a collection's rows, each trimmed by `project` to the fields `fields`
        /// names (``projecting(fields:notes:_:)``).
        case projected(CollectionRows, fields: String, project: @Sendable (JSONValue) -> JSONValue)
    }

    /// The matching rows, in the collection's order (or best first for text searches).
    public var items: [JSONValue] {
        get {
            switch storage {
            case .rows(let rows): rows
            case .chosen(let chosen): chosen.rows(0..<chosen.count)
            case .projected(let chosen, _, let project): chosen.rows(0..<chosen.count).map(project)
            }
        }
        set { storage = .rows(newValue) }
    }
    /// Explanations that belong with the answer; empty when there is nothing to say.
    public var notes: [Note]

    /// Creates a result.
    public init(items: [JSONValue], notes: [Note] = []) {
        self.storage = .rows(items)
        self.notes = notes
    }

    /// A result whose rows are chosen among one collection's rows of a snapshot.
    init(chosen: CollectionRows, notes: [Note] = []) {
        self.storage = .chosen(chosen)
        self.notes = notes
    }

    /// The number of rows.
    public var count: Int {
        switch storage {
        case .rows(let rows): rows.count
        case .chosen(let chosen), .projected(let chosen, _, _): chosen.count
        }
    }

    /// Whether there are no rows.
    public var isEmpty: Bool { count == 0 }

    /// The rows at `range` of this result's order, copying only those.
    public func items(_ range: Range<Int>) -> [JSONValue] {
        switch storage {
        case .rows(let rows): Array(rows[range])
        case .chosen(let chosen): chosen.rows(range)
        case .projected(let chosen, _, let project): chosen.rows(range).map(project)
        }
    }

    /// The rows at `range` of this result's order, with its notes: a choice among a collection's
    /// rows stays one (its rows written as JSON from bytes kept, ``appendCompactItems(to:)``).
    public func slice(_ range: Range<Int>) -> QueryResult {
        switch storage {
        case .rows(let rows): QueryResult(items: Array(rows[range]), notes: notes)
        case .chosen(let chosen): QueryResult(chosen: chosen.slice(range), notes: notes)
        case .projected(let chosen, let fields, let project):
            QueryResult(storage: .projected(chosen.slice(range), fields: fields, project: project), notes: notes)
        }
    }

    /// This result with each row trimmed by `project`, with `notes`. For a choice among a
    /// snapshot's rows, each trimmed row's compact JSON is made once and kept with the snapshot
    /// under `fields` (``appendCompactItems(to:)``), so `project` must depend on the row and
    /// `fields` alone; other rows are trimmed now.
    public func projecting(fields: String, notes: [Note], _ project: @escaping @Sendable (JSONValue) -> JSONValue)
        -> QueryResult
    {
        switch storage {
        case .chosen(let chosen):
            QueryResult(storage: .projected(chosen, fields: fields, project: project), notes: notes)
        case .rows, .projected: QueryResult(items: items.map(project), notes: notes)
        }
    }

    private init(storage: Storage, notes: [Note]) {
        self.storage = storage
        self.notes = notes
    }

    /// Appends the rows as compact JSON, separated by commas: exactly what `serialize(into:)` of
    /// each row writes, copied from the bytes kept for a choice among a snapshot's rows.
    public func appendCompactItems(to bytes: inout [UInt8]) {
        switch storage {
        case .rows(let rows):
            for (index, row) in rows.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                row.serialize(into: &bytes)
            }
        case .chosen(let chosen):
            for index in 0..<chosen.count {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                chosen.appendCompact(index, to: &bytes)
            }
        case .projected(let chosen, let fields, let project):
            let rows = chosen.kept.projected(chosen.positions, fields: fields) { index in
                var row: [UInt8] = []
                project(chosen.rows(index..<(index + 1))[0]).serialize(into: &row)
                return row
            }
            for (index, row) in rows.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes.append(contentsOf: row)
            }
        }
    }

    /// Each row in the form `make` makes of it. For a choice among a snapshot's rows, each row's
    /// form is made once and kept with the snapshot for every later answer that asks (so `make`
    /// must depend on the row alone, and one caller keeps one form: the flat table's row, which
    /// reads its forms back as the class it made); other rows are made now.
    public func rowForms(_ make: (JSONValue) -> any AnyObject & Sendable) -> [any AnyObject & Sendable] {
        switch storage {
        case .rows, .projected: items.map(make)
        case .chosen(let chosen): chosen.forms(make)
        }
    }

    /// Each row as a line of text for `layout` (a format over one column set), made by `make`
    /// from the row's index in this result. For a choice among a snapshot's rows, each line is
    /// made once and kept with the snapshot (``KeptRows``) for every later answer in that layout,
    /// so `make` must depend on the row and the layout alone; other rows' lines are made now.
    public func rowTexts(layout: String, make: (Int) -> [UInt8]) -> [[UInt8]] {
        switch storage {
        case .rows, .projected: (0..<count).map(make)
        case .chosen(let chosen): chosen.kept.texts(chosen.positions, layout: layout, make: make)
        }
    }

    /// When the rows are a choice among one collection's rows of a snapshot, in that collection's
    /// order: each row's position among them (`nil` inside: every row), and how many rows the
    /// collection has. `nil` for rows of any other origin.
    public var collectionPositions: (positions: [Int32]?, collectionCount: Int)? {
        guard case .chosen(let chosen) = storage else { return nil }
        return (chosen.positions, chosen.entries.count)
    }

    /// The collection rows this result is a choice of, when it is one.
    var chosenRows: CollectionRows? {
        guard case .chosen(let chosen) = storage else { return nil }
        return chosen
    }

    /// The rows of the same collection at `positions` (from ``collectionPositions``), in the
    /// order given, with this result's notes: still a choice among them, so its rows are
    /// written from the bytes kept (a sorted page). `nil` when the rows are not such a choice.
    public func choosing(_ positions: some Collection<Int>) -> QueryResult? {
        guard case .chosen(let chosen) = storage else { return nil }
        let rows = CollectionRows(
            collection: chosen.collection, entries: chosen.entries, kept: chosen.kept,
            positions: positions.map { Int32($0) })
        return QueryResult(chosen: rows, notes: notes)
    }

    public static func == (left: QueryResult, right: QueryResult) -> Bool {
        left.notes == right.notes && left.items == right.items
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(notes)
    }
}

/// Some of one collection's rows in one snapshot, by position, in the collection's order.
struct CollectionRows: Sendable {
    /// The collection the rows are of.
    let collection: SpecCollection
    /// Every row the collection has in the snapshot.
    let entries: [SpecSnapshot.Entry]
    /// Those rows in the forms answers write them in, kept with the snapshot.
    let kept: KeptRows
    /// The positions chosen, ascending (in a sorted page's order for ``QueryResult/choosing(_:)``);
    /// `nil`: every one.
    let positions: [Int32]?

    var count: Int { positions?.count ?? entries.count }

    var isEmpty: Bool { count == 0 }

    /// The chosen rows at `range` of the choice.
    func rows(_ range: Range<Int>) -> [JSONValue] {
        guard let positions else { return entries[range].map(\.row) }
        return positions[range].map { entries[Int($0)].row }
    }

    /// The chosen rows at `range` of the choice, still a choice among the same rows.
    func slice(_ range: Range<Int>) -> CollectionRows {
        let chosen = positions.map { Array($0[range]) } ?? range.map { Int32($0) }
        return CollectionRows(collection: collection, entries: entries, kept: self.kept, positions: chosen)
    }

    /// Appends the chosen row at `index` of the choice as compact JSON.
    func appendCompact(_ index: Int, to bytes: inout [UInt8]) {
        kept.append(positions.map { Int($0[index]) } ?? index, of: entries, to: &bytes)
    }

    /// The chosen rows in the form `make` makes, kept with the snapshot (``KeptRows``).
    func forms(_ make: (JSONValue) -> any AnyObject & Sendable) -> [any AnyObject & Sendable] {
        kept.forms(positions, of: entries, make: make)
    }
}

/// One record a lookup by id answers with, plus notes a reader should see beside it.
public struct RecordResult: Sendable, Hashable {
    /// The record as an API row.
    public var item: JSONValue
    /// Explanations that belong with the answer.
    public var notes: [Note]

    /// Creates a result.
    public init(item: JSONValue, notes: [Note] = []) {
        self.item = item
        self.notes = notes
    }
}

/// One device a lookup by id answers with: its row, the widget rows for its screen, and notes a
/// reader should see beside it.
public struct DeviceRecord: Sendable, Hashable {
    /// The device as an API row (the `/v1/devices` row).
    public var item: JSONValue
    /// Apple's widget rows for the device's screen (for a watch, its case size), with the notes
    /// that explain them (e.g. the nearest published screen where Apple's table has none).
    public var widgets: QueryResult
    /// Explanations that belong with the answer: the widget rows' notes first, then the device's.
    public var notes: [Note]

    /// Creates a result.
    public init(item: JSONValue, widgets: QueryResult, notes: [Note] = []) {
        self.item = item
        self.widgets = widgets
        self.notes = notes
    }
}

/// What changed between two store versions, field by field.
public struct DiffResult: Sendable, Hashable {
    /// The older version asked for.
    public var from: String
    /// The newer version asked for.
    public var to: String
    /// Records present in `to` but not in `from`: `{"id", "type", "title", "dating"}`, plus `seen`
    /// where no change log dates the record. `dating` is `change-log` for a change Apple's pages
    /// date, `evidence-window` for a fact the sources do not date (it may have been added at any
    /// version up to `seen`).
    public var added: [JSONValue]
    /// Records present in `from` but not in `to`: `{"id", "type", "title", "dating"}`.
    public var removed: [JSONValue]
    /// One row per changed field: `{"id", "type", "field", "before", "after"}`; `field` is a dotted
    /// path into nested objects (`portrait.horizontal`), `before`/`after` are `null` where absent.
    public var changed: [JSONValue]
    /// Records present in both versions whose first dated copy falls between them: not a change
    /// of Apple's pages but of the evidence, `{"id", "type", "title", "since", "seen"}`.
    public var firstSeen: [JSONValue]

    /// Creates a result.
    public init(
        from: String, to: String, added: [JSONValue], removed: [JSONValue], changed: [JSONValue],
        firstSeen: [JSONValue] = []
    ) {
        self.from = from
        self.to = to
        self.added = added
        self.removed = removed
        self.changed = changed
        self.firstSeen = firstSeen
    }
}
