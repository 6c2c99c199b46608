import HTTPCore
import SpecAPI
import SystemSupport

/// Representations of filtered queries, keyed by normalised query, evicted least recently used
/// first once the memory they hold exceeds a budget.
///
/// The budget counts everything an entry holds: the `200` and the `304` responses as `malloc`
/// sized them (once, however many keys hold the same answer), the key, and a fixed overhead for
/// the objects and the table slot, so the cache's memory stays within the budget (plus at most
/// one entry) whatever the queries are.
///
/// Fixed representations are kept by the store being served and never come here; this holds the
/// long tail, so a lock per lookup is an acceptable price.
final class ResponseCache: Sendable {
    private struct State {
        var entries: [String: Node] = [:]
        /// The entries from the most recently used (`newest`) to the least (`oldest`), linked
        /// through ``Node/older`` and ``Node/newer``: marking one used and evicting the least
        /// recently used each cost a few pointer moves, however many entries there are.
        var newest: Node?
        var oldest: Node?
        var bytes = 0
        /// Each representation held, with the number of keys it is held under and its
        /// responses' cost: one answer kept under its normalised and its raw key is counted once.
        var held: [ObjectIdentifier: (keys: Int, cost: Int)] = [:]
        /// Each raw key's node by the key's hash, so a request finds its entry without copying
        /// its bytes into a key or hashing a string. Of two raw keys with the same hash, the
        /// later one is found.
        var rawKeys: [UInt64: Node] = [:]
        /// Evicted entries a connection still sends to a client that has not read them, by
        /// key: the engine's unread-answer budget counts them, and a request for one is served
        /// these bytes rather than a second copy. Dropped at the next eviction once no
        /// connection holds them.
        var lingering: [String: Node] = [:]
        /// The hashes of keys offered once and not kept (``offer(_:for:route:)``), each in the
        /// slot its low bits name: a later key whose hash shares a slot takes it over.
        var offered = [UInt64](repeating: 0, count: ResponseCache.offeredSlots)
        /// Answers found by their key.
        var hits = 0

        /// The node kept under `key`, marked as used now; or an evicted one still being sent.
        mutating func use(_ key: String) -> Node? {
            guard let node = entries[key] else { return lingeringNode(key) }
            hits += 1
            return use(node)
        }

        /// Whether a key with this hash was offered before; if not, remembers that it now was.
        mutating func wasOffered(_ hash: UInt64) -> Bool {
            // 0 marks an empty slot, so a hash of 0 counts as 1.
            let hash = max(hash, 1)
            let slot = Int(truncatingIfNeeded: hash) & (offered.count - 1)
            if offered[slot] == hash { return true }
            offered[slot] = hash
            return false
        }

        /// The evicted node under `key` while a connection still holds its answer unread.
        private mutating func lingeringNode(_ key: String) -> Node? {
            guard let node = lingering[key] else { return nil }
            guard node.representation.isHeldUnread else {
                lingering[key] = nil
                return nil
            }
            return node
        }

        /// Forgets lingering nodes no connection holds any more.
        mutating func dropReadLingering() {
            lingering = lingering.filter { $0.value.representation.isHeldUnread }
        }

        /// `node`, marked as used now.
        mutating func use(_ node: Node) -> Node {
            guard node !== newest, node.isLinked else { return node }
            unlink(node)
            link(node)
            return node
        }

        /// Puts `node` first in the order of use.
        mutating func link(_ node: Node) {
            node.older = newest
            node.newer = nil
            newest?.newer = node
            newest = node
            if oldest == nil { oldest = node }
            node.isLinked = true
        }

        /// Takes `node` out of the order of use.
        mutating func unlink(_ node: Node) {
            guard node.isLinked else { return }
            if let newer = node.newer { newer.older = node.older } else { newest = node.older }
            if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
            node.newer = nil
            node.older = nil
            node.isLinked = false
        }

        /// Breaks the links between the nodes (they refer to each other both ways).
        mutating func unlinkAll() {
            while let node = oldest { unlink(node) }
        }

