import JSON
import Testing

@testable import SpecStore

@Suite("Loading and validating the data file")
struct StoreLoadingTests {
    /// The first metric made a range of Dynamic Type categories.
    static func categoryRange(min: String, max: String, unit: String) -> BrokenFile {
        BrokenFile(changes: [
            ("$.metrics[0].width", nil), ("$.metrics[0].height", nil), ("$.metrics[0].history", nil),
            ("$.metrics[0].bound", "range"), ("$.metrics[0].minCategory", .string(min)),
            ("$.metrics[0].maxCategory", .string(max)), ("$.metrics[0].unit", .string(unit)),
        ])
    }

    /// A valid widget-family record, for broken cases that change one of its members.
    static let widgetFamily: JSONValue = [
        "id": "widget-family.ios.system-small", "platforms": ["ios"], "family": "systemSmall", "supported": true,
        "status": "published", "since": "2023",
        "citations": [
            ["page": "HIG › Widgets", "url": "https://developer.apple.com/design/human-interface-guidelines/widgets"]
        ],
    ]

    /// A valid color record, for broken cases that change one of its members.
    static let color: JSONValue = [
        "id": "color.all.red", "name": "Red", "platforms": ["all"], "table": "System colors", "swiftUI": "red",
        "uiKit": nil, "light": ["red": 255, "green": 56, "blue": 60, "hex": "#FF383C"], "dark": nil,
        "increasedContrastLight": nil, "increasedContrastDark": nil, "status": "published", "since": "2023",
        "citations": [
            [
                "page": "HIG › Color", "section": "Specifications › System colors",
                "url": "https://developer.apple.com/design/human-interface-guidelines/color#Specifications",
            ]
        ],
    ]

    @Test("the fixture store loads with every collection and version")
    func validFixtureLoads() throws {
        let store = StoreFixtures.valid
        #expect(store.versions.map(\.id) == ["2023", "2025-03-07", "2025-12-16"])
        #expect(store.latestVersion.id == "2025-12-16")
        // Every declared collection is counted: its records in the file, less those removed
        // (`until`) by the latest version; an absent collection (`mayBeAbsent`) counts none.
        let file = try JSONValue.parse(try String(contentsOfFile: StoreFixtures.path("valid.json"), encoding: .utf8))
        let counts = try #require(store.latest.counts.objectValue)
        #expect(counts.keys == SpecCollection.allCases.map(\.key))
        for collection in SpecCollection.allCases {
            let expected = (file[collection.key]?.arrayValue ?? []).filter { $0["until"] == nil }.count
            #expect(counts[collection.key]?.doubleValue == Double(expected), "\(collection.key)")
        }
        #expect(counts["metrics"]?.doubleValue == 7 && counts["widgetFamilies"]?.doubleValue == 0)
        #expect(try store.snapshot(version: "2023").counts["devices"] == 3)
    }

    @Test("the minimal broken-file base loads, so each broken file fails for its one fault only")
    func minimalBaseLoads() throws {
        _ = try SpecStore.load(contentsOf: StoreFixtures.path("minimal.json"))
    }

