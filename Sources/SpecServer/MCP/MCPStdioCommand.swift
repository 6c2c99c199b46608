import JSON
import SpecMCP
import SpecStore
import SystemSupport

extension Subcommand {
    /// `spec-server mcp [options]` (``MCPStdioCommand``).
    static let mcp = Subcommand(
        name: "mcp", usage: "[options]",
        summary: "serve the MCP tools and resources over standard input and output, for desktop agents"
    ) { arguments, environment in
        MCPStdioCommand.run(arguments: arguments, environment: environment)
    }
}

/// MCP over stdio: one JSON-RPC message per line on standard input, one answer per line on
/// standard output (nothing for a notification), the log on standard error. The same tools and
/// resources as `POST /mcp`, from the store the server's own flags name (`--data`, …).
///
/// A request is held to the 2026-07-28 rules when its `params._meta` names a protocol version
/// (and it is not `initialize`), else to the handshake revisions'; stdio has no headers, so the
/// header rung of the 2026-07-28 ladder does not apply.
///
/// The process ends, with a line on standard error and status 0, when the client goes away:
/// at end of input, when standard input or output is closed, or when a write to standard output
/// fails (the client closed its end of the pipe). Nothing the client does to the descriptors is a
/// crash: they are read and written with calls that report every failure rather than trap on one.
enum MCPStdioCommand {
    /// Why the loop ended.
    enum Ending: Equatable, CustomStringConvertible {
        case endOfInput
        case inputClosed
        case outputClosed

