/// When the mirror polls next: every `interval` while the upstream answers, backing off
/// exponentially while it fails, each delay jittered so many replicas do not poll in step.
package struct UpstreamSchedule: Sendable, Equatable {
    /// Seconds between polls while the upstream answers.
    package var interval: Double
    /// The first delay after a failure.
    package var firstRetry: Double = 1
    /// The longest delay after failures: the interval, but at least a minute.
    package var longestRetry: Double { max(interval, 60) }

    /// The delay after a success: the interval, less up to 10 % (`random` in 0..<1).
    package func delayAfterSuccess(random: Double) -> Double {
        interval * (0.9 + 0.1 * random)
    }

    /// The delay after the `failures`-th failure in a row (1 for the first): 1 s, 2 s, 4 s, …
    /// up to ``longestRetry``, then a random point in its upper half ("equal jitter").
    package func delayAfterFailure(_ failures: Int, random: Double) -> Double {
        let doublings = min(max(failures - 1, 0), 30)
        let ceiling = min(longestRetry, firstRetry * Double(1 << doublings))
        return ceiling / 2 + ceiling / 2 * random
    }
}
