import SpecStore
import Synchronization
import SystemSupport

/// One fetch the mirror asks of its transfer.
package struct UpstreamRequest: Sendable {
    package var url: String
    /// Sent as `If-None-Match` when the mirror holds the upstream's copy.
    package var entityTag: String?
    /// A body larger than this fails the transfer as soon as it is announced or exceeded.
    package var maxBytes: Int
    /// The whole transfer, connection included, fails after this long.
    package var timeoutSeconds: Int
    /// True once the mirror stops: a transfer in progress gives up.
    package var isCancelled: @Sendable () -> Bool
}

/// How one fetch ended.
package enum UpstreamOutcome: Sendable, Equatable {
    /// A complete `200` body, with the upstream's `ETag` if it sent one.
    case fetched([UInt8], entityTag: String?)
    /// `304 Not Modified`: the copy held is current.
    case notModified
    /// Anything else: the reason, for the log and `/readyz`.
    case failed(String)
}

/// Keeps the served store a copy of a data file at a URL: polls it, validates the whole file,
/// swaps the store atomically (as SIGHUP does), and keeps the last good copy in a cache file.
///
/// It never serves a half-fetched or invalid file: a fetch that fails in any way leaves the
/// store and the cache as they were, and the next poll backs off (``UpstreamSchedule``).
package final class UpstreamMirror: Sendable {
    package typealias Transfer = @Sendable (UpstreamRequest) -> UpstreamOutcome

    package struct Settings: Sendable, Equatable {
        package var url: String
        package var intervalSeconds: Int
        package var cachePath: String?
        package var maxBytes: Int
        package var timeoutSeconds: Int

        package init(url: String, intervalSeconds: Int, cachePath: String?, maxBytes: Int, timeoutSeconds: Int) {
            self.url = url
            self.intervalSeconds = intervalSeconds
            self.cachePath = cachePath
            self.maxBytes = maxBytes
            self.timeoutSeconds = timeoutSeconds
        }
    }

    /// What the mirror changes outside itself: the store served, the reload counts, the log.
    package struct Serving: Sendable {
        /// Serves `store` from now on, as SIGHUP's reload does.
        package var install: @Sendable (SpecStore) -> Void
        /// Counts a reload: `true` a new store served, `false` a fetched file refused.
        package var countReload: @Sendable (_ succeeded: Bool) -> Void
        /// Writes one line of the operator's log.
        package var log: LogWriter

        package init(
            install: @escaping @Sendable (SpecStore) -> Void,
            countReload: @escaping @Sendable (_ succeeded: Bool) -> Void, log: @escaping LogWriter
        ) {
            self.install = install
            self.countReload = countReload
            self.log = log
        }
    }

    package let settings: Settings
    package let state: UpstreamState
    private let serving: Serving
    private let transfer: Transfer
    private let schedule: UpstreamSchedule
    private let entityTag = Locked<String?>(nil)
    /// A hash of the bytes being served, so an upstream without `ETag` that sends the same file
    /// again does not cause a reload.
    private let servedHash = Locked<UInt64?>(nil)
    private let stopping = Atomic<Bool>(false)
    /// A pipe: a byte written wakes the polling thread early (stop, or SIGHUP's fetch-now).
    private let wake = WakePipe()
    private let thread = Locked<SystemThread?>(nil)
    /// False once the cache path (or its tag) turned out not to be a regular file: the cache is
    /// then neither read nor written for the rest of the run.
    private let cacheUsable = Atomic<Bool>(true)
    /// The URL as the log may show it: credentials and query values redacted.
    private let shownURL: String

    package init(settings: Settings, serving: Serving, state: UpstreamState, transfer: @escaping Transfer) {
        self.settings = settings
        self.serving = serving
        self.state = state
        self.transfer = transfer
        self.schedule = UpstreamSchedule(interval: Double(settings.intervalSeconds))
        self.shownURL = RedactedURL(settings.url).description
    }

    private func log(
        _ level: LogLine.Level, _ message: String, _ fields: KeyValuePairs<String, LogLine.Value> = [:], text: String
    ) {
        serving.log(LogLine(level, message, fields, text: text))
    }

    private var isStopping: Bool { stopping.load(ordering: .relaxed) }

    // MARK: - The cache

    /// Serves the cache file if it holds a valid store, so a restart with the upstream down
    /// serves the last good copy at once. Returns whether it did.
    ///
    /// First removes the temporary files a killed server left beside the cache, and refuses
    /// (with one log line) a cache or tag path that holds something other than a regular file.
    @discardableResult
    package func serveCachedCopy() -> Bool {
        guard let path = settings.cachePath else { return false }
        let removed = AtomicFile.removeStaleTemporaries(beside: path)
        if !removed.isEmpty {
            log(
                .info, "stale temporary files removed",
                ["directory": .string(AtomicFile.directoryName(path)), "count": .int(removed.count)],
                text: "spec-server: removed \(removed.count) stale temporary file(s) beside \(path)")
        }
        for candidate in [path, path + ".etag"] {
            guard let kind = AtomicFile.nonRegularKind(at: candidate) else { continue }
            cacheUsable.store(false, ordering: .relaxed)
            log(
                .warn, "upstream cache refused", ["path": .string(candidate), "kind": .string(kind)],
                text:
                    "spec-server: upstream cache refused: \(candidate) is \(kind), not a regular file; no cache is kept"
            )
            return false
        }
        let bytes: [UInt8]
        switch AtomicFile.read(path, limit: settings.maxBytes) {
        case .bytes(let read): bytes = read
        case .missing: return false
        case .refused(let reason):
            log(
                .warn, "cached upstream copy refused", ["path": .string(path), "error": .string(reason)],
                text: "spec-server: cached upstream copy refused: \(reason)")
            return false
        }
        do {
            let store = try SpecStore.load(bytes: bytes, sourceName: path)
            servedHash.withLock { $0 = Self.hash(bytes) }
            var tag: String?
            if case .bytes(let tagBytes) = AtomicFile.read(path + ".etag", limit: 1024), !tagBytes.isEmpty {
                tag = String(decoding: tagBytes, as: UTF8.self)
            }
            entityTag.withLock { $0 = tag }
            state.update { $0.origin = .cache }
            serving.install(store)
            log(
                .info, "serving the cached upstream copy",
                ["path": .string(path), "version": .string(store.latestVersion.id)],
                text: "spec-server: serving the cached upstream copy \(path), version \(store.latestVersion.id)")
            return true
        } catch {
            log(
                .warn, "cached upstream copy refused", ["path": .string(path), "error": .string("\(error)")],
                text: "spec-server: cached upstream copy refused: \(error)")
            return false
        }
    }

    // MARK: - Polling

    /// Fetches once and applies the outcome; returns the seconds to wait before the next poll.
    @discardableResult
    package func poll(random: Double = Double.random(in: 0..<1)) -> Double {
        let request = UpstreamRequest(
            url: settings.url, entityTag: entityTag.withLock { $0 }, maxBytes: settings.maxBytes,
            timeoutSeconds: settings.timeoutSeconds, isCancelled: { [weak self] in self?.isStopping ?? true })
        switch transfer(request) {
        case .notModified where request.entityTag == nil:
            // Nothing was asked to be revalidated, so the 304 cannot mean the store served is
            // the upstream's: saying "current" would be false.
            return failed("the upstream answered 304 Not Modified to a request without If-None-Match", random: random)
        case .notModified:
            succeeded(updated: false)
        case .fetched(let bytes, let tag):
            let hash = Self.hash(bytes)
            if hash == servedHash.withLock({ $0 }) {
                entityTag.withLock { $0 = tag }
                succeeded(updated: false)
                break
            }
            let store: SpecStore
            do {
                store = try SpecStore.load(bytes: bytes, sourceName: shownURL)
            } catch {
                serving.countReload(false)
                return failed("the upstream file is invalid: \(error)", random: random)
            }
            // The state first: once a client sees the new version, /readyz already says so.
            servedHash.withLock { $0 = hash }
            entityTag.withLock { $0 = tag }
            state.update { $0.origin = .upstream }
            succeeded(updated: true)
            serving.install(store)
            serving.countReload(true)
            log(
                .info, "upstream update served",
                ["url": .string(shownURL), "version": .string(store.latestVersion.id), "bytes": .int(bytes.count)],
                text: "spec-server: serving version \(store.latestVersion.id) from \(shownURL)")
            writeCache(bytes, entityTag: tag)
        case .failed(let reason):
            return failed(RedactedURL.scrub(reason, of: settings.url), random: random)
        }
        return schedule.delayAfterSuccess(random: random)
    }

    private func succeeded(updated: Bool) {
        let now = Self.wallMilliseconds()
        state.update {
            $0.phase = .current
            $0.lastSuccessMilliseconds = now
            $0.lastError = nil
            $0.consecutiveFailures = 0
            if updated { $0.updated += 1 } else { $0.unchanged += 1 }
        }
    }

    /// Wall-clock milliseconds now.
    private static func wallMilliseconds() -> Int {
        let now = SystemClock.wallTime()
        return now.seconds * 1000 + now.nanoseconds / 1_000_000
    }

    /// A 64-bit FNV-1a hash of a whole file, to tell a file sent again from a changed one.
    private static func hash(_ bytes: [UInt8]) -> UInt64 {
        let span = bytes.span
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in span.indices {
            hash ^= UInt64(span[index])
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    private func failed(_ reason: String, random: Double) -> Double {
        var failures = 0
        state.update {
            $0.phase = .failing
            $0.lastError = reason
            $0.consecutiveFailures += 1
            $0.failed += 1
            failures = $0.consecutiveFailures
        }
        let delay = schedule.delayAfterFailure(failures, random: random)
        log(
            .warn, "upstream fetch failed",
            [
                "url": .string(shownURL), "error": .string(reason), "failures": .int(failures),
                "retryMilliseconds": .int(Int(delay * 1000)),
            ],
            text:
                "spec-server: upstream fetch failed (\(failures) in a row), still serving the last good copy: \(reason)"
        )
        return delay
    }

    private func writeCache(_ bytes: [UInt8], entityTag tag: String?) {
        guard let path = settings.cachePath, cacheUsable.load(ordering: .relaxed) else { return }
        do {
            // The old tag goes first, so a crash between the writes leaves no tag claiming that
            // an older file is current; the next fetch is then a full one.
            SystemFile.remove(path + ".etag")
            try AtomicFile.write(bytes, to: path)
            if let tag { try AtomicFile.write(Array(tag.utf8), to: path + ".etag") }
        } catch {
            log(
                .warn, "upstream cache not written", ["path": .string(path), "error": .string("\(error)")],
                text: "spec-server: cannot write the upstream cache: \(error)")
        }
    }

    // MARK: - The polling thread

    /// Starts polling on a thread of its own, first poll at once.
    package func start() {
        let thread = SystemThread.start(blockingSignals: true) { [self] in
            var delay = 0.0
            while !stopping.load(ordering: .relaxed) {
                if delay > 0 { wake.wait(seconds: delay) }
                if stopping.load(ordering: .relaxed) { break }
                delay = poll()
            }
        }
        self.thread.withLock { $0 = thread }
    }

    /// Polls now instead of at the next scheduled time (SIGHUP).
    package func pollNow() {
        wake.wake()
    }

    /// Stops polling, abandoning a transfer in progress, and waits for the thread to end.
    package func stop() {
        stopping.store(true, ordering: .relaxed)
        pollNow()
        thread.withLock { $0 }?.join()
    }

}
