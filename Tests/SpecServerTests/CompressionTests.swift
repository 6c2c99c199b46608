import Foundation
import HTTPCore
import TestSupport
import Testing

@testable import SpecServer

/// gzip answers: `Accept-Encoding` with its q-values decides, a gzip answer says
/// `Content-Encoding: gzip`, has its own strong tag, and zlib decodes it to the identity bytes;
/// every answer worth compressing says `Vary: Accept, Accept-Encoding`.
@Suite struct CompressionTests {
    let app = ApplicationHarness.shared

    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("x-gzip", true), ("gzip, deflate, br, zstd", true), ("*", true),
        ("br;q=1.0, gzip;q=0.8, *;q=0.1", true), ("gzip;q=0.5, identity;q=0.5", true), ("", false),
        ("gzip;q=0", false), ("identity;q=1, gzip;q=0.4", false), ("*;q=0", false), ("br, deflate", false),
        ("gzip;q=2", false), ("gzip;q=0.1234", false), ("gzip;level=9", false), ("*, gzip;q=0", false),
        ("identity;q=0, *;q=0.3", true), (" gzip ; q=1 ", true), (" gzip ; q=0.001 ", false), ("gzip;Q=1.000", true),
    ])
    func acceptEncodingWeighsGzipAgainstIdentity(field: String, prefersGzip: Bool) {
        let bytes = Array(field.utf8)
        #expect(AcceptEncoding(field: bytes.span).prefersGzip == prefersGzip, "\(field)")
    }

    @Test(arguments: ["/v1/export", "/openapi.json", "/v1/tokens/tokens-studio", "/v1/metrics?topic=controls"])
    func aLargeAnswerIsGzippedForAClientThatAsks(_ path: String) throws {
        let identity = app.request(.get, path)
        let gzip = app.request(.get, path, headers: [("Accept-Encoding", "gzip, deflate")])
        try #require(gzip.status == 200)
        #expect(identity[header: "Content-Encoding"] == nil)
        #expect(gzip[header: "Content-Encoding"] == "gzip")
        #expect(gzip[header: "Content-Length"] == String(gzip.body.count))
        #expect(gzip.body.count < identity.body.count / 3, "\(gzip.body.count) of \(identity.body.count)")
        #expect(try GzipTests.zlibDecompress(gzip.body).get() == identity.body)
        // Each form its own strong tag, and both say what they vary by.
        let identityTag = try #require(identity[header: "ETag"])
        let gzipTag = try #require(gzip[header: "ETag"])
        #expect(gzipTag != identityTag)
        #expect(gzipTag.hasPrefix("\"") && !gzipTag.hasPrefix("W/"))
        #expect(identity[header: "Vary"] == "Accept, Accept-Encoding")
        #expect(gzip[header: "Vary"] == "Accept, Accept-Encoding")
        #expect(gzip[header: "Content-Type"] == identity[header: "Content-Type"])
        // HEAD says the same of the gzip form.
        let head = app.request(.head, path, headers: [("Accept-Encoding", "gzip")])
        #expect(head[header: "Content-Length"] == gzip[header: "Content-Length"])
        #expect(head[header: "ETag"] == gzipTag)
    }

    /// An answer built for a request is compressed at zlib's level 1 while its client waits,
    /// around the site's style sheet compressed once; the fixed answers, built once per store
    /// version, at the standard level as one stream.
    @Test func aQueryAnswerIsCompressedFastAndAFixedOneAtTheStandardLevel() throws {
        for (path, level) in [
            ("/v1/tracking?font=sf%20pro&limit=40&offset=3&format=html", DeflateEncoder.Level.fast),
            ("/v1/metrics?topic=controls&limit=30&offset=1", .fast), ("/v1/export", .standard),
            ("/openapi.json", .standard),
        ] {
            let identity = app.request(.get, path)
            let gzip = app.request(.get, path, headers: [("Accept-Encoding", "gzip")])
            try #require(gzip[header: "Content-Encoding"] == "gzip", "\(path)")
            let kept = level == .fast ? DeflatedSegment.siteStyle : nil
            #expect(gzip.body == Gzip.compress(identity.body, level: level, keeping: kept), "\(path)")
            // Asked again, the kept bytes.
            #expect(app.request(.get, path, headers: [("Accept-Encoding", "gzip")]).body == gzip.body, "\(path)")
        }
    }

    @Test func eachFormRevalidatesAgainstItsOwnTag() throws {
        let path = "/v1/metrics"
        let identityTag = try #require(app.request(.get, path)[header: "ETag"])
        let gzipTag = try #require(app.request(.get, path, headers: [("Accept-Encoding", "gzip")])[header: "ETag"])
        let gzipNotModified = app.request(
            .get, path, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", gzipTag)])
        #expect(gzipNotModified.status == 304)
        #expect(gzipNotModified[header: "ETag"] == gzipTag)
        #expect(gzipNotModified[header: "Vary"] == "Accept, Accept-Encoding")
        // A tag of the other form is not this one's.
        let crossed = app.request(.get, path, headers: [("Accept-Encoding", "gzip"), ("If-None-Match", identityTag)])
        #expect(crossed.status == 200)
        #expect(crossed[header: "Content-Encoding"] == "gzip")
        #expect(app.request(.get, path, headers: [("If-None-Match", gzipTag)]).status == 200)
        #expect(app.request(.get, path, headers: [("If-None-Match", identityTag)]).status == 304)
    }

    @Test func aSmallAnswerIsSentAsItIs() {
        let answer = app.request(
            .get, "/v1/devices/device.iphone-16-pro?fields=id", headers: [("Accept-Encoding", "gzip")])
        #expect(answer.status == 200)
        #expect(answer.body.count < Representation.gzipThreshold)
        #expect(answer[header: "Content-Encoding"] == nil)
        #expect(answer[header: "Vary"] == "Accept")
    }

    @Test func theGzipFormIsMadeOnceAndKept() throws {
        let body = Array(String(repeating: "{\"figure\": 44}, ", count: 400).utf8)
        let representation = Representation(
            body: body, contentType: "application/json", specVersion: "2025", pinned: false)
        let first = try #require(representation.gzip)
        #expect(representation.gzip === first)
        let ok = try #require(first.ok)
        #expect(representation.gzip?.ok === ok)
        // Bytes that do not shrink are never sent compressed.
        var generator = SplitMix(seed: 7)
        let noise = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let incompressible = Representation(
            body: noise, contentType: "application/octet-stream", specVersion: "2025", pinned: false)
        #expect(incompressible.gzip?.ok == nil)
    }

    /// The answer cache counts a gzip form before it exists, so its budget still bounds memory.
    @Test func theCacheBudgetsTheGzipForm() {
        let large = Representation(
            body: [UInt8](repeating: 65, count: 8192), contentType: "text/csv", specVersion: "2025", pinned: false)
        let small = Representation(
            body: [UInt8](repeating: 65, count: 512), contentType: "text/csv", specVersion: "2025", pinned: false)
        #expect(large.offersGzip && !small.offersGzip)
        #expect(ResponseCache.cost(of: large) >= 2 * large.ok.memoryCost + large.notModified.memoryCost)
        #expect(ResponseCache.cost(of: small) < 2 * small.ok.memoryCost)
    }

    /// curl's own decoder, over a real socket, reads what the server sends.
    @Test(.timeLimit(.minutes(1))) func curlCompressedReadsTheGzipAnswer() throws {
        let server = try ServerProcess()
        let url = "http://127.0.0.1:\(server.boundPort)/v1/export"
        let plain = try Self.curl([url])
        let compressed = try Self.curl(["--compressed", "-D", "-", url])
        let split = try #require(compressed.firstRange(of: Data("\r\n\r\n".utf8)))
        let head = String(decoding: compressed[..<split.lowerBound], as: UTF8.self).lowercased()
        #expect(head.contains("content-encoding: gzip"))
        #expect(compressed[split.upperBound...] == plain[...])
        #expect(plain.count > 100_000)
    }

    static func curl(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "-s", "--max-time", "20"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}
