import Foundation
import Glibc
import HTTPCore
import Synchronization
import SystemSupport
import TestSupport
import Testing

/// The built `spec-server` executable, run as a child process on 127.0.0.1 with port 0.
///
/// Start-up is awaited by reading the line the server writes once it listens
/// (`spec-server: serving version V on http://127.0.0.1:PORT ...`), with a deadline; the process
/// is killed if a test leaves it running.
final class ServerProcess: Sendable {
    private let process: Process
    private let errorPipe = Pipe()
    private let observed = Observed()
    private let port = Atomic<Int>(0)
    private let version = Locked<String>("")

    /// What the process's handlers record, on Foundation's threads.
    private final class Observed: Sendable {
        let errorOutput = Locked<[UInt8]>([])
        let exitStatus = Locked<Int32?>(nil)
        /// Standard error reached its end: everything written is in `errorOutput`.
        let errorOutputEnded = Atomic<Bool>(false)
    }

    /// The executable `swift build` (and so `swift test`) puts beside the test bundle; the
    /// debug build under the package root as a fallback.
    static let executable: URL = {
        let besideTests = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("spec-server")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return packageRoot.appendingPathComponent(".build/debug/spec-server")
    }()

    /// The package root, from this file's place in it.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Launches the server with `arguments` (after `--host 127.0.0.1 --port 0 --threads 1
    /// --log off`); with `waitForReady`, returns once it serves.
    init(_ arguments: [String] = [], waitForReady: Bool = true) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: Self.executable.path),
            "no spec-server at \(Self.executable.path): run swift build first")
        process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--host", "127.0.0.1", "--port", "0", "--threads", "1", "--log", "off"] + arguments
        let pipe = errorPipe
        // Tests start processes in parallel: without close-on-exec, a child another test starts
        // meanwhile inherits this pipe's write end, and standard error's end waits for that child.
        for descriptor in [pipe.fileHandleForReading.fileDescriptor, pipe.fileHandleForWriting.fileDescriptor] {
            _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        }
        process.standardError = pipe
        process.standardOutput = FileHandle.nullDevice
        pipe.fileHandleForReading.readabilityHandler = { [observed] handle in
            let data = handle.availableData
            if data.isEmpty {
                handle.readabilityHandler = nil
                observed.errorOutputEnded.store(true, ordering: .releasing)
            } else {
                observed.errorOutput.withLock { $0 += data }
            }
        }
        process.terminationHandler = { [observed] process in
            observed.exitStatus.withLock { $0 = process.terminationStatus }
        }
        try process.run()
        if waitForReady {
            // A bound on a hang, not a wait: a sanitized debug server loads the data in about
            // 15 s on 2 cores of its own, and beside the other suites on a shared machine it took
            // over 20 s (two HostileClientTests timed out under AddressSanitizer, 6 December 2026).
            try waitUntil("spec-server reports where it serves", seconds: 120) {
                readyLine() != nil || hasExited
            }
            guard let (version, port) = readyLine() else {
                throw TimedOut(description: "spec-server exited before serving: \(standardError)")
            }
            self.port.store(port, ordering: .relaxed)
            self.version.withLock { $0 = version }
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// The port it listens on.
    var boundPort: Int { port.load(ordering: .relaxed) }

    /// Its process id, for `prlimit` and `/proc/PID`.
    var processIdentifier: Int32 { process.processIdentifier }

    /// The store version it reported serving at start.
    var startVersion: String { version.withLock { $0 } }

    /// Everything it wrote to standard error so far.
    var standardError: String { observed.errorOutput.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Whether the process has exited and all it wrote to standard error has been read.
    var hasExited: Bool {
        guard observed.exitStatus.withLock({ $0 != nil }) else { return false }
        if observed.errorOutputEnded.load(ordering: .acquiring) { return true }
        // A process another test started meanwhile may hold standard error's write end open, so
        // its end may be late; everything this process wrote is already in the pipe: read it
        // without waiting.
        let handle = errorPipe.fileHandleForReading
        handle.readabilityHandler = nil
        let descriptor = handle.fileDescriptor
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            observed.errorOutput.withLock { $0 += buffer[0..<count] }
        }
        observed.errorOutputEnded.store(true, ordering: .releasing)
        return true
    }

    /// The exit status, once it has exited.
    var terminationStatus: Int32? { observed.exitStatus.withLock { $0 } }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit and returns its status.
    func waitForExit(seconds: Double = 20) throws -> Int32 {
        try waitUntil("spec-server exits", seconds: seconds) { hasExited }
        return terminationStatus ?? -1
    }

    /// Waits until standard error holds `count` lines containing `text`.
    func waitForLog(containing text: String, count: Int = 1, seconds: Double = 20) throws {
        try waitUntil("spec-server logs \(count) × '\(text)'", seconds: seconds) {
            standardError.components(separatedBy: "\n").filter { $0.contains(text) }.count >= count
        }
    }

    /// `(version, port)` from the line written once it listens.
    private func readyLine() -> (String, Int)? {
        for line in standardError.split(separator: "\n") where line.hasPrefix("spec-server: serving version ") {
            let words = line.split(separator: " ")
            // http://127.0.0.1:PORT or http://[::1]:PORT
            guard words.count >= 6, let url = words.first(where: { $0.hasPrefix("http://") }),
                let port = url.split(separator: ":").last.flatMap({ Int($0) })
            else { continue }
            return (String(words[3]), port)
        }
        // With --log json: {"time":…,"level":"info","msg":"serving","version":…,"url":"http://127.0.0.1:PORT",…}
        for line in standardError.split(separator: "\n") where line.contains("\"msg\":\"serving\"") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let version = object["version"] as? String, let url = object["url"] as? String,
                let port = url.split(separator: ":").last.flatMap({ Int($0) })
            else { continue }
            return (version, port)
        }
        return nil
    }
}

/// A data file for `--data` in a scratch directory of its own, replaced by rename as a deployment
/// would, so a reload never reads half a file.
struct ReplacedDataFile {
    let directory: URL
    /// The path the server is given.
    let path: String
    private static let fixtures = ServerProcess.packageRoot.appendingPathComponent(
        "Tests/SpecStoreTests/Fixtures/store")

    init(directoryPrefix: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "\(directoryPrefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        path = directory.appendingPathComponent("specs.json").path
    }

    /// Puts the store fixture `fixture` (a path under the fixtures' `store` folder) in place.
    func install(_ fixture: String) throws {
        let staged = directory.appendingPathComponent("staged.json")
        try Data(contentsOf: Self.fixtures.appendingPathComponent(fixture)).write(to: staged)
        guard rename(staged.path, path) == 0 else { throw TimedOut(description: "rename failed: \(errno)") }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
