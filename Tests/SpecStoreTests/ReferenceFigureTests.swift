import Foundation
import JSON
import Testing

// Every Apple-published figure in `Data/specs.json` is checked here, row by row, against the
// reference tables in `Fixtures/reference/`, and every reference row must be in the store. The
// tests read both files with Foundation only, so they stand apart from the SpecStore loader they
// guard: a loader bug cannot hide a data bug.

/// One JSON object as `JSONSerialization` returns it.
typealias JSONObject = [String: Any]

/// The repository's data file and reference fixtures, located from this source file.
enum ReferenceFiles {
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // SpecStoreTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures/reference")

    /// The whole data file, as schema version 1 has it: a version-2 file's collection defaults
    /// filled in and its citation sources resolved, here with Foundation alone (Docs/schema.md).
    static func spec() throws -> JSONObject {
        expandingVersion2(try object(at: repositoryRoot.appendingPathComponent("Data/specs.json")))
    }

    static func expandingVersion2(_ root: JSONObject) -> JSONObject {
        guard root["schemaVersion"] as? Int == 2 else { return root }
        let sources = root["sources"] as? [String: JSONObject] ?? [:]
        let defaults = root["defaults"] as? [String: JSONObject] ?? [:]
        func resolve(_ citations: Any?) -> Any? {
            guard let citations = citations as? [Any] else { return citations }
            return citations.map { citation -> Any in
                if let id = citation as? String { return sources[id] ?? [:] }
                guard var object = citation as? JSONObject, let id = object.removeValue(forKey: "source") as? String
                else { return citation }
                return (sources[id] ?? [:]).merging(object) { $1 }
            }
        }
        var expanded = root
        for (collection, value) in root {
            guard let records = value as? [JSONObject], collection != "versions" else { continue }
            expanded[collection] = records.map { record -> JSONObject in
                var record = (defaults[collection] ?? [:]).merging(record) { $1 }
                if record["citations"] != nil { record["citations"] = resolve(record["citations"]) }
                if let history = record["history"] as? [JSONObject] {
                    record["history"] = history.map { entry -> JSONObject in
                        var entry = entry
                        if var values = entry["values"] as? JSONObject, values["citations"] != nil {
                            values["citations"] = resolve(values["citations"])
                            entry["values"] = values
                        }
                        return entry
                    }
                }
                return record
            }
        }
        return expanded
    }

    /// The rows of one reference table, e.g. `screen-sizes.json`.
    static func rows(_ name: String) throws -> [JSONObject] {
        let table = try object(at: fixtures.appendingPathComponent(name))
        return try #require(table["rows"] as? [JSONObject], "\(name) has no rows")
    }

    private static func object(at url: URL) throws -> JSONObject {
        let data = try Data(contentsOf: url)
        return try #require(try JSONSerialization.jsonObject(with: data) as? JSONObject)
    }
}

extension JSONObject {
    /// The records of one collection of the data file.
    func records(_ collection: String) -> [JSONObject] {
        self[collection] as? [JSONObject] ?? []
    }

    func string(_ key: String) -> String? { self[key] as? String }

    func number(_ key: String) -> Double? { Self.number(self[key]) }

    func object(_ key: String) -> JSONObject? { self[key] as? JSONObject }

    func strings(_ key: String) -> [String] { self[key] as? [String] ?? [] }

    /// `{width, height}` of a nested object, or of the record itself.
    func size(_ key: String? = nil) -> Size? {
        let holder = key.map { object($0) } ?? self
        guard let holder, let width = holder.number("width"), let height = holder.number("height")
        else { return nil }
        return Size(width: width, height: height)
    }

    /// The values a record's `history` gives for versions before `until`.
    func historyValues(until version: String) -> JSONObject? {
        let history = self["history"] as? [JSONObject] ?? []
        return history.first { $0.string("until") == version }?.object("values")
    }

    static func number(_ value: Any?) -> Double? {
        if let number = value as? NSNumber { return number.doubleValue }
        return nil
    }
}

/// A width and height pair, as the tables print them.
struct Size: Equatable, CustomStringConvertible {
    var width: Double
    var height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `[w, h]` as the reference stores it.
    init?(pair value: Any?) {
        guard let pair = value as? [Any], pair.count == 2,
            let width = JSONObject.number(pair[0]), let height = JSONObject.number(pair[1])
        else { return nil }
        self.init(width: width, height: height)
    }

    /// `"WxH"` as Apple prints it.
    init?(printed text: String) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1])
        else { return nil }
        self.init(width: width, height: height)
    }

    var description: String { "\(width)x\(height)" }
}

