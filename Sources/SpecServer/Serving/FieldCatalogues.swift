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

    /// One route's catalogue once made; two requests that race both make it, one is kept.
    private final class Slot: Sendable {
        let made = AtomicLazyReference<Made>()
    }

    private let store: SpecStore
    private let slots: [Route: Slot]

    init(store: SpecStore) {
        self.store = store
        self.slots = Dictionary(uniqueKeysWithValues: Route.allCases.map { ($0, Slot()) })
    }

    /// The catalogue of `route`'s rows in the latest version (see ``FieldCatalogue/of(_:store:)``).
    subscript(route: Route) -> FieldCatalogue {
        guard let slot = slots[route] else { return FieldCatalogue.of(route, store: store) }
        if let made = slot.made.load() { return made.catalogue }
        return slot.made.storeIfNil(Made(FieldCatalogue.of(route, store: store))).catalogue
    }
}
