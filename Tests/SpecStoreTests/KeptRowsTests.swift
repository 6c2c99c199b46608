import JSON
import SpecStore
import TestSupport
import Testing

/// A row's other form (``QueryResult/rowForms(_:)``) is made once a snapshot for a choice among
/// a collection's rows and read back by every later answer, in the order the answer asks.
@Suite struct KeptRowsTests {
    /// A form of a row: the row itself, in a class (as a kept form is one).
    final class Form: Sendable {
        let row: JSONValue
        init(_ row: JSONValue) { self.row = row }
    }

    /// A store of its own: no other test keeps forms in it.
    static let store = try! SpecStore.load(contentsOf: ShippedStore.path)

    /// A choice in another order (a sorted page) is still a choice: its rows, notes and compact
    /// JSON are those of the rows in that order, written from the bytes kept.
    @Test func aChoiceInAnotherOrderWritesItsRowsInThatOrder() throws {
        let snapshot = Self.store.latest
        let all = try snapshot.tracking(matching: TrackingFilter(font: "SF Pro"))
        let (kept, _) = try #require(all.collectionPositions)
        let positions = try #require(kept).map { Int($0) }
        let order = [positions[9], positions[2], positions[30], positions[2], positions[0]]
        let chosen = try #require(all.choosing(order))
        #expect(chosen.count == 5)
        #expect(chosen.notes == all.notes)
        let items = all.items
        let expected = [9, 2, 30, 2, 0].map { items[$0] }
        #expect(chosen.items == expected)
        var written: [UInt8] = []
        chosen.appendCompactItems(to: &written)
        var serialized: [UInt8] = []
        for (index, row) in expected.enumerated() {
            if index > 0 { serialized.append(UInt8(ascii: ",")) }
            row.serialize(into: &serialized)
        }
        #expect(written == serialized)
        #expect(QueryResult(items: expected).choosing([0]) == nil, "rows of their own are no choice")
    }

    @Test func aChoiceMakesEachRowsFormOnceAndKeepsIt() throws {
        let snapshot = Self.store.latest
        let all = try snapshot.tracking(matching: TrackingFilter(font: "SF Pro"))
        #expect(all.count > 10)
        var made = 0
        func forms(_ result: QueryResult) -> [Form] {
            result.rowForms { row in
                made += 1
                return Form(row)
            }.map { $0 as! Form }
        }
        let page = all.slice(2..<7)
        let first = forms(page)
        #expect(first.map(\.row) == page.items)
        #expect(made == 5)
        // The same rows again, and a page that overlaps them: only the new rows are made.
        let again = forms(page)
        #expect(zip(first, again).allSatisfy { $0 === $1 })
        let overlapping = all.slice(5..<9)
        let next = forms(overlapping)
        #expect(next.map(\.row) == overlapping.items)
        #expect(next[0] === first[3] && next[1] === first[4])
        #expect(made == 7)
        // Rows of no snapshot's collection (a list of their own) are made every time.
        let own = QueryResult(items: page.items)
        _ = forms(own)
        _ = forms(own)
        #expect(made == 17)
    }
}