/// `"84–160"` (Apple's en dash) as a closed range.
func printedRange(_ text: Substring) -> (min: Double, max: Double)? {
    let parts = text.split(separator: "–")
    guard parts.count == 2, let low = Double(parts[0]), let high = Double(parts[1]) else {
        return nil
    }
    return (low, high)
}

/// The id fragment this store uses for a name: lower case, words joined by dashes.
func idFragment(_ name: String) -> String {
    name.lowercased()
        .replacingOccurrences(of: ".", with: "-")
        .split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" })
        .joined(separator: "-")
}

/// Index of a collection by id.
func byID(_ records: [JSONObject]) -> [String: JSONObject] {
    Dictionary(records.compactMap { r in r.string("id").map { ($0, r) } }, uniquingKeysWith: { a, _ in a })
}

let platformIDs: [String: [String]] = [
    "iOS, iPadOS": ["ios", "ipados"], "iOS, iPadOS, visionOS": ["ios", "ipados", "visionos"],
    "macOS": ["macos"], "tvOS": ["tvos"], "watchOS": ["watchos"], "visionOS": ["visionos"],
    "iOS, iPadOS, macOS": ["ios", "ipados", "macos"],
]

// MARK: - Screens and size classes

@Suite("Screen sizes and size classes")
struct ScreenFigureTests {
    @Test("Every iOS and iPadOS screen row is a device with Apple's figures")
    func iosScreens() throws {
        let rows = try ReferenceFiles.rows("screen-sizes.json")
        let devices = try ReferenceFiles.spec().records("devices").filter { $0.string("family") != "watch" }
        #expect(rows.count == 57)
        #expect(devices.count == rows.count)
        for row in rows {
            let model = try #require(row["model"] as? String)
            let matches = devices.filter { $0.string("name") == model }
            try #require(matches.count == 1, "\(model): \(matches.count) device records")
            let device = matches[0]
            #expect(
                device.size("points")
                    == Size(
                        width: row.number("portrait_width_pt")!, height: row.number("portrait_height_pt")!),
                "\(model)")
            #expect(
                device.size("pixels")
                    == Size(
                        width: row.number("portrait_width_px")!, height: row.number("portrait_height_px")!),
                "\(model)")
            #expect(device.number("scale") == row.number("scale_factor"), "\(model)")
            #expect(device.string("asPublished") == row.string("as_published"), "\(model)")
            #expect(device.string("unit") == "pt", "\(model)")
            // A model the 2023 copy lacks was added later and must not claim the baseline.
            let inBaseline = try #require(row["in_2023_revision"] as? Bool)
            #expect((device.string("since") == "2023") == inBaseline, "\(model) since")
        }
    }

    @Test("Every watchOS screen row is a device with Apple's pixels and no invented points")
    func watchScreens() throws {
        let rows = try ReferenceFiles.rows("screen-sizes-watchos.json")
        let watches = try ReferenceFiles.spec().records("devices").filter { $0.string("family") == "watch" }
        #expect(rows.count == 10)
        #expect(watches.count == rows.count)
        for row in rows {
            let series = try #require(row.string("series"))
            let size = try #require(row.string("size"))
            let matches = watches.filter {
                $0.string("caseSize") == size && ($0.string("name") ?? "").hasSuffix(series)
            }
            try #require(matches.count == 1, "\(series) \(size): \(matches.count) records")
            let watch = matches[0]
            #expect(
                watch.size("pixels")
                    == Size(width: row.number("width_px")!, height: row.number("height_px")!),
                "\(series) \(size)")
            #expect(watch["points"] is NSNull, "\(series) \(size) points")
            #expect(watch["scale"] is NSNull, "\(series) \(size) scale")
            #expect(watch.string("unit") == "px")
        }
    }

    @Test("Every size-class row is present, with Apple's classes and existing device links")
    func sizeClasses() throws {
        let rows = try ReferenceFiles.rows("size-classes.json")
        let spec = try ReferenceFiles.spec()
        let classes = spec.records("sizeClasses")
        let deviceIDs = Set(spec.records("devices").compactMap { $0.string("id") })
        #expect(rows.count == 48)
        #expect(classes.count == rows.count)
        for row in rows {
            let model = try #require(row.string("model"))
            let record = try #require(classes.first { $0.string("device") == model }, "\(model)")
            #expect(
                record.object("portrait")?.string("horizontal") == row.string("portrait_horizontal"),
                "\(model)")
            #expect(
                record.object("portrait")?.string("vertical") == row.string("portrait_vertical"), "\(model)")
            #expect(
                record.object("landscape")?.string("horizontal") == row.string("landscape_horizontal"),
                "\(model)")
            #expect(
                record.object("landscape")?.string("vertical") == row.string("landscape_vertical"), "\(model)"
            )
            let linked = record.strings("devices")
            #expect(!linked.isEmpty && linked.allSatisfy(deviceIDs.contains), "\(model) links \(linked)")
            let inBaseline = try #require(row["in_2023_revision"] as? Bool)
            #expect((record.string("since") == "2023") == inBaseline, "\(model) since")
        }
    }
}

