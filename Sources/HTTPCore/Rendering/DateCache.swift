// Unsafe: owns the 29 bytes of the Date value that responses copy.
import Glibc

/// The current time as an IMF-fixdate (RFC 9110 §5.6.7), reformatted at most once a second.
///
/// Each loop owns one, so no thread shares or locks it.
final class DateCache {
    /// The 29 bytes of the current date, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    let bytes: UnsafeMutableRawBufferPointer
    private var second = -1

    init() {
        bytes = .allocate(byteCount: 29, alignment: 8)
        bytes.initializeMemory(as: UInt8.self, repeating: 0x20)
        refresh(now: Clock.wallSeconds())
    }

    deinit {
        bytes.deallocate()
    }

    /// Reformats if the second changed since the last call.
    @inline(__always) func refresh(now: Int) {
        if now != second { format(now) }
    }

    private static let days = Array("SunMonTueWedThuFriSat".utf8)
    private static let months = Array("JanFebMarAprMayJunJulAugSepOctNovDec".utf8)

    private func format(_ now: Int) {
        second = now
        var time = time_t(now)
        var parts = tm()
        gmtime_r(&time, &parts)
        let day = Int(parts.tm_wday) * 3
        let month = Int(parts.tm_mon) * 3
        let year = Int(parts.tm_year) + 1900
        func two(_ value: Int32, at offset: Int) {
            bytes[offset] = UInt8(value / 10) + 0x30
            bytes[offset + 1] = UInt8(value % 10) + 0x30
        }
        bytes[0] = Self.days[day]
        bytes[1] = Self.days[day + 1]
        bytes[2] = Self.days[day + 2]
        bytes[3] = UInt8(ascii: ",")
        bytes[4] = 0x20
        two(parts.tm_mday, at: 5)
        bytes[7] = 0x20
        bytes[8] = Self.months[month]
        bytes[9] = Self.months[month + 1]
        bytes[10] = Self.months[month + 2]
        bytes[11] = 0x20
        two(Int32(year / 100), at: 12)
        two(Int32(year % 100), at: 14)
        bytes[16] = 0x20
        two(parts.tm_hour, at: 17)
        bytes[19] = UInt8(ascii: ":")
        two(parts.tm_min, at: 20)
        bytes[22] = UInt8(ascii: ":")
        two(parts.tm_sec, at: 23)
        bytes[25] = 0x20
        bytes[26] = UInt8(ascii: "G")
        bytes[27] = UInt8(ascii: "M")
        bytes[28] = UInt8(ascii: "T")
    }
}
