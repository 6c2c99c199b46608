import Testing

@testable import SpecStore

/// Search finds a figure by its size, a number with its unit, or a device's common name.
@Suite("Search by size")
struct SizeSearchTests {
    static func ids(_ query: String, first count: Int = 3) throws -> [String] {
        let result = try RealDataTests.store.latest.search(SearchQuery(q: query))
        return result.items.prefix(count).compactMap { $0["id"]?.stringValue }
    }

    @Test(
        "a size written any common way puts the records of that size first, not iPhone X",
        arguments: [
            ("141x141", "widget.ios.320x568.system-small"), ("141×141", "widget.ios.320x568.system-small"),
            ("141 x 141", "widget.ios.320x568.system-small"), ("1088x1088", "metric.app-icons.watchos.layout-size"),
            ("170x170", "widget.ios.430x932.system-small"), ("44x44", "metric.controls.ios.default-size"),
            ("44 pt", "metric.controls.ios.default-size"), ("402x874", "device.iphone-17-pro"),
            ("iPad Pro 13", "device.ipad-pro-12-9-inch"),
        ])
    func sizeFindsItsRecords(query: String, expected: String) throws {
        let first = try Self.ids(query)
        #expect(first.contains(expected), "\(query): \(first)")
        #expect(!first.contains { $0.hasPrefix("device.iphone-x") }, "\(query): \(first)")
    }

    @Test(
        "a query's terms join a size and a number with its unit; an index also keeps the parts",
        arguments: [
            ("141x141", ["141x141"]), ("141 × 141 widget", ["141x141", "widget"]), ("44 pt", ["44pt"]),
            ("iPhone X", ["iphone", "x"]), ("x 44", ["x", "44"]),
        ])
    func terms(query: String, expected: [String]) {
        #expect(SearchIndex.terms(of: query) == expected)
    }

    @Test("a record's figures are indexed as sizes and as numbers with units; titles do not join units")
    func indexWords() {
        #expect(
            SearchIndex.indexWords(of: "44x44 44 pt", joiningUnits: true) == [
                "44", "x", "44", "44", "pt", "44x44", "44pt",
            ])
        #expect(SearchIndex.indexWords(of: "SF Pro 44 pt tracking") == ["sf", "pro", "44", "pt", "tracking"])
    }
}
