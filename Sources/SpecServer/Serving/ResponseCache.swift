import Synchronization

/// Representations of filtered queries, keyed by normalised query, evicted least recently used
/// first once their bytes exceed a budget.
///
/// Fixed representations are built at load time and never come here; this holds the long tail,
/// so a lock per lookup is an acceptable price.
final class ResponseCache: Sendable {
    private struct State {
        var entries: [String: Node] = [:]
        var clock: UInt64 = 0
        var bytes = 0
    }

    private struct Node {
        var representation: Representation
        var lastUse: UInt64
    }

    private let state = Mutex(State())
    /// The budget in bytes; 0 disables caching.
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    func representation(for key: String) -> Representation? {
        state.withLock { state in
            guard var node = state.entries[key] else { return nil }
            state.clock += 1
            node.lastUse = state.clock
            state.entries[key] = node
            return node.representation
        }
    }

    func insert(_ representation: Representation, for key: String) {
        guard representation.cost <= budget / 4 else { return }
        state.withLock { state in
            state.clock += 1
            if let old = state.entries.updateValue(
                Node(representation: representation, lastUse: state.clock), forKey: key)
            {
                state.bytes -= old.representation.cost
            }
            state.bytes += representation.cost
            if state.bytes > budget {
                // Evict the oldest quarter in one pass, so eviction stays amortised O(1) per insert.
                let ordered = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
                var index = 0
                while state.bytes > budget * 3 / 4, index < ordered.count {
                    let (victim, node) = ordered[index]
                    state.entries[victim] = nil
                    state.bytes -= node.representation.cost
                    index += 1
                }
            }
        }
    }

    /// Entries and bytes held.
    var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }
}
