/// Serialises responses into a connection's output buffer.
enum ResponseWriter {
    /// How the response speaks of the connection (RFC 9112 §9.3, §9.6).
    enum ConnectionField {
        /// Nothing: HTTP/1.1 keep-alive.
        case none
        /// `Connection: close`: the server closes after this response.
        case close
        /// `Connection: keep-alive`: an HTTP/1.0 client asked to keep the connection.
        case keepAlive
    }

    /// Copies a prepared response with `date` in its `Date` slot, adds the connection field,
    /// and the body unless `includeBody` is false (HEAD). Returns the bytes written.
    @inline(__always)
    static func write(
        _ response: PreparedResponse,
        date: DateCache.Bytes,
        connection: ConnectionField,
        includeBody: Bool,
        to output: inout ByteBuffer
    ) -> Int {
        let start = output.writerIndex
        let bodyCount = includeBody ? response.bodyCount : 0
        output.reserve(response.headCount + 26 + bodyCount)
        let bytes = response.bytes
        let dateEnd = response.dateOffset + date.count
        output.write(bytes.extracting(0..<response.dateOffset))
        output.write(date.span)
        output.write(bytes.extracting(dateEnd..<response.headCount))
        writeConnectionField(connection, to: &output)
        output.write("\r\n")
        if bodyCount > 0 {
            output.write(response.body)
        }
        return Int(output.writerIndex - start)
    }

    /// Serialises a dynamic response; see ``HTTPResponse/init(status:headers:body:)-(_,_,[UInt8])``
    /// for the fields it drops. Returns the bytes written.
    static func write(
        status: HTTPStatus,
        headers: [(name: String, value: String)],
        body: [UInt8],
        date: DateCache.Bytes,
        connection: ConnectionField,
        includeBody: Bool,
        to output: inout ByteBuffer
    ) -> Int {
        let start = output.writerIndex
        output.write("HTTP/1.1 ")
        output.write(decimal: status.code)
        output.write(byte: 0x20)
        output.write(utf8: status.reasonPhrase)
        output.write("\r\nDate: ")
        output.write(date.span)
        output.write("\r\n")
        for (name, value) in headers {
            guard ResponseHead.isValidFieldName(name), ResponseHead.isValidFieldValue(value),
                !ResponseHead.isReservedFieldName(name)
            else { continue }
            output.write(utf8: name)
            output.write(": ")
            output.write(utf8: value)
            output.write("\r\n")
        }
        let forbidsContent = status.forbidsContent
        if !forbidsContent {
            output.write("Content-Length: ")
            output.write(decimal: body.count)
            output.write("\r\n")
        }
        writeConnectionField(connection, to: &output)
        output.write("\r\n")
        if includeBody && !forbidsContent {
            output.write(body.span)
        }
        return Int(output.writerIndex - start)
    }

    @inline(__always)
    private static func writeConnectionField(_ connection: ConnectionField, to output: inout ByteBuffer) {
        switch connection {
        case .none: break
        case .close: output.write("Connection: close\r\n")
        case .keepAlive: output.write("Connection: keep-alive\r\n")
        }
    }

    /// The interim response to `Expect: 100-continue` (RFC 9110 §15.2.1).
    static func writeContinue(to output: inout ByteBuffer) {
        output.write("HTTP/1.1 100 Continue\r\n\r\n")
    }
}
