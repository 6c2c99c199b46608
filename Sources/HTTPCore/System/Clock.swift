// Unsafe: gmtime_r fills a C structure by address.
import CLinuxSupport
import Glibc

/// Time as the loops need it: monotonic milliseconds for deadlines, wall seconds for `Date`.
enum Clock {
    /// Monotonic milliseconds since an arbitrary start (vDSO, no syscall).
    @inline(__always) static func monotonicMilliseconds() -> Int64 {
        clinux_monotonic_nanoseconds() / 1_000_000
    }

    /// Monotonic microseconds, for access-log durations.
    @inline(__always) static func monotonicMicroseconds() -> Int64 {
        clinux_monotonic_nanoseconds() / 1_000
    }

    /// Seconds since the Unix epoch (vDSO).
    @inline(__always) static func wallSeconds() -> Int {
        Glibc.time(nil)
    }

    /// The calendar date and time in UTC of `seconds` since the Unix epoch (`gmtime_r`).
    static func utcCalendarTime(_ seconds: Int) -> tm {
        var time = time_t(seconds)
        var parts = tm()
        _ = gmtime_r(&time, &parts)
        return parts
    }
}

extension Duration {
    /// The duration in whole milliseconds, at least 1.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
    }
}
