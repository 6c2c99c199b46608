import Glibc
import HTTPCore
import SpecStore
import SystemSupport

/// `--watch-sources SECONDS`: runs ``SourceCheck`` on a background thread, off the event loops,
/// every interval, against the store being served, and keeps the last report in a
/// ``SourceWatchState``. Each check after the first is conditional on the last one's validators.
final class SourceWatcher: Sendable {
    let intervalSeconds: Int
    let state: SourceWatchState
    private let check: SourceCheck
    private let snapshot: @Sendable () -> SpecSnapshot?
    private let stopping: StopFlag
    private let wake = WakePipe()
    private let thread = Locked<SystemThread?>(nil)

    init(
        intervalSeconds: Int, check: SourceCheck, state: SourceWatchState,
        snapshot: @escaping @Sendable () -> SpecSnapshot?
    ) {
        self.intervalSeconds = intervalSeconds
        let stopping = StopFlag()
        self.stopping = stopping
        var check = check
        check.isCancelled = { stopping.isSet }
        self.check = check
        self.state = state
        self.snapshot = snapshot
    }

    /// Runs one check now, on the calling thread, and records it.
    @discardableResult
    func checkNow() -> SourceReport? {
        guard let snapshot = snapshot() else { return nil }
        let report = check.run(snapshot: snapshot, previous: state.report)
        state.record(report, seconds: Int(time(nil)))
        return report
    }

    /// Starts the thread: a check at once, then one every interval until ``stop()``.
    func start() {
        let thread = SystemThread.start(blockingSignals: true) { [self] in
            while !stopping.isSet {
                checkNow()
                if stopping.isSet { break }
                wake.wait(seconds: Double(intervalSeconds))
            }
        }
        self.thread.withLock { $0 = thread }
    }

    /// Ends the thread once its current page is done (each fetch is bounded by the timeout).
    func stop() {
        stopping.set()
        wake.wake()
        thread.withLock { $0 }?.join()
    }

}
