import JSON
import SpecStore

extension SourceExpectations {
    /// Where one record sits in one of Apple's tables: the table, the row's key cells and the
    /// cells it fills. Records that fill different cells of one row (a widget family each, a
    /// default and a minimum control size) are merged into that row.
    package struct Placement: Sendable, Equatable {
        /// What the table is, for the report (`ios widget dimensions`, `SF Pro tracking`).
        package var name: String
        /// The tab it sits in, for tables inside a tab navigator.
        package var tab: String? = nil
        /// The header of each compared column (see ``Table/columns``).
        package var columns: [String]
        /// How many leading cells make the row's key (the iPadOS widget table keys a row by
        /// screen size and target).
        package var keyColumns: Int = 1
        /// The key cells, joined by ``keySeparator``.
        package var key: String
        /// The store's text for each column; `nil` where this record fills no cell.
        package var cells: [String?]
        /// Which side of a `WxH` cell the record's one cell is (0 the width, 1 the height), when
        /// the store keeps the two sides as two records; `nil` for a whole cell.
        package var side: Int? = nil
    }

    /// Joins the key cells of a row whose key spans several columns.
    package static let keySeparator = " | "

    /// The table and cells `row` fills on its first cited page, for the tables the watch
    /// compares cell by cell: Layout's iOS and iPadOS screen dimensions, size classes and watchOS
    /// screen dimensions; Typography's Dynamic Type (one tab per size), fixed text styles and
    /// tracking values (one tab per platform); the Widgets page's iOS, iPadOS, watchOS and visionOS
    /// dimensions; App icons' platform table; Accessibility's control sizes; and Layout's tvOS
    /// grids (one tab per grid); the Live Activities page's tables. Any other record, `nil`.
    package static func placement(of row: JSONValue) -> Placement? {
        let id = row["id"]?.stringValue ?? ""
        let platform = row["platform"]?.stringValue ?? row["platforms"]?.arrayValue?.first?.stringValue ?? ""
        if id.hasPrefix("device.") { return devicePlacement(row) }
        // The API serves one size-class row per orientation; each fills its column of Apple's row.
        if id.hasPrefix("size-class."), let key = row["device"]?.stringValue,
            let column = ["portrait", "landscape"].firstIndex(where: { $0 == row["orientation"]?.stringValue })
        {
            return Placement(
                name: "size classes", columns: ["Portrait", "Landscape"], key: key,
                cells: cell(sizeClassCell(row), at: column, of: 2))
        }
        if id.hasPrefix("type."), let tab = row["categoryLabel"]?.stringValue, let key = row["label"]?.stringValue {
            return Placement(
                name: "\(platform) dynamic type", tab: tab,
                columns: ["Weight", "Size", "Leading|Line height", "Emphasized weight"], key: key, cells: typeCells(row)
            )
        }
        if id.hasPrefix("text-style."), let key = row["label"]?.stringValue {
            return Placement(
                name: "\(platform) text styles",
                columns: ["Weight", "Size", "Line height|Leading", "Emphasized weight"],
                key: key, cells: typeCells(row))
        }
        if id.hasPrefix("tracking.") { return trackingPlacement(row, platform: platform) }
        if id.hasPrefix("widget.") { return widgetPlacement(row, platform: platform) }
        if id.hasPrefix("metric.") { return metricPlacement(row, id: id) }
        return nil
    }

    /// iOS and iPadOS screens by model (Apple's cell as published), watches by series and case size.
    package static func devicePlacement(_ row: JSONValue) -> Placement? {
        if let published = row["asPublished"]?.stringValue, let key = row["name"]?.stringValue {
            return Placement(name: "screen dimensions", columns: ["Dimensions"], key: key, cells: [published])
        }
        // Apple's watch table names a series ("10, 11") where the store names the watch; the
        // record's notes keep Apple's cell.
        guard row["family"]?.stringValue == "watch", let size = row["caseSize"]?.stringValue,
            let series = quoted(after: "series '", in: row["notes"]?.stringValue ?? "")
        else { return nil }
        return Placement(
            name: "watchOS screen dimensions", columns: ["Width", "Height"], keyColumns: 2,
            key: series + keySeparator + size,
            cells: [number(row["pixels"]?["width"]), number(row["pixels"]?["height"])])
    }

    /// Tracking values sit in one tab per platform, one table per font.
    package static func trackingPlacement(_ row: JSONValue, platform: String) -> Placement? {
        guard let font = row["font"]?.stringValue, let size = number(row["size"]) else { return nil }
        let tabs = ["ios": "iOS, iPadOS, visionOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS"]
        return Placement(
            name: "\(font) tracking", tab: tabs[platform] ?? platform,
            columns: ["Tracking (1/1000 em)", "Tracking (points)"], key: size,
            cells: [row["asPublished"]?["trackingEm"]?.stringValue, row["asPublished"]?["trackingPt"]?.stringValue])
    }

