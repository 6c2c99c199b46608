import Foundation
import Glibc
import HTTPCore
import SystemSupport
import Testing

@testable import SourceWatch
@testable import SpecServer

/// The mirror's cache and readiness, driven in process with a scripted upstream.
@Suite struct MirrorSafetyTests {
    static let secretURL = "https://reader:hunter2@upstream.example/v1/export?token=t0p53cr3t"

    /// A mirror of `secretURL` over the embedded data, whose transfer answers from `outcomes`.
    final class Rig: Sendable {
        let application: SpecApplication
        let mirror: UpstreamMirror
        let lines = Locked<[String]>([])
        let requests = Locked<[UpstreamRequest]>([])

        init(cachePath: String?, outcomes: [UpstreamOutcome]) throws {
            var configuration = ServerConfiguration()
            configuration.upstream = MirrorSafetyTests.secretURL
            configuration.cachePath = cachePath
            let lines = self.lines
            application = SpecApplication(configuration: configuration) { line in
                lines.withLock { $0.append(line) }
            }
            try application.load()
            let queue = Locked(outcomes)
            let requests = self.requests
            mirror = UpstreamMirror(
                settings: UpstreamMirror.Settings(
                    url: MirrorSafetyTests.secretURL, intervalSeconds: 300, cachePath: cachePath,
                    maxBytes: 64 << 20, timeoutSeconds: 5),
                serving: application.mirrorServing, state: try #require(application.upstream),
                transfer: { request in
                    requests.withLock { $0.append(request) }
                    return queue.withLock { $0.isEmpty ? .failed("no more answers") : $0.removeFirst() }
                })
        }

        func get(_ target: String) -> Answer { ApplicationHarness(application: application).request(.get, target) }
        var log: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    static let validFile = ServerProcess.packageRoot.appendingPathComponent(
        "Tests/SpecStoreTests/Fixtures/store/valid.json")

    func scratchDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mirror-safety-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func credentialsAndTokensNeverReachReadyzMetricsOrTheLog() throws {
        let valid = try [UInt8](Data(contentsOf: Self.validFile))
        let rig = try Rig(
            cachePath: nil,
            outcomes: [
                .fetched(valid, entityTag: "\"a\""),
                .failed("transfer failed: cannot reach \(Self.secretURL)"),
                .fetched(Array("not json".utf8), entityTag: nil),
            ])
        for _ in 0..<3 { rig.mirror.poll(random: 0.5) }
        let readiness = rig.get("/readyz")
        let metrics = rig.get("/metrics")
        for shown in [readiness.text, metrics.text, rig.log] {
            #expect(!shown.contains("hunter2"), "\(shown)")
            #expect(!shown.contains("t0p53cr3t"), "\(shown)")
            #expect(!shown.contains("reader:"), "\(shown)")
        }
        #expect(readiness.text.contains("https://REDACTED@upstream.example/v1/export?token=REDACTED"))
        #expect(rig.log.contains("upstream.example"), "the log still says which upstream: \(rig.log)")
        // The transfer itself still gets the real URL.
        #expect(rig.requests.withLock { $0.allSatisfy { $0.url == Self.secretURL } })
    }

    @Test func aNotModifiedToARequestWithoutATagIsAFailure() throws {
        let rig = try Rig(cachePath: nil, outcomes: [.notModified])
        rig.mirror.poll(random: 0.5)
        #expect(rig.requests.withLock { $0.first?.entityTag } == nil)
        let readiness = rig.get("/readyz").text
        #expect(readiness.contains("\"state\":\"failing\""), "\(readiness)")
        #expect(readiness.contains("\"serving\":\"local\""), "\(readiness)")
        #expect(readiness.contains("without If-None-Match"), "\(readiness)")
        #expect(rig.application.upstream?.current.unchanged == 0)
    }

    @Test func aNotModifiedAfterAFetchKeepsTheCopyCurrent() throws {
        let valid = try [UInt8](Data(contentsOf: Self.validFile))
        let rig = try Rig(cachePath: nil, outcomes: [.fetched(valid, entityTag: "\"v1\""), .notModified])
        rig.mirror.poll(random: 0.5)
        rig.mirror.poll(random: 0.5)
        #expect(rig.requests.withLock { $0.last?.entityTag } == "\"v1\"")
        let readiness = rig.get("/readyz").text
        #expect(readiness.contains("\"state\":\"current\""), "\(readiness)")
        #expect(readiness.contains("\"serving\":\"upstream\""), "\(readiness)")
    }

    @Test func aPlantedSymlinkIsNeverFollowedAndTheCacheStaysARegularFile() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = directory + "/specs.json"
        let victim = directory + "/victim"
        try Data("untouched".utf8).write(to: URL(fileURLWithPath: victim))
        // The names the older scheme would have used, for this process and its neighbours.
        for pid in [getpid(), getpid() + 1] {
            #expect(symlink(victim, "\(cache).\(pid).tmp") == 0)
            #expect(symlink(victim, "\(cache).etag.\(pid).tmp") == 0)
        }
        let valid = try [UInt8](Data(contentsOf: Self.validFile))
        let rig = try Rig(cachePath: cache, outcomes: [.fetched(valid, entityTag: "\"v1\"")])
        rig.mirror.poll(random: 0.5)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "untouched")
        var status = stat()
        #expect(lstat(cache, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFREG, "the cache is a regular file, not a link")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: cache))) == valid)
        #expect(try String(contentsOfFile: cache + ".etag", encoding: .utf8) == "\"v1\"")
    }

    @Test func staleTemporaryFilesAreRemovedAtStart() throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = directory + "/specs.json"
        let stale = ["specs.json.tmp-1f2e3d", "specs.json.etag.tmp-99", "specs.json.4242.tmp", "specs.json.etag.7.tmp"]
        let kept = ["other.json.tmp-1", "specs.json.backup", "specs.json.tmp-"]
        for name in stale + kept { try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/" + name)) }
        let rig = try Rig(cachePath: cache, outcomes: [])
        #expect(rig.mirror.serveCachedCopy() == false, "there is no cache yet")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == kept.sorted())
        #expect(rig.log.contains("removed 4 stale temporary file(s)"), "\(rig.log)")
    }

    @Test(arguments: ["specs.json", "specs.json.etag"])
    func aFIFOAtTheCacheIsRefusedWithOneLineAndNoHang(fifo name: String) throws {
        let directory = try scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let cache = directory + "/specs.json"
        if name.hasSuffix(".etag") {
            try FileManager.default.copyItem(atPath: Self.validFile.path, toPath: cache)
        }
        #expect(mkfifo(directory + "/" + name, 0o600) == 0)
        let valid = try [UInt8](Data(contentsOf: Self.validFile))
        let rig = try Rig(cachePath: cache, outcomes: [.fetched(valid, entityTag: "\"v1\"")])
        // Returns at once: the FIFO is never opened for a read that would wait for a writer.
        #expect(rig.mirror.serveCachedCopy() == false)
        let refusals = rig.lines.withLock { $0 }.filter { $0.contains("refused") }
        #expect(refusals.count == 1, "\(rig.log)")
        #expect(refusals.first?.contains("a FIFO") == true, "\(rig.log)")
        // The fetched copy is served, and nothing is written in the FIFO's place.
        rig.mirror.poll(random: 0.5)
        #expect(rig.get("/readyz").text.contains("\"serving\":\"upstream\""))
        var status = stat()
        #expect(lstat(directory + "/" + name, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFIFO, "the FIFO is left as it was")
        #expect(rig.lines.withLock { $0 }.filter { $0.contains("refused") || $0.contains("cannot write") }.count == 1)
    }

}
