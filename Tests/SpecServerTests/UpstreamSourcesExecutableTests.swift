import JSON
import SystemSupport

#if UpstreamFetch
    import Foundation
    import SourceWatchFixtures
    import SpecStore
    import TestSupport
    import Testing

    @testable import SpecServer

    /// `spec-server sources check` and a server started with `--watch-sources`, fetching with
    /// libcurl from a loopback server in Apple's shape (``PageFixtureServer``).
    @Suite struct UpstreamSourcesExecutableTests {
        /// Runs `spec-server sources check` with `arguments`.
        static func runCommand(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
            let process = Process()
            process.executableURL = ServerProcess.executable
            process.arguments = ["sources", "check"] + arguments
            let output = Pipe()
            let error = Pipe()
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            let errorData = error.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (
                process.terminationStatus, String(decoding: outputData, as: UTF8.self),
                String(decoding: errorData, as: UTF8.self)
            )
        }

        @Test func theCommandExitsZeroOneOrTwo() throws {
            let fixtures = try SourcePageFixtures.latest()
            let server = try PageFixtureServer(fixtures)
            let clean = try Self.runCommand(["--base", server.base])
            #expect(clean.status == 0, "\(clean.error)")
            let report = try JSONValue.parse(clean.output)
            #expect(report["result"] == "no-drift")
            #expect(report["pages"]?.arrayValue?.count == fixtures.expectations.pages.count)

            try server.fault("layout", "404")
            let drift = try Self.runCommand(["--base", server.base, "--format", "md"])
            #expect(drift.status == 1)
            #expect(drift.output.hasPrefix("# Source check: drift"))
            #expect(drift.output.contains("**page-missing** layout"))

            try server.serve("widgets", Array("not json".utf8))
            let unreadable = try Self.runCommand(["--base", server.base, "--timeout", "5"])
            #expect(unreadable.status == 2)
            #expect(unreadable.error.contains("widgets.json: the body is not valid JSON"), "\(unreadable.error)")
        }

        @Test func aWatchingServerServesTheLastCheckAndCountsFindings() throws {
            let fixtures = try SourcePageFixtures.latest()
            let pages = try PageFixtureServer(fixtures)
            try pages.fault("layout", "404")
            let server = try ServerProcess(["--watch-sources", "3600", "--sources-base", pages.base])
            try waitUntil("the first source check is served", seconds: 60) {
                (try? server.get("/v1/sources").status) == 200
            }
            let json = try JSONValue.parse(try server.get("/v1/sources").body)
            #expect(json["result"] == "drift")
            #expect(json["checkedAt"]?.stringValue?.hasSuffix("Z") == true)
            #expect(json["findings"]?.arrayValue?.map { $0["kind"] } == ["page-missing"])
            let markdown = try server.get("/v1/sources?format=md")
            #expect(markdown[header: "Content-Type"] == "text/markdown; charset=utf-8")
            #expect(markdown.text.contains("**page-missing** layout"))
            let html = try server.get("/v1/sources?format=html")
            #expect(html.text.hasPrefix("<!doctype html>"))
            #expect(html.text.contains("<h3>page-missing (1)</h3>\n<ul>\n<li>layout: "))
            #expect(try server.get("/v1/sources?format=xml").status == 400)
            #expect(try server.metric("spec_server_source_findings{kind=\"page-missing\"}") == 1)
            #expect(try server.metric("spec_server_source_findings{kind=\"quote-missing\"}") == 0)
            #expect(try server.metric("spec_server_source_checks_total{result=\"drift\"}") == 1)
            #expect(try server.metric("spec_server_source_last_check_status") == 1)
            #expect((try server.metric("spec_server_source_last_check_timestamp_seconds") ?? 0) > 1_700_000_000)
            // A failing source never makes the instance unready.
            #expect(try server.get("/readyz").status == 200)
        }

        @Test func aServerThatDoesNotWatchSaysHowTo() throws {
            let server = try ServerProcess([])
            let response = try server.get("/v1/sources")
            #expect(response.status == 404)
            #expect(response.text.contains("--watch-sources"))
            #expect(try server.metric("spec_server_source_findings") == nil)
        }
    }
#endif
