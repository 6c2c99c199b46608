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