// MARK: - Widgets

@Suite("Widget dimensions")
struct WidgetFigureTests {
    static let iosColumns = [
        ("small_pt", "systemSmall"), ("medium_pt", "systemMedium"), ("large_pt", "systemLarge"),
        ("accessory_circular_pt", "accessoryCircular"), ("accessory_rectangular_pt", "accessoryRectangular"),
        ("accessory_inline_pt", "accessoryInline"),
    ]
    static let ipadColumns = [
        ("small_pt", "systemSmall"), ("medium_pt", "systemMedium"), ("large_pt", "systemLarge"),
        ("extra_large_pt", "systemExtraLarge"),
    ]

    func widgets(_ platform: String) throws -> [JSONObject] {
        try ReferenceFiles.spec().records("widgets").filter { $0.strings("platforms") == [platform] }
    }

    @Test("iOS: every published cell is a record, and no screen Apple's table lacks")
    func ios() throws {
        let rows = try ReferenceFiles.rows("widgets-ios.json")
        let records = try widgets("ios")
        #expect(rows.count == 10)
        var cells = 0
        for row in rows {
            let screen = try #require(Size(pair: row["screen_size_portrait_pt"]))
            for (column, family) in Self.iosColumns {
                let matches = records.filter { $0.size("screen") == screen && $0.string("family") == family }
                guard let expected = Size(pair: row[column]) else {
                    #expect(matches.isEmpty, "\(screen) \(family) is blank in Apple's table")
                    continue
                }
                cells += 1
                try #require(matches.count == 1, "\(screen) \(family): \(matches.count) records")
                #expect(matches[0].size() == expected, "\(screen) \(family)")
            }
        }
        #expect(records.count == cells)
        #expect(cells == 57)
    }

    @Test("iPadOS: canvas and device rows, half points kept")
    func ipados() throws {
        let rows = try ReferenceFiles.rows("widgets-ipados.json")
        let records = try widgets("ipados")
        #expect(rows.count == 20)
        #expect(records.count == rows.count * Self.ipadColumns.count)
        for row in rows {
            let screen = try #require(Size(pair: row["screen_size_portrait_pt"]))
            let variant = try #require(row.string("target")).lowercased()
            for (column, family) in Self.ipadColumns {
                let matches = records.filter {
                    $0.size("screen") == screen && $0.string("family") == family
                        && $0.string("variant") == variant
                }
                try #require(matches.count == 1, "\(screen) \(family) \(variant): \(matches.count) records")
                #expect(matches[0].size() == Size(pair: row[column]), "\(screen) \(family) \(variant)")
                #expect(
                    matches[0]["displayZoomMoreSpaceOnly"] as? Bool == row["display_zoom_more_space_only"]
                        as? Bool)
            }
        }
    }

    @Test("watchOS: current sizes, and the 2023 pixel-as-point values in history until 2025-01-17")
    func watchos() throws {
        let rows = try ReferenceFiles.rows("widgets-watchos.json")
        let records = try widgets("watchos")
        #expect(rows.count == 5)
        #expect(records.count == rows.count)
        for row in rows {
            let caseSize = try #require(row.string("apple_watch_size"))
            let record = try #require(records.first { $0.string("caseSize") == caseSize }, "\(caseSize)")
            #expect(record.size() == Size(pair: row["smart_stack_widget_size_pt"]), "\(caseSize)")
            let printed2023 = try #require(row.string("2023_revision_value")?.split(separator: " ").first)
            let before = try #require(record.historyValues(until: "2025-01-17"), "\(caseSize) history")
            #expect(before.size() == Size(printed: String(printed2023)), "\(caseSize) 2023 value")
        }
    }

    @Test("visionOS: points and millimetres, since 2025-12-16")
    func visionos() throws {
        let rows = try ReferenceFiles.rows("widgets-visionos.json")
        let records = try widgets("visionos")
        let families = [
            "Small": "systemSmall", "Medium": "systemMedium", "Large": "systemLarge",
            "Extra large": "systemExtraLarge", "Extra large portrait": "systemExtraLargePortrait",
        ]
        #expect(rows.count == 5)
        #expect(records.count == rows.count)
        for row in rows {
            let family = try #require(families[row.string("widget") ?? ""])
            let record = try #require(records.first { $0.string("family") == family }, "\(family)")
            #expect(record.size() == Size(pair: row["size_pt"]), "\(family)")
            #expect(record.size("sizeMm") == Size(pair: row["size_mm_at_100pct_scale"]), "\(family)")
            #expect(record.string("since") == "2025-12-16")
        }
    }
}

