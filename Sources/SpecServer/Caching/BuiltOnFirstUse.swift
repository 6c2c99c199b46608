import SystemSupport

/// A value built by its first reader, once, under a lock (a pthread mutex, for
/// ThreadSanitizer's sake: see ``Locked``); every later read shares it.
///
/// For what a store may never be asked for but is costly to hold: the OpenAPI document and the
/// MCP catalogue are built by the first request that reads them, not at every load.
final class BuiltOnFirstUse<Value: Sendable>: Sendable {
    private let built = Locked<Value?>(nil)
    private let build: @Sendable () -> Value

    /// A value that `build` makes on its first read.
    init(_ build: @escaping @Sendable () -> Value) {
        self.build = build
    }

    /// The value, built now if nothing has read it yet.
    var value: Value {
        built.withLock { built in
            if let built { return built }
            let value = build()
            built = value
            return value
        }
    }

    /// Whether it has been built.
    var isBuilt: Bool { built.withLock { $0 != nil } }
}
