import SystemSupport

/// Formats access-log lines into the loop's log buffer; the loop writes the buffer out once
/// per wakeup, so logging costs one `write` per batch, not per request.
enum AccessLog {
    /// Appends the line for an answered request; `request` holds its bytes from the first and
    /// `client` is the connection's socket, whose peer address the line names, with
    /// `forwardedFor` beside it unless that is none.
    static func append(
        head: RequestHead,
        request: Span<UInt8>,
        status: HTTPStatus,
        bytes: Int,
        microseconds: Int64,
        client: Int32?,
        forwardedFor: IPAddress = IPAddress(),
        context: LoopContext
    ) {
        // The token as sent, so an unknown method is logged by name; no String is made.
        let method = request.extracting(Int(head.methodStart)..<Int(head.methodStart + head.methodLength))
        let target = request.extracting(Int(head.targetStart)..<Int(head.targetStart + head.targetLength))
        let version: StaticString = head.version == .http1_0 ? "HTTP/1.0" : "HTTP/1.1"
        appendLine(
            method: method, target: target, version: version, status: status, bytes: bytes,
            microseconds: Int(microseconds), refused: false, client: client, forwardedFor: forwardedFor,
            context: context
        )
    }

    /// Appends the line for a request the engine refused from the socket `client`.
    static func appendError(_ error: RequestError, client: Int32?, context: LoopContext) {
        appendLine(
            method: Span(dash), target: Span(), version: "-",
            status: error.status, bytes: error.response.bytes.count, microseconds: 0, refused: true, client: client,
            forwardedFor: IPAddress(), context: context
        )
    }

    /// The client's address: the peer's, or `-` without a socket.
    private static func writeClient(_ client: Int32?, context: LoopContext) {
        if let client {
            Syscall.writePeerAddress(client, into: &context.logBuffer)
        } else {
            context.logBuffer.write(dash)
        }
    }

    private static func appendLine(
        method: Span<UInt8>,
        target: Span<UInt8>,
        version: StaticString,
        status: HTTPStatus,
        bytes: Int,
        microseconds: Int,
        refused: Bool,
        client: Int32?,
        forwardedFor: IPAddress,
        context: LoopContext
    ) {
        let date = context.dateCache.bytes
        switch context.accessLog {
        case .off:
            return
        case .text:
            // date client method target version status bytes duration; behind a trusted proxy
            // the client is one token, `peer;for=forwarded`.
            context.logBuffer.write(date.span)
            context.logBuffer.write(" ")
            writeClient(client, context: context)
            if !forwardedFor.isNone {
                context.logBuffer.write(";for=")
                forwardedFor.write(into: &context.logBuffer)
            }
            context.logBuffer.write(" ")
            context.logBuffer.write(method)
            context.logBuffer.write(" ")
            context.logBuffer.write(target.isEmpty ? Span(dash) : target)
            context.logBuffer.write(" ")
            context.logBuffer.write(version)
            context.logBuffer.write(" ")
            context.logBuffer.write(decimal: status.code)
            context.logBuffer.write(" ")
            context.logBuffer.write(decimal: bytes)
            context.logBuffer.write(" ")
            context.logBuffer.write(decimal: microseconds)
            context.logBuffer.write("us\n")
        case .json:
            // The shape of the server's other JSON lines: time (RFC 3339 with milliseconds, as
            // theirs), level, msg, fields; every duration in milliseconds.
            let now = SystemClock.wallTime()
            // The loop's cached date names the second the loop last woke in; the line's own.
            context.dateCache.refresh(now: now.seconds)
            context.logBuffer.write("{\"time\":\"")
            writeRFC3339(
                fromIMFFixdate: context.dateCache.bytes.span, milliseconds: now.nanoseconds / 1_000_000,
                into: &context.logBuffer)
            if refused {
                context.logBuffer.write("\",\"level\":\"warn\",\"msg\":\"refused")
            } else {
                context.logBuffer.write("\",\"level\":\"info\",\"msg\":\"request")
            }
            context.logBuffer.write("\",\"client\":\"")
            writeClient(client, context: context)
            if !forwardedFor.isNone {
                context.logBuffer.write("\",\"forwardedFor\":\"")
                forwardedFor.write(into: &context.logBuffer)
            }
            context.logBuffer.write("\",\"method\":\"")
            context.logBuffer.write(method)
            context.logBuffer.write("\",\"target\":\"")
            for index in target.indices {
                // Targets hold visible ASCII only; quote and backslash need escaping.
                let byte = target[index]
                if byte == 0x22 || byte == 0x5C { context.logBuffer.write(byte: 0x5C) }
                context.logBuffer.write(byte: byte)
            }
            context.logBuffer.write("\",\"version\":\"")
            context.logBuffer.write(version)
            context.logBuffer.write("\",\"status\":")
            context.logBuffer.write(decimal: status.code)
            context.logBuffer.write(",\"bytes\":")
            context.logBuffer.write(decimal: bytes)
            context.logBuffer.write(",\"durationMilliseconds\":")
            writeMilliseconds(microseconds, into: &context.logBuffer)
            context.logBuffer.write("}\n")
        }
    }

    private static let dash: StaticString = "-"
    private static let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"

    /// `microseconds` as milliseconds with three decimals (`1234` → `1.234`), a JSON number.
    static func writeMilliseconds(_ microseconds: Int, into buffer: inout ByteBuffer) {
        let value = max(0, microseconds)
        buffer.write(decimal: value / 1000)
        buffer.write(byte: UInt8(ascii: "."))
        let fraction = value % 1000
        buffer.write(byte: UInt8(fraction / 100) + 0x30)
        buffer.write(byte: UInt8(fraction / 10 % 10) + 0x30)
        buffer.write(byte: UInt8(fraction % 10) + 0x30)
    }

    /// Rewrites the loop's cached `Sun, 06 Nov 1994 08:49:37 GMT` as `1994-11-06T08:49:37.123Z`
    /// (RFC 3339 §5.6) with `milliseconds`, so the JSON log's time costs no calendar formatting.
    static func writeRFC3339(fromIMFFixdate date: Span<UInt8>, milliseconds: Int, into buffer: inout ByteBuffer) {
        guard date.count >= 25 else { return }
        // Year: bytes 12-15; day: 5-6; month name: 8-10; time: 17-24.
        buffer.write(date.extracting(12..<16))
        buffer.write(byte: UInt8(ascii: "-"))
        var month = 1
        let names = Span(months)
        for index in 0..<12
        where names[index * 3] == date[8] && names[index * 3 + 1] == date[9] && names[index * 3 + 2] == date[10] {
            month = index + 1
        }
        buffer.write(byte: UInt8(month / 10) + 0x30)
        buffer.write(byte: UInt8(month % 10) + 0x30)
        buffer.write(byte: UInt8(ascii: "-"))
        buffer.write(date.extracting(5..<7))
        buffer.write(byte: UInt8(ascii: "T"))
        buffer.write(date.extracting(17..<25))
        buffer.write(byte: UInt8(ascii: "."))
        let milliseconds = min(max(milliseconds, 0), 999)
        buffer.write(byte: UInt8(milliseconds / 100) + 0x30)
        buffer.write(byte: UInt8(milliseconds / 10 % 10) + 0x30)
        buffer.write(byte: UInt8(milliseconds % 10) + 0x30)
        buffer.write(byte: UInt8(ascii: "Z"))
    }
}
