import JSON
import SpecStore

extension FlatTable {
    /// Flattens records (JSON objects) into a table; columns appear in first-seen order.
    package init(title: String, version: String, records: [JSONValue], notes: [String] = []) {
        var columnIndex: [String: Int] = [:]
        var columns: [String] = []
        var flatRows: [([(String, String)], [Citation])] = []
        for record in records {
            var cells: [(String, String)] = []
            if case .object(let object) = record {
                Self.flatten(object, prefix: "", into: &cells)
            } else {
                cells.append(("value", Self.scalarText(record)))
            }
            for (name, _) in cells where columnIndex[name] == nil {
                columnIndex[name] = columns.count
                columns.append(name)
            }
            flatRows.append((cells, Self.citations(in: record)))
        }
        let rows = flatRows.map { cells, citations in
            var row = [String?](repeating: nil, count: columns.count)
            for (name, value) in cells { row[columnIndex[name]!] = value }
            return Row(cells: row, citations: citations)
        }
        self.init(title: title, version: version, columns: columns, rows: rows, notes: notes)
    }

    private static func flatten(_ object: JSONObject, prefix: String, into cells: inout [(String, String)]) {
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
