/// One line of the operator's log from the watch or the mirror: its level, a short message and
/// its fields (what a JSON log writes), and the sentence a text log writes.
///
/// The module only says what happened; the server's log decides how a line is written.
package struct LogLine: Sendable {
    /// How much the line matters.
    package enum Level: String, Sendable {
        case info, warn, error
    }

    /// A field's value: JSON keeps numbers as numbers.
    package enum Value: Sendable, Equatable {
        case string(String)
        case int(Int)
    }

    package var level: Level
    /// The event, in a few words (`source drift`).
    package var message: String
    /// The event's details, in the order they are written.
    package var fields: KeyValuePairs<String, Value>
    /// The whole sentence, `spec-server: …`.
    package var text: String

    package init(_ level: Level, _ message: String, _ fields: KeyValuePairs<String, Value> = [:], text: String) {
        self.level = level
        self.message = message
        self.fields = fields
        self.text = text
    }
}

/// Where the watch and the mirror write their log lines.
package typealias LogWriter = @Sendable (LogLine) -> Void
