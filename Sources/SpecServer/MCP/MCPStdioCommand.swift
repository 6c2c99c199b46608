import Glibc
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
/// header rung of the 2026-07-28 ladder does not apply. The process ends at end of input.
enum MCPStdioCommand {
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
        let application = SpecApplication(configuration: configuration) { StandardStream.error.write($0 + "\n") }
        do {
            try application.load()
        } catch {
            StandardStream.error.write("spec-server mcp: cannot load the data: \(error)\n")
            return 1
        }
        guard let served = application.current else { return 1 }
        let responder = MCPResponder(served: served)
        var reader = LineReader(descriptor: 0, limit: max(configuration.maxBodyBytes, 64 * 1024))
        while let line = reader.next() {
            switch line {
            case .tooLong:
                StandardStream.output.write(
                    bytes: MCPEnvelope.response(
                        id: .null,
                        error: .invalidRequest("a message is over \(reader.limit) bytes (--max-body-bytes)")))
            case .line(let bytes):
                if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
                if let answer = answer(bytes, responder: responder) { StandardStream.output.write(bytes: answer) }
            }
        }
        return 0
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
    struct LineReader {
        let descriptor: Int32
        let limit: Int
        private var buffer: [UInt8] = []
        private var start = 0
        private var atEnd = false

        enum Line {
            case line([UInt8])
            case tooLong
        }

        init(descriptor: Int32, limit: Int) {
            self.descriptor = descriptor
            self.limit = limit
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

        /// Reads more bytes; `false` at end of input or on an error other than EINTR.
        private mutating func read() -> Bool {
            let count = (try? SystemFile.read(descriptor, appendingTo: &buffer, maximum: 64 * 1024)) ?? 0
            return count > 0
        }
    }
}

extension StandardStream {
    /// Writes bytes as they are.
    func write(bytes: [UInt8]) {
        write(String(decoding: bytes, as: UTF8.self))
    }
}
