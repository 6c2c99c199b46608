import SystemSupport

#if UpstreamFetch
    import Foundation
    import Glibc
    import HTTPCore
    import TestSupport
    import Testing

    /// `Tests/upstream/misbehaving-upstream.py` serving a data file on a loopback port.
    final class MisbehavingUpstream: Sendable {
        private let process: Process
        let port: Int

        init(serving fixture: String = "valid.json") throws {
            let root = ServerProcess.packageRoot
            (process, port) = try ListeningScript.start(
                root.appendingPathComponent("Tests/upstream/misbehaving-upstream.py").path,
                [root.appendingPathComponent("Tests/SpecStoreTests/Fixtures/store/\(fixture)").path],
                named: "the upstream")
        }

        deinit {
            // SIGKILL: the child inherits the test process's blocked signals, SIGTERM among them.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }

        func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

        /// What the upstream counted, from its `/stats`.
        func stats() throws -> [String: Any] {
            let response = try LoopbackClient.request(port: port, "/stats")
            return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
        }
    }

    /// A scratch directory for a mirror's cache.
    struct Scratch: ~Copyable {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        var cache: String { path + "/specs.json" }
    }

    let minimalData = ServerProcess.packageRoot.appendingPathComponent(
        "Tests/SpecStoreTests/Fixtures/store/minimal.json"
    )
    .path

    extension ServerProcess {
        func get(_ path: String) throws -> WireResponse { try LoopbackClient.request(port: boundPort, path) }

        /// The value of the first `/metrics` sample whose line starts with `prefix`.
        func metric(_ prefix: String) throws -> Double? {
            let text = try get("/metrics").text
            for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
                return line.split(separator: " ").last.flatMap { Double($0) }
            }
            return nil
        }

        var servedVersion: String? { try? get("/v1/devices")[header: "Spec-Version"] }
    }

    /// `--upstream`: mirroring another instance, revalidating, surviving every way an upstream fails.
    @Suite struct UpstreamMirrorTests {
        @Test func mirrorsAnotherInstanceAndKeepsACacheThatServesAtRestart() throws {
            let scratch = try Scratch()
            let valid = ServerProcess.packageRoot.appendingPathComponent(
                "Tests/SpecStoreTests/Fixtures/store/valid.json")
            let source = try ServerProcess(["--data", valid.path])
            let export = try source.get("/v1/export")
            #expect(export.status == 200)

            let mirror = try ServerProcess([
                "--data", minimalData, "--upstream", "http://127.0.0.1:\(source.boundPort)/v1/export",
                "--upstream-interval", "1", "--cache", scratch.cache,
            ])
            try waitUntil("the mirror serves the source's version", seconds: 20) {
                mirror.servedVersion == "2025-12-16"
            }
            let readiness = try mirror.get("/readyz")
            #expect(readiness.status == 200)
            #expect(readiness.text.contains("\"state\":\"current\""), "\(readiness.text)")
            #expect(readiness.text.contains("\"serving\":\"upstream\""), "\(readiness.text)")
            #expect(try mirror.get("/v1/versions").body == (try source.get("/v1/versions").body))
            // The cache (written after the swap, its tag last) holds exactly what the source
            // exported, and no temporary file is left.
            try waitUntil("the cache is written", seconds: 20) {
                FileManager.default.fileExists(atPath: scratch.cache + ".etag")
            }
            #expect(FileManager.default.contents(atPath: scratch.cache) == Data(export.body))
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == [
                    "specs.json", "specs.json.etag",
                ])
            // Later polls revalidate with If-None-Match; the source answers 304.
            try waitUntil("a poll finds the copy current", seconds: 20) {
                (try? mirror.metric("spec_server_upstream_fetches_total{result=\"unchanged\"}")) ?? 0 >= 1
            }
            #expect(try mirror.metric("spec_server_upstream_fetches_total{result=\"updated\"}") == 1)
            #expect(try mirror.metric("spec_server_reloads_total{result=\"success\"}") == 1)
            mirror.send(SIGTERM)
            #expect(try mirror.waitForExit(seconds: 60) == 0)

            // The source goes away; a restarted mirror serves the cached copy from its first answer.
            source.send(SIGTERM)
            #expect(try source.waitForExit(seconds: 60) == 0)
            let restarted = try ServerProcess([
                "--data", minimalData, "--upstream", "http://127.0.0.1:\(source.boundPort)/v1/export",
                "--upstream-interval", "1", "--cache", scratch.cache,
            ])
            #expect(restarted.startVersion == "2025-12-16")
            #expect(restarted.servedVersion == "2025-12-16")
            try waitUntil("the restarted mirror reports the upstream down", seconds: 20) {
                (try? restarted.get("/readyz").text.contains("\"state\":\"failing\"")) == true
            }
            let detail = try restarted.get("/readyz")
            #expect(detail.status == 200, "the cached copy is served, so the instance is ready")
            #expect(detail.text.contains("\"serving\":\"cache\""), "\(detail.text)")
            #expect(detail.text.contains("\"lastError\""), "\(detail.text)")
            #expect(restarted.servedVersion == "2025-12-16")
        }

        @Test func revalidatesWithIfNoneMatch() throws {
            let upstream = try MisbehavingUpstream()
            let mirror = try ServerProcess([
                "--data", minimalData, "--upstream", upstream.url("/good"), "--upstream-interval", "1",
            ])
            try waitUntil("two revalidations answered 304", seconds: 20) {
                ((try? upstream.stats())?["not_modified"] as? Int ?? 0) >= 2
            }
            #expect(mirror.servedVersion == "2025-12-16")
            #expect(try mirror.metric("spec_server_upstream_fetches_total{result=\"updated\"}") == 1)
            #expect(try mirror.metric("spec_server_upstream_up") == 1)
        }

        /// Each way an upstream can fail leaves the store and the cache as they were.
        @Test(arguments: [
            ("/truncated", "transfer failed"),
            ("/garbage", "invalid"),
            ("/huge", "larger than"),
            ("/huge-chunked", "larger than"),
            ("/hang", "transfer failed"),
            ("/error", "HTTP 500"),
        ])
        func aMisbehavingUpstreamNeverReplacesTheStore(path: String, reason: String) throws {
            let scratch = try Scratch()
            let upstream = try MisbehavingUpstream()
            let started = Date()
            let mirror = try ServerProcess([
                "--data", minimalData, "--upstream", upstream.url(path), "--upstream-interval", "1",
                "--upstream-timeout", "2", "--upstream-max-bytes", "1000000", "--cache", scratch.cache,
            ])
            try waitUntil("the fetch from \(path) fails", seconds: 20) {
                ((try? mirror.metric("spec_server_upstream_fetches_total{result=\"failed\"}")) ?? 0) >= 1
            }
            // Bounded in time: the hanging upstream is given up after --upstream-timeout.
            #expect(Date().timeIntervalSince(started) < 10)
            #expect(mirror.servedVersion == "2025-03-07")
            let readiness = try mirror.get("/readyz")
            #expect(readiness.status == 200)
            #expect(readiness.text.contains("\"state\":\"failing\""), "\(readiness.text)")
            #expect(readiness.text.contains(reason), "\(readiness.text)")
            #expect(!FileManager.default.fileExists(atPath: scratch.cache), "no cache from a failed fetch")
            #expect(try mirror.metric("spec_server_upstream_up") == 0)
            // Bounded in size: 10 GB were offered; the mirror stayed small.
            let resident = try #require(try mirror.metric("process_resident_memory_bytes"))
            #expect(resident < 200 * 1024 * 1024)
            if path.hasPrefix("/huge") {
                let sent = try #require(try upstream.stats()["huge_bytes_sent"] as? Int)
                #expect(sent < 200_000_000, "the transfer was cut off, not read to its end")
            }
            #expect(mirror.standardError.contains("upstream fetch failed"))
        }

        @Test func failuresBackOffWithJitter() throws {
            let upstream = try MisbehavingUpstream()
            let mirror = try ServerProcess([
                "--data", minimalData, "--upstream", upstream.url("/error"), "--upstream-interval", "1", "--log",
                "json",
            ])
            try mirror.waitForLog(containing: "\"msg\":\"upstream fetch failed\"", count: 3)
            let delays = mirror.standardError.split(separator: "\n").filter { $0.contains("upstream fetch failed") }
                .compactMap { line -> Int? in
                    let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                    return object?["retryMilliseconds"] as? Int
                }
            try #require(delays.count >= 3)
            // 1 s, 2 s, 4 s ceilings, each delay in the upper half of its ceiling.
            #expect((500...1000).contains(delays[0]), "\(delays)")
            #expect((1000...2000).contains(delays[1]), "\(delays)")
            #expect((2000...4000).contains(delays[2]), "\(delays)")
            let requests = try #require(try upstream.stats()["requests"] as? [String: Int])
            #expect(requests["/error"] == 3, "no poll before its delay: \(requests)")
        }

        @Test func sighupPollsAtOnce() throws {
            let upstream = try MisbehavingUpstream()
            let mirror = try ServerProcess([
                "--data", minimalData, "--upstream", upstream.url("/good"), "--upstream-interval", "3600",
            ])
            try waitUntil("the first fetch", seconds: 20) { mirror.servedVersion == "2025-12-16" }
            mirror.send(SIGHUP)
            try waitUntil("a poll long before the interval", seconds: 20) {
                ((try? upstream.stats())?["not_modified"] as? Int ?? 0) >= 1
            }
        }
    }
#endif
