/// Compares one page's JSON with what the store takes from it.
package enum PageComparison {
    /// The schema versions (major, minor) the reader knows; any other is `format-changed`.
    package static let knownSchemaVersions: [(major: Int, minor: Int)] = [(0, 3)]

    /// Whether the reader knows `document`'s schema version.
    package static func knowsSchema(of document: PageDocument) -> Bool {
        knownSchemaVersions.contains {
            $0.major == document.schemaVersion.major && $0.minor == document.schemaVersion.minor
        }
    }

    /// Every finding on `document` against `page`, for a store version dated `versionDate`.
    package static func findings(_ page: SourceExpectations.Page, document: PageDocument, versionDate: String)
        -> [SourceFinding]
    {
        guard knowsSchema(of: document) else {
            let version = document.schemaVersion
            return [
                SourceFinding(
                    kind: .formatChanged, page: page.slug, anchor: nil, records: page.records, before: "0.3",
                    after: "\(version.major).\(version.minor).\(version.patch)",
                    message: "the page's schemaVersion is one the reader does not know; compared no further")
            ]
        }
        var findings: [SourceFinding] = []
        if let slug = document.slug, slug != page.slug {
            findings.append(
                SourceFinding(
                    kind: .pageMoved, page: page.slug, anchor: nil, records: page.records, before: page.slug,
                    after: slug, message: "the page names itself \(slug)"))
        }
        findings += quoteFindings(page, document: document)
        for table in page.tables {
            findings += tableFindings(page.slug, table, document: document)
        }
        findings += changeLogFindings(page, document: document, versionDate: versionDate)
        return findings
    }

    // MARK: - Quotes

    package static func quoteFindings(_ page: SourceExpectations.Page, document: PageDocument) -> [SourceFinding] {
        // Each passage normalised once; table rows count as text too (a quote may be a cell).
        var passages = document.passages.map { (anchors: $0.anchors, text: SourceText.normalised($0.text)) }
        for table in document.tables {
            for row in [table.header] + table.rows where !row.isEmpty {
                passages.append((table.anchors, SourceText.normalised(row.joined(separator: " "))))
            }
        }
        let whole = passages.map(\.text).joined(separator: " ")
        var findings: [SourceFinding] = []
        for quote in page.quotes {
            let needle = SourceText.normalised(quote.text)
            guard !needle.isEmpty else { continue }
            let section = passages.filter { quote.anchor == nil || $0.anchors.contains(quote.anchor!) }
            if section.map(\.text).joined(separator: " ").contains(needle) { continue }
            if whole.contains(needle) {
                let found = passages.first { $0.text.contains(needle) }?.anchors.last
                findings.append(
                    SourceFinding(
                        kind: .quoteMoved, page: page.slug, anchor: quote.anchor, records: [quote.record],
                        before: quote.text, after: found.map { "#\($0)" } ?? "elsewhere on the page",
                        message: "the quote is on the page, but not under #\(quote.anchor ?? "")"))
            } else {
                findings.append(
                    SourceFinding(
                        kind: .quoteMissing, page: page.slug, anchor: quote.anchor, records: [quote.record],
                        before: quote.text, after: nil,
                        message: "the quote is no longer verbatim on the page"))
            }
        }
        return findings
    }

    // MARK: - Tables

    /// The page's column for each expected column, by header; `nil` where none matches.
    package static func columnIndices(_ columns: [String], header: [String], keyColumns: Int = 1) -> [Int?] {
        let names = header.map { SourceText.normalised($0).lowercased() }
        return columns.map { column in
            let wanted = column.split(separator: "|").map { $0.lowercased() }
            return names.indices.dropFirst(keyColumns).first { index in wanted.contains { names[index].hasPrefix($0) } }
        }
    }

    package static func tableFindings(_ slug: String, _ table: SourceExpectations.Table, document: PageDocument)
        -> [SourceFinding]
    {
        let wantedTab = table.tab.map { SourceText.normalised($0) }
        let underAnchor = document.tables.filter { table.anchor == nil || $0.anchors.contains(table.anchor!) }
        var candidates = underAnchor.filter {
            wantedTab == nil || $0.tab.map { SourceText.normalised($0) } == wantedTab
        }
        // A renamed tab is not a missing table: with no tab of the name, every table under the
        // anchor is a candidate, and the rows decide.
        if candidates.isEmpty { candidates = underAnchor }
        // Several tables can sit under one anchor and tab (iOS and watchOS Dynamic Type both
        // have an xSmall tab): take the one with most rows matching outright, then most keys.
        var best: (table: PageDocument.Table, exact: Int, keys: Int)?
        for candidate in candidates {
            let indices = columnIndices(table.columns, header: candidate.header, keyColumns: table.keyColumns)
            let pageKeys = keys(of: candidate, keyColumns: table.keyColumns)
            var exact = 0
            var keyed = 0
            for row in table.rows {
                guard let cells = pageRow(row.key, in: candidate, keys: pageKeys) else { continue }
                keyed += 1
                if mismatches(row, cells: cells, indices: indices).isEmpty { exact += 1 }
            }
            if keyed > 0, best == nil || (exact, keyed) > (best!.exact, best!.keys) {
                best = (candidate, exact, keyed)
            }
        }
        var findings: [SourceFinding] = []
        guard let matched = best?.table else {
            for row in table.rows {
                findings.append(
                    SourceFinding(
                        kind: .rowMissing, page: slug, anchor: table.anchor, tab: table.tab, records: row.records,
                        before: describe(row, table), after: nil,
                        message: "no \(table.name) table under #\(table.anchor ?? "") has a row \(row.key)"))
            }
            return findings
        }
        let indices = columnIndices(table.columns, header: matched.header, keyColumns: table.keyColumns)
        let pageKeys = keys(of: matched, keyColumns: table.keyColumns)
        for row in table.rows {
            guard let cells = pageRow(row.key, in: matched, keys: pageKeys) else {
                findings.append(
                    SourceFinding(
                        kind: .rowMissing, page: slug, anchor: table.anchor, tab: table.tab, records: row.records,
                        before: describe(row, table), after: nil,
                        message: "the \(table.name) table no longer has a row \(row.key)"))
                continue
            }
            for column in mismatches(row, cells: cells, indices: indices) {
                let after = indices[column].flatMap { $0 < cells.count ? cells[$0] : nil }
                findings.append(
                    SourceFinding(
                        kind: .valueChanged, page: slug, anchor: table.anchor, tab: table.tab, records: row.records,
                        before: "\(row.key): \(header(table.columns[column])) \(row.cells[column] ?? "")",
                        after: "\(row.key): \(header(table.columns[column])) \(after ?? "(no such column)")",
                        message: "the \(table.name) row \(row.key) has a changed \(header(table.columns[column])) cell"
                    ))
            }
        }
        let known = Set(table.rows.map { SourceText.key($0.key) })
        for (index, row) in matched.rows.enumerated() where !row.isEmpty && !known.contains(pageKeys[index]) {
            findings.append(
                SourceFinding(
                    kind: .rowNew, page: slug, anchor: table.anchor, tab: table.tab, records: [], before: nil,
                    after: row.joined(separator: " | "),
                    message: "the \(table.name) table has a row the store does not: \(row[0])"))
        }
        return findings
    }

    package static func header(_ column: String) -> String {
        String(column.prefix { $0 != "|" })
    }

    /// The key of each of `table`'s rows, as ``SourceText/key(_:)`` reads it: its first
    /// `keyColumns` cells joined by ``SourceExpectations/keySeparator``. A blank first cell
    /// continues the row above (Apple leaves the screen size blank on an iPadOS widget row's
    /// second target).
    package static func keys(of table: PageDocument.Table, keyColumns: Int) -> [String] {
        var above = ""
        return table.rows.map { row in
            var parts = Array(row.prefix(keyColumns))
            if keyColumns > 1, let first = parts.first {
                if SourceText.normalised(first).isEmpty { parts[0] = above } else { above = first }
            }
            return SourceText.key(parts.joined(separator: SourceExpectations.keySeparator))
        }
    }

    package static func pageRow(_ key: String, in table: PageDocument.Table, keys: [String]) -> [String]? {
        let wanted = SourceText.key(key)
        return keys.firstIndex(of: wanted).map { table.rows[$0] }
    }

    /// The expected columns whose cell differs on the page.
    package static func mismatches(_ row: SourceExpectations.Row, cells: [String], indices: [Int?]) -> [Int] {
        row.cells.indices.filter { column in
            guard let expected = row.cells[column] else { return false }
            guard let index = indices[column], index < cells.count else { return true }
            return !SourceText.sameCell(cells[index], expected)
        }
    }

    package static func describe(_ row: SourceExpectations.Row, _ table: SourceExpectations.Table) -> String {
        ([row.key]
            + row.cells.indices.compactMap { column in
                row.cells[column].map { "\(header(table.columns[column])) \($0)" }
            })
            .joined(separator: " | ")
    }

    // MARK: - Change log

    package static func changeLogFindings(_ page: SourceExpectations.Page, document: PageDocument, versionDate: String)
        -> [SourceFinding]
    {
        var findings: [SourceFinding] = []
        for table in document.tables where table.anchors.contains(where: { $0.lowercased() == "change-log" }) {
            for row in table.rows where row.count >= 2 {
                guard let iso = ChangeLogDate.iso(SourceText.normalised(row[0])),
                    ChangeLogDate.isAfter(iso, versionDate: versionDate)
                else { continue }
                findings.append(
                    SourceFinding(
                        kind: .newChangeLogEntry, page: page.slug, anchor: "Change-log", records: [], before: nil,
                        after: "\(row[0]): \(row[1])",
                        message: "the change log has an entry dated \(iso), after the store's version (\(versionDate))")
                )
            }
        }
        return findings
    }
}