// MARK: - Type

@Suite("Dynamic Type, text styles and tracking")
struct TypeFigureTests {
    struct TypeTable: CustomTestStringConvertible, Sendable {
        var fixture: String
        var collection: String
        var platform: String
        var rowCount: Int
        var leadingColumn: String
        var emphasizedAddedLater: Bool

        var testDescription: String { fixture }
    }

    static let tables = [
        TypeTable(
            fixture: "dynamic-type-ios.json", collection: "dynamicType", platform: "ios", rowCount: 132,
            leadingColumn: "leading_pt", emphasizedAddedLater: true),
        TypeTable(
            fixture: "dynamic-type-watchos.json", collection: "dynamicType", platform: "watchos",
            rowCount: 90,
            leadingColumn: "leading_pt", emphasizedAddedLater: true),
        TypeTable(
            fixture: "text-styles-macos.json", collection: "textStyles", platform: "macos", rowCount: 11,
            leadingColumn: "line_height_pt", emphasizedAddedLater: false),
        TypeTable(
            fixture: "text-styles-tvos.json", collection: "textStyles", platform: "tvos", rowCount: 9,
            leadingColumn: "leading_pt", emphasizedAddedLater: false),
    ]

    @Test("Every type row has Apple's weight, size, leading and emphasized weight", arguments: tables)
    func typeTable(_ table: TypeTable) throws {
        let rows = try ReferenceFiles.rows(table.fixture)
        let records = try ReferenceFiles.spec().records(table.collection)
            .filter { $0.strings("platforms").first == table.platform }
        #expect(rows.count == table.rowCount)
        #expect(records.count == rows.count)
        for row in rows {
            let label = try #require(row.string("style"))
            let category = row.string("size_category")
            let matches = records.filter {
                $0.string("label") == label && $0.string("categoryLabel") == category
            }
            let name = "\(category ?? "") \(label)"
            try #require(matches.count == 1, "\(name): \(matches.count) records")
            let record = matches[0]
            #expect(record.strings("platforms") == platformIDs[row.string("platform") ?? ""], "\(name)")
            #expect(record.string("weight") == row.string("weight"), "\(name)")
            #expect(record.number("size") == row.number("size_pt"), "\(name)")
            #expect(record.number("leading") == row.number(table.leadingColumn), "\(name)")
            #expect(record.string("emphasizedWeight") == row.string("emphasized_weight"), "\(name)")
            if let isDefault = row["is_default"] as? Bool {
                #expect(record["isDefault"] as? Bool == isDefault, "\(name)")
            }
            let before = record.historyValues(until: "2025-12-16")
            if table.emphasizedAddedLater {
                #expect(
                    before?["emphasizedWeight"] is NSNull, "\(name): no emphasized weight before 2025-12-16")
            } else {
                #expect(before == nil, "\(name): emphasized weight predates 2025-12-16")
            }
        }
    }

    @Test("Apple publishes no visionOS type sizes, so the store has none")
    func noVisionTypeSizes() throws {
        #expect(try ReferenceFiles.rows("text-styles-visionos.json").isEmpty)
        let spec = try ReferenceFiles.spec()
        let typeRows = spec.records("dynamicType") + spec.records("textStyles")
        #expect(typeRows.allSatisfy { !$0.strings("platforms").contains("visionos") })
    }

    @Test("Every tracking row, with Apple's strings kept and the numbers they print")
    func tracking() throws {
        let rows = try ReferenceFiles.rows("tracking-values.json")
        let records = try ReferenceFiles.spec().records("tracking")
        #expect(rows.count == 441)
        #expect(records.count == rows.count)
        var index: [String: JSONObject] = [:]
        for record in records {
            let key =
                "\(record.strings("platforms"))|\(record.string("font") ?? "")|\(record.number("size") ?? -1)"
            #expect(index.updateValue(record, forKey: key) == nil, "duplicate \(key)")
        }
        for row in rows {
            let platforms = try #require(platformIDs[row.string("platform") ?? ""])
            let key = "\(platforms)|\(row.string("font") ?? "")|\(row.number("size_pt") ?? -1)"
            let record = try #require(index[key], "\(key)")
            let em = try #require(row.string("tracking_em_thousandths"))
            let pt = try #require(row.string("tracking_pt"))
            #expect(record.object("asPublished")?.string("trackingEm") == em, "\(key)")
            #expect(record.object("asPublished")?.string("trackingPt") == pt, "\(key)")
            #expect(record.number("trackingEm") == Double(em), "\(key)")
            #expect(record.number("trackingPt") == Double(pt), "\(key)")
        }
    }
}

