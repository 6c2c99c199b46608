import JSON
import SystemSupport

/// One collection's rows in a snapshot as compact JSON, each written the first time an answer
/// writes it and kept: a never-seen JSON page copies its rows' bytes where it wrote each row's
/// members again (a third of such a page's cost, measured 7 December 2026).
///
/// A snapshot that shares a collection's rows with the version before it shares their bytes too,
/// so what is kept is at most every distinct row once: the size of the data's rows as compact
/// JSON. Nothing is written before it is asked for, so a server that answers no JSON holds none.
final class CompactRows: Sendable {
    /// Each row's bytes by position, empty until written (a row is an object: never empty JSON).
    private let rows = Locked<[[UInt8]]>([])
    private let count: Int

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
}
