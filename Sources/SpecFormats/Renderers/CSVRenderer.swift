import SystemSupport

/// Writes a table as RFC 4180 CSV: a header row, CRLF line breaks, and a field quoted when it
/// holds a comma, a quote, CR, LF or edge spaces (quotes inside doubled).
///
/// The columns are the route's fixed layout (``PageRoute/columns``), whatever the filter. A cell that a
/// spreadsheet would run as a formula (it begins with `=`, `+`, `-`, `@`, a tab or CR, and is not
/// a number) is neutralised with a leading `'` (OWASP's advice for CSV injection); `-0.5` stays a
/// number.
///
/// An answer's notes (why it is empty) are never rows or comment lines, which would break a
/// parser: an empty answer is the header row alone, and the notes travel in the `Spec-Note`
/// header fields (the application's `NoteField`).
package enum CSVRenderer {
    package static func render(_ table: FlatTable) -> String {
        render(table, columns: table.columns.map { TableColumn($0, $0) })
    }

    package static func render(_ table: FlatTable, columns: [TableColumn]) -> String {
        String(decoding: renderUTF8(table, columns: columns), as: UTF8.self)
    }

    /// ``render(_:columns:)`` as UTF-8 bytes, written field by field into one buffer.
    package static func renderUTF8(_ table: FlatTable, columns: [TableColumn]) -> [UInt8] {
        let indexes = columns.map { table.columns.firstIndex(of: $0.key) }
        var bytes = header(columns, reserving: 64 * (table.rows.count + 1) * max(columns.count, 1) / 4)
        for row in table.rows {
            for (position, index) in indexes.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                appendField(index.flatMap { row.cells[$0] } ?? "", to: &bytes)
            }
            bytes.append(contentsOf: [0x0D, 0x0A])
        }
        return bytes
    }

    /// The header row of `columns` with its line break, in a buffer with room for `capacity` bytes.
    package static func header(_ columns: [TableColumn], reserving capacity: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(capacity)
        for (position, column) in columns.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            appendField(column.csvName, to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
        return bytes
    }

    /// One record's row under the columns `keys` with its line break, exactly as
    /// ``renderUTF8(_:columns:)`` writes it in any table holding the record: a column the record
    /// lacks is an empty field, and of two cells with one name the later one counts (as a flat
    /// table's row keeps it).
    package static func row(_ record: FlatRecord, keys: [String]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 * max(keys.count, 1))
        for (position, key) in keys.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            appendField(record.names.lastIndex(of: key).flatMap { record.cells[$0] } ?? "", to: &bytes)
        }
        bytes.append(contentsOf: [0x0D, 0x0A])
        return bytes
    }

    /// Appends ``field(_:)`` of `raw`: on its bytes where it holds no control character to make
    /// visible (every cell of the data), through ``field(_:)`` otherwise.
    package static func appendField(_ raw: String, to bytes: inout [UInt8]) {
        let utf8 = raw.utf8.span
        guard !ControlCharacters.needsVisible(utf8) else { return CLibrary.appendUTF8(of: field(raw), to: &bytes) }
        let first: UInt8? = utf8.isEmpty ? nil : utf8[0]
        let last: UInt8? = utf8.isEmpty ? nil : utf8[utf8.count - 1]
        let formula: Bool =
            switch first {
            case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D: true
            case UInt8(ascii: "+"), UInt8(ascii: "-"): !isDecimalNumber(raw)
            default: false
            }
        var needsQuotes = (!formula && first == UInt8(ascii: " ")) || last == UInt8(ascii: " ")
        for index in utf8.indices {
            let byte = utf8[index]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0D || byte == 0x0A {
                needsQuotes = true
                break
            }
        }
        if needsQuotes { bytes.append(UInt8(ascii: "\"")) }
        if formula { bytes.append(UInt8(ascii: "'")) }
        guard needsQuotes else { return CLibrary.appendUTF8(of: raw, to: &bytes) }
        for index in utf8.indices {
            let byte = utf8[index]
            bytes.append(byte)
            if byte == UInt8(ascii: "\"") { bytes.append(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    package static func field(_ raw: String) -> String {
        let value = neutralised(ControlCharacters.visible(raw))
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

    /// The value with a `'` in front when a spreadsheet would read it as a formula.
    package static func neutralised(_ value: String) -> String {
        guard let first = value.utf8.first else { return value }
        switch first {
        case UInt8(ascii: "="), UInt8(ascii: "@"), 0x09, 0x0D:
            return "'" + value
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            return isDecimalNumber(value) ? value : "'" + value
        default:
            return value
        }
    }

    /// `-12`, `+0.24`, `-1.5e3`: an optional sign, digits, an optional fraction and exponent.
    package static func isDecimalNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        var count = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            count += digits()
        }
        guard count > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                bytes = bytes.dropFirst()
            }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
