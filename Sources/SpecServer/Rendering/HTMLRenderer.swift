/// Writes a table as HTML: a small complete page, or with `fragment=true` only the `<table>`.
///
/// Every value is escaped; only http and https citation URLs become links.
enum HTMLRenderer {
    static func render(_ table: FlatTable, fragment: Bool) -> String {
        let tableElement = renderTable(table)
        guard !fragment else { return tableElement }
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(escape(table.title)) · HIG spec service</title>
            <style>
            body{font:15px/1.45 -apple-system,system-ui,sans-serif;margin:2rem;color:#1d1d1f}
            table{border-collapse:collapse;font-size:13px}th,td{border:1px solid #d2d2d7;padding:4px 8px;text-align:left;vertical-align:top}
            th{background:#f5f5f7}caption{text-align:left;color:#6e6e73;padding:4px 0}
            </style>
            </head>
            <body>
            <h1>\(escape(table.title))</h1>

            """
        for note in table.notes { page += "<p>\(escape(note))</p>\n" }
        page += tableElement
        page += "\n</body>\n</html>\n"
        return page
    }

    static func renderTable(_ table: FlatTable) -> String {
        let shown = zip(table.columns, table.isCitationColumn).enumerated().filter { !$0.element.1 }.map(\.offset)
        let hasCitations = table.rows.contains { !$0.citations.isEmpty }
        var html =
            "<table>\n<caption>Store version \(escape(table.version)), \(table.rows.count) \(table.rows.count == 1 ? "row" : "rows")</caption>\n<thead><tr>"
        for column in shown { html += "<th scope=\"col\">\(escape(table.columns[column]))</th>" }
        if hasCitations { html += "<th scope=\"col\">citations</th>" }
        html += "</tr></thead>\n<tbody>\n"
        for row in table.rows {
            html += "<tr>"
            for column in shown { html += "<td>\(escape(row.cells[column] ?? ""))</td>" }
            if hasCitations {
                html += "<td>" + row.citations.map(citationLink).joined(separator: "<br>") + "</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>"
        return html
    }

    static func citationLink(_ citation: FlatTable.Citation) -> String {
        var label = citation.page
        if let section = citation.section, !section.isEmpty { label += " — " + section }
        let title = citation.quote.map { " title=\"\(escape($0))\"" } ?? ""
        guard MarkdownRenderer.linkTarget(citation.url) != nil else { return escape(label) }
        return "<a href=\"\(escape(citation.url))\"\(title)>\(escape(label))</a>"
    }

    /// Escapes text for element content and quoted attribute values alike.
    ///
    /// Works on UTF-8 bytes: the five characters it replaces are ASCII, and no byte of a
    /// multi-byte sequence is ASCII, so nothing else can change.
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscape) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): result += "&amp;".utf8
            case UInt8(ascii: "<"): result += "&lt;".utf8
            case UInt8(ascii: ">"): result += "&gt;".utf8
            case UInt8(ascii: "\""): result += "&quot;".utf8
            case UInt8(ascii: "'"): result += "&#39;".utf8
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }
}
