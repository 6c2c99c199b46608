import SystemSupport

/// What a mirror knows about its upstream, for `/readyz`, `/metrics` and the log.
///
/// Written by the mirror's thread, read by the event loops under a lock held only to copy it.
package final class UpstreamState: Sendable {
    /// How the last attempts went.
    package enum Phase: String, Sendable {
        /// No fetch has finished yet.
        case starting
        /// The last fetch succeeded: the store is the upstream's current file.
        case current
        /// The last fetch failed; the store served is the last good one.
        case failing
    }

    /// Where the store being served came from.
    package enum Origin: String, Sendable {
        /// The embedded data or `--data`: no upstream copy has been had yet.
        case local
        /// The `--cache` copy, read at start.
        case cache
        /// A fetch from the upstream.
        case upstream
    }

    package struct Snapshot: Sendable, Equatable {
        package var url: String
        package var phase = Phase.starting
        package var origin = Origin.local
        package var entityTag: String?
        /// Wall-clock milliseconds of the last fetch that succeeded (a 200 or a 304).
        package var lastSuccessMilliseconds: Int?
        package var lastError: String?
        package var consecutiveFailures = 0
        package var updated = 0
        package var unchanged = 0
        package var failed = 0
    }

    private let snapshot: Locked<Snapshot>

    /// The state of a mirror of `url`, which is kept with its credentials and query values
    /// redacted: `/readyz` is public and answers any origin.
    package init(url: String) {
        snapshot = Locked(Snapshot(url: RedactedURL(url).description))
    }

    package var current: Snapshot { snapshot.withLock { $0 } }

    package func update(_ change: (inout Snapshot) -> Void) {
        snapshot.withLock { change(&$0) }
    }
}
