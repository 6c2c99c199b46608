import HTTPCore

/// Representations of filtered queries, keyed by normalised query, evicted least recently used
/// first once the memory they hold exceeds a budget.
///
/// The budget counts everything an entry holds: the `200` and the `304` responses as `malloc`
/// sized them (once, however many keys hold the same answer), the key, and a fixed overhead for
/// the objects and the table slot, so the cache's memory stays within the budget (plus at most
/// one entry) whatever the queries are.
///
/// Fixed representations are built at load time and never come here; this holds the long tail,
/// so a lock per lookup is an acceptable price.
final class ResponseCache: Sendable {
    private struct State {
        var entries: [String: Node] = [:]
        var clock: UInt64 = 0
        var bytes = 0
        /// Each representation held, with the number of keys it is held under and its
        /// responses' cost: one answer kept under its normalised and its raw key is counted once.
        var held: [ObjectIdentifier: (keys: Int, cost: Int)] = [:]

        mutating func hold(_ representation: Representation, cost: Int) {
            let id = ObjectIdentifier(representation)
            if let holding = held[id] {
                held[id] = (holding.keys + 1, holding.cost)
            } else {
                held[id] = (1, cost)
                bytes += cost
            }
        }

        mutating func release(_ representation: Representation) {
            let id = ObjectIdentifier(representation)
            guard let holding = held[id] else { return }
            if holding.keys > 1 {
                held[id] = (holding.keys - 1, holding.cost)
            } else {
                held[id] = nil
                bytes -= holding.cost
            }
        }
    }

    private struct Node {
        var representation: Representation
        /// The route that answered, for requests served by their raw bytes (metrics).
        var route: Route?
        /// What the key costs; the representation's own cost is in ``State/held``.
        var cost: Int
        var lastUse: UInt64
    }

    /// Bytes per key besides its characters: the key's string storage header and the
    /// dictionary slot (key, node and the table's spare capacity).
    static let entryOverhead = 256

    /// Bytes per representation besides its responses' blocks: the `Representation` object,
    /// its entity tag's string, the two response objects beyond what ``PreparedResponse/memoryCost``
    /// counts, and its slot in the table of held representations.
    static let representationOverhead = 256

    private let state = Locked(State())
    /// The budget in bytes; 0 disables caching.
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    /// What keeping `representation` under `key` costs, when no other key holds it.
    static func cost(of representation: Representation, key: String) -> Int {
        cost(of: representation) + cost(of: key)
    }

    /// What a representation's responses cost, however many keys hold it.
    static func cost(of representation: Representation) -> Int {
        representation.ok.memoryCost + representation.notModified.memoryCost + representationOverhead
    }

    /// What one more key costs.
    static func cost(of key: String) -> Int {
        key.utf8.count + entryOverhead
    }

    func representation(for key: String) -> Representation? {
        entry(for: key)?.representation
    }

    /// The representation and route kept under `key`, marked as used.
    func entry(for key: String) -> (representation: Representation, route: Route?)? {
        state.withLock { state in
            guard var node = state.entries[key] else { return nil }
            state.clock += 1
            node.lastUse = state.clock
            state.entries[key] = node
            return (node.representation, node.route)
        }
    }

    /// The key of a request by its exact bytes — the target and every `Accept` field, which
    /// with the store decide a data route's answer — or `nil` when a byte is not ASCII (it
    /// could not be kept apart from another in a `String`). Raw keys start with a byte no
    /// normalised key has, so the two kinds never meet.
    static func rawKey(for request: borrowing HTTPRequest) -> String? {
        var bytes: [UInt8] = [0x01]
        bytes.reserveCapacity(request.target.count + 16)
        bytes.append(contentsOf: request.target)
        request.headers.forEachValue(named: "Accept") { accept in
            bytes.append(0x00)
            bytes.append(contentsOf: accept)
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    func insert(_ representation: Representation, for key: String, route: Route? = nil) {
        let keyCost = Self.cost(of: key)
        let representationCost = Self.cost(of: representation)
        guard keyCost + representationCost <= budget / 4 else { return }
        state.withLock { state in
            state.clock += 1
            // Hold the new one first, so replacing a key's entry by the same object keeps it.
            state.hold(representation, cost: representationCost)
            if let old = state.entries.updateValue(
                Node(representation: representation, route: route, cost: keyCost, lastUse: state.clock), forKey: key)
            {
                state.bytes -= old.cost
                state.release(old.representation)
            }
            state.bytes += keyCost
            if state.bytes > budget {
                // Evict the least recently used tenth in one pass, so eviction stays amortised
                // cheap per insert and the cache stays between 90 % and 100 % of its budget.
                let ordered = state.entries.sorted { $0.value.lastUse < $1.value.lastUse }
                var index = 0
                while state.bytes > budget * 9 / 10, index < ordered.count {
                    let (victim, node) = ordered[index]
                    state.entries[victim] = nil
                    state.bytes -= node.cost
                    state.release(node.representation)
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
