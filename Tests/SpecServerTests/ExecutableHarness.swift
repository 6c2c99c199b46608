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

/// One response read off a socket.
struct WireResponse {
    var status: Int
    /// Header fields by lower-cased name; a repeated field keeps its last value.
    var headers: [String: String]
    var body: [UInt8]

    subscript(header name: String) -> String? { headers[name.lowercased()] }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking client over a real loopback socket, with a receive deadline.
enum LoopbackClient {
    /// Sends `raw` on a new connection and reads until the server closes it (send
    /// `Connection: close`), then parses the one response.
    static func exchange(port: Int, _ raw: String, seconds: Double = 10) throws -> WireResponse {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TimedOut(description: "socket failed: \(errno)") }
        defer { close(descriptor) }
        let connected = try SocketAddress(host: "127.0.0.1", port: port).withSocketAddress {
            connect(descriptor, $0, $1)
        }
        guard connected == 0 else { throw TimedOut(description: "connect to \(port) failed: \(errno)") }
        var timeout = timeval(tv_sec: 0, tv_usec: 100_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let bytes = Array(raw.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { break }
            offset += written
        }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                break
            }
            if Date() > deadline { throw TimedOut(description: "no end of response within \(seconds) s") }
        }
        return try parse(received)
    }

    /// A GET (or another method) of `target` with `Connection: close` and extra header lines.
    static func request(
        port: Int, _ target: String, method: String = "GET", headers: [(String, String)] = []
    ) throws -> WireResponse {
        var raw = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        for (name, value) in headers { raw += "\(name): \(value)\r\n" }
        return try exchange(port: port, raw + "\r\n")
    }

    static func parse(_ bytes: [UInt8]) throws -> WireResponse {
        let separator: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { Array(bytes[$0..<$0 + 4]) == separator })
        else { throw TimedOut(description: "no complete response head in \(bytes.count) bytes") }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        let statusWords = lines[0].split(separator: " ")
        guard statusWords.count >= 2, let status = Int(statusWords[1]) else {
            throw TimedOut(description: "bad status line '\(lines[0])'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        return WireResponse(status: status, headers: headers, body: Array(bytes[(end + 4)...]))
    }
}