// MARK: - Metrics

@Suite("Published metrics")
struct MetricFigureTests {
    func metrics() throws -> [String: JSONObject] {
        try byID(ReferenceFiles.spec().records("metrics"))
    }

    @Test("Control sizes: default and minimum per platform; 44x44 was the minimum before 2025-03-07")
    func controlSizes() throws {
        let rows = try ReferenceFiles.rows("control-sizes.json")
        let metrics = try metrics()
        let platforms = [
            "iOS, iPadOS": "ios", "macOS": "macos", "tvOS": "tvos", "visionOS": "visionos",
            "watchOS": "watchos",
        ]
        #expect(rows.count == 5)
        for row in rows {
            let platform = try #require(platforms[row.string("platform") ?? ""])
            let defaultSize = try #require(metrics["metric.controls.\(platform).default-size"], "\(platform)")
            let minimumSize = try #require(metrics["metric.controls.\(platform).minimum-size"], "\(platform)")
            #expect(defaultSize.size() == Size(pair: row["default_control_size_pt"]), "\(platform)")
            #expect(defaultSize.string("bound") == "default")
            #expect(minimumSize.size() == Size(pair: row["minimum_control_size_pt"]), "\(platform)")
            #expect(minimumSize.string("bound") == "minimum")
            #expect(minimumSize.string("since") == "2025-03-07")
        }
        // The 2023 revision's 44x44 pt minimum is its own record, not the default's history.
        let ios = try #require(metrics["metric.controls.ios.default-size"])
        #expect(ios["history"] == nil)
        #expect(ios.string("since") == "2025-03-07")
        let hitTarget = try #require(metrics["metric.accessibility.ios.minimum-hit-target"])
        #expect(hitTarget.size() == Size(width: 44, height: 44))
        #expect(hitTarget.string("bound") == "minimum")
        #expect(hitTarget.string("until") == "2025-03-07")
    }

    @Test("tvOS grids: every column count with its three figures")
    func tvosGrids() throws {
        let rows = try ReferenceFiles.rows("tvos-layout.json")
        let metrics = try metrics()
        #expect(rows.count == 8)
        for row in rows {
            let columns = try #require(row.number("columns"))
            let base = "metric.layout.tvos.grid-\(Int(columns))-column"
            for (suffix, column) in [
                ("unfocused-content-width", "unfocused_content_width_pt"),
                ("horizontal-spacing", "horizontal_spacing_pt"),
                ("minimum-vertical-spacing", "minimum_vertical_spacing_pt"),
            ] {
                let record = try #require(metrics["\(base).\(suffix)"], "\(base).\(suffix)")
                #expect(record.number("value") == row.number(column), "\(base).\(suffix)")
            }
        }
    }

