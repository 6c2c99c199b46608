import SystemSupport

/// The server's own log lines (start, reload, refusal, upstream, shutdown) on standard error.
///
/// With `--log json` each line is one JSON object — `time` (RFC 3339, UTC), `level`, `msg`, then
/// the event's fields — the same shape as the engine's access-log lines, so one parser reads the
/// whole stream. Otherwise each line is the plain sentence scripts have always read.
struct ServerLog: Sendable {
    enum Level: String, Sendable {
        case info, warn, error
    }

    /// A field's value: JSON keeps numbers as numbers.
    enum Value: Sendable, Equatable {
        case string(String)
        case int(Int)
    }

    let json: Bool
    let sink: @Sendable (String) -> Void

    init(format: ServerConfiguration.LogFormat, sink: @escaping @Sendable (String) -> Void) {
        self.json = format == .json
        self.sink = sink
    }

    /// Writes one event: `text` in text mode, `msg` and `fields` in JSON mode.
    func write(_ level: Level, _ msg: String, _ fields: KeyValuePairs<String, Value> = [:], text: String) {
        sink(json ? Self.jsonLine(level, msg, fields, time: Self.now()) : text)
    }

    /// One JSON object, without the newline.
    static func jsonLine(
        _ level: Level, _ msg: String, _ fields: KeyValuePairs<String, Value>, time: (seconds: Int, nanoseconds: Int)
    ) -> String {
        jsonLine(level, msg, fieldsInOrder: fields, time: time)
    }

    /// One JSON object, without the newline, its fields in `fields`' order.
    static func jsonLine(
        _ level: Level, _ msg: String, fieldsInOrder fields: some Sequence<(key: String, value: Value)>,
        time: (seconds: Int, nanoseconds: Int)
    ) -> String {
        var line = "{\"time\":\"\(rfc3339(seconds: time.seconds, nanoseconds: time.nanoseconds))\""
        line += ",\"level\":\"\(level.rawValue)\",\"msg\":\(quoted(msg))"
        for (name, value) in fields {
            line += ",\(quoted(name)):"
            switch value {
            case .string(let text): line += quoted(text)
            case .int(let number): line += String(number)
            }
        }
        return line + "}"
    }

    /// The wall clock now.
    static func now() -> (seconds: Int, nanoseconds: Int) {
        SystemClock.wallTime()
    }

    /// `2026-03-07T09:30:05.123Z`: RFC 3339 §5.6 `date-time` in UTC with milliseconds.
    static func rfc3339(seconds: Int, nanoseconds: Int) -> String {
        let parts = SystemClock.utcCalendarTime(seconds)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : String(value) }
        let milliseconds = String(nanoseconds / 1_000_000)
        return "\(parts.year)-\(two(parts.month))-\(two(parts.day))"
            + "T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))."
            + String(repeating: "0", count: 3 - milliseconds.count) + milliseconds + "Z"
    }

    /// `text` as a JSON string literal (RFC 8259 §7).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
