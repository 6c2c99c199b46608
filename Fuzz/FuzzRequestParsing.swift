// libFuzzer entry point over the request parser and the connection state machine.
// Built by Fuzz/run.sh together with the HTTPCore sources as one module, so it reaches the
// internal types directly.

import Glibc

/// Answers everything with a small body; POST /echo takes up to 4 KiB.
struct FuzzApplication: HTTPApplication {
    let prepared = PreparedResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: "ok\n")

    func bodyLimit(for request: borrowing HTTPRequest) -> Int {
        request.path.equals("/echo") ? 4096 : 0
    }

    func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
        if request.path.equals("/echo") {
            return HTTPResponse(status: .ok, body: Array(request.body))
        }
        // Touch every view the application can reach.
        var checksum = request.target.count &+ request.query.count
        for position in request.headers.indices {
            let field = request.headers[position]
            checksum &+= field.name.count &+ field.value.count
        }
        _ = request.headers["host"]
        return checksum == -1 ? HTTPResponse(status: .badRequest) : .prepared(prepared)
    }
}

nonisolated(unsafe) private var fuzzContext: LoopContext? = nil

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestParsing(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    // The first byte picks how the bytes arrive: in one read, or in reads of 1...127 bytes.
    let chunk = data[0] == 0 ? Int.max : Int(data[0] & 0x7F) + 1
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)

    // The stateless path.
    _ = try? HTTPRequest.withParsed(Array(bytes)) { request in request.body.count }

    // The state machine, driven like the loop drives it.
    if fuzzContext == nil {
        var configuration = HTTPServer.Configuration()
        configuration.maxBodyLength = 8192
        fuzzContext = LoopContext(application: FuzzApplication(), configuration: configuration)
    }
    let context = fuzzContext!
    var connection = Connection()
    // The slot owns and closes its descriptor: give it one of its own.
    connection.open(
        socket: ConnectionSocket(taking: open("/dev/null", O_RDONLY | O_CLOEXEC)), now: context.now,
        idleTimeout: context.idleTimeout)
    connection.markReadable()
    var offset = 0
    var sent = 0
    var steps = 0
    loop: while true {
        steps += 1
        // Every action consumes input, output or time; a stuck machine is a bug.
        precondition(steps < 4 * bytes.count + 10_000, "the connection made no progress")
        switch connection.nextAction(context: context) {
        case .receive:
            let space = connection.input.writableCount
            if offset == bytes.count {
                connection.didReceiveEnd()
                continue
            }
            // What a receive would do: fill part of the free space, never grow the buffer.
            let count = min(space, bytes.count - offset, chunk)
            connection.input.write(Span(_unsafeElements: bytes).extracting(offset..<offset + count))
            offset += count
            connection.didReceive(count, requested: space, context: context)
            // Memory stays bounded: head limit plus body limit plus framing.
            precondition(connection.input.readableCount <= 16 * 1024 + 8192 + 64 * 1024, "input grew without bound")
        case .logRefusal(let error):
            AccessLog.appendError(error, client: nil, context: context)
        case .send:
            let unsent = connection.unsentOutput.count + connection.unsentBody.count
            sent += unsent
            connection.didSend(unsent, context: context)
        case .waitForInput:
            if offset < bytes.count {
                connection.markReadable()
            } else if connection.state.isOpen {
                // End of input: the client closes.
                connection.didReceiveEnd()
                connection.markReadable()
            } else {
                // Lingering without more input: let the deadline pass.
                context.now += 60_000
                _ = connection.checkDeadline(now: context.now, context: context)
            }
        case .limitBody:
            EventLoop.limitBody(&connection, context: context)
        case .answer:
            EventLoop.answer(&connection, context: context)
        case .waitForOutput, .waitForAnswer:
            // Output: the "client" reads everything it is sent, so nothing is left to wait for.
            // An answer: this context has no worker threads, so a deferred answer is computed
            // at once and never waited for.
            break loop
        case .shutdownOutput:
            connection.didShutdownOutput(context: context)
        case .close:
            connection.close(context: context)
            break loop
        }
    }
    // Frees the slot and closes its descriptor if the run stopped before a close.
    if connection.state != .closed || connection.socket.isOpen { connection.close(context: context) }
    _ = sent
    return 0
}
