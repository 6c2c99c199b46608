import HTTPCore
import SpecStore
import Synchronization

/// Each route's ``FieldCatalogue`` for one store, made on the route's first `sort=` or `fields=`
/// and kept while the store is served: the catalogue is the same for every request, and making
/// it runs the route's whole unfiltered query.
final class FieldCatalogues: Sendable {
    private final class Made: Sendable {
        let catalogue: FieldCatalogue
        init(_ catalogue: FieldCatalogue) { self.catalogue = catalogue }
    }

    /// A route's unfiltered answer in the latest version, once made, with each row's position
    /// by its id (`nil` when two rows share an id).
    private final class Rows: Sendable {
        let result: QueryResult?
        let positions: [String: Int]?
        init(_ result: QueryResult?) {
            self.result = result
            var positions: [String: Int] = [:]
            for (position, row) in (result?.items ?? []).enumerated() {
                guard let id = row["id"]?.stringValue, positions.updateValue(position, forKey: id) == nil else {
                    self.positions = nil
                    return
                }
            }
            self.positions = positions
        }
    }

    /// One route's catalogue and unfiltered answer once made; two requests that race both make
    /// them, one is kept.
    private final class Slot: Sendable {
        let made = AtomicLazyReference<Made>()
        let rows = AtomicLazyReference<Rows>()
    }

    private let store: SpecStore
    private let slots: [Route: Slot]

    init(store: SpecStore) {
        self.store = store
        self.slots = Dictionary(uniqueKeysWithValues: Route.allCases.map { ($0, Slot()) })
    }

    /// The latest version's unfiltered rows of a route in each order asked for, as positions in
    /// the route's own order: made on the first `sort=` of that field and direction, then kept.
    /// At most one per sortable field and direction of each route, so bounded by the schema.
    private let orders = Locked<[String: RowOrder]>([:])

    /// The order of `route`'s unfiltered latest rows by `path` (`descending` or not): what
    /// ``RowSelection/sorted(_:by:descending:)`` gives for those rows, and each row's rank in it.
    /// `nil` for a route whose rows come from no plain query.
    func order(of route: Route, by path: [String], descending: Bool) -> RowOrder? {
        let key = "\(route.rawValue)|\(path.joined(separator: "."))|\(descending ? "-" : "+")"
        if let made = orders.withLock({ $0[key] }) { return made }
        guard let slot = slots[route], let rows = unfilteredResult(of: route)?.items else { return nil }
        let made = RowOrder(
            rows: rows, path: path, order: RowSelection.sortedPositions(rows, by: path, descending: descending),
            positions: slot.rows.load()?.positions)
        return orders.withLock { orders in
            if let raced = orders[key] { return raced }
            orders[key] = made
            return made
        }
    }

    /// The answer of `route`'s unfiltered query in the latest version, made on first use and kept:
    /// a sort or page of every row takes its rows from here rather than running the query.
    /// `nil` for a route whose answer is not a plain collection.
    func unfilteredResult(of route: Route) -> QueryResult? {
        guard let slot = slots[route] else { return FieldCatalogue.unfilteredResult(of: route, store: store) }
        if let made = slot.rows.load() { return made.result }
        return slot.rows.storeIfNil(Rows(FieldCatalogue.unfilteredResult(of: route, store: store))).result
    }

    /// The catalogue of `route`'s rows in the latest version (see ``FieldCatalogue/of(_:store:)``).
    subscript(route: Route) -> FieldCatalogue {
        guard let slot = slots[route] else { return FieldCatalogue.of(route, store: store) }
        if let made = slot.made.load() { return made.catalogue }
        return slot.made.storeIfNil(Made(FieldCatalogue.of(route, store: store))).catalogue
    }
}

/// A route's unfiltered latest rows in one order by one field, made once per store
/// (``FieldCatalogues/order(of:by:descending:)``).
struct RowOrder: Sendable {
    /// The rows, in the route's own order.
    let rows: [JSONValue]
    /// The field the order is by.
    let path: [String]
    /// The positions of `rows` in the order.
    let order: [Int]
    /// Each row's place in the order, by its position in `rows`.
    let rank: [Int]
    /// Each row's position in `rows` by its id; `nil` when ids repeat.
    let positions: [String: Int]?

    init(rows: [JSONValue], path: [String], order: [Int], positions: [String: Int]?) {
        (self.rows, self.path, self.order, self.positions) = (rows, path, order, positions)
        var rank = [Int](repeating: 0, count: order.count)
        for (place, position) in order.enumerated() { rank[position] = place }
        self.rank = rank
    }

    /// The ranks of `items`, some of the rows in their own order (a filtered answer), or `nil`
    /// when they are not: an id the rows lack, one out of the rows' order, or a different value
    /// at the field. With equal values and the same relative order, ordering `items` by these
    /// ranks is what a stable sort of `items` by the field gives.
    func ranks(of items: [JSONValue]) -> [Int]? {
        guard let positions else { return nil }
        var ranks: [Int] = []
        ranks.reserveCapacity(items.count)
        var previous = -1
        for item in items {
            guard let id = item["id"]?.stringValue, let position = positions[id], position > previous,
                RowSelection.value(at: path, in: item) == RowSelection.value(at: path, in: rows[position])
            else { return nil }
            previous = position
            ranks.append(rank[position])
        }
        return ranks
    }
}
