import SpecStore
import SystemSupport

/// Writes a table as GitHub-flavoured Markdown: a heading, a sentence saying what the table is,
/// the table, then the citations as a numbered list with Apple's words. With `fragment` only the
/// table, whose "Status and source" cells carry their citation links themselves.
///
/// The columns are the route's fixed layout (``TableLayout``) with headings in words and units.
/// URLs inside text become autolinks (`<https://…>`) rather than escaped text, so GitHub's
/// renderer never folds an escaping backslash into a link.
package enum MarkdownRenderer {
    package static func render(_ table: FlatTable) -> String {
        render(table, page: nil, fragment: false)
    }

    /// - Parameter keptTexts: the rows' kept texts (``FormatInput/keptTexts``): each row's cells
    ///   under the route's fixed columns are written once a snapshot.
    package static func render(
        _ table: FlatTable, page: PageContext?, fragment: Bool,
        keptTexts: (@Sendable (String, (Int) -> [UInt8]) -> [[UInt8]])? = nil
    ) -> String {
        let layout =
            page.map { $0.route.columns(table: table, projection: $0.projection) } ?? TableLayout.fieldColumns(table)
        let shown = layout.filter { $0.kind != .source }
        let indexes = shown.map { table.columns.firstIndex(of: $0.key) }
        let hasSource = layout.contains { $0.kind == .source } || table.rows.contains { !$0.citations.isEmpty }
        // Each distinct citation in first-seen order (``FlatTable/distinctCitations``) with its
        // link made once, and the link a row shows (numbered on a whole page) looked up once per
        // row: the rows of one table mostly cite the same sections.
        var citations: [FlatTable.Citation] = []
        var links: [String] = []
        var cited: [FlatTable.Citation: String] = [:]
        for row in table.rows {
            for citation in row.citations where cited[citation] == nil {
                let link = keptCitation(citation).link
                citations.append(citation)
                links.append(link)
                cited[citation] = fragment ? link : link + " \\[\(citations.count)\\]"
            }
        }
        let sources = SourceColumns(table)

        // A heading is the route's own words: only what would break the row or read as markup
        // is escaped (`Width (pt)` stays as written).
        // Under the route's fixed columns the two heading lines are the route's, kept.
        let headingKey =
            if let page, page.projection == nil, page.route.columns != nil, let key = page.route.columnsKey {
                page.route.template + "\u{0}" + key + (hasSource ? "\u{0}s" : "")
            } else {
                String?.none
            }
        let headingLines = headingKey.map { key in
            keptHeadings(key: key, shown: shown) { headings(shown, hasSource: hasSource) }
        }

        var text = ""
        if !fragment {
            text += "# \(escapeProse(table.title))\n\n"
            text += escapeProse(caption(table, page: page)) + "\n\n"
            for note in table.notes { text += "> \(escapeText(note))\n\n" }
        }
        guard let lines = headingLines ?? headings(shown, hasSource: hasSource) else { return text }
        text += lines
        // A row's cells depend on the row and the columns alone: under the route's fixed columns
        // they are kept with the snapshot, and only the source cell (citation numbers are the
        // page's) is written for each page.
        func cells(_ row: FlatTable.Row) -> String {
            "| " + indexes.map { index in escapeText(index.flatMap { row.cells[$0] } ?? "") }.joined(separator: " | ")
        }
        let kept: [[UInt8]]? =
            if let keptTexts, let page, page.projection == nil, page.route.columns != nil,
                let key = page.route.columnsKey, !indexes.isEmpty
            {
                keptTexts("md\u{0}" + page.route.template + "\u{0}" + key) { Array(cells(table.rows[$0]).utf8) }
            } else {
                nil
            }
        for (position, row) in table.rows.enumerated() {
            text += kept.map { String(decoding: $0[position], as: UTF8.self) } ?? cells(row)
            if hasSource { text += (indexes.isEmpty ? "" : " | ") + sourceCell(table, row, sources, cited: cited) }
            text += " |\n"
        }
        if !fragment, !citations.isEmpty {
            text += "\n## Citations\n\n"
            for (index, citation) in citations.enumerated() {
                text += "\(index + 1). " + links[index] + keptCitation(citation).quoted + "\n"
            }
        }
        return text
    }

    /// The heading row and the alignment row for `shown` (with the "Status and source" column
    /// where `hasSource`), or `nil` for a table with no column.
    private static func headings(_ shown: [TableColumn], hasSource: Bool) -> String? {
        // A heading is the route's own words: only what would break the row or read as markup
        // is escaped (`Width (pt)` stays as written).
        var header = shown.map { replacingBars(in: escapeProse($0.header, atLineStart: false), with: "\\|") }
        if hasSource { header.append("Status and source") }
        guard !header.isEmpty else { return nil }
        return "| " + header.joined(separator: " | ") + " |\n" + "|"
            + shown.map { $0.kind == .number ? " ---: |" : " --- |" }.joined() + (hasSource ? " --- |" : "") + "\n"
    }

    /// The heading lines kept by route and columns, each with the columns they were written for.
    private static let keptHeadingLines = Locked<[String: (shown: [TableColumn], lines: String?)]>([:])

    /// The heading lines for `key` (a route's template, its columns key and whether a source
    /// column follows), written by `make` the first time.
    private static func keptHeadings(key: String, shown: [TableColumn], _ make: () -> String?) -> String? {
        if let kept = keptHeadingLines.withLock({ $0[key] }), kept.shown == shown { return kept.lines }
        let lines = make()
        keptHeadingLines.withLock { kept in
            if kept.count >= 256 { kept.removeAll() }
            kept[key] = (shown, lines)
        }
        return lines
    }

    /// A citation's link and, where it quotes Apple, the quote as the citations list follows
    /// the link with it (`: “…”`); both depend on the citation alone, so each is written once.
    private static func keptCitation(_ citation: FlatTable.Citation) -> (link: String, quoted: String) {
        if let kept = keptCitations.withLock({ $0[citation] }) { return kept }
        var quoted = ""
        if let quote = citation.quote, !quote.isEmpty { quoted = ": “" + escapeText(quote) + "”" }
        let made = (link: citationLink(citation), quoted: quoted)
        keptCitations.withLock { kept in
            if kept.count >= 4096 { kept.removeAll() }
            kept[citation] = made
        }
        return made
    }

    private static let keptCitations = Locked<[FlatTable.Citation: (link: String, quoted: String)]>([:])

    /// What the table is and which filters produced it, in one sentence.
    package static func caption(_ table: FlatTable, page: PageContext?) -> String {
        var sentence = "\(table.title): \(table.rows.count) \(table.rows.count == 1 ? "row" : "rows")"
        if let total = page?.total, total != table.rows.count { sentence += " of \(total)" }
        if let filters = page?.filterSummary { sentence += " where " + filters }
        sentence += ". Store version \(table.version)."
        return sentence
    }

    /// Where a table holds the cells a source cell reads, found once a table.
    private struct SourceColumns {
        let status: Int?
        let reason: Int?
        let verdict: Int?

        init(_ table: FlatTable) {
            status = table.columns.firstIndex(of: "status")
            reason = table.columns.firstIndex(of: "basis_reason")
            verdict = table.columns.firstIndex(of: "verdict")
        }
    }

    /// `Published: [HIG › Layout — Specifications](url) [1]`, or `Convention: why`: `cited`
    /// holds each citation's link as the row shows it (numbered on a whole page).
    private static func sourceCell(
        _ table: FlatTable, _ row: FlatTable.Row, _ columns: SourceColumns, cited: [FlatTable.Citation: String]
    ) -> String {
        var parts: [String] = []
        let status = table.cell(row, at: columns.status)
        if let status { parts.append(status == "published" ? "Published" : status.capitalizedFirst) }
        for citation in row.citations { parts.append(cited[citation] ?? keptCitation(citation).link) }
        if let reason = table.cell(row, at: columns.reason) { parts.append(escapeText(reason)) }
        if let verdict = table.cell(row, at: columns.verdict), status == nil, row.citations.isEmpty {
            parts.append(verdict)
        }
        return parts.joined(separator: " · ")
    }

    package static func citationLink(_ citation: FlatTable.Citation) -> String {
        var label = citation.page
        if let section = citation.section, !section.isEmpty { label += " — " + section }
        guard let url = linkTarget(citation.url) else { return escape(label) + " (" + escape(citation.url) + ")" }
        return "[\(escape(label))](\(url))"
    }

    /// Escapes text as ``escape(_:)`` does, except URLs in it, which become autolinks.
    package static func escapeText(_ raw: String) -> String {
        // Most cells hold no control, no character to escape and no `:` (so no URL): as they are.
        guard
            raw.utf8.contains(where: {
                ControlCharacters.needsVisible($0) || isPunctuation($0) || isBreak($0) || $0 == UInt8(ascii: ":")
            })
        else { return raw }
        // Controls first, so none reaches an autolink, which is not escaped.
        let text = ControlCharacters.visible(raw)
        guard text.containsASCII("http://") || text.containsASCII("https://") else { return escape(text) }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: "http")?.lowerBound {
            let candidate = rest[start...]
            guard candidate.hasPrefix("https://") || candidate.hasPrefix("http://") else {
                result += escape(String(rest[..<rest.index(after: start)]))
                rest = rest[rest.index(after: start)...]
                continue
            }
            result += escape(String(rest[..<start]))
            var end =
                candidate.firstIndex {
                    $0 == " " || $0 == "\n" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "“" || $0 == "”"
                } ?? candidate.endIndex
            // Trailing punctuation ends the sentence, not the URL (as GFM's autolinker decides).
            while end > candidate.startIndex, let last = candidate[..<end].last, ".,;:!?)'’".contains(last) {
                if last == ")",
                    candidate[..<end].filter({ $0 == "(" }).count >= candidate[..<end].filter({ $0 == ")" }).count
                {
                    break
                }
                end = candidate.index(before: end)
            }
            let url = String(candidate[..<end])
            if let target = linkTarget(url), url.count > 8 {
                result += "<" + replacingBars(in: target, with: "%7C") + ">"
            } else {
                result += escape(url)
            }
            rest = candidate[end...]
        }
        return result + escape(String(rest))
    }

    /// Escapes text outside a table (a heading, the caption) only where Markdown would read it
    /// as markup: emphasis, code, links, HTML and entities, and a leading block marker. `(`,
    /// `)`, `!`, `#` or `|` mid-line mean nothing there, so a heading keeps `(pt)` as written.
    package static func escapeProse(_ text: String, atLineStart: Bool = true) -> String {
        if let escaped = escapeASCIIProse(text, atLineStart: atLineStart) { return escaped }
        var result = ""
        for (index, character) in text.enumerated() {
            switch character {
            case "\\", "*", "_", "`", "[", "]", "<", ">", "&", "~":
                result += "\\" + String(character)
            case "#", "+", "-", "=":
                // Only at the start of a line does one of these begin a block.
                result += index == 0 && atLineStart ? "\\" + String(character) : String(character)
            case "\n", "\r", "\t":
                result += " "
            default:
                result.append(character)
            }
        }
        return result
    }

    /// ``escapeProse(_:atLineStart:)`` by bytes, for ASCII text without a CR LF: there every
    /// character is one byte, so the bytes decide as the characters would, and text with nothing
    /// to escape comes back as it is. `nil` for other text (a CR LF is one character, kept).
    private static func escapeASCIIProse(_ text: String, atLineStart: Bool) -> String? {
        var escapes = false
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x80 || (byte == 0x0A && previous == 0x0D) { return nil }
            if proseAction(byte) != .keep { escapes = true }
            previous = byte
        }
        guard escapes else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        for (index, byte) in text.utf8.enumerated() {
            switch proseAction(byte) {
            case .keep: result.append(byte)
            case .escape: result += [UInt8(ascii: "\\"), byte]
            case .escapeAtLineStart:
                if index == 0 && atLineStart { result.append(UInt8(ascii: "\\")) }
                result.append(byte)
            case .space: result.append(UInt8(ascii: " "))
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// What ``escapeProse(_:atLineStart:)`` does with an ASCII character.
    private enum ProseAction { case keep, escape, escapeAtLineStart, space }

    private static func proseAction(_ byte: UInt8) -> ProseAction {
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "~"):
            .escape
        case UInt8(ascii: "#"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "="): .escapeAtLineStart
        case 0x0A, 0x0D, 0x09: .space
        default: .keep
        }
    }

    /// `text` with each `|` replaced by `replacement`: by bytes for ASCII text, where each `|` is
    /// a character of its own; as characters otherwise.
    private static func replacingBars(in text: String, with replacement: String) -> String {
        guard text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.replacingOccurrences(of: "|", with: replacement) }
        guard text.utf8.contains(UInt8(ascii: "|")) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 8)
        for byte in text.utf8 {
            if byte == UInt8(ascii: "|") { result += replacement.utf8 } else { result.append(byte) }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Escapes text for an inline position, a table cell included: every character Markdown or
    /// GitHub gives a meaning to wherever it stands is backslash-escaped (CommonMark §2.4 allows it
    /// before any ASCII punctuation), and line breaks, which would end the table row, become
    /// spaces. `(`, `)` and `!` only mean something after a `]` or before a `[`, which are escaped,
    /// and `#`, `{` and `}` nothing inside a line, so `(pt)` stays as written; `$` is escaped, as
    /// GitHub reads `$…$` as math.
    package static func escape(_ raw: String) -> String {
        let text = ControlCharacters.visible(raw)
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
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "~"),
            UInt8(ascii: "&"), UInt8(ascii: "$"):
            true
        default: false
        }
    }

    private static func isBreak(_ byte: UInt8) -> Bool {
        byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// A URL usable as a link destination: only http and https, with characters that could end
    /// the destination percent-encoded. `nil` for anything else, which is then shown as text.
    package static func linkTarget(_ url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://") else { return nil }
        return PercentEncoding.encoded(url) { byte in
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
                UInt8(ascii: "|"),
                UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`"), 0...0x20, 0x7f...0xff:
                false
            default: true
            }
        }
    }
}

extension String {
    /// The string with its first letter upper-cased (`convention` → `Convention`).
    package var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }

    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
