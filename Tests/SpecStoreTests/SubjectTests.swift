import Foundation
import Testing

@testable import SpecStore

/// Subjects: no record is present before the thing it describes appeared, and a model that joins
/// an existing row is a relabel of that row, not a new one.
@Suite("Subjects: when what a fact describes appeared")
struct SubjectTests {
    /// A schema-version-2 file with four versions, four subjects, the rules `rules` and the
    /// devices `devices` (JSON arrays' members); by default the one device is the relabelled row.
    static func file(rules: String, devices: String = relabelledRow) -> [UInt8] {
        let text = """
            {"schemaVersion": 2, "title": "t",
             "versions": [
              {"id": "2023", "date": "2023", "title": "a", "notes": ""},
              {"id": "2024-09-09", "date": "2024-09-09", "title": "b", "notes": ""},
              {"id": "2025-06-09", "date": "2025-06-09", "title": "c", "notes": ""},
              {"id": "2025-09-09", "date": "2025-09-09", "title": "d", "notes": ""}],
             "sources": {"tab-bars": {"page": "HIG › Tab bars", "url": "https://example.invalid/tab-bars"},
                         "layout": {"page": "HIG › Layout", "url": "https://example.invalid/layout"}},
             "defaults": {"rules": {"status": "published", "since": "2023", "citations": ["tab-bars"]},
                          "devices": {"status": "published", "since": "2023", "citations": ["layout"],
                                      "platforms": ["watchos"], "unit": "px", "family": "watch"}},
             "subjects": {
              "liquid-glass": {"name": "Liquid Glass", "appeared": "2025-06-09", "basis": "b",
                               "terms": ["Liquid Glass", ".prominent"]},
              "visionos-widgets": {"name": "widgets on visionOS", "appeared": "2025-09-09", "basis": "b",
                                   "scope": {"platform": "visionos", "topic": "widgets"}},
              "series-10": {"name": "Series 10", "appeared": "2024-09-09", "basis": "b",
                            "records": ["device.series-10-11"]},
              "series-11": {"name": "Series 11", "appeared": "2025-09-09", "basis": "b",
                            "records": ["device.series-10-11"]}},
             "sizeClasses": [], "widgets": [], "dynamicType": [], "textStyles": [], "tracking": [],
             "metrics": [], "myths": [],
             "rules": [\(rules)], "devices": [\(devices)]}
            """
        return Array(text.utf8)
    }

    static let seriesRow = """
        {"id": "device.series-10-11", "name": "Apple Watch Series 10, 11", "points": null, "scale": null,
         "pixels": {"width": 374, "height": 446}, "caseSize": "42mm", SINCE}
        """

    static let relabelledRow = seriesRow.replacingOccurrences(
        of: "SINCE",
        with:
            #""since": "2024-09-09", "history": [{"until": "2025-09-09", "values": {"name": "Apple Watch Series 10"}}]"#
    )

    static let glassRule = """
        {"id": "rule.tab-bars.glass", "topic": "tab-bars", "platforms": ["ios"], "kind": "description",
         "quote": "Its items rest on a Liquid Glass background." SINCE}
        """

    static func load(rules: String, devices: String = relabelledRow) throws -> SpecStore {
        try SpecStore.load(bytes: file(rules: rules, devices: devices), sourceName: "subjects.json")
    }

    static func refusal(rules: String, devices: String = relabelledRow) -> SpecStoreError? {
        do {
            _ = try load(rules: rules, devices: devices)
            return nil
        } catch {
            return error as? SpecStoreError
        }
    }

    @Test(
        "a record present before a subject it names appeared is refused, naming the record",
        arguments: [
            // Named by a term in Apple's words.
            (
                glassRule.replacingOccurrences(of: "SINCE", with: ""),
                "$.rules[0].since", "rule.tab-bars.glass"
            ),
            // Named by a term in a citation's quote.
            (
                #"{"id": "rule.toolbars.primary", "topic": "toolbars", "platforms": ["ios"], "kind": "requirement", "quote": "Only specify one primary action.", "citations": [{"source": "tab-bars", "quote": "Use the .prominent style for key actions"}]}"#,
                "$.rules[0].since", "rule.toolbars.primary"
            ),
            // Named by its platform and topic.
            (
                #"{"id": "rule.widgets.range", "topic": "widgets", "platforms": ["ios", "visionos"], "kind": "description", "quote": "widgets support Dynamic Type sizes from Large to AX5", "since": "2025-06-09"}"#,
                "$.rules[0].since", "rule.widgets.range"
            ),
            // An earlier state, kept in history, that already names it.
            (
                #"{"id": "rule.tab-bars.glass", "topic": "tab-bars", "platforms": ["ios"], "kind": "description", "quote": "Its items rest on a Liquid Glass background.", "history": [{"until": "2025-09-09", "values": {"quote": "A tab bar uses .prominent items."}}]}"#,
                "$.rules[0].since", "rule.tab-bars.glass"
            ),
        ])
    func anachronismRefused(records: String, path: String, id: String) throws {
        let error = try #require(Self.refusal(rules: records))
        #expect(error.code == .anachronism)
        #expect(error.jsonPath == path)
        #expect(error.description.contains("'\(id)'"))
        #expect(error.line != nil)
    }