        mutating func forget(_ node: Node) {
            guard ResponseCache.isRaw(node.key) else { return }
            let hash = EntityTag.fnv1a64(node.key.utf8)
            if rawKeys[hash] === node { rawKeys[hash] = nil }
        }

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

    /// One entry; a class, so marking it used changes it where it is, without hashing its key
    /// again to store it back. Unchecked: only touched under the cache's lock.
    private final class Node: @unchecked Sendable {
        let key: String
        let representation: Representation
        /// The route that answered, for requests served by their raw bytes (metrics).
        let route: Route?
        /// What the key costs; the representation's own cost is in ``State/held``.
        let cost: Int
        /// The entry used next after this one, and the one used last before it.
        var newer: Node?
        var older: Node?
        /// Whether the node is in the order of use (an evicted one still sent is not).
        var isLinked = false

        init(key: String, representation: Representation, route: Route?, cost: Int) {
            (self.key, self.representation, self.route, self.cost) = (key, representation, route, cost)
        }
    }

    /// Bytes per key besides its characters: the key's string storage header, its node and the
    /// dictionary slots (key and node, a raw key's slot in the index by hash, and the tables'
    /// spare capacity).
    static let entryOverhead = 256

    /// Bytes per representation besides its responses' blocks: the `Representation` object,
    /// its entity tag's string, the two response objects beyond what ``PreparedResponse/memoryCost``
    /// counts, and its slot in the table of held representations.
    static let representationOverhead = 256

    /// Slots of the table of keys offered once (a power of two): 32 KiB, for the recent past of
    /// a busy server; an older key offered again is only offered once more.
    static let offeredSlots = 4096

    private let state = Locked(State())
    /// The budget in bytes; 0 disables caching.
    let budget: Int

    init(budget: Int) {
        self.budget = budget
    }

    deinit {
        state.withLock { $0.unlinkAll() }
    }

    /// What keeping `representation` under `key` costs, when no other key holds it.
    static func cost(of representation: Representation, key: String) -> Int {
        cost(of: representation) + cost(of: key)
    }

    /// What a representation's responses cost, however many keys hold it. One that offers gzip
    /// may later hold its gzip form too, which is kept only when smaller than the body: its `200`
    /// is counted twice, so the budget bounds that form before it exists.
    static func cost(of representation: Representation) -> Int {
        let gzipBound = representation.offersGzip ? representation.ok.memoryCost : 0
        return representation.ok.memoryCost + gzipBound + representation.notModified.memoryCost
            + representationOverhead
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
            state.use(key).map { ($0.representation, $0.route) }
        }
    }

    /// The key of a request by its exact bytes — `0x01`, the target, then `0x00` and the value
    /// of each `Accept` field, which with the store decide a data route's answer — or `nil` when
    /// a byte is not ASCII (it could not be kept apart from another in a `String`). No
    /// normalised key starts with `0x01`, so the two kinds never meet.
    static func rawKey(for request: borrowing HTTPRequest) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(request.target.count + 16)
        forEachRawKeyPiece(of: request) { piece in
            bytes.append(contentsOf: piece)
            return true
        }
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with each piece of the request's raw key in order, where its bytes lie,
    /// until `body` returns `false`; returns whether every piece was taken. The one place the
    /// raw key's layout is written down.
    @discardableResult
    private static func forEachRawKeyPiece(
        of request: borrowing HTTPRequest, _ body: (HTTPBytes) -> Bool
    ) -> Bool {
        guard body(HTTPBytes("\u{01}")), body(request.target) else { return false }
        let headers = request.headers
        for position in headers.indices where headers[position].name.equalsIgnoringCase("Accept") {
            guard body(HTTPBytes("\u{00}")), body(headers[position].value) else { return false }
        }
        return true
    }

    /// Whether `key` is a raw key.
    static func isRaw(_ key: String) -> Bool {
        key.utf8.first == 0x01
    }

    /// The hash of the request's raw key, read where its bytes lie (no copy, no allocation), or
    /// `nil` when it has none.
    static func rawKeyHash(for request: borrowing HTTPRequest) -> UInt64? {
        var hash = EntityTag.fnv1a64([])
        var seen: UInt8 = 0
        forEachRawKeyPiece(of: request) { piece in
            for index in piece.indices {
                seen |= piece[index]
                hash = EntityTag.fnv1a64(continuing: hash, piece[index])
            }
            return true
        }
        return seen < 0x80 ? hash : nil
    }