    /// The Widgets page's tables: iOS by screen with a column per family, iPadOS by screen and
    /// target (canvas or device), watchOS by case size, visionOS by family.
    package static func widgetPlacement(_ row: JSONValue, platform: String) -> Placement? {
        let size = dimensions(row["width"], row["height"])
        let family = row["family"]?.stringValue
        let screen = dimensions(row["screen"]?["width"], row["screen"]?["height"])
        switch platform {
        case "ios":
            let columns = ["Small", "Medium", "Large", "Circular", "Rectangular", "Inline"]
            let families = [
                "systemSmall", "systemMedium", "systemLarge", "accessoryCircular", "accessoryRectangular",
                "accessoryInline",
            ]
            guard let screen, let column = families.firstIndex(where: { $0 == family }) else { return nil }
            return Placement(
                name: "ios widget dimensions", columns: columns, key: screen, cells: cell(size, at: column, of: 6))
        case "ipados":
            let families = ["systemSmall", "systemMedium", "systemLarge", "systemExtraLarge"]
            guard let screen, let column = families.firstIndex(where: { $0 == family }),
                let variant = row["variant"]?.stringValue, let initial = variant.first
            else { return nil }
            return Placement(
                name: "ipados widget dimensions", columns: ["Small", "Medium", "Large", "Extra large"], keyColumns: 2,
                key: screen + keySeparator + initial.uppercased() + variant.dropFirst(),
                cells: cell(size, at: column, of: 4))
        case "watchos":
            guard let caseSize = row["caseSize"]?.stringValue else { return nil }
            return Placement(name: "watchos widget dimensions", columns: ["Size"], key: caseSize, cells: [size])
        case "visionos":
            let labels = [
                "systemSmall": "Small", "systemMedium": "Medium", "systemLarge": "Large",
                "systemExtraLarge": "Extra large", "systemExtraLargePortrait": "Extra large portrait",
            ]
            guard let key = family.flatMap({ labels[$0] }) else { return nil }
            return Placement(
                name: "visionos widget dimensions", columns: ["Size in pt", "Size in mm"], key: key,
                cells: [size, dimensions(row["sizeMm"]?["width"], row["sizeMm"]?["height"])])
        default: return nil
        }
    }

    /// App icons' platform table, Accessibility's control sizes, and Layout's tvOS grids.
    package static func metricPlacement(_ row: JSONValue, id: String) -> Placement? {
        let name = row["name"]?.stringValue ?? ""
        let size = dimensions(row["width"], row["height"])
        if id.hasPrefix("metric.app-icons."), id.hasSuffix(".layout-size"), let platforms = parenthesis(in: name) {
            return Placement(
                name: "app icon specifications", columns: ["Layout size"], key: platforms,
                cells: [size.map { "\($0) px" }])
        }
        if id.hasPrefix("metric.controls."), let platforms = parenthesis(in: name),
            let column = ["default", "minimum"].firstIndex(where: { $0 == row["bound"]?.stringValue })
        {
            return Placement(
                name: "control sizes", columns: ["Default control size", "Minimum control size"], key: platforms,
                cells: cell(size.map { "\($0) pt" }, at: column, of: 2))
        }
        if id.hasPrefix("metric.live-activities.") { return liveActivityPlacement(row, id: id) }
        if id.hasPrefix("metric.layout.tvos.grid-"), let colon = name.firstRange(of: ": "),
            let value = number(row["value"])
        {
            let attribute = name[colon.upperBound...]
            guard let initial = attribute.first else { return nil }
            return Placement(
                name: "tvOS grid", tab: String(name[..<colon.lowerBound]), columns: ["Value"],
                key: initial.uppercased() + attribute.dropFirst(), cells: ["\(value) pt"])
        }
        return nil
    }

