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
        // On UTF-8 bytes: every byte that matters is ASCII, and no byte of a multi-byte sequence is.
        let utf8 = value.utf8
        let needsQuotes =
            utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A }
            || utf8.first == UInt8(ascii: " ") || utf8.last == UInt8(ascii: " ")
        guard needsQuotes else { return value }
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        quoted.reserveCapacity(utf8.count + 8)
        for byte in utf8 {
            quoted.append(byte)
            if byte == UInt8(ascii: "\"") { quoted.append(byte) }
        }
        quoted.append(UInt8(ascii: "\""))
        return String(decoding: quoted, as: UTF8.self)
    }
}
