/// Writes a table as RFC 4180 CSV: a header row, CRLF line breaks, and a field quoted when it
/// holds a comma, a quote, CR, LF or edge spaces (quotes inside doubled).
enum CSVRenderer {
    static func render(_ table: FlatTable) -> String {
        var text = table.columns.map(field).joined(separator: ",") + "\r\n"
        for row in table.rows {
            text += row.cells.map { field($0 ?? "") }.joined(separator: ",") + "\r\n"
        }
        return text
    }

    static func field(_ value: String) -> String {
        let needsQuotes =
            value.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }
            || value.first == " " || value.last == " "
        guard needsQuotes else { return value }
        return "\"" + value.replacingAll("\"", with: "\"\"") + "\""
    }
}

extension String {
    /// The string with every occurrence of one character replaced, without Foundation.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}
