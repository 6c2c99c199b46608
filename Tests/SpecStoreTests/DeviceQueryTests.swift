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
                [:],
                [
                    "device.iphone-se-4-7-inch", "device.iphone-16-pro", "device.iphone-15-pro-max",
                    "device.ipad-pro-12-9-inch", "device.apple-watch-ultra-3-49mm",
                ]
            ),
            (["family": "iPhone"], ["device.iphone-se-4-7-inch", "device.iphone-16-pro", "device.iphone-15-pro-max"]),
            (["family": "apple watch"], ["device.apple-watch-ultra-3-49mm"]),
            (["platform": "iPadOS"], ["device.ipad-pro-12-9-inch"]),
            (["width": "402"], ["device.iphone-16-pro"]),
            (["width": "430", "height": "932"], ["device.iphone-15-pro-max"]),
            (["sizeClass": "regular-width-landscape"], ["device.iphone-15-pro-max", "device.ipad-pro-12-9-inch"]),
            (["sizeClass": "compact-height"], ["device.iphone-15-pro-max"]),
            (["sizeClass": "RegularWidthPortrait"], ["device.ipad-pro-12-9-inch"]),
            (["sizeClass": "compact-horizontal-portrait"], ["device.iphone-15-pro-max"]),
        ] as [([String: String], [String])])
    func deviceFilters(parameters: [String: String], expected: [String]) throws {
        let result = try latest.devices(matching: DeviceFilter(parameters: parameters))
        #expect(Self.ids(result) == expected)
    }

    @Test(
        "bad device filters name the parameter and list accepted values",
        arguments: [
            (["family": "phablet"], "unknown_value", "family"), (["sizeClass": "wide"], "unknown_value", "sizeClass"),
            (["width": "wide"], "invalid_value", "width"), (["colour": "red"], "unknown_parameter", "colour"),
            (["platform": "android"], "unknown_value", "platform"),
        ])
    func badDeviceFilters(parameters: [String: String], code: String, parameter: String) {
        #expect {
            try DeviceFilter(parameters: parameters)
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.code.rawValue == code && error.parameter == parameter
                && (code != "unknown_value" || !error.accepted.isEmpty)
        }
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
            #expect(result.item["widgets"]?["count"] == 2)
            #expect(result.notes.isEmpty)
        }
    }

    @Test("a device whose screen Apple's widget table lacks: count 0 and the nearest published screen named")
    func deviceWithoutWidgetRow() throws {
        let result = try latest.device(id: "device.iphone-16-pro")
        #expect(result.item["widgets"]?["count"] == 0)
        #expect(result.item["widgets"]?["items"] == [])
        let note = try #require(result.notes.first)
        #expect(note.contains("402x874"))
        #expect(note.contains("nearest published screen is 430x932"))
    }

    @Test("a watch matches widget rows by case size")
    func watchWidgets() throws {
        let result = try latest.device(id: "Apple Watch Ultra (3rd generation)")
        #expect(result.item["widgets"]?["items"]?.arrayValue?.first?["id"] == "widget.watchos.49mm.system-small")
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
            ([:], 4),
            (["device": "iPhone 15 Pro Max"], 2),
            (["device": "device.iphone-15-pro-max", "orientation": "Landscape"], 1),
            (["horizontal": "regular"], 3),
            (["vertical": "compact"], 1),
            (["horizontal": "compact", "vertical": "regular"], 1),
        ] as [([String: String], Int)])
    func sizeClassRows(parameters: [String: String], count: Int) throws {
        let result = try latest.sizeClasses(matching: SizeClassFilter(parameters: parameters))
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
            ([:], 4),
            (["platform": "ios"], 2),
            (["screen": "430x932"], 2),
            (["screen": "430×932", "family": "small"], 1),
            (["family": "systemmedium"], 2),
            (["device": "iPhone 15 Pro Max"], 2),
            (["platform": "ipados", "screen": "768x1024"], 1),
        ] as [([String: String], Int)])
    func widgetFilters(parameters: [String: String], count: Int) throws {
        let result = try latest.widgets(matching: WidgetFilter(parameters: parameters))
        #expect(result.count == count)
        #expect(result.notes.isEmpty)
    }

    @Test("widgets for a screen Apple has no row for: empty, with the nearest published row named")
    func widgetsUnknownScreen() throws {
        let result = try latest.widgets(matching: WidgetFilter(parameters: ["screen": "428x926", "platform": "ios"]))
        #expect(result.count == 0)
        #expect(result.notes.count == 1)
        #expect(result.notes[0].contains("nearest published screen is 430x932"))
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

    @Test("a bad screen value is an invalid_value error")
    func badScreen() {
        #expect { try WidgetFilter(parameters: ["screen": "430"]) } throws: { error in
            (error as? QueryError)?.code == .invalidValue && (error as? QueryError)?.parameter == "screen"
        }
    }
}
