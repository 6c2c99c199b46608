import JSON
import TestSupport
import Testing

@testable import SpecStore

/// The repository's own `Data/specs.json` through the loader and the queries. The figures are
/// checked against the reference tables elsewhere; this checks the loader accepts the real file
/// and answers from it as the API promises.
@Suite("The real data file")
struct RealDataTests {
    static let path = ShippedStore.path

    /// The file loaded once for the whole run, as the API's and MCP's tests load it.
    static let store = ShippedStore.store

    /// The store's export of the real file, made once: the tests that break one record to watch
    /// the loader refuse it start from this (each export is a second of a debug build).
    static let exported: JSONValue = store.export()

    /// `Data/specs.json` parsed as it is written, once.
    static let parsedFile: JSONValue = {
        do {
            return try JSONValue.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
        } catch {
            fatalError("Data/specs.json must parse: \(error)")
        }
    }()

    @Test("Data/specs.json loads cleanly, every version builds, every collection has records")
    func loads() throws {
        let store = try SpecStore.load(contentsOf: Self.path)
        #expect(store.versions.count >= 2)
        for version in store.versions {
            let snapshot = try store.snapshot(version: version.id)
            #expect(snapshot.version == version)
        }
        for (collection, count) in store.latest.counts.objectValue! {
            #expect((count.doubleValue ?? 0) > 0, "\(collection) is empty")
        }
    }

    @Test("the export re-loads to an identical store")
    func exportReloads() throws {
        let again = try SpecStore.load(bytes: Self.store.sourceBytes, sourceName: "export")
        #expect(again.export() == Self.store.export())
    }

    @Test("a device, its size classes and the honest widget answer")
    func devices() throws {
        let latest = Self.store.latest
        let result = try latest.devices(matching: DeviceFilter(width: 402, height: 874))
        #expect(result.items.contains { $0["id"] == "device.iphone-16-pro" })
        let device = try latest.device(id: "iPhone 16 Pro")
        #expect(device.item["points"] == ["width": 402, "height": 874])
        let widgets = device.widgets
        // Either Apple's widget table has the screen, or the answer says so and names the nearest row.
        if widgets.count == 0 {
            #expect(device.notes.first?.words.contains("nearest published screen") == true)
        } else {
            #expect(widgets.items.allSatisfy { $0["screen"] == ["width": 402, "height": 874] })
        }
    }

    @Test("Dynamic Type: AX5 Large Title on iOS, and emphasized weights only from 2025-12-16")
    func dynamicType() throws {
        let filter = DynamicTypeFilter(
            platform: .ios, category: DynamicTypeCategory(matching: "AX5"), style: "Large Title")
        let latest = try Self.store.latest.dynamicType(matching: filter)
        #expect(latest.count == 1)
        #expect(latest.items.first?["size"] == 60)
        #expect(latest.items.first?["leading"] == 70)
        #expect(latest.items.first?["emphasizedWeight"]?.stringValue != nil)
        let before = try Self.store.snapshot(version: "2025-09-09").dynamicType(matching: filter)
        #expect(before.items.first?["emphasizedWeight"] == .null)
    }

    @Test("44x44 pt on iOS: the 2023 hit-target minimum and the 2025 default are two facts")
    func controlSizeHistory() throws {
        let old = Measurement(figure: "metric.accessibility.ios.minimum-hit-target", width: 40, height: 40)
        #expect(try Self.store.snapshot(version: "2025-01-17").check(old)["result"] == "below-published")
        let current = Measurement(figure: "metric.controls.ios.default-size", width: 40, height: 40)
        #expect(try Self.store.latest.check(current)["result"] == "differs-from-published-default")
        let diff = try Self.store.diff(from: "2025-01-17", to: "2025-03-07")
        #expect(!diff.changed.contains { $0["id"] == "metric.controls.ios.default-size" })
        #expect(diff.removed.contains { $0["id"] == "metric.accessibility.ios.minimum-hit-target" })
        #expect(diff.added.contains { $0["id"] == "metric.controls.ios.default-size" })
    }

    @Test("conventions are judged as conventions")
    func conventionCheck() throws {
        let row = try Self.store.latest.check(
            Measurement(figure: "metric.convention.controls.primary-cta-size", value: 50))
        #expect(row["result"] == "deviates-from-convention")
        #expect(row["severity"] == "info")
    }

    @Test("search finds rules, myths and metrics")
    func search() throws {
        let latest = Self.store.latest
        for (q, type) in [("grabber", RecordType.metric), ("Done Cancel", .rule), ("tab bar", .myth)] {
            let result = try latest.search(SearchQuery(q: q, type: type))
            #expect(result.count > 0, "\(q) in \(type)")
        }
    }
}
