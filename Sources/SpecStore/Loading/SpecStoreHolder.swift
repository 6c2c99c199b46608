import Synchronization

/// The store currently being served, swapped whole on reload.
///
/// A reload builds and validates a complete new ``SpecStore`` first and only then calls
/// ``replace(with:)``, so a reader gets either the old store or the new one, never a half-built one.
/// Reading takes a short lock to copy one reference; callers keep that reference for the whole of
/// a request so every answer in it comes from one store.
public final class SpecStoreHolder: Sendable {
    private let store: Mutex<SpecStore?>

    /// Creates a holder, empty until the first store is loaded unless one is given.
    public init(_ store: SpecStore? = nil) {
        self.store = Mutex(store)
    }

    /// The store being served, or `nil` before the first load.
    public var current: SpecStore? {
        store.withLock { $0 }
    }

    /// Makes `newStore` the current store; returns the one it replaced.
    @discardableResult
    public func replace(with newStore: SpecStore) -> SpecStore? {
        store.withLock { current in
            let old = current
            current = newStore
            return old
        }
    }
}
