import JSON
import SpecStore

/// A device's screen drawn to scale (one SVG unit is one point) with the widget sizes Apple
/// publishes for that screen laid on it, each labelled with its family and size, so the picture
/// reads without colour. The widgets are packed in rows to compare their sizes with the screen;
/// their places are not home-screen positions, and the drawing says so.
package enum DeviceFigure {
    /// The SVG element; `standalone` adds the XML namespace declaration's companions a file
    /// needs on its own (a style for text and lines, which a page otherwise gives).
    package static func svg(_ device: JSONValue, standalone: Bool = false) -> String {
        let name = device["name"]?.stringValue ?? device["id"]?.stringValue ?? "Device"
        let (width, height, unit) = screenSize(device)
        let widgets = drawnWidgets(device)
        // Drawn at most 420 px wide; the labels at least 12 px on the page, whatever the scale.
        let scale = min(0.75, 420 / (width * 1.12))
        let labelSize = max(max(width, height) / 48, 12 / scale)
        let pad = max(max(width, height) * 0.06, labelSize * 1.5)
        let viewWidth = width + 2 * pad
        let viewHeight = height + 2 * pad
        let shownWidth = viewWidth * scale
        let title = "\(name) screen, \(number(width)) × \(number(height)) \(unit), drawn to scale"
        var svg =
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(number(viewWidth)) \(number(viewHeight))\" width=\"\(number(shownWidth))\" role=\"img\" aria-labelledby=\"device-title device-desc\">"
        svg += "<title id=\"device-title\">\(HTMLRenderer.escape(title))</title>"
        svg += "<desc id=\"device-desc\">\(HTMLRenderer.escape(description(device, widgets: widgets)))</desc>"
        if standalone {
            svg +=
                "<style>svg{color:#1d1d1f;background:#fff}text{fill:currentColor;font-family:-apple-system,system-ui,sans-serif}@media (prefers-color-scheme:dark){svg{color:#f2f2f7;background:#161618}}</style>"
        }
        let radius = min(width, height) * 0.08
        svg +=
            "<rect x=\"\(number(pad))\" y=\"\(number(pad))\" width=\"\(number(width))\" height=\"\(number(height))\" rx=\"\(number(radius))\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"\(number(labelSize / 4))\"/>"
        svg +=
            "<text x=\"\(number(pad + width / 2))\" y=\"\(number(pad * 0.7))\" text-anchor=\"middle\" font-size=\"\(number(labelSize))\">\(number(width)) \(unit) wide</text>"
        svg +=
            "<text transform=\"translate(\(number(pad * 0.6)) \(number(pad + height / 2))) rotate(-90)\" text-anchor=\"middle\" font-size=\"\(number(labelSize))\">\(number(height)) \(unit) tall</text>"
        for placed in layout(widgets, width: width, height: height, gap: labelSize / 2) {
            // A label wider than its box is set smaller until it fits.
            var label = placed.widget.label
            if Double(label.count) * 0.62 * labelSize > placed.widget.width, label.hasPrefix("Accessory ") {
                // "Circular" fits a 76 pt box where "Accessory circular" cannot; the description
                // and the table keep the whole name.
                label = String(label.dropFirst("Accessory ".count)).capitalizedFirst
            }
            let longest = Double(max(label.count, sizeLabel(placed.widget).count))
            // And lower until it fits the box's height too (a baseline at 1.3 font sizes, its
            // descenders below): an accessory-inline box is one line of text tall.
            let fontSize = min(
                labelSize, (placed.widget.width - labelSize * 0.6) / (longest * 0.62), placed.widget.height / 1.7)
            let x = pad + placed.x
            let y = pad + placed.y
            svg +=
                "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(placed.widget.width))\" height=\"\(number(placed.widget.height))\" rx=\"\(number(labelSize))\" fill=\"currentColor\" fill-opacity=\"0.08\" stroke=\"currentColor\" stroke-dasharray=\"\(number(labelSize / 2))\" stroke-width=\"\(number(labelSize / 6))\"/>"
            svg +=
                "<text x=\"\(number(x + labelSize * 0.3))\" y=\"\(number(y + fontSize * 1.3))\" font-size=\"\(number(fontSize))\" font-weight=\"600\">\(HTMLRenderer.escape(label))</text>"
            if placed.widget.height >= fontSize * 2.8 {
                svg +=
                    "<text x=\"\(number(x + labelSize * 0.3))\" y=\"\(number(y + fontSize * 2.5))\" font-size=\"\(number(fontSize))\">\(sizeLabel(placed.widget))</text>"
            }
        }
        return svg + "</svg>"
    }

    /// A sentence under the drawing.
    package static func caption(_ device: JSONValue) -> String {
        let widgets = drawnWidgets(device)
        let (width, height, unit) = screenSize(device)
        var text = "The screen, \(number(width)) × \(number(height)) \(unit), to scale."
        if widgets.isEmpty, unit != "pt", !(device["widgets"]?["items"]?.arrayValue ?? []).isEmpty {
            text += " Apple gives this screen in pixels and its widget sizes in points, so they are not drawn on it."
        } else if widgets.isEmpty {
            text += " Apple publishes no widget sizes for this screen, so none are drawn."
        } else {
            let (width, height, _) = screenSize(device)
            let drawn = layout(widgets, width: width, height: height, gap: max(width, height) / 96).count
            text +=
                " Dashed boxes: \(drawn == widgets.count ? "the \(drawn)" : "\(drawn) of the \(widgets.count)") widget sizes Apple publishes for it, packed in rows to compare with the screen (not where the home screen puts them)."
        }
        return text
    }

    package static func sizeLabel(_ widget: Widget) -> String {
        "\(number(widget.width))×\(number(widget.height)) pt"
    }

    package struct Widget: Equatable {
        package var label: String
        package var width: Double
        package var height: Double
    }

    /// The screen in points, or in pixels for a watch (Apple gives no points for watches).
    package static func screenSize(_ device: JSONValue) -> (Double, Double, String) {
        if let points = device["points"], let width = points["width"]?.doubleValue,
            let height = points["height"]?.doubleValue
        {
            return (width, height, "pt")
        }
        let pixels = device["pixels"]
        return (pixels?["width"]?.doubleValue ?? 0, pixels?["height"]?.doubleValue ?? 0, "px")
    }

    /// One box per widget family (the first variant Apple lists), in Apple's order.
    package static func drawnWidgets(_ device: JSONValue) -> [Widget] {
        guard screenSize(device).2 == "pt" else { return [] }
        var seen = Set<String>()
        var widgets: [Widget] = []
        for item in device["widgets"]?["items"]?.arrayValue ?? [] {
            guard let family = item["family"]?.stringValue, let width = item["width"]?.doubleValue,
                let height = item["height"]?.doubleValue, seen.insert(family).inserted
            else { continue }
            widgets.append(Widget(label: familyName(family), width: width, height: height))
        }
        return widgets
    }

    /// `systemSmall` → `Small`, `accessoryRectangular` → `Accessory rectangular`.
    package static func familyName(_ family: String) -> String {
        var name = family.hasPrefix("system") ? String(family.dropFirst(6)) : family
        var words: [String] = []
        var word = ""
        for character in name {
            if character.isUppercase, !word.isEmpty {
                words.append(word)
                word = ""
            }
            word.append(character)
        }
        if !word.isEmpty { words.append(word) }
        name = words.map { $0.lowercased() }.joined(separator: " ")
        return name.capitalizedFirst
    }

    /// Shelves of boxes from the top left, a gap apart: each box goes on the first shelf with
    /// room for it, else on a new shelf below; a box that fits nowhere is left out.
    package static func layout(_ widgets: [Widget], width: Double, height: Double, gap: Double) -> [(
        widget: Widget, x: Double, y: Double
    )] {
        var placed: [(widget: Widget, x: Double, y: Double)] = []
        var shelves: [(y: Double, height: Double, next: Double)] = []
        for widget in widgets {
            if let index = shelves.firstIndex(where: {
                $0.next + widget.width + gap <= width && widget.height <= $0.height
            }) {
                placed.append((widget, shelves[index].next, shelves[index].y))
                shelves[index].next += widget.width + gap
                continue
            }
            let y = shelves.last.map { $0.y + $0.height + gap } ?? gap
            guard gap + widget.width + gap <= width, y + widget.height + gap <= height else { continue }
            shelves.append((y, widget.height, gap + widget.width + gap))
            placed.append((widget, gap, y))
        }
        return placed
    }

    package static func description(_ device: JSONValue, widgets: [Widget]) -> String {
        guard !widgets.isEmpty else { return "No widget sizes are published for this screen." }
        return "Widget sizes laid on the screen: "
            + widgets.map { "\($0.label) \(number($0.width)) by \(number($0.height)) pt" }.joined(separator: "; ") + "."
    }

    /// A number as short as it can be written: `402`, `20.5`.
    package static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
        return String((value * 10).rounded() / 10)
    }
}
