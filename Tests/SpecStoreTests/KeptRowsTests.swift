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

    /// A row's line of text for a layout (``QueryResult/rowTexts(layout:make:)``) is made once a
    /// snapshot per layout and read back in the order asked; another layout is made apart; past
    /// the layout limit lines are made every time and not kept.
    @Test func aChoiceKeepsEachRowsLineOncePerLayout() throws {
        let all = try Self.store.latest.tracking(matching: TrackingFilter(font: "SF Compact"))
        let items = all.items
        #expect(items.count > 8)
        var made: [String] = []
        func lines(_ result: QueryResult, _ layout: String) -> [String] {
            let rows = result.items
            return result.rowTexts(layout: layout) { index in
                made.append(layout)
                return Array((layout + ":" + (rows[index]["id"]?.stringValue ?? "?")).utf8)
            }.map { String(decoding: $0, as: UTF8.self) }
        }
        func expected(_ range: Range<Int>, _ layout: String) -> [String] {
            items[range].map { layout + ":" + ($0["id"]?.stringValue ?? "?") }
        }
        #expect(lines(all.slice(1..<5), "a") == expected(1..<5, "a"))
        #expect(made.count == 4)
        #expect(lines(all.slice(3..<7), "a") == expected(3..<7, "a"))
        #expect(made.count == 6, "rows 3 and 4 are kept")
        #expect(lines(all.slice(3..<7), "b") == expected(3..<7, "b"))
        #expect(made.count == 10, "another layout is its own")
        // A sorted page's order: the lines of the rows in that order, from those kept.
        let (positions, _) = try #require(all.collectionPositions)
        let kept = try #require(positions).map { Int($0) }
        let sorted = try #require(all.choosing([kept[6], kept[1], kept[4]]))
        #expect(lines(sorted, "a") == [6, 1, 4].map { "a:" + (items[$0]["id"]?.stringValue ?? "?") })
        #expect(made.count == 10)
        // Rows of their own are made every time.
        let own = QueryResult(items: Array(items[1..<3]))
        _ = lines(own, "a")
        _ = lines(own, "a")
        #expect(made.count == 14)
    }

    @Test func linesOfMoreLayoutsThanTheLimitAreMadeAndNotKept() throws {
        // Colors: no other test here keeps lines of its rows, so every layout counted is this test's.
        let all = try Self.store.latest.colors(matching: ColorFilter())
        let page = all.slice(0..<2)
        var made = 0
        func ask(_ layout: String) -> [[UInt8]] {
            page.rowTexts(layout: layout) { index in
                made += 1
                return Array("\(layout) \(index)".utf8)
            }
        }
        let limit = 8
        for number in 0..<limit { _ = ask("layout \(number)") }
        #expect(made == 2 * limit)
        for number in 0..<limit { _ = ask("layout \(number)") }
        #expect(made == 2 * limit, "every layout within the limit is kept")
        let beyond = ask("one more")
        #expect(beyond == [Array("one more 0".utf8), Array("one more 1".utf8)])
        _ = ask("one more")
        #expect(made == 2 * limit + 4, "a layout past the limit is made for each answer")
    }
}
