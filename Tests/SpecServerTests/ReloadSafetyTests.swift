import Foundation
import Glibc
import TestSupport
import Testing

/// `--data` pointing somewhere a reload must not read: each is refused with one log line, the
/// old store keeps serving, and SIGTERM still works.
@Suite(.timeLimit(.minutes(2)))
struct ReloadSafetyTests {
    /// A scratch directory with `specs.json` holding the minimal fixture.
    final class Scratch {
        let directory: URL
        var data: URL { directory.appendingPathComponent("specs.json") }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "spec-server-reload-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let fixture = ServerProcess.packageRoot.appendingPathComponent(
                "Tests/SpecStoreTests/Fixtures/store/minimal.json")
            try Data(contentsOf: fixture).write(to: data)
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Puts `make(staged)`'s result in place of the data file by rename.
        func replace(_ make: (String) throws -> Void) throws {
            let staged = directory.appendingPathComponent("staged").path
            try make(staged)
            guard rename(staged, data.path) == 0 else { throw TimedOut(description: "rename failed: \(errno)") }
        }
    }

    struct Fault: CustomTestStringConvertible, Sendable {
        let name: String
        let expected: String
        let make: @Sendable (String) throws -> Void
        var testDescription: String { name }
    }

    static let faults: [Fault] = [
        Fault(name: "a FIFO", expected: "a FIFO") { path in
            guard mkfifo(path, 0o600) == 0 else { throw TimedOut(description: "mkfifo failed: \(errno)") }
        },
        Fault(name: "/dev/zero", expected: "a device") { path in
            guard symlink("/dev/zero", path) == 0 else { throw TimedOut(description: "symlink failed: \(errno)") }
        },
        Fault(name: "a directory", expected: "a directory") { path in
            guard symlink("/tmp", path) == 0 else { throw TimedOut(description: "symlink failed: \(errno)") }
        },
        Fault(name: "a file over --max-data-bytes", expected: "more than the 8192") { path in
            try Data(repeating: 0x20, count: 10_000).write(to: URL(fileURLWithPath: path))
        },
    ]

    @Test(arguments: faults)
    func aBadDataPathIsRefusedAndSigtermStillWorks(fault: Fault) throws {
        let scratch = try Scratch()
        let server = try ServerProcess(["--data", scratch.data.path, "--max-data-bytes", "8192"])
        try scratch.replace(fault.make)
        server.send(SIGHUP)
        try server.waitForLog(containing: "spec-server: reload refused")
        #expect(server.standardError.contains(fault.expected))
        let kept = try LoopbackClient.request(port: server.boundPort, "/v1/devices")
        #expect(kept.status == 200)
        #expect(kept[header: "Spec-Version"] == server.startVersion)
        server.send(SIGTERM)
        #expect(try server.waitForExit(seconds: 10) == 0)
    }

    /// Started on a path that is not a regular file, the server refuses at once with one line
    /// instead of blocking or reading forever.
    @Test func startingOnDevZeroFailsAtOnce() throws {
        let server = try ServerProcess(["--data", "/dev/zero"], waitForReady: false)
        #expect(try server.waitForExit(seconds: 10) != 0)
        #expect(server.standardError.contains("a device"))
    }
}
