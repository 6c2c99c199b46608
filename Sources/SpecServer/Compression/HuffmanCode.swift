/// Length-limited canonical Huffman codes, as DEFLATE's dynamic blocks carry them (RFC 1951
/// §3.2.2).
enum HuffmanCode {
    /// The code length of each symbol for these frequencies, none longer than `limit`.
    ///
    /// A symbol of frequency 0 gets length 0. At least two symbols always get a length, so the
    /// code is complete (zlib refuses an incomplete code-length code). When the optimal tree is
    /// deeper than `limit`, the frequencies are halved (keeping every used symbol at least 1)
    /// and the tree rebuilt, which flattens it; the alphabets here (≤ 286 symbols) reach a
    /// depth within the limit after a few rounds.
    static func lengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        var used = weights.indices.filter { weights[$0] > 0 }
        // A one-symbol (or empty) alphabet still needs a complete code: add a neighbour.
        while used.count < 2 {
            let extra = used.contains(0) ? 1 : 0
            weights[extra] = 1
            used = weights.indices.filter { weights[$0] > 0 }
        }
        // Halving flattens the tree at best to a balanced one: more symbols than `limit` bits can
        // number would never fit, and the loop below would not end.
        precondition(used.count <= 1 << limit, "\(used.count) symbols cannot have codes of \(limit) bits")
        while true {
            let depths = treeDepths(weights, symbols: used)
            if depths.allSatisfy({ $0 <= limit }) {
                var lengths = [UInt8](repeating: 0, count: frequencies.count)
                for (index, symbol) in used.enumerated() { lengths[symbol] = UInt8(depths[index]) }
                return lengths
            }
            for symbol in used { weights[symbol] = max(1, weights[symbol] / 2) }
        }
    }

    /// Each used symbol's depth in a Huffman tree of its weight (the two lightest merged first;
    /// ties to the earlier node, which keeps the result the same from run to run).
    ///
    /// Nodes are numbered as they are made: the leaves in symbol order, then each merge. The
    /// leaves sorted by weight and number form one queue; merges are made in order of weight
    /// and number, so they form a second queue that is already sorted, and the lighter of the
    /// two heads is the lightest open node, the one a heap of every open node would give.
    private static func treeDepths(_ weights: [Int], symbols: [Int]) -> [Int] {
        let leafCount = symbols.count
        var weight = [Int](repeating: 0, count: 2 * leafCount - 1)
        for (leaf, symbol) in symbols.enumerated() { weight[leaf] = weights[symbol] }
        // By weight, then number: each leaf as one integer, its weight above its number (fewer
        // than 2¹⁶ leaves), sorted without a comparison closure.
        var keys = (0..<leafCount).map { weight[$0] << 16 | $0 }
        keys.sort()
        let leaves = keys.map { $0 & 0xFFFF }
        var parent = [Int](repeating: -1, count: 2 * leafCount - 1)
        do {
            var weightSpan = weight.mutableSpan
            var parentSpan = parent.mutableSpan
            let leafQueue = leaves.span
            var nextLeaf = 0
            var nextMerge = leafCount
            /// The lightest open node: the head of the leaves or of the merges made so far.
            func takeLightest(_ made: Int, _ weight: borrowing MutableSpan<Int>) -> Int {
                if nextLeaf < leafCount {
                    let leaf = leafQueue[nextLeaf]
                    // A tie goes to the leaf: every leaf is numbered before every merge.
                    if nextMerge >= made || weight[leaf] <= weight[nextMerge] {
                        nextLeaf += 1
                        return leaf
                    }
                }
                nextMerge += 1
                return nextMerge - 1
            }
            for node in leafCount..<(2 * leafCount - 1) {
                let first = takeLightest(node, weightSpan)
                let second = takeLightest(node, weightSpan)
                weightSpan[node] = weightSpan[first] + weightSpan[second]
                parentSpan[first] = node
                parentSpan[second] = node
            }
        }
        // The root is the last node made, and every node's parent is made after it: depths
        // from the root down, in one pass backwards.
        var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        return Array(depth[0..<leafCount])
    }

    /// The canonical code of each symbol (RFC 1951 §3.2.2), bit-reversed so that writing it
    /// least significant bit first sends its most significant bit first, as DEFLATE requires.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        let maximum = Int(lengths.max() ?? 0)
        precondition(maximum <= 16, "a code of \(maximum) bits")
        var countPerLength = [Int](repeating: 0, count: maximum + 1)
        for length in lengths where length > 0 { countPerLength[Int(length)] += 1 }
        var next = [UInt32](repeating: 0, count: maximum + 2)
        var code: UInt32 = 0
        if maximum > 0 {
            for bits in 1...maximum {
                code = (code + UInt32(countPerLength[bits - 1])) << 1
                next[bits] = code
            }
        }
        var codes = [UInt32](repeating: 0, count: lengths.count)
        do {
            var codeSpan = codes.mutableSpan
            var nextSpan = next.mutableSpan
            let lengthSpan = lengths.span
            let reversedBytes = Self.reversedBytes.span
            for symbol in lengthSpan.indices {
                let length = Int(lengthSpan[symbol])
                guard length > 0 else { continue }
                let value = nextSpan[length]
                nextSpan[length] = value + 1
                // The code's bits reversed: its two bytes reversed and swapped, then moved down
                // to its length (codes are at most 15 bits).
                let reversed =
                    UInt32(reversedBytes[Int(value & 0xFF)]) << 8 | UInt32(reversedBytes[Int((value >> 8) & 0xFF)])
                codeSpan[symbol] = reversed >> UInt32(16 - length)
            }
        }
        return codes
    }

    /// Each byte with its bits in the other order.
    private static let reversedBytes: [UInt8] = (0..<256).map { byte in
        var reversed: UInt8 = 0
        for bit in 0..<8 where byte & (1 << bit) != 0 { reversed |= 1 << (7 - bit) }
        return reversed
    }
}
