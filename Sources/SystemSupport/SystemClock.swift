// Unsafe: gmtime_r fills a C structure by address.
import CLinuxSupport
import Glibc

/// The system's clocks as the loops and the loader need them: monotonic time for deadlines,
/// wall seconds for `Date` (not the standard library's `Clock` protocol, which this is not).
public enum SystemClock {
    /// Monotonic nanoseconds since an arbitrary start (vDSO, no syscall).
    @inlinable @inline(__always) public static func monotonicNanoseconds() -> Int64 {
        clinux_monotonic_nanoseconds()
    }

    /// Monotonic milliseconds since an arbitrary start (vDSO, no syscall).
    @inlinable @inline(__always) public static func monotonicMilliseconds() -> Int64 {
        clinux_monotonic_nanoseconds() / 1_000_000
    }

    /// Monotonic microseconds, for access-log durations.
    @inlinable @inline(__always) public static func monotonicMicroseconds() -> Int64 {
        clinux_monotonic_nanoseconds() / 1_000
    }

    /// Seconds and nanoseconds since the Unix epoch (`CLOCK_REALTIME`, vDSO), for log times.
    public static func wallTime() -> (seconds: Int, nanoseconds: Int) {
        var now = timespec()
        _ = clock_gettime(CLOCK_REALTIME, &now)
        return (Int(now.tv_sec), Int(now.tv_nsec))
    }

    /// Seconds since the Unix epoch (vDSO).
    @inlinable @inline(__always) public static func wallSeconds() -> Int {
        Glibc.time(nil)
    }

    /// The calendar date and time in UTC of `seconds` since the Unix epoch (`gmtime_r`).
    public static func utcCalendarTime(_ seconds: Int) -> tm {
        var time = time_t(seconds)
        var parts = tm()
        _ = gmtime_r(&time, &parts)
        return parts
    }
}
