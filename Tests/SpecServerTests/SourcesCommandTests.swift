import Foundation
import Testing

@testable import SpecServer

/// `spec-server sources check`'s command line: what a bad one says, and what the default build
/// (without libcurl) says when a fetch is asked for.
@Suite struct SourcesCommandTests {
    @Test(arguments: [
        (["check", "--base", "ftp://x"], "--base must be an http or https URL"),
        (["check", "--timeout", "0"], "--timeout is 1 to 600 seconds"),
        (["check", "--format", "xml"], "--format is json or md"),
        (["check", "--base"], "--base needs a value"),
        (["lint"], "expected `sources check`"),
    ])
    func badCommandLinesSaySo(arguments: [String], message: String) {
        #expect(SourcesCommand.parse(arguments) == .failure(SourcesCommand.UsageError(message)))
    }

    #if !UpstreamFetch
        /// The exit status and standard error of the executable run with `arguments`.
        static func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
            let process = Process()
            process.executableURL = ServerProcess.executable
            process.arguments = arguments
            let error = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = error
            try process.run()
            let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        /// The default build has no libcurl, and says which build has.
        @Test(arguments: [["sources", "check"], ["--port", "0", "--watch-sources", "60"]])
        func theDefaultBuildSaysItNeedsTheTrait(arguments: [String]) throws {
            let outcome = try Self.run(arguments)
            #expect(outcome.status == 64)
            #expect(
                outcome.error.contains(
                    "needs a build with the UpstreamFetch trait (swift build --traits UpstreamFetch)"),
                "\(outcome.error)")
        }
    #endif
}
