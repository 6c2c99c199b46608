import JSON
import SystemSupport

#if UpstreamFetch
    import Foundation
    import Glibc
    import HTTPCore
    import SpecStore
    import TestSupport
    import Testing

    @testable import SpecServer

    /// `Tests/upstream/page-fixture-server.py` serving a directory of page JSON on a loopback port.
    final class PageFixtureServer: Sendable {
        private let process: Process
        let port: Int
        let directory: String

        /// Writes every page the store cites, unchanged, then serves them.
        init(_ fixtures: SourcePageFixtures) throws {
            directory =
                FileManager.default.temporaryDirectory
                .appendingPathComponent("pages-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for page in fixtures.expectations.pages {
                try Data(SourcePageFixtures.json(page).serializedBytes())
                    .write(to: URL(fileURLWithPath: "\(directory)/\(page.slug).json"))
            }
            process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "python3",
                ServerProcess.packageRoot.appendingPathComponent("Tests/upstream/page-fixture-server.py").path,
                directory,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let line = Locked<String>("")
            let reader = pipe.fileHandleForReading
            reader.readabilityHandler = { handle in
                let data = handle.availableData
                line.withLock { $0 += String(decoding: data, as: UTF8.self) }
                if data.isEmpty { handle.readabilityHandler = nil }
            }
            try waitUntil("the page server listens", seconds: 20) { line.withLock { $0.contains("\n") } }
            reader.readabilityHandler = nil
            let words = line.withLock { $0 }.split(whereSeparator: { $0 == " " || $0 == "\n" })
            port = try #require(words.count >= 2 ? Int(words[1]) : nil, "the page server said \(words)")
        }

        deinit {
            // SIGKILL: the child inherits the test process's blocked signals, SIGTERM among them.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: directory)
        }

        var base: String { "http://127.0.0.1:\(port)" }

        /// Makes `slug` answer with `fault` (`404`, `redirect`, `truncate`, `slow`, `huge`).
        func fault(_ slug: String, _ fault: String) throws {
            try fault.write(toFile: "\(directory)/\(slug).fault", atomically: true, encoding: .utf8)
        }

        /// Replaces the body of `slug`.
        func serve(_ slug: String, _ bytes: [UInt8]) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: "\(directory)/\(slug).json"))
        }

        /// Each request's path, User-Agent and If-None-Match.
        func requests() throws -> [[String: String?]] {
            let response = try LoopbackClient.request(port: port, "/stats")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
            let requests = try #require(object["requests"] as? [[String: Any]])
            return requests.map { request in request.mapValues { $0 as? String } }
        }
    }

    /// `sources check` with libcurl against a loopback server in Apple's shape: no finding for
    /// unchanged pages, conditional requests, and every transport fault a clear error.
    @Suite struct UpstreamSourceWatchTests {
        static func check(_ server: PageFixtureServer, timeout: Int = 10, maxBytes: Int = 4 * 1024 * 1024)
            -> SourceCheck
        {
            precondition(CurlTransfer.load() == nil, "libcurl.so.4 must be installed to run these tests")
            return SourceCheck(
                base: server.base, timeoutSeconds: timeout, maxBytes: maxBytes, fetch: CurlTransfer.fetchPage)
        }

        @Test func unchangedPagesOverLoopbackGiveNoFindingAndKeepValidators() throws {
            let fixtures = try SourcePageFixtures.latest()
            let server = try PageFixtureServer(fixtures)
            let first = Self.check(server).run(snapshot: fixtures.snapshot)
            #expect(first.findings == [])
            #expect(first.exitCode == 0)
            #expect(first.pages.count == fixtures.expectations.pages.count)
            #expect(first.pages.allSatisfy { $0.status == .compared && $0.httpStatus == 200 && $0.entityTag != nil })
            let requests = try server.requests()
            #expect(requests.count == first.pages.count, "one request per page")
            #expect(requests.allSatisfy { ($0["userAgent"] ?? nil)?.hasPrefix("spec-server/") == true })
            #expect(requests.allSatisfy { ($0["ifNoneMatch"] ?? nil) == nil })

            // A second check with the first report sends its validators; every page answers 304.
            try server.serve(
                "layout",
                SourcePageFixtures.json(fixtures.page("layout"), changeLog: [("May 1, 2099", "Changed.")])
                    .serializedBytes())
            let second = Self.check(server).run(snapshot: fixtures.snapshot, previous: first)
            let layout = try #require(second.pages.first { $0.page == "layout" })
            #expect(layout.status == .compared, "the changed page answers 200 again")
            #expect(second.findings.map(\.kind) == [.newChangeLogEntry])
            #expect(second.pages.filter { $0.page != "layout" }.allSatisfy { $0.status == .notModified })
            let conditional = try server.requests().dropFirst(first.pages.count)
            #expect(conditional.allSatisfy { ($0["ifNoneMatch"] ?? nil)?.hasPrefix("\"") == true })
        }

        @Test func everyTransportFaultIsAClearErrorOrFinding() throws {
            let fixtures = try SourcePageFixtures.latest()
            let server = try PageFixtureServer(fixtures)
            try server.fault("layout", "404")
            try server.fault("typography", "redirect")
            try server.fault("widgets", "truncate")
            try server.fault("tab-bars", "huge")
            try server.fault("toolbars", "slow")
            try server.serve("sheets", Array("{\"schemaVersion\": ".utf8))
            try server.serve(
                "buttons",
                SourcePageFixtures.json(fixtures.page("buttons"), schemaVersion: (0, 4, 0)).serializedBytes())
            let started = Date()
            let report = Self.check(server, timeout: 2, maxBytes: 1024 * 1024).run(snapshot: fixtures.snapshot)
            #expect(Date().timeIntervalSince(started) < 30)
            func page(_ slug: String) -> SourceReport.PageStatus? { report.pages.first { $0.page == slug } }

            #expect(page("layout")?.status == .missing)
            #expect(report.findings.contains { $0.kind == .pageMissing && $0.page == "layout" })
            #expect(page("typography")?.status == .moved)
            #expect(
                report.findings.contains {
                    $0.kind == .pageMoved && $0.page == "typography"
                        && $0.after == "/tutorials/data/design/human-interface-guidelines/typography-renamed.json"
                })
            #expect(page("widgets")?.status == .unreadable)
            #expect(page("widgets")?.error?.hasPrefix("transfer failed") == true, "\(page("widgets")?.error ?? "")")
            #expect(page("tab-bars")?.error == "the page is larger than 1048576 bytes")
            #expect(page("toolbars")?.status == .unreadable)
            #expect(page("toolbars")?.error?.contains("imed out") == true, "\(page("toolbars")?.error ?? "")")
            #expect(page("sheets")?.error?.hasPrefix("the body is not valid JSON") == true)
            #expect(page("buttons")?.status == .formatChanged)
            #expect(report.findings.contains { $0.kind == .formatChanged && $0.page == "buttons" })
            let faulty: Set = ["layout", "typography", "widgets", "tab-bars", "toolbars", "sheets", "buttons"]
            #expect(report.pages.filter { !faulty.contains($0.page) }.allSatisfy { $0.status == .compared })
            #expect(report.findings.allSatisfy { faulty.contains($0.page) })
            #expect(report.exitCode == 2)
        }

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

        @Test func stoppingTheWatcherAbandonsTheCheckUnderway() throws {
            let fixtures = try SourcePageFixtures.latest()
            let pages = try PageFixtureServer(fixtures)
            for page in fixtures.expectations.pages { try pages.fault(page.slug, "slow") }
            let state = SourceWatchState()
            let watcher = SourceWatcher(
                intervalSeconds: 3600, check: Self.check(pages, timeout: 30), state: state,
                snapshot: { fixtures.snapshot })
            watcher.start()
            try waitUntil("the first page is asked for", seconds: 20) { (try? pages.requests().count) ?? 0 >= 1 }
            let started = Date()
            watcher.stop()
            // Every page waits 5 s: a check run to its end would take minutes.
            #expect(Date().timeIntervalSince(started) < 3)
            #expect(try pages.requests().count == 1)
        }
    }
#endif
