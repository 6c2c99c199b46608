import Synchronization

/// A representation built on first use, once, by whichever request needs it first; every later
/// read is one atomic load (none for one built already).
///
/// A store holds many versions, and a client that pins an older one is rare: building every
/// pinned representation at load would cost start-up (and reload) time and memory for bytes few
/// clients fetch. The latest version's representations are built at load (``init(built:)``); the
/// others wait for their first request. Two requests that race both build, one result is kept,
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

    /// What ``init(built:)`` was given: read without an atomic load (the latest version's
    /// representations are read on every request).
    private let ready: Representation?
    private let outcome = AtomicLazyReference<Outcome>()
    private let build: @Sendable () -> Representation?

    /// A representation that `build` makes on first use; `build` returns `nil` when the request
    /// cannot be answered from it (the slow path then reports why).
    init(building build: @escaping @Sendable () -> Representation?) {
        self.ready = nil
        self.build = build
    }

    /// A representation built already.
    init(built representation: Representation) {
        self.ready = representation
        self.build = { representation }
        _ = outcome.storeIfNil(Outcome(representation))
    }

    /// The representation, built now if nothing has asked for it yet.
    var representation: Representation? {
        if let ready { return ready }
        if let outcome = outcome.load() { return outcome.representation }
        return outcome.storeIfNil(Outcome(build())).representation
    }

    /// Whether it has been built (or found unbuildable).
    var isBuilt: Bool { outcome.load() != nil }
}