    /// Where each row of `other-figures.json` lives in the store: the row's index, the metric id,
    /// and the field of the row's `value` that holds the figure (`nil`: the value itself).
    static let otherFigures: [(row: Int, id: String, field: String?)] = [
        (0, "metric.typography.ios.default-text-size", "default_pt"),
        (0, "metric.typography.ios.minimum-text-size", "minimum_pt"),
        (1, "metric.typography.ios.default-text-size", "default_pt"),
        (1, "metric.typography.ios.minimum-text-size", "minimum_pt"),
        (2, "metric.typography.macos.default-text-size", "default_pt"),
        (2, "metric.typography.macos.minimum-text-size", "minimum_pt"),
        (3, "metric.typography.macos.default-text-size", "default_pt"),
        (3, "metric.typography.macos.minimum-text-size", "minimum_pt"),
        (4, "metric.typography.tvos.default-text-size", "default_pt"),
        (4, "metric.typography.tvos.minimum-text-size", "minimum_pt"),
        (5, "metric.typography.tvos.default-text-size", "default_pt"),
        (5, "metric.typography.tvos.minimum-text-size", "minimum_pt"),
        (6, "metric.typography.visionos.default-text-size", "default_pt"),
        (6, "metric.typography.visionos.minimum-text-size", "minimum_pt"),
        (7, "metric.typography.visionos.default-text-size", "default_pt"),
        (7, "metric.typography.visionos.minimum-text-size", "minimum_pt"),
        (8, "metric.typography.watchos.default-text-size", "default_pt"),
        (8, "metric.typography.watchos.minimum-text-size", "minimum_pt"),
        (9, "metric.typography.watchos.default-text-size", "default_pt"),
        (9, "metric.typography.watchos.minimum-text-size", "minimum_pt"),
        (10, "metric.accessibility.all.contrast-text-up-to-17pt", "minimum_contrast_ratio"),
        (11, "metric.accessibility.all.contrast-text-18pt", "minimum_contrast_ratio"),
        (12, "metric.accessibility.all.contrast-bold-text", "minimum_contrast_ratio"),
        (13, "metric.accessibility.all.padding-with-bezel", nil),
        (14, "metric.accessibility.all.padding-without-bezel", nil),
        (15, "metric.widgets.ios.standard-margin", nil),
        (16, "metric.widgets.ios.tight-margin", nil),
        (17, "metric.widgets.all.minimum-text-size", nil),
        (18, "metric.widgets.visionos.scale-range", nil),
        (19, "metric.live-activities.ios.lock-screen-margin", nil),
        (20, "metric.live-activities.ios.dynamic-island-corner-radius", nil),
        (21, "metric.live-activities.all.maximum-duration", nil),
        (22, "metric.live-activities.ios.ended-remaining-time", nil),
        (23, "metric.live-activities.all.custom-dismissal-time", nil),
        (24, "metric.layout.tvos.safe-area-inset-top-bottom", nil),
        (25, "metric.layout.tvos.safe-area-inset-sides", nil),
        (26, "metric.bars.tvos.tab-bar-height", "height_pt"),
        (26, "metric.bars.tvos.tab-bar-top-offset", "top_edge_from_screen_top_pt"),
        (27, "metric.apple-pay.ios.button-minimum-size", "width_pt,height_pt"),
        (27, "metric.apple-pay.ios.button-minimum-margin", "margin"),
        (28, "metric.apple-pay.ios.labelled-button-minimum-size", "width_pt,height_pt"),
        (28, "metric.apple-pay.ios.labelled-button-minimum-margin", "margin"),
        (29, "metric.sign-in-with-apple.ios.button-minimum-size", "width_pt,height_pt"),
        (29, "metric.sign-in-with-apple.ios.button-minimum-margin", "margin"),
        (30, "metric.sign-in-with-apple.ios.button-default-height", nil),
        (31, "metric.typography.macos.mac-catalyst-ipados-baseline-size", "ipados_pt"),
        (31, "metric.typography.macos.mac-catalyst-scaled-size", "macos_pt"),
        (32, "metric.typography.ios.rtl-size-increase", nil),
        (33, "metric.eyes.visionos.item-margin", "margin_pt"),
        (33, "metric.eyes.visionos.item-center-spacing", "center_to_center_pt"),
        (34, "metric.bars.macos.menu-bar-height", nil),
        (35, "metric.alerts.visionos.accessory-view-maximum-height", "max_height_pt"),
        (35, "metric.alerts.visionos.accessory-view-corner-radius", "corner_radius_pt"),
    ]

    /// The store's reading of a printed figure: `"4.5:1"` is 4.5, `"1/10 of ..."` is 0.1.
    static func printedFigure(_ text: String) -> Double? {
        if text.hasSuffix(":1") { return Double(text.dropLast(2)) }
        if text.hasPrefix("1/10 ") { return 0.1 }
        return Double(text)
    }

