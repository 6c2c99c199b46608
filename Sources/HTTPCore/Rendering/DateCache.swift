/// The current time as an IMF-fixdate (RFC 9110 §5.6.7), reformatted at most once a second.
///
/// Each loop owns one, so no thread shares or locks it.
import SystemSupport

final class DateCache {
    /// The 29 bytes of an IMF-fixdate, held inline: no allocation, no pointer.
    typealias Bytes = InlineArray<29, UInt8>

    /// The 29 bytes of the current date, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`.
    private(set) var bytes = Bytes(repeating: 0x20)
    /// The second (since the epoch) that ``bytes`` shows.
    private(set) var second = -1

    init() {
        refresh(now: SystemClock.wallSeconds())
    }

    /// Reformats if the second changed since the last call.
    @inline(__always) func refresh(now: Int) {
        if now != second { format(now) }
    }

    private static let days: StaticString = "SunMonTueWedThuFriSat"
    private static let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"

    private func format(_ now: Int) {
        second = now
        let parts = SystemClock.utcCalendarTime(now)
        let days = Span(Self.days)
        let months = Span(Self.months)
        let day = Int(parts.weekday) * 3
        let month = Int(parts.month - 1) * 3
        let year = Int(parts.year)
        var text = Bytes(repeating: 0x20)
        func two(_ value: Int32, at offset: Int) {
            text[offset] = UInt8(value / 10) + 0x30
            text[offset + 1] = UInt8(value % 10) + 0x30
        }
        text[0] = days[day]
        text[1] = days[day + 1]
        text[2] = days[day + 2]
        text[3] = UInt8(ascii: ",")
        two(parts.day, at: 5)
        text[8] = months[month]
        text[9] = months[month + 1]
        text[10] = months[month + 2]
        two(Int32(year / 100), at: 12)
        two(Int32(year % 100), at: 14)
        two(parts.hour, at: 17)
        text[19] = UInt8(ascii: ":")
        two(parts.minute, at: 20)
        text[22] = UInt8(ascii: ":")
        two(parts.second, at: 23)
        text[26] = UInt8(ascii: "G")
        text[27] = UInt8(ascii: "M")
        text[28] = UInt8(ascii: "T")
        bytes = text
    }
}
