import JSON

extension SpecSnapshot {
    /// Apple's complication image sizes and default SwiftUI text sizes (`/v1/complications`), in
    /// the data file's order: by case size, then Apple's families in the page's order.
    ///
    /// Rows: `id`, `platforms`, `family`, `layout`, `legacy`, `kind`, `table`, `element`,
    /// `caseSize` (Apple's column), `caseSizes`, the sizes (`width`, `height` in pt, `pixelWidth`,
    /// `pixelHeight` at `scale` 2, or `minWidth`/`maxWidth` for a width Apple gives as a range;
    /// `null` where Apple's cell is empty), a text row's `textStyle`, `weight` and `size`,
    /// `asPublished` (with `normalised` and `typo` where Apple's cell has a typo, and
    /// `inconsistency` on the one cell whose figures disagree), then the provenance fields.
    public func complications(matching filter: ComplicationFilter) throws(QueryError) -> QueryResult {
        let items = rowValues(
            .complications, platform: nil, where: ["family": filter.family?.rawValue, "kind": filter.kind?.rawValue],
            accept: filter.caseSize.map { size in { entry in Self.covers(entry.fields, size) } })
        guard items.isEmpty else { return QueryResult(chosen: items) }
        guard let size = filter.caseSize else {
            return QueryResult(items: [], notes: ["No complication row matches these filters in this version."])
        }
        let columns = Self.caseColumns(
            rows(.complications).filter { entry in
                filter.family.map { entry.fields["family"]?.stringValue == $0.rawValue } ?? true
            })
        return QueryResult(
            items: [],
            notes: [
                Note(
                    "Apple's complication tables\(filter.family.map { " for \($0.rawValue)" } ?? "") have no column for \(size.rawValue)"
                        + (columns.isEmpty ? "." : "; their columns: \(columns.joined(separator: ", ")).")
                        + " Apple publishes no complication sizes for that case; none are derived here.")
            ])
    }

    /// Narrows a watch collection's answer to one case size (`case=`): the rows whose `caseSize`
    /// covers it, and where `everyCase` the watchOS rows of a table that names no case size (the
    /// watchOS Dynamic Type table applies to every case). An empty answer says which case sizes
    /// the rows have.
    func narrowed(_ result: QueryResult, to size: WatchCaseSize, everyCase: Bool, noun: String) -> QueryResult {
        func keeps(_ row: JSONValue) -> Bool {
            if let label = row["caseSize"]?.stringValue { return size.isCovered(by: label) }
            guard everyCase else { return false }
            return (row["platforms"]?.arrayValue ?? []).contains { $0.stringValue == "watchos" }
        }
        // Rows chosen among a collection's stay so, as positions: no copy of every row, and a
        // filter form can intersect them (`case=` beside the other filters).
        if let chosen = result.chosenRows {
            var kept: [Int32] = []
            if let positions = chosen.positions {
                for position in positions where keeps(chosen.entries[Int(position)].row) { kept.append(position) }
            } else {
                for (position, entry) in chosen.entries.enumerated() where keeps(entry.row) {
                    kept.append(Int32(position))
                }
            }
            if !kept.isEmpty {
                return QueryResult(
                    chosen: CollectionRows(
                        collection: chosen.collection, entries: chosen.entries, kept: chosen.kept,
                        positions: kept),
                    notes: result.notes)
            }
        } else {
            let kept = result.items.filter(keeps)
            guard kept.isEmpty else { return QueryResult(items: kept, notes: result.notes) }
        }
        let labels = Self.caseColumns(result.items.compactMap { $0["caseSize"]?.stringValue })
        let note: Note =
            labels.isEmpty
            ? "No \(noun) here names a watch case size, so none is for \(size.rawValue)."
            : "No \(noun) here is for \(size.rawValue); the case sizes Apple's rows give: \(labels.joined(separator: ", "))."
        return QueryResult(items: [], notes: result.notes + [note])
    }

    /// Whether the record's case-size column covers `size`.
    static func covers(_ fields: JSONValue, _ size: WatchCaseSize) -> Bool {
        fields["caseSize"]?.stringValue.map(size.isCovered(by:)) ?? false
    }

    /// The distinct case-size columns of `entries`, in their order.
    static func caseColumns(_ entries: [Entry]) -> [String] {
        caseColumns(entries.compactMap { $0.fields["caseSize"]?.stringValue })
    }

    /// The distinct labels, in their order.
    static func caseColumns(_ labels: [String]) -> [String] {
        var seen: [String] = []
        for label in labels where !seen.contains(label) { seen.append(label) }
        return seen
    }
}
