import JSON

extension SpecSnapshot {
    /// A figure written in its own unit, as Apple writes it: `17 pt`, `4.5:1` for a contrast
    /// ratio, `0.1×` for a fraction, `75%`, `8 h`, `7 items` for a count.
    static func quantity(_ value: Double, unit: String, figure: String) -> String {
        let number = "\(JSONNumber(value))"
        switch unit {
        // A contrast or an aspect ratio is written as Apple writes it (4.5:1, 1:1); another ratio as a multiple.
        case "ratio": return figure.contains("contrast") || figure.contains("aspect") ? "\(number):1" : "\(number)×"
        case "x": return "\(number)×"
        case "percent": return "\(number)%"
        case "count": return value == 1 ? "1 item" : "\(number) items"
        case "characters": return value == 1 ? "1 character" : "\(number) characters"
        default: return "\(number) \(unit)"
        }
    }

    /// A range in its own unit: `2–5 items`, `75–125%`, `15–30 min`.
    static func quantityRange(_ low: Double, _ high: Double, unit: String, figure: String) -> String {
        let upper = quantity(high, unit: unit, figure: figure)
        let lower = quantity(low, unit: unit, figure: figure)
        // The unit once, after the range, unless it is a separator (4.5:1).
        if unit == "ratio" { return "\(lower)–\(upper)" }
        let suffix = upper.drop { $0 != " " && $0 != "%" }
        let lowerNumber = lower.hasSuffix(suffix) ? String(lower.dropLast(suffix.count)) : lower
        return "\(lowerNumber)–\(upper)"
    }
}
