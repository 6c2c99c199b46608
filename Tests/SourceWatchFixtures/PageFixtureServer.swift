import Foundation
import Glibc
import SystemSupport
import TestSupport

/// `Tests/upstream/page-fixture-server.py` serving a directory of page JSON on a loopback port.
package final class PageFixtureServer: Sendable {
    private let process: Process
    package let port: Int
    package let directory: String

    /// Writes every page the store cites, unchanged, then serves them.
    package init(_ fixtures: SourcePageFixtures) throws {
        directory =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("pages-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for page in fixtures.expectations.pages {
            try Data(SourcePageFixtures.json(page).serializedBytes())
                .write(to: URL(fileURLWithPath: "\(directory)/\(page.slug).json"))
        }
        (process, port) = try ListeningScript.start(
            SourcePageFixtures.packageRoot.appendingPathComponent("Tests/upstream/page-fixture-server.py").path,
            [directory], named: "the page server")
    }

    deinit {
        // SIGKILL: the child inherits the test process's blocked signals, SIGTERM among them.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: directory)
    }

    package var base: String { "http://127.0.0.1:\(port)" }

    /// Makes `slug` answer with `fault` (`404`, `redirect`, `truncate`, `slow`, `huge`).
    package func fault(_ slug: String, _ fault: String) throws {
        try fault.write(toFile: "\(directory)/\(slug).fault", atomically: true, encoding: .utf8)
    }

    /// Replaces the body of `slug`.
    package func serve(_ slug: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: "\(directory)/\(slug).json"))
    }

    /// Each request's path, User-Agent and If-None-Match.
    package func requests() throws -> [[String: String?]] {
        let response = try LoopbackClient.request(port: port, "/stats")
        guard let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any],
            let requests = object["requests"] as? [[String: Any]]
        else { throw FixtureServerError(description: "the page server's /stats has no requests: \(response.text)") }
        return requests.map { request in request.mapValues { $0 as? String } }
    }
}

/// The page server did not answer as it should.
package struct FixtureServerError: Error, CustomStringConvertible {
    package let description: String
}
