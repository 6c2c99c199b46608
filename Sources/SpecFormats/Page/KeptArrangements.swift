import SystemSupport

/// The arrangements a route's pages have had (``HTMLRenderer/Arrangement``), kept by what they
/// depend on: the table's columns, which of them hold a value in some row, whether a row has a
/// status or source, and whether the page is a fragment. A page of rows the route has shown
/// before in that shape takes its arrangement here instead of working it out again.
///
/// A ``PageRoute`` holds one and makes a new one whenever a fact an arrangement reads changes
/// (its kind, columns, layout, omitted fields, or whether it picks fields), so a kept
/// arrangement is never read for a route it was not made for.
package final class KeptArrangements: Sendable {
    /// The key within one list of columns.
    struct Shape: Hashable {
        /// Bit `i` set when some row has a non-empty cell in column `i`.
        var filled: UInt64
        var hasSource: Bool
        var fragment: Bool
        var noRows: Bool
    }

    /// Each list of columns with the arrangements made for it. Tables made from rows of one
    /// shape share their list of columns (``FlatRecord``), so finding it compares references.
    private let kept = Locked<[(columns: [String], arrangements: [Shape: HTMLRenderer.Arrangement])]>([])

    /// The most lists of columns, and arrangements per list, kept; past either the list's
    /// arrangements, or every one, are dropped and made again as asked.
    static let columnLimit = 32
    static let shapeLimit = 64

    package init() {}

    /// The arrangement kept for `columns` and `shape`, or the one `make` gives, kept.
    func arrangement(
        columns: [String], shape: Shape, _ make: () -> HTMLRenderer.Arrangement
    ) -> HTMLRenderer.Arrangement {
        let found = kept.withLock { kept in
            kept.firstIndex { $0.columns == columns }.flatMap { kept[$0].arrangements[shape] }
        }
        if let found { return found }
        let made = make()
        kept.withLock { kept in
            if let index = kept.firstIndex(where: { $0.columns == columns }) {
                if kept[index].arrangements.count >= Self.shapeLimit { kept[index].arrangements.removeAll() }
                kept[index].arrangements[shape] = made
            } else {
                if kept.count >= Self.columnLimit { kept.removeAll() }
                kept.append((columns, [shape: made]))
            }
        }
        return made
    }
}
