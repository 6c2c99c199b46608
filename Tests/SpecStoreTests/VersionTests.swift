import JSON
import Testing

@testable import SpecStore

@Suite("Versions, snapshots and diffs")
struct VersionTests {
    let store = StoreFixtures.valid

    @Test(
        "each version has exactly the records present then",
        arguments: [
            ("2023", ["device.iphone-se-4-7-inch", "device.iphone-15-pro-max", "device.ipad-pro-12-9-inch"], 6),
            (
                "2025-03-07",
                [
                    "device.iphone-se-4-7-inch", "device.iphone-16-pro", "device.iphone-15-pro-max",
                    "device.ipad-pro-12-9-inch",
                ], 7
            ),
            (
                "2025-12-16",
                [
                    "device.iphone-se-4-7-inch", "device.iphone-16-pro", "device.iphone-15-pro-max",
                    "device.ipad-pro-12-9-inch", "device.apple-watch-ultra-3-49mm",
                ], 7
            ),
        ])
    func membership(version: String, devices: [String], metrics: Int) throws {
        let snapshot = try store.snapshot(version: version)
        #expect(snapshot.version.id == version)
        #expect(DeviceQueryTests.ids(try snapshot.devices(matching: DeviceFilter())) == devices)
        #expect(try snapshot.metrics(matching: MetricFilter()).count == metrics)
    }

    @Test("a record's until removes it from that version on")
    func until() throws {
        #expect(try store.snapshot(version: "2025-03-07").record(id: "metric.app-icons.ios.home-screen-3x") != nil)
        #expect(try store.snapshot(version: "2025-12-16").record(id: "metric.app-icons.ios.home-screen-3x") == nil)
        #expect(
            try store.snapshot(version: "2025-03-07").record(id: "metric.app-icons.ios.home-screen-3x")?["until"]
                == "2025-12-16")
    }

    @Test("no version means the latest; an unknown one is a 404 listing the known ones")
    func versionPinning() throws {
        #expect(try store.snapshot(version: nil) === store.latest)
        #expect(store.latest.isLatest)
        #expect { try store.snapshot(version: "2024") } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.code == .unknownVersion
                && error.accepted == ["2023", "2025-03-07", "2025-12-16"]
        }
    }

    @Test("version rows carry counts and mark the latest")
    func versionRows() {
        let rows = store.versionRows().items
        #expect(rows.map { $0["id"] } == ["2023", "2025-03-07", "2025-12-16"])
        #expect(rows.map { $0["latest"] } == [false, false, true])
        #expect(rows[0]["counts"]?["devices"] == 3)
        #expect(rows[0].objectValue?.keys == ["id", "date", "title", "notes", "counts", "latest"])
    }

    @Test("diff is field-level: added, removed and changed with before and after")
    func diff() throws {
        let diff = try store.diff(from: "2023", to: "2025-12-16")
        let added = diff.added.compactMap { $0["id"]?.stringValue }
        #expect(added.contains("device.iphone-16-pro"))
        #expect(added.contains("metric.sheets.ios.grabber-size"))
        #expect(diff.removed.compactMap { $0["id"]?.stringValue } == ["metric.app-icons.ios.home-screen-3x"])
        let bound = try #require(diff.changed.first { $0["id"] == "metric.controls.ios.default-size" })
        #expect(bound["field"] == "bound" && bound["before"] == "minimum" && bound["after"] == "default")
        let weight = try #require(diff.changed.first { $0["id"] == "type.ios.large.body" })
        #expect(weight["field"] == "emphasizedWeight" && weight["before"] == .null && weight["after"] == "Semibold")
        #expect(diff.removed.count == 1)
    }

    @Test("a diff between equal versions is empty; unknown versions are 404s naming the parameter")
    func diffEdges() throws {
        let same = try store.diff(from: "2025-03-07", to: "2025-03-07")
        #expect(same.added.isEmpty && same.removed.isEmpty && same.changed.isEmpty)
        #expect { try store.diff(from: "2023", to: "2030") } throws: { error in
            (error as? QueryError)?.parameter == "to" && (error as? QueryError)?.code == .unknownVersion
        }
    }

    @Test("nested field differences are reported by dotted path")
    func nestedDifferences() throws {
        // Built through JSONValue: this test module also has a `JSONObject` of its own.
        let oldValue: JSONValue = ["points": ["width": 1, "height": 2], "name": "a"]
        let newValue: JSONValue = ["points": ["width": 1, "height": 3], "scale": 2]
        let old = try #require(oldValue.objectValue)
        let new = try #require(newValue.objectValue)
        let differences = SpecStore.differences(old, new, prefix: "").map {
            "\($0.0):\($0.1.serialized())>\($0.2.serialized())"
        }
        #expect(differences == ["points.height:2>3", "name:\"a\">null", "scale:null>2"])
    }
}
