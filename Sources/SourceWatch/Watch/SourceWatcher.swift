import SpecStore
import SystemSupport

/// `--watch-sources SECONDS`: runs ``SourceCheck`` on a background thread, off the event loops,
/// every interval, against the store being served, and keeps the last report in a
/// ``SourceWatchState``. Each check after the first is conditional on the last one's validators.
/// A check whose outcome differs from the one before writes one log line (``LogEvent``): drift
/// found or changed, pages unreadable, or everything matching again.
package final class SourceWatcher: Sendable {
    package let intervalSeconds: Int
    package let state: SourceWatchState
    private let log: LogWriter?
    private let check: SourceCheck
    private let snapshot: @Sendable () -> SpecSnapshot?
    private let stopping: StopFlag
    private let wake = WakePipe()
    private let thread = Locked<SystemThread?>(nil)

    package init(
        intervalSeconds: Int, check: SourceCheck, state: SourceWatchState, log: LogWriter? = nil,
        snapshot: @escaping @Sendable () -> SpecSnapshot?
    ) {
        self.intervalSeconds = intervalSeconds
        self.log = log
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
    package func checkNow() -> SourceReport? {
        guard let snapshot = snapshot() else { return nil }
        let previous = state.report
        let report = check.run(snapshot: snapshot, previous: previous)
        state.record(report, seconds: SystemClock.wallSeconds())
        if let log, let event = LogEvent(previous: previous, current: report) { log(event.line(report: report)) }
        return report
    }

    /// What a check's outcome tells the operator, against the check before it.
    package enum LogEvent: Equatable {
        /// Findings, where the check before found none or a different number.
        case drift
        /// A page could not be read, where the check before read every page.
        case unreadable
        /// No drift and every page read, where the check before found drift or could not read.
        case recovered(was: String)

        /// `nil` when the outcome is the one before's (or a first check finding nothing).
        package init?(previous: SourceReport?, current: SourceReport) {
            switch current.result {
            case "drift":
                guard previous?.result != "drift" || previous?.findings.count != current.findings.count else {
                    return nil
                }
                self = .drift
            case "unreadable":
                guard previous?.result != "unreadable" else { return nil }
                self = .unreadable
            default:
                guard let previous, previous.result != "no-drift" else { return nil }
                self = .recovered(was: previous.result)
            }
        }

        /// The line: a message and fields, and a sentence naming where to look.
        package func line(report: SourceReport) -> LogLine {
            switch self {
            case .drift:
                let kinds = report.counts.filter { $0.1 > 0 }.map { "\($0.0.rawValue) \($0.1)" }
                    .joined(separator: ", ")
                return LogLine(
                    .warn, "source drift",
                    [
                        "version": .string(report.version), "findings": .int(report.findings.count),
                        "kinds": .string(kinds),
                    ],
                    text: "spec-server: Apple's pages differ from store version \(report.version): "
                        + "\(report.findings.count) findings (\(kinds)); GET /v1/sources lists them")
            case .unreadable:
                let pages = report.pages.filter { $0.status == .unreadable }.map(\.page).joined(separator: ", ")
                return LogLine(
                    .warn, "source pages unreadable", ["version": .string(report.version), "pages": .string(pages)],
                    text: "spec-server: the source check could not read \(pages); GET /v1/sources says why")
            case .recovered(let was):
                return LogLine(
                    .info, "sources match", ["version": .string(report.version), "was": .string(was)],
                    text: "spec-server: Apple's pages match store version \(report.version) again (was \(was))")
            }
        }
    }

    /// Starts the thread: a check at once, then one every interval until ``stop()``.
    package func start() {
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
    package func stop() {
        stopping.set()
        wake.wake()
        thread.withLock { $0 }?.join()
    }

}
