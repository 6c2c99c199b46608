/// Formats access-log lines into the loop's log buffer; the loop writes the buffer out once
/// per wakeup, so logging costs one `write` per batch, not per request.
enum AccessLog {
    /// Appends the line for an answered request; `request` holds its bytes from the first.
    static func append(
        head: RequestHead,
        request: Span<UInt8>,
        status: HTTPStatus,
        bytes: Int,
        microseconds: Int64,
        context: LoopContext
    ) {
        // The token as sent, so an unknown method is logged by name; no String is made.
        let method = request.extracting(Int(head.methodStart)..<Int(head.methodStart + head.methodLength))
        let target = request.extracting(Int(head.targetStart)..<Int(head.targetStart + head.targetLength))
        let version: StaticString = head.version == .http1_0 ? "HTTP/1.0" : "HTTP/1.1"
        appendLine(
            method: method, target: target, version: version, status: status, bytes: bytes,
            microseconds: Int(microseconds), refused: false, context: context
        )
    }

    /// Appends the line for a request the engine refused.
    static func appendError(_ error: RequestError, context: LoopContext) {
        appendLine(
            method: Span(dash), target: Span(), version: "-",
            status: error.status, bytes: error.response.bytes.count, microseconds: 0, refused: true, context: context
        )
    }

    private static func appendLine(
        method: Span<UInt8>,
        target: Span<UInt8>,
        version: StaticString,
        status: HTTPStatus,
        bytes: Int,
        microseconds: Int,
        refused: Bool,
        context: LoopContext
    ) {
        let date = context.dateCache.bytes
        switch context.accessLog {
        case .off:
            return
        case .text:
            // date method target version status bytes duration
            context.logBuffer.write(date.span)
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
            // The shape of the server's other JSON lines: time (RFC 3339), level, msg, fields.
            context.logBuffer.write("{\"time\":\"")
            writeRFC3339(fromIMFFixdate: date.span, into: &context.logBuffer)
            if refused {
                context.logBuffer.write("\",\"level\":\"warn\",\"msg\":\"refused")
            } else {
                context.logBuffer.write("\",\"level\":\"info\",\"msg\":\"request")
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
            context.logBuffer.write(",\"us\":")
            context.logBuffer.write(decimal: microseconds)
            context.logBuffer.write("}\n")
        }
    }

    private static let dash: StaticString = "-"
    private static let months: StaticString = "JanFebMarAprMayJunJulAugSepOctNovDec"

    /// Rewrites the loop's cached `Sun, 06 Nov 1994 08:49:37 GMT` as `1994-11-06T08:49:37Z`
    /// (RFC 3339 §5.6), so the JSON log's time costs no clock read and no formatting.
    static func writeRFC3339(fromIMFFixdate date: Span<UInt8>, into buffer: inout ByteBuffer) {
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
        buffer.write(byte: UInt8(ascii: "Z"))
    }
}