    @Test(
        "each kind of broken file is refused with its code and JSON path",
        arguments: [
            (BrokenFile.setting("$.schemaVersion", to: 3), SpecStoreError.Code.schemaVersion, "$.schemaVersion"),
            (.removing("$.metrics[0].name"), .missingField, "$.metrics[0].name"),
            (.removing("$.textStyles"), .missingField, "$.textStyles"),
            (.setting("$.devices[0].points.width", to: "402"), .wrongType, "$.devices[0].points.width"),
            (.setting("$.metrics[1].vaule", to: 270), .unknownKey, "$.metrics[1].vaule"),
            (.setting("$.rules[0].id", to: "metric.alerts.ios.width"), .duplicateID, "$.rules[0].id"),
            (.setting("$.metrics[0].id", to: "Metric.Controls.iOS"), .badID, "$.metrics[0].id"),
            (.setting("$.metrics[1].since", to: "2024"), .unknownVersion, "$.metrics[1].since"),
            (
                StoreLoadingTests.categoryRange(min: "large", max: "xSmall", unit: "category"), .badFigure,
                "$.metrics[0]"
            ),
            (
                StoreLoadingTests.categoryRange(min: "large", max: "accessibility5", unit: "pt"), .badFigure,
                "$.metrics[0].unit"
            ),
            (
                .setting("$.widgetFamilies", to: [StoreLoadingTests.widgetFamily.setting("supported", "yes")]),
                .wrongType, "$.widgetFamilies[0].supported"
            ),
            (
                .setting("$.widgetFamilies", to: [StoreLoadingTests.widgetFamily.setting("renderingMode", "tinted")]),
                .badValue, "$.widgetFamilies[0].renderingMode"
            ),
            (
                .setting("$.widgetFamilies", to: [StoreLoadingTests.widgetFamily.setting("family", "accessoryBezel")]),
                .badValue, "$.widgetFamilies[0].family"
            ),
            // A color's hex is its channels', and each channel a whole number 0–255.
            (
                .setting(
                    "$.colors",
                    to: [
                        StoreLoadingTests.color.setting(
                            "light", ["red": 255, "green": 56, "blue": 60, "hex": "#FF383D"])
                    ]),
                .badValue, "$.colors[0].light.hex"
            ),
            (
                .setting(
                    "$.colors",
                    to: [
                        StoreLoadingTests.color.setting(
                            "light", ["red": 256, "green": 56, "blue": 60, "hex": "#FF383C"])
                    ]),
                .badValue, "$.colors[0].light.red"
            ),
            (
                .setting("$.colors", to: [StoreLoadingTests.color.setting("dark", "#FF383C")]), .wrongType,
                "$.colors[0].dark"
            ),
            (
                .setting("$.colors", to: [StoreLoadingTests.color.setting("uiKit", nil).setting("swiftUI", 1)]),
                .wrongType, "$.colors[0].swiftUI"
            ),
            // A confidence outside the vocabulary, and a coverage entry saying Apple publishes none
            // without what that rests on.
            (
                .setting("$.colors", to: [StoreLoadingTests.color.setting("confidence", "two copies")]), .badValue,
                "$.colors[0].confidence"
            ),
            (
                BrokenFile.setting("$.schemaVersion", to: 2).setting(
                    "$.coverage",
                    to: [
                        [
                            "page": "HIG › Popovers", "publishes": "none",
                            "url": "https://developer.apple.com/design/human-interface-guidelines/popovers",
                        ]
                    ]), .missingBasis, "$.coverage[0].basis"
            ),
            (.setting("$.metrics[0].history[0].until", to: "2023"), .badOrder, "$.metrics[0].history[0].until"),
            (.setting("$.metrics[0].citations", to: []), .missingCitation, "$.metrics[0].citations"),
            (.removing("$.metrics[1].basis"), .missingBasis, "$.metrics[1].basis"),
            (
                .setting("$.metrics[0].basis", to: ["reason": "r", "searched": ["HIG › Layout"]]), .mixedStatus,
                "$.metrics[0].basis"
            ),
            (
                .setting("$.metrics[1].width", to: 270).setting("$.metrics[1].height", to: 100), .badFigure,
                "$.metrics[1]"
            ),
            (.setting("$.metrics[0].status", to: "official"), .badValue, "$.metrics[0].status"),
            // The search synonyms: groups of two words at least, each one search word, in one group.
            (.setting("$.searchSynonyms", to: ["font"]), .wrongType, "$.searchSynonyms[0]"),
            (.setting("$.searchSynonyms", to: [["font"]]), .badValue, "$.searchSynonyms[0]"),
            (.setting("$.searchSynonyms", to: [["font", "Tap target"]]), .badValue, "$.searchSynonyms[0][1]"),
            (
                .setting("$.searchSynonyms", to: [["font", "text"], ["type", "text"]]), .duplicateID,
                "$.searchSynonyms[1][1]"
            ),
            (
                .setting("$.myths[0].related", to: ["metric.alerts.ios.width", "metric.alerts.ios.height"]),
                .danglingReference, "$.myths[0].related[1]"
            ),
            (
                .setting("$.sizeClasses[0].devices[0]", to: "device.iphone-16"), .danglingReference,
                "$.sizeClasses[0].devices[0]"
            ),
            // Figures that cannot be Apple's.
            (.setting("$.devices[0].points.width", to: 0), .badFigure, "$.devices[0].points.width"),
            (.setting("$.devices[0].pixels.width", to: 1200), .badFigure, "$.devices[0].pixels.width"),
            (.setting("$.devices[0].scale", to: 0), .badFigure, "$.devices[0].scale"),
            (
                .setting("$.devices[0].downsampled", to: true), .badFigure, "$.devices[0].pixels.width"
            ),
            (
                BrokenFile(changes: [
                    ("$.metrics[0].width", nil), ("$.metrics[0].height", nil), ("$.metrics[0].history", nil),
                    ("$.metrics[0].bound", "range"), ("$.metrics[0].min", 10), ("$.metrics[0].max", 5),
                ]), .badFigure, "$.metrics[0].min"
            ),
        ])
    func brokenFile(file: BrokenFile, code: SpecStoreError.Code, path: String) {
        let name = "minimal.json, \(file)"
        #expect {
            try SpecStore.load(bytes: file.bytes, sourceName: name)
        } throws: { error in
            guard let error = error as? SpecStoreError else { return false }
            guard let line = error.line, let column = error.column else { return false }
            return error.code == code && error.jsonPath == path && error.file == name
                && error.description.hasPrefix("\(name):\(line):\(column): \(code.rawValue) at \(path): ")
        }
    }

    @Test(
        "syntax errors carry line and column (characters, not bytes)",
        arguments: [
            ("syntax-trailing-comma.json", 5, 3), ("syntax-bad-escape.json", 3, 19), ("syntax-truncated.json", 4, 1),
        ])
    func syntaxError(name: String, line: Int, column: Int) {
        let file = StoreFixtures.path("broken/\(name)")
        #expect {
            try SpecStore.load(contentsOf: file)
        } throws: { error in
            guard let error = error as? SpecStoreError else { return false }
            return error.code == .syntax && error.line == line && error.column == column
                && error.description.hasPrefix("\(file):\(line):\(column): syntax: ")
        }
    }

    @Test("an unreadable file is refused, naming the file")
    func unreadable() {
        #expect {
            try SpecStore.load(contentsOf: "/nonexistent/specs.json")
        } throws: { error in
            (error as? SpecStoreError)?.code == .unreadable
                && (error as? SpecStoreError)?.file == "/nonexistent/specs.json"
        }
    }

    @Test("export is the file as loaded, and it loads again to the same store")
    func exportRoundTrips() throws {
        let store = StoreFixtures.valid
        let exported = store.export().serializedBytes(pretty: true)
        let again = try SpecStore.load(bytes: exported, sourceName: "export")
        #expect(again.export() == store.export())
        #expect(again.versions == store.versions)
        #expect(try JSONValue.parse(store.sourceBytes) == store.export())
        #expect(store.export().serialized().contains("\"width\":305.5,"))
    }

    @Test(
        "record ids: lower-case words joined by single dots or dashes",
        arguments: [
            ("metric.controls.ios.minimum-size", true), ("device.iphone-16-pro", true), ("a", true),
            ("Metric.x", false), ("a..b", false), ("a.", false), ("-a", false), ("a_b", false), ("", false),
        ])
    func recordIDs(id: String, valid: Bool) {
        #expect(StoreLoader.isRecordID(id) == valid)
    }

    @Test(
        "version dates: YYYY, YYYY-MM or YYYY-MM-DD",
        arguments: [
            ("2023", true), ("2026-03", true), ("2025-12-16", true), ("2025-13", false), ("25-01-01", false),
            ("2025-1-1", false), ("2025-02-32", false),
        ])
    func versionDates(date: String, valid: Bool) {
        #expect(StoreLoader.isDate(date) == valid)
    }

    @Test("a fault is placed at its value's line and column, or at the record that lacks a field")
    func faultPosition() {
        let text = """
            {"schemaVersion": 1, "title": "t",
             "versions": [{"id": "a", "date": "2023", "title": "a", "notes": ""}],
             "devices": [], "sizeClasses": [], "widgets": [], "dynamicType": [], "textStyles": [],
             "tracking": [], "rules": [], "myths": [],
             "metrics": [
              {"id": "metric.x.ios.y", "name": "é", "topic": "x", "platforms": ["ios"], "value": "11",
               "bound": "minimum", "status": "published",
               "citations": [{"page": "HIG › X", "url": "https://example.invalid/x"}], "since": "a"},
              {"id": "metric.x.ios.z"}]}
            """
        #expect {
            try SpecStore.load(bytes: Array(text.utf8), sourceName: "f.json")
        } throws: { error in
            let error = error as? SpecStoreError
            return error?.jsonPath == "$.metrics[0].value" && error?.line == 6 && error?.column == 86
        }
        let missing = text.replacingOccurrences(of: #""value": "11""#, with: #""value": 11"#)
        #expect {
            try SpecStore.load(bytes: Array(missing.utf8), sourceName: "f.json")
        } throws: { error in
            let error = error as? SpecStoreError
            return error?.jsonPath == "$.metrics[1].since" && error?.line == 9 && error?.column == 3
                && error?.description.hasPrefix("f.json:9:3: missing_field at $.metrics[1].since: ") == true
        }
    }
}

extension JSONValue {
    /// This object with one member set.
    fileprivate func setting(_ key: String, _ value: JSONValue) -> JSONValue {
        guard case .object(var object) = self else { return self }
        object[key] = value
        return .object(object)
    }
}
