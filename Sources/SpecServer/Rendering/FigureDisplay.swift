/// A metric's figure as a reader writes it, from its separate fields: `44×44 pt`, `2–5`,
/// `≥ 4.5:1`, `< 15`, `75–125%`. Pages, Markdown and CSV carry it beside the fields it is made
/// from, so an embed needs no arithmetic to show a range or a size.
enum FigureDisplay {
    /// The flattened column that holds it.
    static let key = "display"

    /// The display text of a metric's fields (flattened cells by name), or `nil` when it has no
    /// figure.
    static func text(_ cell: (String) -> String?) -> String? {
        let core: String
        if let width = cell("width"), let height = cell("height") {
            core = "\(width)×\(height)"
        } else if let min = cell("min"), let max = cell("max") {
            core = "\(min)–\(max)"
        } else if let value = cell("value") {
            core = value
        } else if let low = cell("minCategory"), let high = cell("maxCategory") {
            return "\(low) to \(high)"
        } else {
            return nil
        }
        let prefix =
            switch cell("bound") {
            case "minimum": "≥ "
            case "maximum": cell("exclusive") == "true" ? "< " : "≤ "
            default: ""
            }
        let suffix =
            switch cell("unit") {
            case nil, "count": ""
            case "ratio": ":1"
            case "percent": "%"
            case let unit?: " " + unit
            }
        return prefix + core + suffix
    }
}

extension FlatTable {
    /// The table with a ``FigureDisplay`` column after its figures' fields, when its rows are
    /// metrics (a row with a figure has one; the column is absent when no row has).
    func addingFigureDisplay() -> FlatTable {
        let displays = rows.map { row in FigureDisplay.text { cell(row, $0) } }
        guard displays.contains(where: { $0 != nil }), !columns.contains(FigureDisplay.key) else { return self }
        var table = self
        table.columns.append(FigureDisplay.key)
        for index in table.rows.indices { table.rows[index].cells.append(displays[index]) }
        return table
    }
}
