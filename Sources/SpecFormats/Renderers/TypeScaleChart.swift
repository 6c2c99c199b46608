/// The Dynamic Type scale as a picture: for one platform, each text style's size (pt) across the
/// categories, one line per style. Lines differ by colour and by dash pattern, and carry their
/// style's name at the end of the line, tied to it by a leader, so the chart reads without colour
/// too; on a phone, where the names would be off to the right, a legend under the chart pairs each
/// line's colour and dash with its style. Its title and description say the same for a screen
/// reader, and the table below it has every figure.
package enum TypeScaleChart {
    package struct Series: Equatable {
        package var style: String
        package var sizes: [Double?]
    }

    /// One figure per platform in the table that has at least two categories to compare.
    package static func figures(_ table: FlatTable) -> String {
        var platforms: [String] = []
        for row in table.rows {
            if let platform = table.cell(row, "platform"), !platforms.contains(platform) { platforms.append(platform) }
        }
        var html = ""
        for (index, platform) in platforms.enumerated() {
            let (categories, series) = data(table, platform: platform)
            guard categories.count >= 2, !series.isEmpty else { continue }
            // The chart keeps a legible size on a phone and scrolls sideways in its own box.
            let label = "Dynamic Type scale on \(platformName(platform)), scrolls sideways"
            html += "<figure>\n<div class=\"hig-chart\" role=\"region\" tabindex=\"0\" aria-label=\""
            html += HTMLRenderer.escape(label) + "\">"
            html += svg(platform: platform, categories: categories, series: series, index: index) + "</div>"
            html += legend(series)
            html += "\n<figcaption>Size of each text style (pt) across the Dynamic Type categories on "
            html += HTMLRenderer.escape(platformName(platform))
            html +=
                ", from Apple's table below. Each line is a style, named at its end."
                + "</figcaption>\n</figure>\n"
        }
        return html
    }

    /// The categories in the table's order and one series per style.
    package static func data(_ table: FlatTable, platform: String) -> ([String], [Series]) {
        var categories: [String] = []
        var styles: [String] = []
        var sizes: [String: [String: Double]] = [:]
        for row in table.rows where table.cell(row, "platform") == platform {
            // A short name on the axis (`Small`, not `Small (default 38mm)`), so the rotated
            // labels neither collide nor run off the chart; the table below names them in full.
            guard let name = table.cell(row, "categoryLabel") ?? table.cell(row, "category"),
                let style = table.cell(row, "label") ?? table.cell(row, "style"),
                let size = table.cell(row, "size").flatMap(Double.init)
            else { continue }
            let category = name.hasSuffix(" (default)") ? name : TypeSizeTable.short(name)
            if !categories.contains(category) { categories.append(category) }
            if !styles.contains(style) { styles.append(style) }
            sizes[style, default: [:]][category] = size
        }
        return (categories, styles.map { style in Series(style: style, sizes: categories.map { sizes[style]?[$0] }) })
    }

    package static func platformName(_ platform: String) -> String {
        switch platform {
        case "ios": "iOS and iPadOS"
        case "watchos": "watchOS"
        default: platform
        }
    }

    /// How many colours the site's style sheet defines for lines (`hig-series-0`…).
    package static let colours = 6

    /// Each style's colour and dash beside its name, for a phone, where the names at the lines'
    /// ends are off to the right.
    package static func legend(_ series: [Series]) -> String {
        var html = "<ul class=\"hig-legend\" aria-hidden=\"true\">"
        for (number, item) in series.enumerated() {
            let dash = dashes[number % dashes.count]
            let dashAttribute = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
            html +=
                "<li><svg width=\"28\" height=\"10\" viewBox=\"0 0 28 10\"><line class=\"hig-series-\(number % colours)\" x1=\"0\" y1=\"5\" x2=\"28\" y2=\"5\" stroke=\"currentColor\" stroke-width=\"2\"\(dashAttribute)/></svg> \(HTMLRenderer.escape(item.style))</li>"
        }
        return html + "</ul>"
    }

    package static let dashes = [
        "", "6 3", "2 3", "10 3 2 3", "1 2", "8 2 2 2 2 2", "4 4", "12 4", "3 1", "6 2 1 2", "2 6",
    ]

    package static func svg(platform: String, categories: [String], series: [Series], index: Int) -> String {
        let left = 44.0
        let right = 150.0
        let top = 16.0
        let plotWidth = max(360.0, Double(categories.count) * 44)
        let plotHeight = 300.0
        let bottom = 96.0
        let width = left + plotWidth + right
        let height = top + plotHeight + bottom
        let maximum = series.flatMap { $0.sizes.compactMap { $0 } }.max() ?? 1
        let ceiling = (maximum / 10).rounded(.up) * 10
        func x(_ index: Int) -> Double {
            left + (categories.count == 1 ? plotWidth / 2 : plotWidth * Double(index) / Double(categories.count - 1))
        }
        func y(_ size: Double) -> Double { top + plotHeight * (1 - size / ceiling) }
        let n = DeviceFigure.number
        let id = "type-scale-\(index)"
        let title =
            "Dynamic Type sizes on \(platformName(platform)): \(series.count) text styles across \(categories.count) categories"
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" role=\"img\" aria-labelledby=\"\(id)-title \(id)-desc\">"
        svg += "<title id=\"\(id)-title\">\(HTMLRenderer.escape(title))</title>"
        let summary = series.map { item -> String in
            let values = item.sizes.compactMap { $0 }
            return "\(item.style) from \(n(values.first ?? 0)) to \(n(values.last ?? 0)) pt"
        }
        svg +=
            "<desc id=\"\(id)-desc\">\(HTMLRenderer.escape("From \(categories.first ?? "") to \(categories.last ?? ""): " + summary.joined(separator: "; ") + "."))</desc>"
        // Grid and axis: a line every 10 pt.
        var tick = 0.0
        while tick <= ceiling {
            svg +=
                "<line x1=\"\(n(left))\" x2=\"\(n(left + plotWidth))\" y1=\"\(n(y(tick)))\" y2=\"\(n(y(tick)))\" stroke=\"currentColor\" stroke-opacity=\"0.2\"/>"
            svg +=
                "<text x=\"\(n(left - 6))\" y=\"\(n(y(tick) + 4))\" text-anchor=\"end\" font-size=\"12\">\(n(tick))</text>"
            tick += 10
        }
        svg += "<text x=\"4\" y=\"\(n(top - 4))\" font-size=\"12\">pt</text>"
        for (index, category) in categories.enumerated() {
            svg +=
                "<text transform=\"translate(\(n(x(index) + 4)) \(n(top + plotHeight + 12))) rotate(40)\" font-size=\"12\">\(HTMLRenderer.escape(category))</text>"
        }
        // Lines, then labels pushed apart so none overlaps the next.
        var labels: [(y: Double, end: Double, text: String, x: Double, colour: Int)] = []
        for (number, item) in series.enumerated() {
            let points = item.sizes.enumerated().compactMap { index, size in size.map { "\(n(x(index))),\(n(y($0)))" } }
            let dash = dashes[number % dashes.count]
            let dashAttribute = dash.isEmpty ? "" : " stroke-dasharray=\"\(dash)\""
            svg +=
                "<polyline class=\"hig-series-\(number % colours)\" points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\"\(dashAttribute)/>"
            // A style with no size in the last categories (watchOS) is named where its line ends.
            if let end = item.sizes.lastIndex(where: { $0 != nil }), let last = item.sizes[end] {
                labels.append((y(last) + 4, y(last), "\(item.style) \(n(last))", x(end), number % colours))
            }
        }
        labels.sort { $0.y < $1.y }
        var floor = -Double.infinity
        for index in labels.indices {
            labels[index].y = max(labels[index].y, floor + 14)
            floor = labels[index].y
        }
        // A leader ties each name to the end of its line, wherever pushing apart moved it.
        for label in labels {
            svg +=
                "<polyline class=\"hig-series-\(label.colour)\" points=\"\(n(label.x + 2)),\(n(label.end)) \(n(left + plotWidth + 4)),\(n(label.end)) \(n(left + plotWidth + 16)),\(n(label.y - 4))\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.7\"/>"
            svg +=
                "<text x=\"\(n(left + plotWidth + 19))\" y=\"\(n(label.y))\" font-size=\"12\">\(HTMLRenderer.escape(label.text))</text>"
        }
        return svg + "</svg>"
    }
}
