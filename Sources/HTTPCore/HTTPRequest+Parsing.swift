/// Why the engine would refuse a request: the status and error code it would answer with.
public struct HTTPRequestError: Error, Sendable, Hashable {
    /// The status of the engine's error response (400, 413, 414, 431, 501, 505...).
    public let status: HTTPStatus
    /// The `code` of the JSON error body, e.g. `"bad_request"`.
    public let code: String
}

extension HTTPRequest {
    /// Parses one complete request — head, then body per its framing — with the engine's own
    /// parser and limits, and calls `body` with the view. For testing applications without
    /// sockets.
    ///
    /// - Throws: ``HTTPRequestError`` when the engine would refuse the bytes, or when they
    ///   hold less than a complete request (status 400, code `incomplete`).
    public static func withParsed<Result>(
        _ raw: [UInt8],
        bodyLimit: Int = 1 << 20,
        _ body: (borrowing HTTPRequest) throws -> Result
    ) throws -> Result {
        let limits = RequestLimits()
        var fields = [FieldRange](
            repeating: FieldRange(nameStart: 0, nameLength: 0, valueStart: 0, valueLength: 0),
            count: limits.maxHeaderFields)
        var bytes = raw
        let incomplete = HTTPRequestError(status: .badRequest, code: "incomplete")
        var scanner = HeadScanner()
        let headLength: Int
        switch scanner.scan(bytes.span, limits: limits) {
        case .complete(let length): headLength = length
        case .incomplete: throw incomplete
        case .failed(let error): throw HTTPRequestError(status: error.status, code: error.code)
        }
        let head: RequestHead
        do throws(RequestError) {
            var table = fields.mutableSpan
            head = try RequestHeadParser.parse(bytes.span, start: 0, length: headLength, fields: &table, limits: limits)
        } catch {
            throw HTTPRequestError(status: error.status, code: error.code)
        }
        var bodyEnd = headLength
        if head.isChunked {
            var decoder = ChunkedDecoder()
            var rawPosition = headLength
            var done = false
            do throws(RequestError) {
                var span = bytes.mutableSpan
                done = try decoder.decode(
                    &span, raw: &rawPosition, decoded: &bodyEnd, bodyStart: headLength, limit: bodyLimit)
            } catch {
                throw HTTPRequestError(status: error.status, code: error.code)
            }
            if !done { throw incomplete }
        } else if head.contentLength > 0 {
            if head.contentLength > bodyLimit {
                throw HTTPRequestError(
                    status: RequestError.contentTooLarge.status, code: RequestError.contentTooLarge.code)
            }
            guard headLength + head.contentLength <= bytes.count else { throw incomplete }
            bodyEnd = headLength + head.contentLength
        }
        let request = HTTPRequest(
            head, in: bytes.span, fields: fields.span.extracting(0..<Int(head.fieldCount)),
            bodyStart: headLength, bodyEnd: bodyEnd)
        return try body(request)
    }
}

extension HTTPRequest {
    /// The request `head` describes, viewing `bytes` (the head from offset 0, then the body
    /// between `bodyStart` and `bodyEnd`) and the field table `fields`.
    @_lifetime(copy bytes, copy fields)
    init(_ head: RequestHead, in bytes: Span<UInt8>, fields: Span<FieldRange>, bodyStart: Int, bodyEnd: Int) {
        func slice(_ start: Int32, _ length: Int32) -> Range<Int> { Int(start)..<Int(start + length) }
        self.init(
            method: head.method,
            methodName: HTTPBytes(bytes.extracting(slice(head.methodStart, head.methodLength))),
            version: head.version,
            target: HTTPBytes(bytes.extracting(slice(head.targetStart, head.targetLength))),
            path: head.pathStart < 0
                ? HTTPBytes("/") : HTTPBytes(bytes.extracting(slice(head.pathStart, head.pathLength))),
            query: head.hasQuery ? HTTPBytes(bytes.extracting(slice(head.queryStart, head.queryLength))) : HTTPBytes(),
            hasQuery: head.hasQuery,
            headers: HTTPHeaders(base: bytes, fields: fields),
            body: HTTPBytes(bytes.extracting(bodyStart..<bodyEnd))
        )
    }
}