    @Test("a device model is a subject from its row's first state: a rule naming it before the row is refused")
    func deviceModelFromItsRow() throws {
        let rule =
            #"{"id": "rule.layout.watch", "topic": "layout", "platforms": ["watchos"], "kind": "description", "quote": "Apple Watch Series 10 has a larger display."}"#
        let error = try #require(Self.refusal(rules: rule))
        #expect(error.code == .anachronism)
        #expect(error.jsonPath == "$.rules[0].since")
        #expect(error.description.contains("(the row device.series-10-11)"))
        let dated = rule.replacingOccurrences(of: #""quote""#, with: #""since": "2024-09-09", "quote""#)
        #expect(try Self.load(rules: dated).snapshot(version: "2024-09-09").record(id: "rule.layout.watch") != nil)
    }

    @Test("a record starting when its subject appeared loads, and so does an earlier state without it")
    func subjectRespected() throws {
        let glass = Self.glassRule.replacingOccurrences(of: "SINCE", with: #", "since": "2025-06-09""#)
        let floats = #"""
            {"id": "rule.tab-bars.floats", "topic": "tab-bars", "platforms": ["ios"], "kind": "description",
             "quote": "Its items rest on a Liquid Glass background.",
             "history": [{"until": "2025-06-09", "values": {"quote": "A tab bar is translucent."}}]}
            """#
        let store = try Self.load(rules: "\(glass), \(floats)")
        #expect(try store.snapshot(version: "2024-09-09").record(id: "rule.tab-bars.glass") == nil)
        #expect(try store.snapshot(version: "2025-06-09").record(id: "rule.tab-bars.glass") != nil)
        let early = try store.snapshot(version: "2023").record(id: "rule.tab-bars.floats")
        #expect(early?["quote"]?.stringValue == "A tab bar is translucent.")
    }

    @Test("a row that starts when a model joined it, though an older model was on it, is a relabel")
    func relabelRecordedAsAdditionRefused() throws {
        let row = Self.seriesRow.replacingOccurrences(of: "SINCE", with: #""since": "2025-09-09""#)
        let error = try #require(Self.refusal(rules: "", devices: row))
        #expect(error.code == .relabelAsAddition)
        #expect(error.jsonPath == "$.devices[0].since")
        #expect(error.description.contains("'device.series-10-11'"))
    }

    @Test("a relabelled row keeps its earlier label in history, and the diff calls it a change, not an addition")
    func relabelInHistory() throws {
        let store = try Self.load(rules: "")
        let before = try store.snapshot(version: "2025-06-09").record(id: "device.series-10-11")
        #expect(before?["name"]?.stringValue == "Apple Watch Series 10")
        #expect(try store.snapshot(version: "2023").record(id: "device.series-10-11") == nil)
        let diff = try store.diff(from: "2025-06-09", to: "2025-09-09")
        #expect(diff.added.isEmpty)
        #expect(diff.changed.map { $0["field"]?.stringValue } == ["name"])
    }

    @Test(
        "a subject must be declared whole: a known version, and some way for a record to name it",
        arguments: [
            (#"{"name": "n", "appeared": "2030", "basis": "b", "terms": ["x"]}"#, SpecStoreError.Code.unknownVersion),
            (#"{"name": "n", "appeared": "2023", "basis": "b"}"#, .missingField),
            (#"{"name": "n", "appeared": "2023", "basis": "b", "scope": {"platform": "mars"}}"#, .badValue),
            (#"{"name": "n", "appeared": "2023", "basis": "b", "records": ["device.none"]}"#, .danglingReference),
        ])
    func badSubjectRefused(subject: String, code: SpecStoreError.Code) throws {
        let text = String(decoding: Self.file(rules: ""), as: UTF8.self)
            .replacingOccurrences(of: #""subjects": {"#, with: #""subjects": {"broken": \#(subject),"#)
        #expect {
            try SpecStore.load(bytes: Array(text.utf8), sourceName: "subjects.json")
        } throws: { error in
            (error as? SpecStoreError)?.code == code
        }
    }
}
