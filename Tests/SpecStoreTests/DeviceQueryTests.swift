import JSON
import Testing

@testable import SpecStore

@Suite("Devices, size classes and widgets")
struct DeviceQueryTests {
    let latest = StoreFixtures.valid.latest

    static func ids(_ result: QueryResult) -> [String] { result.items.compactMap { $0["id"]?.stringValue } }

    @Test(
        "device filters",
        arguments: [
            (
                DeviceFilter(),
                [
                    "device.iphone-se-4-7-inch", "device.iphone-16-pro", "device.iphone-15-pro-max",
                    "device.ipad-pro-12-9-inch", "device.apple-watch-ultra-3-49mm",
                ]
            ),
            (
                DeviceFilter(family: DeviceFamily(matching: "iPhone")),
                ["device.iphone-se-4-7-inch", "device.iphone-16-pro", "device.iphone-15-pro-max"]
            ),
            (DeviceFilter(family: DeviceFamily(matching: "apple watch")), ["device.apple-watch-ultra-3-49mm"]),
            (DeviceFilter(platform: Platform(matching: "iPadOS")), ["device.ipad-pro-12-9-inch"]),
            (DeviceFilter(width: 402), ["device.iphone-16-pro"]),
            (DeviceFilter(width: 430, height: 932), ["device.iphone-15-pro-max"]),
            (
                DeviceFilter(sizeClass: SizeClassCondition(parsing: "regular-width-landscape")),
                ["device.iphone-15-pro-max", "device.ipad-pro-12-9-inch"]
            ),
            (DeviceFilter(sizeClass: SizeClassCondition(parsing: "compact-height")), ["device.iphone-15-pro-max"]),
            (
                DeviceFilter(sizeClass: SizeClassCondition(parsing: "RegularWidthPortrait")),
                ["device.ipad-pro-12-9-inch"]
            ),
            (
                DeviceFilter(sizeClass: SizeClassCondition(parsing: "compact-horizontal-portrait")),
                ["device.iphone-15-pro-max"]
            ),
        ] as [(DeviceFilter, [String])])
    func deviceFilters(filter: DeviceFilter, expected: [String]) throws {
        let result = try latest.devices(matching: filter)
        #expect(Self.ids(result) == expected)
    }

    @Test("a device row joins the size-class table and keeps the documented field order")
    func deviceRow() throws {
        let row = try #require(latest.record(id: "device.iphone-15-pro-max")?.objectValue)
        #expect(
            Array(row.keys) == [
                "id", "name", "family", "platforms", "points", "scale", "pixels", "sizeClasses", "status", "unit",
                "citations", "since",
            ])
        #expect(row["sizeClasses"]?["landscape"]?["vertical"] == "compact")
        #expect(row["unit"] == "pt")
        #expect(latest.record(id: "device.iphone-16-pro")?["sizeClasses"] == .null)
    }

    @Test("a device by id, id without prefix, or name carries its screen's widget rows")
    func deviceByID() throws {
        for key in ["device.iphone-15-pro-max", "iphone-15-pro-max", "iPhone 15 Pro Max"] {
            let result = try latest.device(id: key)
            #expect(result.item["id"] == "device.iphone-15-pro-max")
            #expect(result.widgets.count == 2)
            #expect(result.notes.isEmpty)
        }
    }

    @Test("a device whose screen Apple's widget table lacks: count 0 and the nearest published screen named")
    func deviceWithoutWidgetRow() throws {
        let result = try latest.device(id: "device.iphone-16-pro")
        #expect(result.widgets.count == 0)
        #expect(result.widgets.items.isEmpty)
        #expect(result.widgets.notes == Array(result.notes.prefix(result.widgets.notes.count)))
        let note = try #require(result.notes.first).words
        #expect(note.contains("402x874"))
        #expect(note.contains("nearest published screen is 430x932"))
    }

    @Test("a watch matches widget rows by case size")
    func watchWidgets() throws {
        let result = try latest.device(id: "Apple Watch Ultra (3rd generation)")
        #expect(result.widgets.items.first?["id"] == "widget.watchos.49mm.system-small")
    }

    @Test("an unknown device is a 404")
    func unknownDevice() {
        #expect { try latest.device(id: "device.iphone-99") } throws: { error in
            (error as? QueryError)?.code == .notFound
        }
    }

    @Test(
        "size-class rows, one per model and orientation",
        arguments: [
            (SizeClassFilter(), 4),
            (SizeClassFilter(device: "iPhone 15 Pro Max"), 2),
            (SizeClassFilter(device: "device.iphone-15-pro-max", orientation: Orientation(matching: "Landscape")), 1),
            (SizeClassFilter(horizontal: .regular), 3),
            (SizeClassFilter(vertical: .compact), 1),
            (SizeClassFilter(horizontal: .compact, vertical: .regular), 1),
        ] as [(SizeClassFilter, Int)])
    func sizeClassRows(filter: SizeClassFilter, count: Int) throws {
        let result = try latest.sizeClasses(matching: filter)
        #expect(result.count == count)
    }

    @Test("a size-class row has device, orientation, horizontal, vertical first")
    func sizeClassRowShape() throws {
        let result = try latest.sizeClasses(
            matching: SizeClassFilter(device: "iphone-15-pro-max", orientation: .landscape))
        let row = try #require(result.items.first?.objectValue)
        #expect(Array(row.keys.prefix(6)) == ["id", "device", "devices", "orientation", "horizontal", "vertical"])
        #expect(row["id"] == "size-class.iphone-15-pro-max.landscape")
        #expect(row["horizontal"] == "regular")
        #expect(row["vertical"] == "compact")
        #expect(row["status"] == "published")
    }

    @Test(
        "widget filters",
        arguments: [
            (WidgetFilter(), 4),
            (WidgetFilter(platform: .ios), 2),
            (WidgetFilter(screen: ScreenSize(width: 430, height: 932)), 2),
            (WidgetFilter(screen: ScreenSize(width: 430, height: 932), family: WidgetFamily(matching: "small")), 1),
            (WidgetFilter(family: WidgetFamily(matching: "systemmedium")), 2),
            (WidgetFilter(device: "iPhone 15 Pro Max"), 2),
            (WidgetFilter(platform: .ipados, screen: ScreenSize(width: 768, height: 1024)), 1),
        ] as [(WidgetFilter, Int)])
    func widgetFilters(filter: WidgetFilter, count: Int) throws {
        let result = try latest.widgets(matching: filter)
        #expect(result.count == count)
        #expect(result.notes.isEmpty)
    }

    @Test("widgets for a screen Apple has no row for: empty, with the nearest published row named")
    func widgetsUnknownScreen() throws {
        let result = try latest.widgets(
            matching: WidgetFilter(platform: .ios, screen: ScreenSize(width: 428, height: 926)))
        #expect(result.count == 0)
        #expect(result.notes.count == 1)
        #expect(result.notes[0].words.contains("nearest published screen is 430x932"))
    }

    @Test("a widget row keeps literal numbers such as 305.5 and carries platform and variant")
    func widgetRowShape() throws {
        let result = try latest.widgets(matching: WidgetFilter(platform: .ipados))
        let row = try #require(result.items.first)
        #expect(row["width"] == .number(JSONNumber(literal: "305.5")!))
        #expect(row["platform"] == "ipados")
        #expect(row["variant"] == "canvas")
        #expect(row.serialized().contains("\"width\":305.5"))
    }
}
