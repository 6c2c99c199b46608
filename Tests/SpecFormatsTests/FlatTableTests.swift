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
        let ahead = FlatTable(title: "t", version: "v", flattened: records.map { FlatRecord($0) })
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

/// Records with one list of distinct names make a table whose columns are those names; any
/// other records go the general way, and both ways agree.
@Suite struct FlatTableShapeTests {
    @Test func recordsOfOneShapeHaveTheirNamesAsColumns() {
        let records = (0..<3).map {
            FlatRecord(names: ["id", "size", "note"], values: ["r\($0)", "\($0)", ""], citations: [])
        }
        let table = FlatTable(title: "t", version: "v", flattened: records)
        #expect(table.columns == ["id", "size", "note"])
        #expect(table.rows.map(\.cells) == [["r0", "0", ""], ["r1", "1", ""], ["r2", "2", ""]])
    }

    /// A name twice: one column, the later text; a record with fewer texts than names: the
    /// names without a text stay empty.
    @Test func repeatedNamesAndMissingTextsGoTheGeneralWay() {
        let repeated = FlatRecord(names: ["id", "size", "size"], values: ["a", "1", "2"], citations: [])
        #expect(!repeated.namesAreDistinct)
        let table = FlatTable(title: "t", version: "v", flattened: [repeated, repeated])
        #expect(table.columns == ["id", "size"])
        #expect(table.rows.map(\.cells) == [["a", "2"], ["a", "2"]])
        let short = FlatRecord(names: ["id", "size"], values: ["b"], citations: [])
        let full = FlatRecord(names: ["id", "size"], values: ["c", "3"], citations: [])
        let mixed = FlatTable(title: "t", version: "v", flattened: [full, short])
        #expect(mixed.rows.map(\.cells) == [["c", "3"], ["b", nil]])
    }

    /// Rows flattened from records of one shape share one list of names.
    @Test func recordsFlattenedAlikeShareTheirNames() throws {
        let records = try [#"{"id":"a","size":1}"#, #"{"id":"b","size":2}"#].map { try JSONValue.parse($0) }
        let flattened = records.map { FlatRecord($0) }
        let general = FlatTable(title: "t", version: "v", records: records)
        #expect(flattened[0].names == flattened[1].names)
        #expect(FlatTable(title: "t", version: "v", flattened: flattened) == general)
    }
}
