import Foundation
import SystemSupport

/// A helper server a test starts (`python3 SCRIPT ARGUMENTS…`) that prints `listening PORT` once
/// its socket is bound.
public enum ListeningScript {
    /// A script's first line did not name a port.
    public struct NoPort: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts the script and waits, at most 20 s, for its first line: the running process and
    /// the port it listens on. Its standard error is discarded.
    public static func start(_ script: String, _ arguments: [String], named what: String) throws -> (
        process: Process, port: Int
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script] + arguments
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
        try waitUntil("\(what) listens", seconds: 20) { line.withLock { $0.contains("\n") } }
        reader.readabilityHandler = nil
        let words = line.withLock { $0 }.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard words.count >= 2, let port = Int(words[1]) else {
            throw NoPort(description: "\(what) said \(words)")
        }
        return (process, port)
    }
}
