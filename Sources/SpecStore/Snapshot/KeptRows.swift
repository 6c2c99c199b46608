import JSON
import SystemSupport

/// One collection's rows in a snapshot in the forms answers write them in, each made the first
/// time an answer needs it and kept: as compact JSON, so a never-seen JSON page copies its rows'
/// bytes where it wrote each row's members again (a third of such a page's cost, measured
/// 7 December 2026); and in one other form its caller makes (the flat table's row, which CSV,
/// Markdown and HTML pages are written from), so a never-seen page of those formats flattens
/// none of its rows again; and as lines of text for a table layout (a CSV row for a route's
/// columns), so a never-seen page of such a format writes none of its rows again either.
///
/// A snapshot that shares a collection's rows with the version before it shares these too, so
/// what is kept is at most every distinct row once in each form. Nothing is made before it is
/// asked for, so a server that answers no such format holds none.
final class KeptRows: Sendable {
    /// Each row's bytes by position, empty until written (a row is an object: never empty JSON).
    private let rows = Locked<[[UInt8]]>([])
    /// Each row's other form by position, `nil` until made.
    private let forms = Locked<[(any AnyObject & Sendable)?]>([])
    /// Each row's line of text by layout, then by position, empty until written.
    private let texts = Locked<[String: [[UInt8]]]>([:])
    /// Each row's compact JSON trimmed to some of its fields, by the fields, then by position:
    /// apart from ``texts``, so pages asking for many sets of fields crowd out no table layout.
    private let projections = Locked<[String: [[UInt8]]]>([:])
    private let count: Int

    /// The most layouts whose lines are kept: a format's lines for a route's fixed columns are
    /// one or two layouts; a layout beyond these is written for each answer and not kept.
    static let layoutLimit = 8

    init(count: Int) {
        self.count = count
    }

    /// Appends the row at `position` of `entries` (the rows these bytes are of) as compact JSON.
    func append(_ position: Int, of entries: [SpecSnapshot.Entry], to bytes: inout [UInt8]) {
        let kept = rows.withLock { rows in rows.isEmpty ? [] : rows[position] }
        if !kept.isEmpty {
            bytes.append(contentsOf: kept)
            return
        }
        let start = bytes.count
        entries[position].row.serialize(into: &bytes)
        let written = Array(bytes[start...])
        rows.withLock { rows in
            if rows.isEmpty { rows = Array(repeating: [], count: count) }
            rows[position] = written
        }
    }

    /// The rows at `positions` of `entries` (every row for `nil`) in the form `make` makes, in
    /// the order asked: those kept already as they were, the others made now and kept. One
    /// caller keeps one form per row, so the form read back is the one its `make` made.
    func forms(
        _ positions: [Int32]?, of entries: [SpecSnapshot.Entry], make: (JSONValue) -> any AnyObject & Sendable
    ) -> [any AnyObject & Sendable] {
        let count = positions?.count ?? entries.count
        func position(_ index: Int) -> Int { positions.map { Int($0[index]) } ?? index }
        var found: [(any AnyObject & Sendable)?] = forms.withLock { forms in
            forms.isEmpty ? Array(repeating: nil, count: count) : (0..<count).map { forms[position($0)] }
        }
        var made: [Int] = []
        for index in 0..<count where found[index] == nil {
            found[index] = make(entries[position(index)].row)
            made.append(index)
        }
        if !made.isEmpty {
            forms.withLock { forms in
                if forms.isEmpty { forms = Array(repeating: nil, count: self.count) }
                for index in made where forms[position(index)] == nil { forms[position(index)] = found[index] }
            }
        }
        return found.map { $0! }
    }

    /// The rows at `positions` of the collection (every row for `nil`) as lines of text for
    /// `layout`, in the order asked: those kept already as they were, the others made now by
    /// `make` (given the index in that order) and kept, at most ``layoutLimit`` layouts. Every
    /// line of one layout must be what `make` writes for that row, so one layout is one format
    /// over one column set.
    func texts(_ positions: [Int32]?, layout: String, make: (Int) -> [UInt8]) -> [[UInt8]] {
        Self.lines(positions, layout: layout, in: texts, rowCount: count, make: make)
    }

    /// The rows at `positions` as compact JSON trimmed to some of their fields, named by
    /// `fields` (one name per projection): kept as ``texts(_:layout:make:)`` keeps lines, apart
    /// from them, at most ``layoutLimit`` sets of fields.
    func projected(_ positions: [Int32]?, fields: String, make: (Int) -> [UInt8]) -> [[UInt8]] {
        Self.lines(positions, layout: fields, in: projections, rowCount: count, make: make)
    }

    private static func lines(
        _ positions: [Int32]?, layout: String, in texts: Locked<[String: [[UInt8]]]>, rowCount: Int,
        make: (Int) -> [UInt8]
    ) -> [[UInt8]] {
        let count = positions?.count ?? rowCount
        func position(_ index: Int) -> Int { positions.map { Int($0[index]) } ?? index }
        var found: [[UInt8]] = texts.withLock { texts in
            guard let kept = texts[layout] else { return Array(repeating: [], count: count) }
            return (0..<count).map { kept[position($0)] }
        }
        var made: [Int] = []
        for index in 0..<count where found[index].isEmpty {
            found[index] = make(index)
            made.append(index)
        }
        if !made.isEmpty {
            texts.withLock { texts in
                guard texts[layout] != nil || texts.count < Self.layoutLimit else { return }
                var kept = texts.removeValue(forKey: layout) ?? Array(repeating: [], count: rowCount)
                for index in made where !found[index].isEmpty { kept[position(index)] = found[index] }
                texts[layout] = kept
            }
        }
        return found
    }
}
