import Synchronization
import Testing

@testable import SourceWatch
@testable import SpecServer

/// The source watch's and the mirror's lines, written as the server writes its own: the sentence
/// in text mode, `msg` and the fields in their order in JSON mode.
@Suite struct ServerLogLineTests {
    static let line = LogLine(
        .warn, "source drift", ["version": .string("2026-06-08"), "findings": .int(2), "kinds": .string("a \"b\"")],
        text: "spec-server: Apple's pages differ")

    @Test(arguments: [ServerConfiguration.LogFormat.text, .json])
    func aLineIsWrittenInTheLogsFormat(format: ServerConfiguration.LogFormat) throws {
        let lines = Mutex<[String]>([])
        let log = ServerLog(format: format) { line in lines.withLock { $0.append(line) } }
        log.write(Self.line)
        let written = try #require(lines.withLock { $0 }.first)
        if format == .json {
            #expect(written.hasPrefix(#"{"time":""#), "\(written)")
            #expect(
                written.hasSuffix(
                    #""level":"warn","msg":"source drift","version":"2026-06-08","findings":2,"kinds":"a \"b\""}"#),
                "\(written)")
        } else {
            #expect(written == "spec-server: Apple's pages differ")
        }
    }
}
