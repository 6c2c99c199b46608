import JSON

/// Builds the API rows of one collection's records: the JSON objects the HTTP routes render.
///
/// Field order: `id`; the collection's own fields in Docs/schema.md order, with `platform` (the
/// record's first platform) just before `platforms` on widgets, type, tracking and metric rows,
/// and `sizeClasses` just after `pixels` on device rows; then `status`, `unit` (`pt` when the
/// file leaves it out; none on size-class rows), `display` on metric rows (``FigureDisplay``),
/// `citations`, `basis`, `notes`, `since`, `seen` (only where no change log dates the record),
/// `until`, and `presence: "uncertain"` in the versions of its evidence window before the first
/// copy that shows it.
///
/// One builder serves one collection's records in file order, so it can remember the last
/// record's layout, and the rows' member names to share them between rows.
struct RecordRowBuilder {
    let collection: SpecCollection
    private let specs: [FieldSpec]
    private var layout: KeyLayout
    /// Each list of member names met so far, kept once (its keys are field names: ASCII).
    private var keyLists: [[String]: [String]] = [:]

    private static let trailingFields = ["status", "unit", "citations", "basis", "notes"]

    init(collection: SpecCollection) {
        self.collection = collection
        self.specs = CollectionSchema.fields(of: collection)
        self.layout = KeyLayout(names: specs.map(\.name) + RecordRowBuilder.trailingFields)
    }

    mutating func row(
        id: String, fields: JSONObject, since: String, until: String?, seen: String? = nil, uncertain: Bool = false,
        sizeClasses: JSONValue? = nil
    ) -> JSONValue {
        let positions = layout.positions(in: fields.keys)
        func value(_ index: Int) -> JSONValue? {
            let position = positions[index]
            // Not `nil`: JSONValue is ExpressibleByNilLiteral, so a bare `nil` here would be `.null`.
            guard position >= 0 else { return Optional.none }
            return fields.values[position]
        }
        var row = JSONObject()
        row.reserveCapacity(fields.count + 8)
        row.append("id", .string(id))
        for (index, spec) in specs.enumerated() {
            if spec.name == "platforms", collection.hasPrimaryPlatform {
                row.append("platform", value(index)?.arrayValue?.first ?? .null)
            }
            if let member = value(index) {
                row.append(spec.name, member)
            } else if spec.name == "status", collection == .rules {
                row.append("status", "published")
            }
            if spec.name == "pixels", collection == .devices { row.append("sizeClasses", sizeClasses ?? .null) }
        }
        let trailing = specs.count
        if collection.carriesFigures {
            row.append("status", value(trailing) ?? .null)
            if collection.declaration.carriesUnit {
                row.append("unit", value(trailing + 1) ?? "pt")
            }
            // Built here, once per record state, so no request formats a figure.
            if collection == .metrics, let display = FigureDisplay.text(of: row) {
                row.append(FigureDisplay.key, .string(display))
            }
            row.append("citations", value(trailing + 2) ?? .array([]))
            if let basis = value(trailing + 3) { row.append("basis", basis) }
        }
        if let notes = value(trailing + 4) { row.append("notes", notes) }
        row.append("since", .string(since))
        if let seen { row.append("seen", .string(seen)) }
        if let until { row.append("until", .string(until)) }
        if uncertain { row.append("presence", .string(RecordRowFields.uncertainPresence)) }
        // Rows live as long as the store: each holds exactly its members, and rows with the same
        // members share one array of their names.
        var values: [JSONValue] = []
        values.reserveCapacity(row.count)
        values.append(contentsOf: row.values)
        let keys: [String]
        if let shared = keyLists[row.keys] {
            keys = shared
        } else {
            keys = row.keys
            keyLists[keys] = keys
        }
        return .object(JSONObject(uncheckedKeys: keys, values: values))
    }
}