    /// The Live Activities page's tables: iOS and iPadOS dimensions by screen (a cell per
    /// presentation, its width and height two records), Dynamic Island widths by presentation and
    /// device, the watchOS Smart Stack size by case size, and CarPlay's: its Live Activity sizes
    /// (a table of sizes alone, each row its own key, so a changed size reads as a missing and a
    /// new row) and the simulator's configurations by name.
    package static func liveActivityPlacement(_ row: JSONValue, id: String) -> Placement? {
        let parts = id.split(separator: ".").map(String.init)
        let size = dimensions(row["width"], row["height"])
        if parts.count == 4, parts[2] == "carplay", let size {
            let name = row["name"]?.stringValue ?? ""
            if parts[3].hasPrefix("simulator-"), let colon = name.firstRange(of: ": ") {
                return Placement(
                    name: "carplay simulator configurations", columns: ["Resolution"],
                    key: String(name[colon.upperBound...]), cells: [size])
            }
            return Placement(name: "carplay live activity size", columns: [], key: size, cells: [])
        }
        guard parts.count >= 5 else { return nil }
        let value = number(row["value"]) ?? range(row["min"], row["max"])
        if parts[2] == "watchos", parts[4] == "smart-stack-size" {
            return Placement(name: "watchos live activity size", columns: ["Size"], key: parts[3], cells: [size])
        }
        if parts[2] == "ios", parts[3] == "dynamic-island", parts.count == 6, let value {
            let presentations = ["compact-or-minimal-width": "Compact or minimal", "expanded-width": "Expanded"]
            guard let presentation = presentations[parts[5]],
                let device = parenthesis(in: row["name"]?.stringValue ?? "")
            else { return nil }
            return Placement(
                name: "dynamic island width", columns: ["Width"], keyColumns: 2,
                key: presentation + keySeparator + device, cells: [value])
        }
        guard parts[2] == "ios" || parts[2] == "ipados", parts[3].contains("x") else { return nil }
        let columns = ["Compact leading", "Compact trailing", "Minimal", "Expanded", "Lock Screen"]
        let names = ["compact-leading", "compact-trailing", "minimal", "expanded", "lock-screen"]
        let presentation = parts[4].replacing("-width", with: "").replacing("-height", with: "")
        guard let column = names.firstIndex(of: presentation) else { return nil }
        let side = parts[4].hasSuffix("-width") ? 0 : parts[4].hasSuffix("-height") ? 1 : nil
        guard let text = side == nil ? size : value else { return nil }
        if parts[2] == "ipados" {
            guard presentation == "lock-screen" else { return nil }
            return Placement(
                name: "ipados live activity dimensions", columns: ["Lock Screen"], key: parts[3], cells: [text],
                side: side)
        }
        return Placement(
            name: "ios live activity dimensions", columns: columns, key: parts[3], cells: cell(text, at: column, of: 5),
            side: side)
    }

    /// `min`–`max` with Apple's en dash (`84–160`).
    package static func range(_ low: JSONValue?, _ high: JSONValue?) -> String? {
        guard let low = number(low), let high = number(high) else { return nil }
        return "\(low)\u{2013}\(high)"
    }

    /// `width`x`height` as Apple prints a size (`170x170`, `305.5x141`).
    package static func dimensions(_ width: JSONValue?, _ height: JSONValue?) -> String? {
        guard let width = number(width), let height = number(height) else { return nil }
        return "\(width)x\(height)"
    }

    /// `count` cells, all `nil` but `value` at `index`.
    package static func cell(_ value: String?, at index: Int, of count: Int) -> [String?] {
        var cells = [String?](repeating: nil, count: count)
        cells[index] = value
        return cells
    }

    /// The text inside the last parentheses of `text`: `iOS, iPadOS` in `Default control size (iOS, iPadOS)`.
    package static func parenthesis(in text: String) -> String? {
        guard let open = text.lastIndex(of: "("), let close = text.lastIndex(of: ")"), open < close else { return nil }
        let inside = text[text.index(after: open)..<close]
        return inside.isEmpty ? nil : String(inside)
    }

    /// The text between `prefix` and the next `'` in `text`.
    package static func quoted(after prefix: String, in text: String) -> String? {
        guard let start = text.firstRange(of: prefix)?.upperBound,
            let end = text[start...].firstIndex(of: "'")
        else { return nil }
        return String(text[start..<end])
    }

    /// `Regular width, compact height`, as Apple's size-class cells read.
    package static func sizeClassCell(_ value: JSONValue) -> String? {
        guard let horizontal = value["horizontal"]?.stringValue, let vertical = value["vertical"]?.stringValue,
            let initial = horizontal.first
        else { return nil }
        return "\(initial.uppercased())\(horizontal.dropFirst()) width, \(vertical) height"
    }

    package static func typeCells(_ row: JSONValue) -> [String?] {
        [
            row["weight"]?.stringValue, number(row["size"]), number(row["leading"]),
            row["emphasizedWeight"]?.stringValue,
        ]
    }

    package static func number(_ value: JSONValue?) -> String? {
        guard let value, value.doubleValue != nil else { return nil }
        return value.serialized()
    }
}
