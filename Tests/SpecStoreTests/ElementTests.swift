import JSON
import Testing

@testable import SpecStore

/// The data's `elements`: the element vocabulary and the figures that apply to each element,
/// checked by the loader, and the nearest spellings an error offers.
@Suite struct ElementTests {
    /// The repository's data file with its `elements` replaced.
    static func withElements(_ elements: JSONValue) throws -> [UInt8] {
        guard case .object(var root) = RealDataTests.parsedFile else { throw StoreFixtureError.notAnObject }
        root["elements"] = elements
        return JSONValue.object(root).serializedBytes()
    }

    /// An `elements` object of one element.
    static func element(_ figures: [String], id: String = "button", basis: String? = "b") -> JSONValue {
        let list = JSONValue.array(figures.map { .string($0) })
        let fields: JSONValue =
            if let basis { ["name": "Button", "basis": .string(basis), "measures": ["size": list]] } else {
                ["name": "Button", "measures": ["size": list]]
            }
        return [id: fields]
    }

    enum StoreFixtureError: Error { case notAnObject }

    @Test func theRealDataDeclaresTheElementsTheIssueNames() throws {
        let ids = RealDataTests.store.latest.elements.map(\.id)
        for element in ["button", "toggle", "text", "tab-bar", "toolbar", "sheet", "widget", "app-icon"] {
            #expect(ids.contains(element), "\(element)")
        }
        #expect(RealDataTests.store.latest.acceptedValues(for: .element) == ids)
        #expect(RealDataTests.store.latest.element(named: "Tab Bar")?.id == "tab-bar")
        let button = try #require(RealDataTests.store.latest.element(named: "button"))
        #expect(button.measures.first?.name == "size")
        #expect(button.figures.contains("metric.buttons.ios.minimum-hit-region"))
    }

    @Test func theRealDataLoadsWithItsElementsSwapped() throws {
        // The file with a one-element vocabulary still loads: the loader reads what it declares.
        let store = try SpecStore.load(
            bytes: try Self.withElements(Self.element(["metric.controls.ios.minimum-size"])), sourceName: "specs.json")
        #expect(store.latest.elements.map(\.id) == ["button"])
    }

    @Test(
        "a figure that names no metric, a repeated figure, an element without figures and a bad id are refused",
        arguments: [
            (
                ElementTests.element(["metric.controls.ios.minimum-sise"]), SpecStoreError.Code.danglingReference,
                "$.elements.button.measures.size[0]"
            ),
            (
                ElementTests.element(["rule.tab-bars.navigation-not-actions"]), .danglingReference,
                "$.elements.button.measures.size[0]"
            ),
            (
                ElementTests.element(["metric.controls.ios.minimum-size", "metric.controls.ios.minimum-size"]),
                .duplicateID,
                "$.elements.button.measures.size[1]"
            ),
            (ElementTests.element([]), .missingField, "$.elements.button.measures.size"),
            (ElementTests.element(["metric.controls.ios.minimum-size"], id: "Button"), .badID, "$.elements.Button"),
            (
                ElementTests.element(["metric.controls.ios.minimum-size"], basis: nil), .missingField,
                "$.elements.button.basis"
            ),
        ])
    func brokenElementsAreRefused(elements: JSONValue, code: SpecStoreError.Code, path: String) throws {
        let bytes = try Self.withElements(elements)
        do {
            _ = try SpecStore.load(bytes: bytes, sourceName: "specs.json")
            Issue.record("loaded a file with broken elements")
        } catch {
            #expect(error.code == code, "\(error)")
            #expect(error.jsonPath == path, "\(error)")
        }
    }

    @Test(
        "the nearest spellings are offered within a few edits, nearest first",
        arguments: [
            ("buton", ["button", "toggle", "text"], ["button"]),
            ("Tab Bar", ["tab-bar", "toolbar"], []),  // the same word: nothing to correct
            ("tabbbar", ["tab-bar", "toolbar"], ["tab-bar"]),
            ("iso", ["ios", "ipados", "macos"], ["ios"]),
            ("qqqqqq", ["button", "toggle"], []),
            (
                "metric.controls.ios.minimum-szie",
                ["metric.controls.ios.minimum-size", "metric.controls.macos.minimum-size"],
                ["metric.controls.ios.minimum-size"]
            ),
        ])
    func nearestSpellings(value: String, accepted: [String], expected: [String]) {
        #expect(NearestSpelling.suggestions(for: value, among: accepted) == expected)
    }

    @Test func aHostileValueIsNotCompared() {
        let long = String(repeating: "a", count: 100_000)
        #expect(NearestSpelling.suggestions(for: long, among: [long]).isEmpty)
        #expect(
            NearestSpelling.didYouMean("buton", among: ["button", "baton"]) == "Did you mean 'button' or 'baton'? ")
    }
}
