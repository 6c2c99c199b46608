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
}
