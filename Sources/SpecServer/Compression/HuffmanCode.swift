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
    private static func treeDepths(_ weights: [Int], symbols: [Int]) -> [Int] {
        // Nodes: the leaves first, then each merge; `parent` links them up.
        var weight = symbols.map { weights[$0] }
        var parent = [Int](repeating: -1, count: symbols.count)
        // The open nodes in a binary heap ordered by weight, then node: each step takes the two
        // a sort of them by the same order would put first, without sorting them every step.
        var open = OpenNodes(Array(symbols.indices))
        open.heapify(weight)
        while open.count > 1 {
            let first = open.popFirst(weight)
            let second = open.popFirst(weight)
            let node = weight.count
            weight.append(weight[first] + weight[second])
            parent.append(-1)
            parent[first] = node
            parent[second] = node
            open.insert(node, weight)
        }
        return symbols.indices.map { leaf in
            var depth = 0
            var node = leaf
            while parent[node] >= 0 {
                node = parent[node]
                depth += 1
            }
            return depth
        }
    }

    /// A binary min-heap of node numbers, ordered by their weight and then by number.
    private struct OpenNodes {
        var nodes: [Int]
        var count: Int { nodes.count }

        init(_ nodes: [Int]) { self.nodes = nodes }

        private static func precedes(_ left: Int, _ right: Int, _ weight: [Int]) -> Bool {
            weight[left] != weight[right] ? weight[left] < weight[right] : left < right
        }

        mutating func heapify(_ weight: [Int]) {
            for index in stride(from: nodes.count / 2 - 1, through: 0, by: -1) { siftDown(index, weight) }
        }

        mutating func popFirst(_ weight: [Int]) -> Int {
            let first = nodes[0]
            let last = nodes.removeLast()
            if !nodes.isEmpty {
                nodes[0] = last
                siftDown(0, weight)
            }
            return first
        }

        mutating func insert(_ node: Int, _ weight: [Int]) {
            nodes.append(node)
            var index = nodes.count - 1
            while index > 0 {
                let parent = (index - 1) / 2
                guard Self.precedes(nodes[index], nodes[parent], weight) else { break }
                nodes.swapAt(index, parent)
                index = parent
            }
        }

        private mutating func siftDown(_ start: Int, _ weight: [Int]) {
            var index = start
            while true {
                let left = 2 * index + 1
                guard left < nodes.count else { return }
                var smallest = left
                if left + 1 < nodes.count, Self.precedes(nodes[left + 1], nodes[left], weight) { smallest = left + 1 }
                guard Self.precedes(nodes[smallest], nodes[index], weight) else { return }
                nodes.swapAt(index, smallest)
                index = smallest
            }
        }
    }

    /// The canonical code of each symbol (RFC 1951 §3.2.2), bit-reversed so that writing it
    /// least significant bit first sends its most significant bit first, as DEFLATE requires.
    static func codes(_ lengths: [UInt8]) -> [UInt32] {
        let maximum = Int(lengths.max() ?? 0)
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
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let value = next[Int(length)]
            next[Int(length)] += 1
            var reversed: UInt32 = 0
            for bit in 0..<Int(length) where value & (1 << UInt32(bit)) != 0 {
                reversed |= 1 << UInt32(Int(length) - 1 - bit)
            }
            return reversed
        }
    }
}
