import JSON
import Testing

@testable import SpecStore

/// A figure's platforms follow its citation: the cited page's platforms bound them, and Apple's
/// statements that scope a page's figures on one platform are quoted and served with them.
@Suite("Platforms follow the citation")
struct PlatformScopeTests {
    /// A change to one record of the real file, and the refusal it must meet.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var record: String
        var field: String
        var value: JSONValue
        var code: SpecStoreError.Code
        /// The end of the JSON path the refusal names.
        var pathSuffix: String
        var words: String
        var testDescription: String { "\(record).\(field)" }
    }

    static let widgetPlatforms: JSONValue = ["ios", "ipados", "macos", "watchos", "tvos"]

    static let breakages: [Breakage] = [
        // The issue's examples: widget and Live Activity figures served for tvOS, which has neither.
        Breakage(
            record: "metric.widgets.all.minimum-text-size", field: "platforms", value: widgetPlatforms,
            code: .badValue, pathSuffix: ".platforms", words: "is for tvos"),
        Breakage(
            record: "metric.live-activities.all.maximum-duration", field: "platforms",
            value: ["ios", "ipados", "macos", "watchos", "carplay", "tvos"], code: .badValue,
            pathSuffix: ".platforms", words: "is for tvos"),
        // visionOS, which no source names for Live Activities.
        Breakage(
            record: "metric.live-activities.all.maximum-duration", field: "platforms",
            value: ["ios", "ipados", "macos", "watchos", "visionos", "carplay"], code: .badValue,
            pathSuffix: ".platforms", words: "is for visionos"),
        // watchOS before the page gained its watchOS table: the earliest state names it.
        Breakage(
            record: "metric.live-activities.all.custom-dismissal-time", field: "history",
            value: [["until": "2025-12-16", "values": ["platforms": ["ios", "ipados", "macos", "watchos"]]]],
            code: .anachronism, pathSuffix: ".since", words: "covers watchos from '2024-09-09'"),
        // CarPlay before the page's CarPlay sizes, in a later state.
        Breakage(
            record: "metric.live-activities.all.custom-dismissal-time", field: "history",
            value: [
                ["until": "2024-09-09", "values": ["platforms": ["ios", "ipados", "macos"]]],
                ["until": "2025-12-16", "values": ["platforms": ["ios", "ipados", "macos", "watchos", "carplay"]]],
            ], code: .anachronism, pathSuffix: ".history[0].until", words: "covers carplay from '2025-12-16'"),
        // "all" names tvOS too.
        Breakage(
            record: "rule.widgets.balance-density", field: "platforms", value: ["all"], code: .badValue,
            pathSuffix: ".platforms", words: "is for tvos (it says all)"),
        // An earlier state is held to the page as well, and the refusal names that state.
        Breakage(
            record: "metric.widgets.all.animation-duration", field: "history",
            value: [["until": "2025-12-16", "values": ["platforms": widgetPlatforms]]], code: .badValue,
            pathSuffix: ".history[0].values.platforms", words: "is for tvos"),
        // The 16 pt margin for macOS without Apple's "smaller margins on the desktop on Mac".
        Breakage(
            record: "metric.widgets.ios.standard-margin", field: "citations",
            value: [["source": "widgets.standard-widget-margin", "quote": "16 points for most widgets"]],
            code: .missingCitation, pathSuffix: ".citations", words: "smaller margins on the desktop on Mac"),
        // The iOS Live Activity dimensions for macOS without Apple's "Use the provided iOS dimensions".
        Breakage(
            record: "metric.live-activities.ios.430x932.lock-screen-width", field: "citations",
            value: ["live-activities.specifications-ios-live-activity-dimensions-pt"], code: .missingCitation,
            pathSuffix: ".citations", words: "Use the provided iOS dimensions"),
    ]

    /// The real file with one member of one record replaced.
    static func realFile(setting field: String, of id: String, to value: JSONValue) throws -> [UInt8] {
        guard case .object(var top) = RealDataTests.exported else { throw Failure.noRecord(id) }
        for key in ["metrics", "rules"] {
            guard case .array(var records) = top[key],
                let index = records.firstIndex(where: { $0["id"]?.stringValue == id }),
                case .object(var record) = records[index]
            else { continue }
            record[field] = value
            records[index] = .object(record)
            top[key] = .array(records)
            return JSONValue.object(top).serializedBytes(pretty: true)
        }
        throw Failure.noRecord(id)
    }

    enum Failure: Error { case noRecord(String) }

    @Test("the loader refuses a figure its cited page does not cover, naming the record", arguments: breakages)
    func refusesAFigureOutsideItsPage(_ breakage: Breakage) throws {
        let bytes = try Self.realFile(setting: breakage.field, of: breakage.record, to: breakage.value)
        #expect {
            try SpecStore.load(bytes: bytes, sourceName: "specs.json")
        } throws: { error in
            guard let error = error as? SpecStoreError else { return false }
            return error.code == breakage.code && error.jsonPath.hasSuffix(breakage.pathSuffix)
                && error.description.contains("'\(breakage.record)'") && error.description.contains(breakage.words)
        }
    }

    @Test("a page declares the platforms it covers once, by name")
    func pageCoverageIsDeclaredOnce() throws {
        guard case .object(var top) = RealDataTests.exported, case .object(var sources) = top["sources"],
            case .object(var section) = sources["widgets.specifications"]
        else {
            Issue.record("the real file declares the Widgets page's sources")
            return
        }
        section["platforms"] = ["ios"]
        sources["widgets.specifications"] = .object(section)
        top["sources"] = .object(sources)
        #expect {
            try SpecStore.load(bytes: JSONValue.object(top).serializedBytes(pretty: true), sourceName: "specs.json")
        } throws: { error in
            (error as? SpecStoreError)?.code == .duplicateID
                && (error as? SpecStoreError)?.description.contains("already declared by sources.widgets") == true
        }
    }

    @Test("no Live Activity figure is served for a platform before the page covers it, nor for visionOS at all")
    func liveActivityPlatformsFromTheirSources() throws {
        for version in RealDataTests.store.versions {
            let snapshot = try RealDataTests.store.snapshot(version: version.id)
            for entry in snapshot.rows(.metrics) where entry.fields["topic"]?.stringValue == "live-activities" {
                let platforms = entry.fields["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(!platforms.contains("visionos"), "\(version.id) \(entry.id)")
                if version.id < "2024-09-09" { #expect(!platforms.contains("watchos"), "\(version.id) \(entry.id)") }
                if version.id < "2025-12-16" { #expect(!platforms.contains("carplay"), "\(version.id) \(entry.id)") }
            }
        }
    }

    static let macOSDimensions = ["lock-screen-width", "lock-screen-height", "expanded-width", "compact-leading"]

    @Test("from 2025-12-16 a macOS Live Activity answer holds the iOS dimensions and Apple's words for them")
    func macOSLiveActivitiesUseTheIOSDimensions() throws {
        let answer = try RealDataTests.store.latest.metrics(
            matching: MetricFilter(platform: .macos, topic: "live-activities"))
        let ids = answer.items.compactMap { $0["id"]?.stringValue }
        for size in ["430x932", "393x852"] {
            for measure in Self.macOSDimensions {
                #expect(ids.contains("metric.live-activities.ios.\(size).\(measure)"), "\(ids)")
            }
        }
        // Only the iOS table: no iPhone hardware (the Dynamic Island) and no iPad rows.
        #expect(!ids.contains { $0.contains("dynamic-island") || $0.contains(".ipados.") }, "\(ids)")
        let notes = answer.notes.map { $0.text { _ in "" } }
        #expect(
            notes.contains {
                $0.contains("On macOS, Apple says: 'Use the provided iOS dimensions'")
                    && $0.contains("HIG › Live Activities › Specifications")
            }, "\(notes)")
        // The iOS answer is the iOS table as before, with no macOS words.
        let iOS = try RealDataTests.store.latest.metrics(
            matching: MetricFilter(platform: .ios, topic: "live-activities"))
        #expect(iOS.notes.isEmpty)
    }

    @Test(
        "before 2025-12-16 nothing about macOS Live Activity dimensions is served",
        arguments: ["2023", "2025-06-09", "2025-09-09"])
    func noMacOSDimensionsBeforeApplesLine(version: String) throws {
        let snapshot = try RealDataTests.store.snapshot(version: version)
        let answer = try snapshot.metrics(matching: MetricFilter(platform: .macos, topic: "live-activities"))
        let ids = answer.items.compactMap { $0["id"]?.stringValue }
        #expect(!ids.contains { $0.contains(".ios.") && !$0.contains("ended-remaining-time") }, "\(ids)")
        #expect(!answer.notes.contains { $0.text { _ in "" }.contains("Use the provided iOS dimensions") })
        let row = try #require(snapshot.record(id: "metric.live-activities.ios.430x932.lock-screen-width"))
        #expect(row["platforms"] == ["ios"])
    }

    @Test("a macOS widget answer says Apple's smaller margins on the desktop on Mac")
    func macOSWidgetMarginsCarryApplesScope() throws {
        let answer = try RealDataTests.store.latest.metrics(matching: MetricFilter(platform: .macos, topic: "widgets"))
        #expect(answer.items.contains { $0["id"] == "metric.widgets.ios.standard-margin" })
        let notes = answer.notes.map { $0.text { _ in "" } }
        #expect(notes.count == 1, "one note, though two sources declare the statement: \(notes)")
        #expect(notes.first?.contains("widgets use smaller margins on the desktop on Mac") == true, "\(notes)")
    }
}
