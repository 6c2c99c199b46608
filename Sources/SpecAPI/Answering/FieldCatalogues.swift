import SpecStore
import Synchronization
import SystemSupport

/// Each route's ``FieldCatalogue`` for one store, made on the route's first `sort=` or `fields=`
/// and kept while the store is served: the catalogue is the same for every request, and making
/// it runs the route's whole unfiltered query.
package final class FieldCatalogues: Sendable {
    private final class Made: Sendable {
        let catalogue: FieldCatalogue
        init(_ catalogue: FieldCatalogue) { self.catalogue = catalogue }
    }

    /// A route's unfiltered answer in the latest version, once made.
    private final class Rows: Sendable {
        let result: QueryResult?
        init(_ result: QueryResult?) { self.result = result }
    }

    /// One route's catalogue and unfiltered answer once made; two requests that race both make
    /// them, one is kept.
    private final class Slot: Sendable {
        let made = AtomicLazyReference<Made>()
        let rows = AtomicLazyReference<Rows>()
    }

    private let store: SpecStore
    private let slots: [Route: Slot]

    package init(store: SpecStore) {
        self.store = store
        self.slots = Dictionary(uniqueKeysWithValues: Route.allCases.map { ($0, Slot()) })
    }

    /// Each version's unfiltered rows of a route in each order asked for, as positions in the
    /// route's own order: made on the first `sort=` of that field, direction and version, then
    /// kept. At most one per sortable field and direction of each route in each version, so
    /// bounded by the schema and the store.
    private let orders = Locked<[String: [Int]]>([:])

    /// The key of a value kept for some of a route's rows in one version: the route, the version,
    /// the path value, the words (`q=`) and the filters in name order, so one query always has
    /// one key. Each memo here keys its values with it.
    package static func key(
        route: Route, version: String, parameter: String? = nil, words: String? = nil, filters: [String: String]
    ) -> String {
        var key = "\(route.position)|\(version)|\(parameter ?? "")|\(words.map { "q" + $0 } ?? "")|"
        for (name, value) in filters.sorted(by: { $0.key < $1.key }) { key += "\(name)=\(value)&" }
        return key
    }

    /// A page's filter counts (``RouteAnswer/facetCounts(store:snapshot:route:filters:fields:version:words:catalogues:)``)
    /// by route, version, words and filters: pages that differ only in their paging, order,
    /// columns or format show the same counts, which cost one query per choice of every filter.
    private let pageCounts = KeptValues<[String: [String: Int]]>(limit: FieldCatalogues.keptPageCounts)

    /// The most page counts kept; past it they are dropped and made again as asked.
    package static let keptPageCounts = 256

    /// The counts kept for `key`, or those `make` counts, kept for the next page that shows them.
    package func pageCounts(for key: String, _ make: () -> [String: [String: Int]]) -> [String: [String: Int]] {
        pageCounts.value(for: key, make)
    }

    /// How many rows one filter choice of a page's form gives, by route, version, words and
    /// filters (`nil`: the query failed, so no count): pages of different filters ask many of the
    /// same choices (every topic with `platform=ios`), so a new page's counts are mostly
    /// lookups. At most ``keptChoiceCounts``; past it they are dropped and counted again.
    private let choiceCounts = KeptValues<Int?>(limit: FieldCatalogues.keptChoiceCounts)

    /// The most choice counts kept (a few hundred kilobytes at most).
    package static let keptChoiceCounts = 4096

    /// The count kept for `key`, or the one `count` gives, kept for the next page that asks.
    package func choiceCount(for key: String, _ count: () -> Int?) -> Int? {
        choiceCounts.value(for: key, count)
    }

    /// The rows each choice of one filter alone gives (``RowBits``), by route, version and
    /// field, then by choice as the form lists it: for a filter form's counts where a choice's
    /// count is the rows the other filters give that it also gives (``FacetLaw``). Made once
    /// per choice, so a new page's counts are one query per filter, not one per choice; at most
    /// ``keptChoiceRows`` fields, past which they are made again.
    private let choiceRows = Locked<[String: [String: RowBits?]]>([:])

    /// The most fields whose choices' rows are kept (each choice's rows are a few words).
    package static let keptChoiceRows = 1024

    /// The rows of each of `choices` kept for `key` (`nil`: the choice has none to count, as its
    /// query failed or gave rows of no position); those not kept yet are what `make` gives,
    /// kept for the next page that asks. One lookup per field, not per choice.
    package func choiceRows(for key: String, choices: [String], _ make: (String) -> RowBits?) -> [String: RowBits?] {
        let kept = choiceRows.withLock { $0[key] } ?? [:]
        let missing = choices.filter { kept[$0] == nil }
        guard !missing.isEmpty else { return kept }
        var made = kept
        for choice in missing { made[choice] = .some(make(choice)) }
        choiceRows.withLock { table in
            if table.count >= Self.keptChoiceRows { table.removeAll() }
            table[key] = made
        }
        return made
    }

    /// A collection's rows narrowed by `q=` (``SpecSnapshot/rows(of:type:matching:)``, every
    /// matching row ranked, a score added to each) by route, version, filters and words: the
    /// pages of one search differ only in their paging, order, columns or format, and each
    /// narrowed every row again (over two fifths of a never-seen page). At most
    /// ``keptWordRows``; past it they are dropped and made again.
    private let wordRows = KeptValues<QueryResult>(limit: FieldCatalogues.keptWordRows)

    /// The most narrowed row sets kept (each the matching rows with their scores: tens of
    /// kilobytes for the widest words).
    package static let keptWordRows = 64

    /// The rows kept for `key`, or those `make` gives, kept for the next page that asks.
    package func wordRows(for key: String, _ make: () -> QueryResult) -> QueryResult {
        wordRows.value(for: key, make)
    }

    /// Parts of HTML pages that pages of one filter share (``PageContext/keptPart``), by the
    /// store version and the renderer's name for the part. At most ``keptPageParts``; past it
    /// they are dropped and written again.
    private let pageParts = KeptValues<[UInt8]>(limit: FieldCatalogues.keptPageParts)

    /// The most page parts kept (a filter form is a few kilobytes).
    package static let keptPageParts = 256

    /// The part kept for `key`, or the one `make` writes, kept for the next page that shows it.
    package func pagePart(for key: String, _ make: () -> [UInt8]) -> [UInt8] {
        pageParts.value(for: key, make)
    }

    /// The rows a page's other filters give (``RowBits``), by route, version and those filters:
    /// what each choice of the field left out is intersected with. Pages that differ in that one
    /// field, or in their paging, order or format, share them, so a new page of a filter form
    /// queries only the rest sets not kept yet. At most ``keptFilterRows``; past it they are
    /// dropped and made again.
    private let filterRows = KeptValues<RowBits?>(limit: FieldCatalogues.keptFilterRows)

    /// The most rest sets kept (each a few words of bits and its key: a few hundred kilobytes).
    package static let keptFilterRows = 2048

    /// The rows kept for `key`, or those `make` gives, kept for the next page that asks.
    package func filterRows(for key: String, _ make: () -> RowBits?) -> RowBits? {
        filterRows.value(for: key, make)
    }

    /// The order of `route`'s unfiltered rows in `snapshot` by `path` (`descending` or not), as
    /// the positions of the rows in the route's unfiltered answer in that version: what
    /// ``RowSelection/sorted(_:by:descending:)`` gives for those rows. `nil` for a route whose
    /// rows come from no plain query. Every version's are kept: a page of an older version sorted
    /// the version's every row on each request, 40 % of a never-seen sorted page's time.
    package func order(of route: Route, in snapshot: SpecSnapshot, by path: [String], descending: Bool) -> [Int]? {
        let key =
            "\(route.position)|\(snapshot.version.id)|\(path.joined(separator: "."))|\(descending ? "-" : "+")"
        if let made = orders.withLock({ $0[key] }) { return made }
        let result =
            snapshot.isLatest
            ? unfilteredResult(of: route) : FieldCatalogue.unfilteredResult(of: route, store: store, snapshot: snapshot)
        guard let rows = result?.items else { return nil }
        let made = RowSelection.sortedPositions(rows, by: path, descending: descending)
        return orders.withLock { orders in
            if let raced = orders[key] { return raced }
            orders[key] = made
            return made
        }
    }

    /// The answer of `route`'s unfiltered query in the latest version, made on first use and kept:
    /// a sort or page of every row takes its rows from here rather than running the query.
    /// `nil` for a route whose answer is not a plain collection.
    package func unfilteredResult(of route: Route) -> QueryResult? {
        guard let slot = slots[route] else { return FieldCatalogue.unfilteredResult(of: route, store: store) }
        if let made = slot.rows.load() { return made.result }
        return slot.rows.storeIfNil(Rows(FieldCatalogue.unfilteredResult(of: route, store: store))).result
    }

    /// The catalogue of `route`'s rows in the latest version (see ``FieldCatalogue/of(_:store:)``).
    package subscript(route: Route) -> FieldCatalogue {
        guard let slot = slots[route] else { return FieldCatalogue.of(route, store: store) }
        if let made = slot.made.load() { return made.catalogue }
        return slot.made.storeIfNil(Made(FieldCatalogue.of(route, store: store))).catalogue
    }
}
