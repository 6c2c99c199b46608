import JSON
import SpecFormats
import SpecStore
import Testing

/// A record flattened into a table's row.
@Suite struct FlatTableTests {
    @Test func flatteningJoinsNestedFieldsWithUnderscores() throws {
        let record = try JSONValue.parse(
            #"{"id":"d","points":{"width":402,"height":874},"platforms":["ios","ipados"],"citations":[{"page":"P","url":"https://a"},{"page":"Q","url":"https://b"}]}"#
        )
        let table = FlatTable(title: "t", version: "v", records: [record])
        #expect(table.columns == ["id", "points_width", "points_height", "platforms", "citation_page", "citation_url"])
        #expect(table.rows[0].cells == ["d", "402", "874", "ios; ipados", "P; Q", "https://a; https://b"])
        #expect(table.rows[0].citations.count == 2)
    }

    /// Records of several shapes: a record named as the one before takes its places, a new
    /// name adds a column where it is first seen, and a cell a record lacks stays empty.
    @Test func recordsOfSeveralShapesShareTheColumnsInFirstSeenOrder() throws {
        let records = try [
            #"{"id":"a","size":1}"#, #"{"id":"b","size":2}"#, #"{"size":3,"id":"c"}"#,
            #"{"id":"d","extra":{"x":true}}"#, #"{"id":"e","size":5}"#, #"7"#,
        ].map { try JSONValue.parse($0) }
        let table = FlatTable(title: "t", version: "v", records: records)
        #expect(table.columns == ["id", "size", "extra_x", "value"])
        #expect(
            table.rows.map(\.cells) == [
                ["a", "1", nil, nil], ["b", "2", nil, nil], ["c", "3", nil, nil], ["d", nil, "true", nil],
                ["e", "5", nil, nil], [nil, nil, nil, "7"],
            ])
        // Flattened ahead (as a store keeps each row) or here, the table is the same.
        let ahead = FlatTable(title: "t", version: "v", flattened: records.map(FlatRecord.init))
        #expect(ahead == table)
    }

    /// A citation hashes by its URL and its quote's length, but two that differ in any field
    /// are two: a page numbers each once, in first-seen order.
    @Test func citationsDifferingInAnyFieldAreDistinct() throws {
        let url = "https://developer.apple.com/design/human-interface-guidelines/layout#Specifications"
        let record = try JSONValue.parse(
            Array(
                """
                {"citations": [
                  {"page": "HIG › Layout", "section": "Specifications", "url": "\(url)", "quote": "abc"},
                  {"page": "HIG › Layout", "section": "Specifications", "url": "\(url)", "quote": "abd"},
                  {"page": "HIG › Buttons", "section": "Specifications", "url": "\(url)", "quote": "abc"},
                  {"page": "HIG › Layout", "url": "\(url)", "quote": "abc"},
                  {"page": "HIG › Layout", "section": "Specifications", "url": "\(url)"}
                ]}
                """.utf8))
        let all = FlatTable.citations(in: record)
        #expect(all.count == 5)
        let records = (all + all.reversed()).map { FlatRecord(names: [], values: [], citations: [$0]) }
        let table = FlatTable(title: "T", version: "v", flattened: records)
        #expect(table.distinctCitations == all)
        #expect(Set(all).count == all.count)
        #expect(Set(all + all.prefix(2)).count == all.count)
    }
}
