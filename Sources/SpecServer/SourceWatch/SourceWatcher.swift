// Unsafe: read(2) drains the wake pipe into a buffer by address.
import Glibc
import HTTPCore
import SpecStore

/// `--watch-sources SECONDS`: runs ``SourceCheck`` on a background thread, off the event loops,
/// every interval, against the store being served, and keeps the last report in a
/// ``SourceWatchState``. Each check after the first is conditional on the last one's validators.
final class SourceWatcher: Sendable {
    let intervalSeconds: Int
    let state: SourceWatchState
    private let check: SourceCheck
    private let snapshot: @Sendable () -> SpecSnapshot?
    private let stopping: StopFlag
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let thread = Locked<BackgroundThread?>(nil)

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
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for descriptor in fds {
                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                _ = fcntl(descriptor, F_SETFL, O_NONBLOCK)
            }
        } else {
            fds = [-1, -1]
        }
        wakeRead = fds[0]
        wakeWrite = fds[1]
    }

    deinit {
        close(wakeRead)
        close(wakeWrite)
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
        let thread = BackgroundThread { [self] in
            while !stopping.isSet {
                checkNow()
                if stopping.isSet { break }
                waitForWake(seconds: Double(intervalSeconds))
            }
        }
        self.thread.withLock { $0 = thread }
    }

    /// Ends the thread once its current page is done (each fetch is bounded by the timeout).
    func stop() {
        stopping.set()
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWrite, &byte, 1)
        thread.withLock { $0 }?.join()
    }

    private func waitForWake(seconds: Double) {
        var descriptor = pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)
        _ = Glibc.poll(&descriptor, 1, Int32(min(seconds * 1000, Double(Int32.max))))
        var drain = [UInt8](repeating: 0, count: 64)
        while drain.withUnsafeMutableBytes({ Glibc.read(wakeRead, $0.baseAddress, $0.count) }) > 0 {}
    }
}