    @Test("Other figures: every row, its value and Apple's words in a citation")
    func otherFigures() throws {
        let rows = try ReferenceFiles.rows("other-figures.json")
        let metrics = try metrics()
        #expect(Set(Self.otherFigures.map(\.row)) == Set(rows.indices), "every row is mapped")
        for (index, id, field) in Self.otherFigures {
            let row = rows[index]
            let record = try #require(metrics[id], "\(id)")
            let value = row["value"]
            switch field {
            case nil:
                if let pair = value as? [Any] {
                    #expect(record.number("min") == JSONObject.number(pair[0]), "\(id)")
                    #expect(record.number("max") == JSONObject.number(pair[1]), "\(id)")
                } else {
                    #expect(record.number("value") == JSONObject.number(value), "\(id)")
                }
            case "width_pt,height_pt":
                let object = try #require(value as? JSONObject)
                #expect(
                    record.size()
                        == Size(width: object.number("width_pt")!, height: object.number("height_pt")!),
                    "\(id)")
            case let field?:
                let figure = try #require((value as? JSONObject)?[field], "\(id): \(field)")
                let expected = (figure as? String).flatMap(Self.printedFigure) ?? JSONObject.number(figure)
                #expect(record.number("value") == expected, "\(id)")
            }
            let citations = record["citations"] as? [JSONObject] ?? []
            #expect(
                citations.contains {
                    $0.string("url") == row.string("page") && $0.string("quote") == row.string("apple_text")
                },
                "\(id) cites \(row.string("page") ?? "") with Apple's words")
        }
    }

    @Test("Live Activities: every table row, ranges kept as ranges")
    func liveActivities() throws {
        let rows = try ReferenceFiles.rows("live-activities.json")
        let metrics = try metrics()
        #expect(rows.count == 46)
        func expectSize(_ id: String, _ printed: String?) throws {
            let record = try #require(metrics[id], "\(id)")
            #expect(record.size() == Size(printed: printed ?? ""), "\(id)")
        }
        func expectWidthAndHeightRange(_ base: String, _ printed: String?) throws {
            let parts = try #require(printed?.split(separator: "x"), "\(base)")
            let width = try #require(metrics["\(base)-width"], "\(base)-width")
            let height = try #require(metrics["\(base)-height"], "\(base)-height")
            let range = try #require(printedRange(parts[1]))
            #expect(width.number("value") == Double(parts[0]), "\(base)-width")
            #expect(height.number("min") == range.min && height.number("max") == range.max, "\(base)-height")
        }
        for row in rows {
            switch row.string("group") ?? "" {
            case "CarPlay Live Activity size (pt)":
                try expectSize(
                    "metric.live-activities.carplay.\(row.string("size_pt") ?? "")", row.string("size_pt"))
            case "CarPlay Simulator Smart Display Zoom configurations (pt)":
                let name = idFragment(row.string("configuration") ?? "")
                try expectSize(
                    "metric.live-activities.carplay.simulator-\(name)", row.string("resolution_pt"))
            case "iOS Live Activity dimensions (pt)":
                let base = "metric.live-activities.ios.\(row.string("screen_portrait_pt") ?? "")"
                try expectSize("\(base).compact-leading", row.string("compact_leading"))
                try expectSize("\(base).compact-trailing", row.string("compact_trailing"))
                let minimal = try #require(row.string("minimal_width_range_x_height")?.split(separator: "x"))
                let width = try #require(printedRange(minimal[0]))
                let minimalWidth = try #require(metrics["\(base).minimal-width"])
                #expect(minimalWidth.number("min") == width.min && minimalWidth.number("max") == width.max)
                #expect(metrics["\(base).minimal-height"]?.number("value") == Double(minimal[1]))
                try expectWidthAndHeightRange("\(base).expanded", row.string("expanded_width_x_height_range"))
                try expectWidthAndHeightRange(
                    "\(base).lock-screen", row.string("lock_screen_width_x_height_range"))
            case "Dynamic Island width (pt)":
                let device = idFragment(row.string("device") ?? "")
                let presentation = idFragment(row.string("presentation") ?? "")
                let id = "metric.live-activities.ios.dynamic-island.\(device).\(presentation)-width"
                #expect(metrics[id]?.number("value") == row.number("dynamic_island_width_pt"), "\(id)")
            case "iPadOS Live Activity dimensions (pt)":
                let base =
                    "metric.live-activities.ipados.\(row.string("screen_as_published") ?? "").lock-screen"
                try expectWidthAndHeightRange(base, row.string("lock_screen_width_x_height_range"))
            case "watchOS Smart Stack Live Activity size (pt)":
                let caseSize = row.string("apple_watch_size") ?? ""
                try expectSize(
                    "metric.live-activities.watchos.\(caseSize).smart-stack-size", row.string("size_pt"))
            case let group:
                Issue.record("unknown Live Activities group \(group)")
            }
        }
    }

    @Test("App icons: the current table, and the per-size tables ending at 2025-06-09")
    func appIcons() throws {
        let rows = try ReferenceFiles.rows("app-icons.json")
        let metrics = try metrics()
        let usages = [
            "Home Screen on iPhone": "home-screen-iphone", "Home Screen on iPad Pro": "home-screen-ipad-pro",
            "Home Screen on iPad, iPad mini": "home-screen-ipad",
            "Spotlight on iPhone, iPad Pro, iPad, iPad mini": "spotlight",
            "Settings on iPhone, iPad Pro, iPad, iPad mini": "settings",
            "Notifications on iPhone, iPad Pro, iPad, iPad mini": "notifications",
        ]
        #expect(rows.count == 19)
        func expectRemoved(_ id: String, _ printed: String?) throws {
            let record = try #require(metrics[id], "\(id)")
            #expect(record.size() == Size(printed: printed ?? ""), "\(id)")
            #expect(record.string("unit") == "px", "\(id)")
            #expect(record.string("until") == "2025-06-09", "\(id)")
        }
        for row in rows {
            let platform = try #require(platformIDs[row.string("platform") ?? ""]?.first)
            if row.string("revision")?.hasPrefix("current") == true {
                let record = try #require(metrics["metric.app-icons.\(platform).layout-size"], "\(platform)")
                #expect(record.size() == Size(pair: row["layout_size_px"]), "\(platform)")
                #expect(record.string("since") == "2025-06-09" && record["until"] == nil, "\(platform)")
                continue
            }
            switch platform {
            case "ios":
                let base = "metric.app-icons.ios.\(try #require(usages[row.string("usage") ?? ""]))"
                try expectRemoved("\(base).2x", row.string("size_2x_px"))
                let threeX = row.string("size_3x_px_iphone_only")
                if threeX == "–" {
                    #expect(metrics["\(base).3x"] == nil, "\(base).3x is blank in Apple's table")
                } else {
                    try expectRemoved("\(base).3x", threeX)
                }
            case "macos":
                let base = "metric.app-icons.macos.\(row.string("size_1x_px") ?? "")"
                try expectRemoved("\(base).1x", row.string("size_1x_px"))
                try expectRemoved("\(base).2x", row.string("size_2x_px"))
            case "tvos":
                let base = "metric.app-icons.tvos.\(idFragment(row.string("usage") ?? ""))"
                try expectRemoved("\(base).1x", row.string("size_1x_px"))
                try expectRemoved("\(base).2x", row.string("size_2x_px"))
            case "watchos":
                let sizes = try #require(row["sizes_px_by_case"] as? [String: String])
                #expect(sizes.count == 7)
                for (caseSize, printed) in sizes {
                    try expectRemoved(
                        "metric.app-icons.watchos.\(idFragment(row.string("usage") ?? "")).\(caseSize)",
                        printed)
                }
            default:
                Issue.record("unknown app icon platform \(platform)")
            }
        }
    }
}

