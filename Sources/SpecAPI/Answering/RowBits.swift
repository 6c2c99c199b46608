import SpecStore

/// Some of one collection's rows in one snapshot as a set of positions, one bit per row: what a
/// filter form's counts intersect, one AND and popcount per word, rather than query again.
package struct RowBits: Sendable, Equatable {
    /// The bits, 64 rows to a word, row `n` at bit `n % 64` of word `n / 64`.
    private let words: [UInt64]
    /// How many rows the collection has (the bits past it are clear).
    package let collectionCount: Int

    /// The rows a query result holds, when they are a choice among one collection's rows
    /// (``QueryResult/collectionPositions``) or none at all; `nil` for rows of any other
    /// origin, which have no position to set.
    package init?(_ result: QueryResult) {
        guard let (positions, count) = result.collectionPositions else {
            // An empty answer is often rows of no origin (an empty list with a note): no rows.
            guard result.isEmpty else { return nil }
            self.words = []
            self.collectionCount = 0
            return
        }
        var words = [UInt64](repeating: 0, count: (count + 63) / 64)
        if let positions {
            for position in positions { words[Int(position) >> 6] |= 1 << UInt64(position & 63) }
        } else {
            for index in 0..<count { words[index >> 6] |= 1 << UInt64(index & 63) }
        }
        self.words = words
        self.collectionCount = count
    }

    /// How many rows are in both sets; `nil` when the two are of collections of different sizes,
    /// and so not of one collection's rows (an empty set has rows in common with none).
    package func countInCommon(with other: RowBits) -> Int? {
        if words.isEmpty || other.words.isEmpty { return 0 }
        guard collectionCount == other.collectionCount else { return nil }
        var count = 0
        for index in words.indices { count += (words[index] & other.words[index]).nonzeroBitCount }
        return count
    }
}