    /// Whether `key` is the request's raw key, compared where the request's bytes lie.
    static func isRawKey(_ key: String, of request: borrowing HTTPRequest) -> Bool {
        let stored = key.utf8.span
        var position = 0
        let matched = forEachRawKeyPiece(of: request) { piece in
            guard stored.count - position >= piece.count else { return false }
            for index in piece.indices where stored[position + index] != piece[index] { return false }
            position += piece.count
            return true
        }
        return matched && position == stored.count
    }

    /// The representation and route kept under the request's raw key, marked as used. A
    /// repeated query is answered through this on every request, so it allocates nothing:
    /// the key is found by its hash and checked against the request's bytes in place.
    func learnedEntry(for request: borrowing HTTPRequest) -> (representation: Representation, route: Route?)? {
        guard let hash = Self.rawKeyHash(for: request),
            let (key, representation, route) = state.withLock({ state -> (String, Representation, Route?)? in
                guard let node = state.rawKeys[hash].map({ state.use($0) }) else { return nil }
                return (node.key, node.representation, node.route)
            }),
            Self.isRawKey(key, of: request)
        else { return nil }
        return (representation, route)
    }

    /// Keeps `representation` under `key` if the key was offered before, and returns whether it
    /// did. Most never-seen queries are never asked again: keeping each would cost its insertion,
    /// an eviction later and the memory meanwhile, and would push out answers that are asked
    /// again. A key is kept the second time it is offered; only its hash is held the first time.
    @discardableResult
    func offer(_ representation: @autoclosure () -> Representation, for key: String, route: Route? = nil) -> Bool {
        let hash = EntityTag.fnv1a64(key.utf8)
        guard state.withLock({ $0.wasOffered(hash) }) else { return false }
        insert(representation(), for: key, route: route)
        return true
    }

    /// Whether a request with this raw key hash was offered before (see ``offer(_:for:route:)``),
    /// remembering it if not.
    func wasOffered(rawKeyHash hash: UInt64) -> Bool {
        state.withLock { $0.wasOffered(hash) }
    }

    func insert(_ representation: Representation, for key: String, route: Route? = nil) {
        let keyCost = Self.cost(of: key)
        let representationCost = Self.cost(of: representation)
        guard keyCost + representationCost <= budget / 4 else { return }
        state.withLock { state in
            // Hold the new one first, so replacing a key's entry by the same object keeps it.
            state.hold(representation, cost: representationCost)
            let node = Node(key: key, representation: representation, route: route, cost: keyCost)
            state.lingering[key] = nil
            if let old = state.entries.updateValue(node, forKey: key) {
                state.unlink(old)
                state.bytes -= old.cost
                state.release(old.representation)
            }
            state.link(node)
            if Self.isRaw(key) { state.rawKeys[EntityTag.fnv1a64(key.utf8)] = node }
            state.bytes += keyCost
            if state.bytes > budget {
                // Evict the least recently used tenth in one pass, so the lingering entries are
                // looked over once per tenth and the cache stays between 90 % and 100 % of its budget.
                state.dropReadLingering()
                while state.bytes > budget * 9 / 10, let node = state.oldest {
                    state.unlink(node)
                    state.entries[node.key] = nil
                    state.forget(node)
                    state.bytes -= node.cost
                    state.release(node.representation)
                    if node.representation.isHeldUnread { state.lingering[node.key] = node }
                }
            }
        }
    }

    /// Answers found by their normalised or MCP key (a raw key's are counted by the caller).
    var hits: Int {
        state.withLock { $0.hits }
    }

    /// Entries and bytes held.
    var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.entries.count, $0.bytes) }
    }

    /// Evicted entries kept while a connection still sends them unread.
    var lingeringCount: Int {
        state.withLock { $0.lingering.count }
    }

    /// Raw keys in the index by hash (each is also an entry).
    var rawKeyCount: Int {
        state.withLock { $0.rawKeys.count }
    }
}