        var description: String {
            switch self {
            case .endOfInput: "end of input"
            case .inputClosed: "standard input closed"
            case .outputClosed: "standard output closed"
            }
        }
    }

    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let configuration: ServerConfiguration
        do {
            switch try ServerConfiguration.parse(arguments: arguments, environment: environment) {
            case .serve(let parsed): configuration = parsed
            case .printVersion:
                StandardStream.output.write("spec-server \(SpecServerCommand.version)\n")
                return 0
            case .printHelp:
                StandardStream.output.write(
                    "USAGE: spec-server mcp [options]\n\n"
                        + "Serves MCP over stdio: one JSON-RPC message per line in, one answer per line out.\n"
                        + "Takes the server's store options and SPEC_SERVER_* variables (see spec-server --help):\n"
                        + "--data PATH serves that data file instead of the embedded one; --max-body-bytes bounds a\n"
                        + "message. Ends at end of input.\n")
                return 0
            }
        } catch {
            StandardStream.error.write("spec-server mcp: \(error)\n")
            return 64
        }
        // A write to a pipe whose reader has gone must fail with EPIPE, not kill the process.
        SystemProcess.ignoreBrokenPipes()
        for (descriptor, ending) in [(Int32(1), Ending.outputClosed), (0, .inputClosed)] where !isOpen(descriptor) {
            log("spec-server mcp: \(ending); ending")
            return 0
        }
        let application = SpecApplication(configuration: configuration) { log($0) }
        do {
            try application.load()
        } catch {
            log("spec-server mcp: cannot load the data: \(error)")
            return 1
        }
        guard let served = application.current else { return 1 }
        let ending = serve(
            responder: MCPResponder(served: served), input: 0, output: 1,
            limit: max(configuration.maxBodyBytes, 64 * 1024))
        log("spec-server mcp: \(ending); ending")
        return 0
    }

    /// Answers the messages on `input` on `output` until the client goes away, and says how it went.
    static func serve(responder: MCPResponder, input: Int32, output: Int32, limit: Int) -> Ending {
        var reader = LineReader(descriptor: input, limit: limit, output: output)
        while let line = reader.next() {
            let answer: [UInt8]?
            switch line {
            case .tooLong:
                answer = MCPEnvelope.response(
                    id: .null, error: .invalidRequest("a message is over \(reader.limit) bytes (--max-body-bytes)"))
            case .line(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                answer = Self.answer(bytes, responder: responder)
            }
            if let answer, !write(answer, to: output) { return .outputClosed }
        }
        return reader.ending ?? .endOfInput
    }

    /// Whether `descriptor` is open (a client may start the process with it closed).
    static func isOpen(_ descriptor: Int32) -> Bool {
        ClientStream.isOpen(descriptor)
    }

    /// Writes all of `bytes`; `false` on any failure (EPIPE, EBADF, …), which here means the
    /// client is gone: nothing about it is a bug of ours, so nothing traps.
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        ClientStream.writeAll(bytes, to: descriptor)
    }

    /// A line on standard error; dropped if standard error is closed too.
    static func log(_ line: String) {
        _ = write(Array((line + "\n").utf8), to: 2)
    }

    /// The line answering one message, or `nil` for a notification.
    static func answer(_ message: [UInt8], responder: MCPResponder) -> [UInt8]? {
        switch MCPEnvelope.read(message) {
        case .invalid(let error, let id):
            return MCPEnvelope.response(id: id, error: error)
        case .notification:
            return nil
        case .request(let id, let method, let params):
            let names = method != "initialize" && params?["_meta"]?[MCPProtocol.MetaKey.protocolVersion] != nil
            let context = MCPResponder.Context(era: names ? .modern : .handshake, headers: nil)
            switch responder.respond(method: method, params: params, context: context) {
            case .success(let result): return MCPEnvelope.response(id: id, result: result)
            case .failure(let error): return MCPEnvelope.response(id: id, error: error)
            }
        }
    }

    /// Lines of a descriptor, each at most `limit` bytes; a longer one is skipped to its end.
    /// While it waits for input it watches `output` too, so a client that closes only its
    /// reading end ends the wait (``ending`` says which end went).
    struct LineReader {
        let descriptor: Int32
        let limit: Int
        let output: Int32?
        /// Why the input ended, once it has: `nil` while lines may still come.
        private(set) var ending: Ending?
        private var buffer: [UInt8] = []
        private var start = 0
        private var atEnd = false

        enum Line {
            case line([UInt8])
            case tooLong
        }

        init(descriptor: Int32, limit: Int, output: Int32? = nil) {
            self.descriptor = descriptor
            self.limit = limit
            self.output = output
        }

        /// The next line without its newline, or `nil` at end of input.
        mutating func next() -> Line? {
            var skipping = false
            while true {
                if let newline = buffer[start...].firstIndex(of: 0x0A) {
                    let line = Array(buffer[start..<newline])
                    start = newline + 1
                    if skipping { return .tooLong }
                    if line.count > limit { return .tooLong }
                    return .line(line)
                }
                if buffer.count - start > limit {
                    // Drop what is held of an over-long line and read on to its end.
                    buffer.removeAll(keepingCapacity: true)
                    start = 0
                    skipping = true
                }
                if atEnd {
                    guard start < buffer.count else { return skipping ? .tooLong : nil }
                    let line = Array(buffer[start...])
                    start = buffer.count
                    return skipping ? .tooLong : .line(line)
                }
                if start > 0 {
                    buffer.removeFirst(start)
                    start = 0
                }
                if !read() { atEnd = true }
            }
        }

        /// Reads more bytes; `false` at end of input, on a read error (a closed descriptor
        /// included), or when `output` has been closed by its reader.
        private mutating func read() -> Bool {
            if let output {
                // Wait for input or for the output to fail (POLLERR on a pipe whose reader is
                // gone, POLLNVAL on a closed descriptor); an event on the input is read below.
                switch ClientStream.waitForInput(descriptor, watching: output) {
                case .input:
                    break
                case .failed:
                    ending = .inputClosed
                    return false
                case .outputClosed:
                    ending = .outputClosed
                    return false
                }
            }
            let count = ClientStream.read(descriptor, appendingTo: &buffer, maximum: 64 * 1024)
            if count < 0 { ending = .inputClosed }
            if count == 0 { ending = .endOfInput }
            return count > 0
        }
    }
}
