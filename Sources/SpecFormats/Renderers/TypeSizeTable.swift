/// Dynamic Type set out as Apple sets it out: for each platform, the text styles down and the
/// categories across, each cell the style's size and leading in that category (`17/22`), with
/// the platform's status and citation said once above its table.
///
/// The page of `/v1/dynamic-type` shows this instead of one row per style and category (222
/// rows), which a reader would have to page through to compare two categories.
package enum TypeSizeTable {
    /// The tables for every platform in `table`, each under a heading with an anchor, and a line of
    /// links to them.
    package static func html(_ table: FlatTable) -> String {
        var platforms: [String] = []
        var rowsByPlatform: [String: [FlatTable.Row]] = [:]
        for row in table.rows {
            let platform = table.cell(row, "platform") ?? ""
            if rowsByPlatform[platform] == nil { platforms.append(platform) }
            rowsByPlatform[platform, default: []].append(row)
        }
        var html = ""
        if platforms.count > 1 {
            let links = platforms.map { "<a href=\"#type-\(anchor($0))\">\(HTMLRenderer.escape(name($0, table)))</a>" }
            html +=
                "<nav class=\"hig-jump\" aria-label=\"Platforms\">Jump to: " + links.joined(separator: " · ")
                + "</nav>\n"
        }
        for platform in platforms {
            html += section(platform, rows: rowsByPlatform[platform] ?? [], table: table)
        }
        return html
    }

    /// `iOS and iPadOS` for rows whose `platforms` list both.
    package static func name(_ platform: String, _ table: FlatTable) -> String {
        let row = table.rows.first { table.cell($0, "platform") == platform }
        let all = row.flatMap { table.cell($0, "platforms") }?.split(separator: "; ").map(String.init) ?? [platform]
        let names = all.map(HTMLRenderer.platformName)
        return names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.first ?? ""
    }

    /// A category's name without Apple's parenthesis (`xLarge (default 44mm/45mm/49mm)` → `xLarge`).
    package static func short(_ label: String) -> String {
        label.split(separator: " (", maxSplits: 1).first.map(String.init) ?? label
    }

    package static func anchor(_ platform: String) -> String {
        String(platform.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }

    private static func section(_ platform: String, rows: [FlatTable.Row], table: FlatTable) -> String {
        var categories: [(key: String, label: String, isDefault: Bool)] = []
        var styles: [(key: String, label: String)] = []
        var cells: [String: String] = [:]
        var weights: [String: Set<String>] = [:]
        for row in rows {
            guard let category = table.cell(row, "category"), let style = table.cell(row, "style") else { continue }
            if !categories.contains(where: { $0.key == category }) {
                categories.append(
                    (category, table.cell(row, "categoryLabel") ?? category, table.cell(row, "isDefault") == "true"))
            }
            if !styles.contains(where: { $0.key == style }) {
                styles.append((style, table.cell(row, "label") ?? style))
            }
            let size = table.cell(row, "size") ?? ""
            cells[style + "\u{0}" + category] = table.cell(row, "leading").map { size + "/" + $0 } ?? size
            if let weight = table.cell(row, "weight") { weights[style, default: []].insert(weight) }
        }
        let showsWeight = styles.allSatisfy { (weights[$0.key]?.count ?? 0) == 1 }
        let title = name(platform, table)
        let id = "type-" + anchor(platform)
        var html = "<section aria-labelledby=\"\(id)\">\n<h2 id=\"\(id)\">\(HTMLRenderer.escape(title))</h2>\n"
        if let first = rows.first {
            html += "<p class=\"hig-pivot-source\">\(HTMLRenderer.sourceContent(table, first, folded: true))</p>\n"
        }
        html += "<p class=\"hig-constant\">Size/leading in points: each text style down, each category across.</p>\n"
        html += "<div class=\"hig-scroll\" role=\"region\" aria-labelledby=\"\(id)-caption\" tabindex=\"0\">\n"
        html += "<table class=\"hig-table hig-reflow hig-pivot\">\n"
        html +=
            "<caption id=\"\(id)-caption\" class=\"visually-hidden\">Dynamic Type sizes on \(HTMLRenderer.escape(title)): size/leading in points, "
            + "each text style down, each category across.</caption>\n"
        html += "<thead><tr><th scope=\"col\">Style</th>"
        if showsWeight { html += "<th scope=\"col\">Weight</th>" }
        for category in categories {
            let mark = category.isDefault ? " (default)" : ""
            html += "<th scope=\"col\" class=\"hig-num\">\(HTMLRenderer.escape(short(category.label) + mark))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for style in styles {
            html += "<tr><th scope=\"row\" class=\"hig-name\">\(HTMLRenderer.escape(style.label))</th>"
            if showsWeight {
                html += "<td data-label=\"Weight\">\(HTMLRenderer.escape(weights[style.key]?.first ?? ""))</td>"
            }
            for category in categories {
                let value = cells[style.key + "\u{0}" + category.key] ?? ""
                let label = HTMLRenderer.escape(short(category.label) + (category.isDefault ? " (default)" : ""))
                html += "<td class=\"hig-num hig-figure\" data-label=\"\(label)\">\(HTMLRenderer.escape(value))</td>"
            }
            html += "</tr>\n"
        }
        html += "</tbody>\n</table>\n</div>\n"
        // Where Apple's name for a category says more than its key (which watch sizes take it
        // as their default), the name follows the table.
        let named = categories.filter { $0.label != short($0.label) && $0.label != short($0.label) + " (default)" }
        if !named.isEmpty {
            html +=
                "<p class=\"hig-constant\">As Apple names them: "
                + named.map { "\(HTMLRenderer.escape(short($0.label))) is “\(HTMLRenderer.escape($0.label))”" }.joined(
                    separator: "; ") + ".</p>\n"
        }
        html += "</section>\n"
        return html
    }
}
