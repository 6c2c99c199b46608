import Synchronization

/// A flag the watcher's thread and its transfers read; set once, to stop.
package final class StopFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    package var isSet: Bool { flag.load(ordering: .relaxed) }
    package func set() { flag.store(true, ordering: .relaxed) }
}
