import Foundation

@testable import HTTPCore

/// Drives a ``Connection`` state machine the way the event loop does, with an in-memory
/// "socket": what the client sent waits in `pending`, what the server sent lands in `sent`.
final class ConnectionDriver {
    let context: LoopContext
    var connection = Connection()
    var pending: [UInt8] = []
    var sent: [UInt8] = []
    var clientClosed = false
    var shutDown = false
    var closed = false
    /// Whether the connection asked to be closed with a reset.
    var resetRequested = false
    /// Bytes one read may deliver at most (1 simulates a request trickling in).
    var readChunk = Int.max
    /// Bytes one write may take at most (0 simulates a client that stopped reading).
    var writeChunk = Int.max

    init(
        configuration: HTTPServer.Configuration = HTTPServer.Configuration(),
        application: any HTTPApplication = EchoApplication(),
        bodyBudget: ByteBudget? = nil,
        unreadBudget: ByteBudget? = nil,
        sharing other: ConnectionDriver? = nil
    ) {
        // `sharing`: another connection of the same loop, with its field table and buffers.
        context =
            other?.context
            ?? LoopContext(
                application: application, configuration: configuration, bodyBudget: bodyBudget,
                unreadBudget: unreadBudget)
        // The slot owns and closes the descriptor it is given: a real one, never a made-up number
        // that could be another test's socket.
        connection.open(
            socket: ConnectionSocket(taking: Glibc.open("/dev/null", O_RDONLY | O_CLOEXEC)), now: context.now,
            idleTimeout: context.idleTimeout)
    }

    /// Frees what the connection holds if the test did not run it to its close, as the loop
    /// does for every connection when it stops.
    deinit {
        if connection.state != .closed || connection.socket.isOpen { connection.close(context: context) }
    }

    /// The client sends `bytes`; the connection runs until it waits.
    func send(_ bytes: [UInt8]) {
        pending += bytes
        connection.markReadable()
        run()
    }

    func send(_ text: String) { send(Array(text.utf8)) }

    /// The client half-closes.
    func closeClient() {
        clientClosed = true
        connection.markReadable()
        run()
    }

    /// The client is gone while output waits: the loop's next send fails and it closes the slot.
    func dropClient() {
        connection.close(context: context)
        closed = true
    }

    /// Moves the clock forward and applies deadlines, as the loop's sweep does.
    func advance(milliseconds: Int64) {
        context.now += milliseconds
        if connection.state != .closed && connection.checkDeadline(now: context.now, context: context) { run() }
    }

    func run() {
        for _ in 0..<100_000 {
            switch connection.nextAction(context: context) {
            case .receive:
                let space = connection.input.writableCount
                if pending.isEmpty {
                    if clientClosed { connection.didReceiveEnd() } else { connection.didExhaustInput() }
                    continue
                }
                // What a receive would do: fill part of the free space, never grow the buffer.
                let count = min(space, pending.count, readChunk)
                connection.input.write(pending.span.extracting(0..<count))
                pending.removeFirst(count)
                connection.didReceive(count, requested: space, context: context)
            case .logRefusal(let error):
                AccessLog.appendError(error, client: nil, context: context)
            case .send:
                let bytes = Array(copying: connection.unsentOutput) + Array(copying: connection.unsentBody)
                let count = min(bytes.count, writeChunk)
                if count == 0 {
                    connection.didBlockOnOutput(context: context)
                    return
                }
                sent += bytes[0..<count]
                connection.didSend(count, context: context)
            case .waitForInput:
                // Level-triggered, like the loop's epoll: readable while bytes or an EOF wait.
                if !pending.isEmpty || (clientClosed && !connection.peerClosed) {
                    connection.markReadable()
                    continue
                }
                return
            case .limitBody:
                EventLoop.limitBody(&connection, context: context)
            case .answer:
                EventLoop.answer(&connection, context: context)
            case .waitForOutput, .waitForAnswer:
                return
            case .shutdownOutput:
                shutDown = true
                connection.didShutdownOutput(context: context)
            case .close:
                closed = true
                resetRequested = connection.resetOnClose
                connection.close(context: context)
                return
            }
        }
        preconditionFailure("the connection never waited")
    }

    /// The responses sent so far; `headRequests` lists which (by index) answered HEAD.
    func responses(headRequests: Set<Int> = []) -> [ParsedResponse] {
        ParsedResponse.split(sent, headRequests: headRequests)
    }
}

/// A response as a client reads it: enough to check status, headers and framing.
struct ParsedResponse {
    var status: Int
    var headers: [(String, String)]
    var body: [UInt8]

    func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }

    var bodyText: String { String(decoding: body, as: UTF8.self) }

    /// Splits a byte stream into responses using their Content-Length (none for 1xx, 204, 304
    /// and HEAD).
    static func split(_ bytes: [UInt8], headRequests: Set<Int> = []) -> [ParsedResponse] {
        var responses: [ParsedResponse] = []
        var rest = bytes[...]
        var finalIndex = 0
        while let end = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let head = String(decoding: rest[rest.startIndex..<end.lowerBound], as: UTF8.self)
            var lines = head.components(separatedBy: "\r\n")
            let statusLine = lines.removeFirst()
            let status = Int(statusLine.split(separator: " ")[1]) ?? 0
            let headers = lines.map { line -> (String, String) in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
            }
            rest = rest[end.upperBound...]
            var response = ParsedResponse(status: status, headers: headers, body: [])
            let isInterim = status < 200
            if !isInterim && !headRequests.contains(finalIndex) && status != 204 && status != 304,
                let length = response.header("Content-Length").flatMap(Int.init)
            {
                let count = min(length, rest.count)
                response.body = Array(rest.prefix(count))
                rest = rest.dropFirst(count)
            }
            if !isInterim { finalIndex += 1 }
            responses.append(response)
        }
        return responses
    }
}
