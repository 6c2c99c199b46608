import SystemSupport

#if UpstreamFetch
    import Foundation
    import SourceWatchFixtures
    import SpecStore
    import TestSupport
    import Testing

    @testable import SourceWatch

    /// The source check with libcurl against a loopback server in Apple's shape
    /// (``PageFixtureServer``): no finding for unchanged pages, conditional requests, every
    /// transport fault a clear error, and a watcher that stops mid-check.
    @Suite struct UpstreamSourceWatchTests {
        static func check(_ server: PageFixtureServer, timeout: Int = 10, maxBytes: Int = 4 * 1024 * 1024)
            -> SourceCheck
        {
            precondition(CurlTransfer.load() == nil, "libcurl.so.4 must be installed to run these tests")
            return SourceCheck(
                base: server.base, timeoutSeconds: timeout, maxBytes: maxBytes,
                fetch: { request in CurlTransfer.fetchPage(request, product: "spec-server/test") })
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
