// Unsafe: gmtime_r fills a C structure by address.
import CLinuxSupport
import Glibc

/// The system's clocks as the loops and the loader need them: monotonic time for deadlines,
/// wall seconds for `Date` (not the standard library's `Clock` protocol, which this is not).
package enum SystemClock {
    /// Monotonic nanoseconds since an arbitrary start (vDSO, no syscall).
    @inlinable @inline(__always) package static func monotonicNanoseconds() -> Int64 {
        clinux_monotonic_nanoseconds()
    }

    /// Monotonic milliseconds since an arbitrary start (vDSO, no syscall).
    @inlinable @inline(__always) package static func monotonicMilliseconds() -> Int64 {
        clinux_monotonic_nanoseconds() / 1_000_000
    }

    /// Monotonic microseconds, for access-log durations.
    @inlinable @inline(__always) package static func monotonicMicroseconds() -> Int64 {
        clinux_monotonic_nanoseconds() / 1_000
    }

    /// Seconds and nanoseconds since the Unix epoch (`CLOCK_REALTIME`, vDSO), for log times.
    package static func wallTime() -> (seconds: Int, nanoseconds: Int) {
        var now = timespec()
        _ = clock_gettime(CLOCK_REALTIME, &now)
        return (Int(now.tv_sec), Int(now.tv_nsec))
    }

    /// Seconds since the Unix epoch (vDSO).
    @inlinable @inline(__always) package static func wallSeconds() -> Int {
        Glibc.time(nil)
    }

    /// The calendar date and time in UTC of `seconds` since the Unix epoch (`gmtime_r`).
    package static func utcCalendarTime(_ seconds: Int) -> CalendarTime {
        var time = time_t(seconds)
        var parts = tm()
        _ = gmtime_r(&time, &parts)
        return CalendarTime(
            year: parts.tm_year + 1900, month: parts.tm_mon + 1, day: parts.tm_mday, hour: parts.tm_hour,
            minute: parts.tm_min, second: parts.tm_sec, weekday: parts.tm_wday)
    }
}

/// A calendar date and time of day, as `gmtime_r` breaks a time down, in Swift's types.
package struct CalendarTime: Sendable, Equatable {
    /// The year, e.g. 2026.
    package var year: Int32
    /// The month, 1 (January) to 12.
    package var month: Int32
    /// The day of the month, 1 to 31.
    package var day: Int32
    /// The hour, 0 to 23.
    package var hour: Int32
    /// The minute, 0 to 59.
    package var minute: Int32
    /// The second, 0 to 60 (a leap second).
    package var second: Int32
    /// The day of the week, 0 (Sunday) to 6.
    package var weekday: Int32
}
