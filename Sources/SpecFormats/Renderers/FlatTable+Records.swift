import JSON
import SpecStore
import SystemSupport

extension FlatTable {
    /// Flattens records (JSON objects) into a table; columns appear in first-seen order.
    package init(title: String, version: String, records: [JSONValue], notes: [String] = []) {
        self.init(
            title: title, version: version, flattened: records.map { FlatRecord($0, sharingNames: false) }, notes: notes
        )
    }

    /// A table of records flattened already (``FlatRecord``, which a store keeps per row);
    /// columns appear in first-seen order, as ``init(title:version:records:notes:)`` makes them.
    package init(title: String, version: String, flattened records: [FlatRecord], notes: [String] = []) {
        // Most pages: every record has one collection's fields, each once. Their names are then
        // the columns in their order, and each record's texts its cells. Records made from rows
        // of one shape share one list of names (``FlatRecord/init(_:)``), so comparing them
        // compares two references.
        if let first = records.first, first.namesAreDistinct,
            records.allSatisfy({ $0.names == first.names && $0.cells.count == first.names.count })
        {
            self.init(
                title: title, version: version, columns: first.names,
                rows: records.map { Row(cells: $0.cells, citations: $0.citations) }, notes: notes)
            return
        }
        var columnIndex = [String: Int](minimumCapacity: records.first?.names.count ?? 0)
        var columns: [String] = []
        // Each record's cells by column position. The records of one collection mostly have
        // the same fields in the same order: a record named as the one before takes its places.
        var places: [[Int]] = []
        places.reserveCapacity(records.count)
        for (index, record) in records.enumerated() {
            if index > 0, record.names == records[index - 1].names {
                places.append(places[index - 1])
                continue
            }
            places.append(
                record.names.map { name in
                    if let column = columnIndex[name] { return column }
                    columnIndex[name] = columns.count
                    columns.append(name)
                    return columns.count - 1
                })
        }
        let rows = zip(records, places).map { record, places in
            var row = [String?](repeating: nil, count: columns.count)
            for (place, value) in zip(places, record.cells) { row[place] = value }
            return Row(cells: row, citations: record.citations)
        }
        self.init(title: title, version: version, columns: columns, rows: rows, notes: notes)
    }

    fileprivate static func flatten(_ object: JSONObject, prefix: String, into cells: inout [(String, String)]) {
        for (key, value) in object {
            let name = prefix + key
            switch value {
            case .object(let nested):
                flatten(nested, prefix: name + "_", into: &cells)
            case .array(let elements) where elements.contains(where: { $0.objectValue != nil }):
                // `citations: [{url}, {url}]` becomes `citation_url` holding both URLs.
                var joined: [(String, [String])] = []
                for element in elements {
                    var elementCells: [(String, String)] = []
                    if case .object(let nested) = element {
                        flatten(nested, prefix: prefix + singular(key) + "_", into: &elementCells)
                    } else {
                        elementCells.append((prefix + singular(key), scalarText(element)))
                    }
                    for (column, text) in elementCells {
                        if let index = joined.firstIndex(where: { $0.0 == column }) {
                            joined[index].1.append(text)
                        } else {
                            joined.append((column, [text]))
                        }
                    }
                }
                for (column, texts) in joined { cells.append((column, texts.joined(separator: "; "))) }
            case .array(let elements):
                cells.append((name, elements.map(scalarText).joined(separator: "; ")))
            default:
                cells.append((name, scalarText(value)))
            }
        }
    }

    /// `citations` → `citation`, `devices` → `device`; other names stay as they are.
    package static func singular(_ name: String) -> String {
        name.count > 1 && name.hasSuffix("s") ? String(name.dropLast()) : name
    }

    /// A scalar's text: numbers as their literal, `null` as an empty cell.
    package static func scalarText(_ value: JSONValue) -> String {
        switch value {
        case .null: ""
        case .bool(let bool): bool ? "true" : "false"
        case .number(let number): number.literal
        case .string(let string): string
        case .array(let elements): elements.map(scalarText).joined(separator: "; ")
        case .object(let object): object.map { "\($0.key)=\(scalarText($0.value))" }.joined(separator: "; ")
        }
    }

    /// The record's `citations`, or those of the `metric` a check result carries.
    package static func citations(in record: JSONValue) -> [Citation] {
        var found: [Citation] = []
        for element in record["citations"]?.arrayValue ?? record["metric"]?["citations"]?.arrayValue ?? [] {
            guard let page = element["page"]?.stringValue, let url = element["url"]?.stringValue else { continue }
            found.append(
                Citation(
                    page: page, section: element["section"]?.stringValue, url: url, quote: element["quote"]?.stringValue
                )
            )
        }
        return found
    }
}

/// One record as a flat table's row holds it: its cells' column names and texts in the record's
/// order (a nested object's fields as `parent_field`, a list of objects joined per field), and its
/// citations. It depends on the record alone, so a store keeps it per row for later pages.
package final class FlatRecord: Sendable {
    package let names: [String]
    /// The texts, one per name, as a row's cells hold them (never `nil`), so a table of
    /// records of one shape takes them as they are.
    package let cells: [String?]
    package let citations: [FlatTable.Citation]
    /// Whether no name appears twice, so a table of records with these names has them as its
    /// columns, in their order.
    package let namesAreDistinct: Bool

    /// The record flattened. With `sharingNames` (for a row kept for later pages) its list of
    /// names is shared with the records of its shape made before, and known to be distinct or
    /// not; without (a row made for one answer, as a search hit is), neither costs a lookup,
    /// and its table takes the general way.
    package convenience init(_ record: JSONValue, sharingNames: Bool = true) {
        var cells: [(String, String)] = []
        if case .object(let object) = record {
            FlatTable.flatten(object, prefix: "", into: &cells)
        } else {
            cells.append(("value", FlatTable.scalarText(record)))
        }
        let names = cells.map(\.0)
        let shared = sharingNames ? Self.shared(names) : (names: names, distinct: false)
        self.init(
            names: shared.names, distinct: shared.distinct, values: cells.map(\.1),
            citations: FlatTable.citations(in: record))
    }

    package convenience init(names: [String], values: [String], citations: [FlatTable.Citation]) {
        self.init(names: names, distinct: Set(names).count == names.count, values: values, citations: citations)
    }

    private init(names: [String], distinct: Bool, values: [String], citations: [FlatTable.Citation]) {
        self.names = names
        self.cells = values.map(Optional.some)
        self.citations = citations
        self.namesAreDistinct = distinct
    }

    /// Lists of names already made, each kept once with whether its names are distinct: the
    /// rows of one shape share one list.
    private static let sharedNames = Locked<[[String]: (names: [String], distinct: Bool)]>([:])
    /// The most lists kept; past it the kept ones are dropped and sharing starts again.
    private static let sharedLimit = 512

    /// `names`, or the equal list made before, so that comparing two records' names compares
    /// two references; and whether no name repeats.
    private static func shared(_ names: [String]) -> (names: [String], distinct: Bool) {
        if let made = sharedNames.withLock({ $0[names] }) { return made }
        let made = (names: names, distinct: Set(names).count == names.count)
        sharedNames.withLock { kept in
            if kept.count >= sharedLimit { kept.removeAll() }
            kept[names] = made
        }
        return made
    }
}
