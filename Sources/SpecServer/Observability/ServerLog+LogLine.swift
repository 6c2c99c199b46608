import SourceWatch

extension ServerLog {
    /// Writes a line of the source watch or the mirror as this log writes its own.
    func write(_ line: LogLine) {
        guard json else { return sink(line.text) }
        let level: Level =
            switch line.level {
            case .info: .info
            case .warn: .warn
            case .error: .error
            }
        let fields = line.fields.map { field -> (key: String, value: Value) in
            switch field.value {
            case .string(let text): (field.key, .string(text))
            case .int(let number): (field.key, .int(number))
            }
        }
        sink(Self.jsonLine(level, line.message, fieldsInOrder: fields, time: Self.now()))
    }
}
