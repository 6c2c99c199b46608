import Testing

@testable import SpecFormats

/// CSV as RFC 4180 writes it, whatever a cell holds.
@Suite struct CSVRendererTests {
    @Test func csvQuotesAsRFC4180Requires() {
        let csv = CSVRenderer.render(HostileTable.table)
        #expect(csv.hasPrefix("name,note\r\n"))
        #expect(csv.contains("\"line\nbreak, \"\"quoted\"\"\"\r\n"))
        #expect(CSVRenderer.field("plain") == "plain")
        #expect(CSVRenderer.field(" edge") == "\" edge\"")
        #expect(CSVRenderer.field("a,b") == "\"a,b\"")
    }

    /// The table is written on bytes, cell by cell: each field exactly as ``CSVRenderer/field(_:)``
    /// writes it, whatever the cell holds (a formula, quotes, edge spaces, controls, non-ASCII).
    @Test func everyFieldIsWrittenAsFieldWritesIt() {
        let cells = [
            "", "plain", "=1+1", "@sum", "+1", "-0.5", "+0.24", "-x", "+", "-1e3", "-1e", "\tTab", "\rCR", " edge",
            "edge ", "a,b", "q\"q", "line\nbreak", "=a,b", " =x", "'", "bell\u{07}", "del\u{7F}", "next\u{85}line",
            "é ", "Größe", "SF Pro, 17 pt", "\u{00A0}nbsp",
        ]
        let table = FlatTable(
            title: "T", version: "v1", columns: ["cell", "same"],
            rows: cells.map { .init(cells: [$0, $0], citations: []) })
        let columns = [TableColumn("cell", "cell"), TableColumn("same", "same")]
        let expected =
            (["cell,same"] + cells.map { field in CSVRenderer.field(field) + "," + CSVRenderer.field(field) })
            .map { $0 + "\r\n" }.joined()
        #expect(CSVRenderer.render(table, columns: columns) == expected)
        for cell in cells {
            var bytes: [UInt8] = []
            CSVRenderer.appendField(cell, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == CSVRenderer.field(cell), "\(cell.debugDescription)")
        }
    }
}
