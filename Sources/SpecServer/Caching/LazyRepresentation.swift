import Synchronization

/// A representation built on first use, once, by whichever request needs it first; every later
/// read is one atomic load.
///
/// A store holds many versions and many records, and most of their representations are never
/// fetched: building each at load would cost start-up (and reload) time and resident memory for
/// bytes few clients read, so each waits for its first request. Two requests that race both build, one result is kept,
/// and both serve identical bytes, because building is a pure function of the store. What is
/// built stays until the store is replaced, so memory is bounded by what load used to build.
final class LazyRepresentation: Sendable {
    /// The result of building, kept even when building failed so a failure is not retried.
    private final class Outcome: Sendable {
        let representation: Representation?

        init(_ representation: Representation?) {
            self.representation = representation
        }
    }

    private let outcome = AtomicLazyReference<Outcome>()
    private let build: @Sendable () -> Representation?

    /// A representation that `build` makes on first use; `build` returns `nil` when the request
    /// cannot be answered from it (the slow path then reports why).
    init(building build: @escaping @Sendable () -> Representation?) {
        self.build = build
    }

    /// The representation, built now if nothing has asked for it yet.
    var representation: Representation? {
        if let outcome = outcome.load() { return outcome.representation }
        return outcome.storeIfNil(Outcome(build())).representation
    }

    /// Whether it has been built (or found unbuildable).
    var isBuilt: Bool { outcome.load() != nil }
}
