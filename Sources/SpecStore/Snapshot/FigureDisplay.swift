import JSON

/// A metric's figure as a reader writes it, from its separate fields: `44×44 pt`, `2–5`,
/// `≥ 4.5:1`, `< 15`, `75–125%`. A metric's API row carries it as `display`, beside the fields it
/// is made from, so JSON, CSV, Markdown and the pages show a range or a size with no arithmetic.
public enum FigureDisplay {
    /// The row member (and flattened column) that holds it.
    public static let key = "display"

    /// The display text of a metric's fields (scalar texts by name), or `nil` when it has no
    /// figure.
    public static func text(_ cell: (String) -> String?) -> String? {
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
            switch cell("bound").flatMap(FigureBound.init) {
            case .minimum?: "≥ "
            case .maximum?: cell("exclusive") == "true" ? "< " : "≤ "
            case .about?: "≈ "
            default: ""
            }
        let suffix =
            switch cell("unit") {
            case nil, "count": ""
            case "ratio": ":1"
            case "percent": "%"
            case "x": "×"
            case let unit?: " " + unit
            }
        return prefix + core + suffix
    }

    /// The display text of a metric's row, built once per record state by ``RecordRowBuilder``:
    /// numbers as their literals, as the tables print them.
    static func text(of row: JSONObject) -> String? {
        text { name in
            switch row[name] {
            case .number(let number)?: number.literal
            case .string(let string)?: string
            case .bool(let bool)?: bool ? "true" : "false"
            default: nil
            }
        }
    }
}