// MARK: - Citations and ids

@Suite("Every published record is cited and well named")
struct CitationTests {
    /// Every collection the store declares, by its data-file key: a new collection is checked as
    /// soon as it is declared (`everyDeclaredCollectionIsChecked` shows none is left out).
    static let collections = SpecCollectionKeys.all

    @Test("Published records cite developer.apple.com", arguments: collections)
    func citations(_ collection: String) throws {
        let records = try ReferenceFiles.spec().records(collection)
        #expect(!records.isEmpty)
        // The collection's defaults are merged into its records, so a status is absent only where
        // the record is Apple's words by definition: a rule's default, a myth's correction.
        var cited = 0
        for record in records where (record.string("status") ?? "published") == "published" {
            let urls = (record["citations"] as? [JSONObject] ?? []).compactMap { $0.string("url") }
            #expect(
                urls.contains { $0.hasPrefix("https://developer.apple.com/") },
                "\(record.string("id") ?? "?")")
            cited += 1
        }
        #expect(cited > 0, "\(collection): no published record checked")
    }

    @Test("Every declared collection's records are in the data file and checked")
    func everyDeclaredCollectionIsChecked() throws {
        let spec = try ReferenceFiles.spec()
        for collection in Self.collections {
            #expect(spec[collection] is [Any], "\(collection) is declared but not in Data/specs.json")
        }
        #expect(Self.collections.contains("widgetFamilies") && Self.collections.count >= 13)
    }

    @Test("Ids are unique and lower-case, dot- or dash-separated")
    func ids() throws {
        let spec = try ReferenceFiles.spec()
        let pattern = try NSRegularExpression(pattern: "^[a-z0-9]+([.-][a-z0-9]+)*$")
        var seen = Set<String>()
        for collection in Self.collections + ["versions"] {
            for record in spec.records(collection) {
                let id = try #require(record.string("id"))
                #expect(seen.insert(id).inserted, "duplicate id \(id)")
                let range = NSRange(id.startIndex..., in: id)
                #expect(pattern.firstMatch(in: id, range: range) != nil, "malformed id \(id)")
            }
        }
    }
}
