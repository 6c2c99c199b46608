import Testing

@testable import SourceWatch

/// When the mirror polls next: the interval while the upstream answers, backing off with jitter
/// while it fails.
@Suite struct UpstreamScheduleTests {
    @Test func successWaitsTheIntervalLessUpToATenth() {
        let schedule = UpstreamSchedule(interval: 300)
        #expect(schedule.delayAfterSuccess(random: 0) == 270)
        #expect(schedule.delayAfterSuccess(random: 0.999) <= 300)
    }

    @Test func failuresBackOffExponentiallyWithinTheUpperHalf() {
        let schedule = UpstreamSchedule(interval: 300)
        for failures in 1...12 {
            let ceiling = min(300, Double(1 << (failures - 1)))
            let low = schedule.delayAfterFailure(failures, random: 0)
            let high = schedule.delayAfterFailure(failures, random: 0.999_999)
            #expect(low == ceiling / 2, "failure \(failures)")
            #expect(high <= ceiling && high > ceiling * 0.99, "failure \(failures)")
        }
        #expect(schedule.delayAfterFailure(1000, random: 0.5) <= 300)
    }

    @Test func jitterSpreadsReplicas() {
        let schedule = UpstreamSchedule(interval: 60)
        let delays = Set((0..<50).map { _ in schedule.delayAfterFailure(4, random: Double.random(in: 0..<1)) })
        #expect(delays.count > 40, "random draws give distinct delays")
        #expect(delays.allSatisfy { (4...8).contains($0) })
    }

    @Test func aShortIntervalStillBacksOffToAMinute() {
        #expect(UpstreamSchedule(interval: 1).delayAfterFailure(10, random: 0.999_999) > 59)
    }
}
