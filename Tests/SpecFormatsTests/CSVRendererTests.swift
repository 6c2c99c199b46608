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
}
