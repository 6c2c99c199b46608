// Unsafe: formats from views of the request's bytes into the loop's log buffer.
/// Formats access-log lines into the loop's log buffer; the loop writes the buffer out once
/// per wakeup, so logging costs one `write` per batch, not per request.
enum AccessLog {
    /// Appends the line for an answered request.
    static func append(
        head: RequestHead,
        request: UnsafeRawBufferPointer,
        status: HTTPStatus,
        bytes: Int,
        microseconds: Int64,
        context: LoopContext
    ) {
        // The token as sent, so an unknown method is logged by name; no String is made.
        let method = UnsafeRawBufferPointer(
            rebasing: request[Int(head.methodStart)..<Int(head.methodStart + head.methodLength)]
        )
        let target = UnsafeRawBufferPointer(
            rebasing: request[Int(head.targetStart)..<Int(head.targetStart + head.targetLength)]
        )
        let version: StaticString = head.version == .http1_0 ? "HTTP/1.0" : "HTTP/1.1"
        appendLine(
            method: method, target: target, version: version, status: status, bytes: bytes,
            microseconds: Int(microseconds), refused: false, context: context
        )
    }

    /// Appends the line for a request the engine refused.
    static func appendError(_ error: RequestError, context: LoopContext) {
        appendLine(
            method: UnsafeRawBufferPointer(start: dash.utf8Start, count: 1),
            target: UnsafeRawBufferPointer(start: nil, count: 0), version: "-",
            status: error.status, bytes: error.response.bytes.count, microseconds: 0, refused: true, context: context
        )
    }

    private static func appendLine(
        method: UnsafeRawBufferPointer,
        target: UnsafeRawBufferPointer,
        version: StaticString,
        status: HTTPStatus,
        bytes: Int,
        microseconds: Int,
        refused: Bool,
        context: LoopContext
    ) {
        let date = UnsafeRawBufferPointer(context.dateCache.bytes)
        switch context.accessLog {
        case .off:
            return
        case .text:
            // date method target version status bytes duration
            context.logBuffer.write(date)
            context.logBuffer.write(" ")
            context.logBuffer.write(method)
            context.logBuffer.write(" ")
            context.logBuffer.write(target.isEmpty ? UnsafeRawBufferPointer(start: dash.utf8Start, count: 1) : target)
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
            writeRFC3339(fromIMFFixdate: date, into: &context.logBuffer)
            if refused {
                context.logBuffer.write("\",\"level\":\"warn\",\"msg\":\"refused")
            } else {
                context.logBuffer.write("\",\"level\":\"info\",\"msg\":\"request")
            }
            context.logBuffer.write("\",\"method\":\"")
            context.logBuffer.write(method)
            context.logBuffer.write("\",\"target\":\"")
            for byte in target {
                // Targets hold visible ASCII only; quote and backslash need escaping.
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
    static func writeRFC3339(fromIMFFixdate date: UnsafeRawBufferPointer, into buffer: inout ByteBuffer) {
        guard date.count >= 25 else { return }
        // Year: bytes 12-15; day: 5-6; month name: 8-10; time: 17-24.
        buffer.write(UnsafeRawBufferPointer(rebasing: date[12..<16]))
        buffer.write(byte: UInt8(ascii: "-"))
        var month = 1
        let names = UnsafeRawBufferPointer(start: months.utf8Start, count: months.utf8CodeUnitCount)
        for index in 0..<12
        where names[index * 3] == date[8] && names[index * 3 + 1] == date[9] && names[index * 3 + 2] == date[10] {
            month = index + 1
        }
        buffer.write(byte: UInt8(month / 10) + 0x30)
        buffer.write(byte: UInt8(month % 10) + 0x30)
        buffer.write(byte: UInt8(ascii: "-"))
        buffer.write(UnsafeRawBufferPointer(rebasing: date[5..<7]))
        buffer.write(byte: UInt8(ascii: "T"))
        buffer.write(UnsafeRawBufferPointer(rebasing: date[17..<25]))
        buffer.write(byte: UInt8(ascii: "Z"))
    }
}
