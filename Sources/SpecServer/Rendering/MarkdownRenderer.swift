/// Writes a table as GitHub-flavoured Markdown: a heading, the table, then the citations as a
/// numbered list that the table's `citations` column refers to as `[1]`.
enum MarkdownRenderer {
    static func render(_ table: FlatTable) -> String {
        let citations = table.distinctCitations
        var number: [FlatTable.Citation: Int] = [:]
        for (index, citation) in citations.enumerated() { number[citation] = index + 1 }

        let shown = zip(table.columns, table.isCitationColumn).enumerated().filter { !$0.element.1 }.map(\.offset)
        let hasCitations = !citations.isEmpty
        var header = shown.map { escape(table.columns[$0]) }
        if hasCitations { header.append("citations") }

        var text = "# \(escape(table.title))\n\n"
        text +=
            "Store version \(escape(table.version)), \(table.rows.count) \(table.rows.count == 1 ? "row" : "rows").\n\n"
        for note in table.notes { text += "> \(escape(note))\n\n" }
        guard !header.isEmpty else { return text }
        text += "| " + header.joined(separator: " | ") + " |\n"
        text += "|" + String(repeating: " --- |", count: header.count) + "\n"
        for row in table.rows {
            var cells = shown.map { escape(row.cells[$0] ?? "") }
            if hasCitations {
                cells.append(row.citations.compactMap { number[$0].map { "\\[\($0)\\]" } }.joined(separator: " "))
            }
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        if hasCitations {
            text += "\n## Citations\n\n"
            for (index, citation) in citations.enumerated() {
                var label = citation.page
                if let section = citation.section, !section.isEmpty { label += " — " + section }
                var line = "\(index + 1). "
                if let url = linkTarget(citation.url) {
                    line += "[\(escape(label))](\(url))"
                } else {
                    line += escape(label) + " (" + escape(citation.url) + ")"
                }
                if let quote = citation.quote, !quote.isEmpty { line += ": “" + escape(quote) + "”" }
                text += line + "\n"
            }
        }
        return text
    }

    /// Escapes text for an inline position, a table cell included: every character Markdown or
    /// GitHub gives a meaning to is backslash-escaped (CommonMark §2.4 allows it before any ASCII
    /// punctuation), and line breaks, which would end the table row, become spaces.
    static func escape(_ text: String) -> String {
        // On UTF-8 bytes: every character it changes is ASCII, and no byte of a multi-byte
        // sequence is ASCII.
        guard text.utf8.contains(where: { isPunctuation($0) || isBreak($0) }) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        var previous: UInt8 = 0
        for byte in text.utf8 {
            defer { previous = byte }
            if isPunctuation(byte) {
                result.append(UInt8(ascii: "\\"))
                result.append(byte)
            } else if isBreak(byte) {
                // CR LF is one line break: one space, as for a lone CR or LF.
                if !(byte == 0x0A && previous == 0x0D) { result.append(UInt8(ascii: " ")) }
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func isPunctuation(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "|"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "#"), UInt8(ascii: "~"), UInt8(ascii: "&"), UInt8(ascii: "$"),
            UInt8(ascii: "!"), UInt8(ascii: "{"), UInt8(ascii: "}"):
            true
        default: false
        }
    }

    private static func isBreak(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// A URL usable as a link destination: only http and https, with characters that could end
    /// the destination percent-encoded. `nil` for anything else, which is then shown as text.
    static func linkTarget(_ url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        var result = ""
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), 0...0x20, 0x7f...0xff:
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default:
                result.append(Character(UnicodeScalar(byte)))
            }
        }
        return result
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
