/// Parses a complete request head strictly (RFC 9112 §2–§6, RFC 9110 §5, §7.2), in one pass,
/// recording offsets instead of copying.
enum RequestHeadParser {
    /// Parses the head in `buffer[start..<start + length]`, whose last four bytes are CRLF CRLF
    /// (``HeadScanner`` guarantees it), writing header fields into `fields` (room for
    /// `limits.maxHeaderFields`). Offsets in the result are from `buffer`'s start.
    static func parse(
        _ buffer: Span<UInt8>,
        start: Int,
        length: Int,
        fields: inout MutableSpan<FieldRange>,
        limits: RequestLimits
    ) throws(RequestError) -> RequestHead {
        var head = RequestHead()
        let end = start + length
        var position = start

        // request-line = method SP request-target SP HTTP-version (RFC 9112 §3)
        let methodStart = position
        while CharacterClass.isTokenByte(buffer[position]) { position += 1 }
        let methodLength = position - methodStart
        guard methodLength > 0, buffer[position] == 0x20 else { throw .badRequest }
        let method = recognizeMethod(buffer, methodStart, methodLength)
        position += 1

        let targetStart = position
        while CharacterClass.isTargetByte(buffer[position]) { position += 1 }
        let targetLength = position - targetStart
        guard targetLength > 0, buffer[position] == 0x20 else {
            throw buffer[position] >= 0x80 ? .unencodedTarget : .badRequest
        }
        position += 1

        // HTTP-version = "HTTP" "/" DIGIT "." DIGIT, case-sensitive (RFC 9112 §2.3)
        guard position + 10 <= end,
            buffer[position] == 0x48, buffer[position + 1] == 0x54, buffer[position + 2] == 0x54,
            buffer[position + 3] == 0x50, buffer[position + 4] == 0x2F,
            isDigit(buffer[position + 5]), buffer[position + 6] == 0x2E, isDigit(buffer[position + 7]),
            buffer[position + 8] == 0x0D, buffer[position + 9] == 0x0A
        else { throw .badRequest }
        let major = buffer[position + 5] - 0x30
        let minor = buffer[position + 7] - 0x30
        // RFC 9110 §6.2: only major version 1 is ours; a higher minor is treated as 1.1.
        guard major == 1 else { throw .versionNotSupported }
        head.version = minor == 0 ? .http1_0 : .http1_1
        position += 10

        // CONNECT needs a tunnel, which an origin server for data does not offer (RFC 9110 §9.3.6).
        // Any other method, known or not, is the application's to answer: only it knows whether
        // the target names a resource (405 with Allow) or not (404).
        if method == .connect { throw .methodNotImplemented }
        head.method = method
        head.methodStart = Int32(methodStart)
        head.methodLength = Int32(methodLength)
        head.targetStart = Int32(targetStart)
        head.targetLength = Int32(targetLength)
        let hasAuthority = try splitTarget(
            buffer, start: targetStart, length: targetLength, method: method, into: &head)

        // field-line = field-name ":" OWS field-value OWS (RFC 9112 §5)
        var hostCount = 0
        var sawConnectionClose = false
        var sawConnectionKeepAlive = false
        var transferEncoding = TransferCodingList()
        var fieldCount = 0
        while position < end - 2 {
            let nameStart = position
            while CharacterClass.isTokenByte(buffer[position]) { position += 1 }
            let nameLength = position - nameStart
            if nameLength == 0 {
                // RFC 9112 §5.2: a line starting with whitespace is obs-fold; we reject it.
                if buffer[position] == 0x20 || buffer[position] == 0x09 { throw .obsoleteLineFolding }
                throw .badRequest
            }
            // RFC 9112 §5.1: no whitespace between the name and the colon.
            guard buffer[position] == 0x3A else { throw .badRequest }
            position += 1
            while buffer[position] == 0x20 || buffer[position] == 0x09 { position += 1 }
            let valueStart = position
            while CharacterClass.isFieldValueByte(buffer[position]) { position += 1 }
            // RFC 9110 §5.5: CR, LF and NUL never appear in a value; the only thing after
            // the value is CRLF.
            guard buffer[position] == 0x0D, buffer[position + 1] == 0x0A else { throw .badRequest }
            var valueEnd = position
            while valueEnd > valueStart && (buffer[valueEnd - 1] == 0x20 || buffer[valueEnd - 1] == 0x09) {
                valueEnd -= 1
            }
            position += 2

            guard fieldCount < limits.maxHeaderFields, fieldCount < fields.count else { throw .headerFieldsTooLarge }
            fields[fieldCount] = FieldRange(
                nameStart: UInt32(nameStart), nameLength: UInt32(nameLength),
                valueStart: UInt32(valueStart), valueLength: UInt32(valueEnd - valueStart)
            )
            fieldCount += 1

            let name = buffer.extracting(nameStart..<nameStart + nameLength)
            let value = buffer.extracting(valueStart..<valueEnd)
            switch nameLength {
            case 4 where ASCII.equalIgnoringCase(name, "host"):
                hostCount += 1
                guard HostSyntax.isValid(value) else { throw .badHost }
            case 6 where ASCII.equalIgnoringCase(name, "expect"):
                guard ASCII.equalIgnoringCase(value, "100-continue") else { throw .expectationFailed }
                head.expectsContinue = true
            case 10 where ASCII.equalIgnoringCase(name, "connection"):
                forEachListElement(value) { token in
                    if ASCII.equalIgnoringCase(token, "close") { sawConnectionClose = true }
                    if ASCII.equalIgnoringCase(token, "keep-alive") { sawConnectionKeepAlive = true }
                }
            case 14 where ASCII.equalIgnoringCase(name, "content-length"):
                // RFC 9112 §6.3 ¶5: a repeated or list-valued Content-Length is unrecoverable
                // framing; we refuse it rather than guess.
                guard head.contentLength < 0 else { throw .badContentLength }
                head.contentLength = try parseContentLength(value)
            case 17 where ASCII.equalIgnoringCase(name, "transfer-encoding"):
                try transferEncoding.add(value)
            default:
                break
            }
        }
        head.fieldCount = Int32(fieldCount)

        // RFC 9112 §3.2: an HTTP/1.1 request lacking Host, or with several, gets 400. With an
        // absolute-form target the target's authority is the host (§3.2.2).
        if hostCount > 1 || (hostCount == 0 && head.version == .http1_1 && !hasAuthority) { throw .badHost }

        if transferEncoding.isPresent {
            // RFC 9112 §6.1: Transfer-Encoding in HTTP/1.0 is faulty framing; with
            // Content-Length too it is a smuggling vector, refused.
            if head.version == .http1_0 || head.contentLength >= 0 { throw .badFraming }
            // RFC 9112 §6.3 ¶4: chunked must be the final coding, else 400.
            guard transferEncoding.endsWithChunked else { throw .badFraming }
            // RFC 9112 §6.1: a coding we do not understand gets 501.
            guard transferEncoding.isChunkedOnly else { throw .transferCodingNotImplemented }
            head.isChunked = true
        }
        if head.contentLength < 0 && !head.isChunked { head.contentLength = 0 }

        // RFC 9112 §9.3: 1.1 persists unless "close"; 1.0 only with "keep-alive".
        head.keepAlive =
            head.version == .http1_1 ? !sawConnectionClose : (sawConnectionKeepAlive && !sawConnectionClose)
        return head
    }

    @inline(__always) private static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    private static func recognizeMethod(_ buffer: Span<UInt8>, _ start: Int, _ length: Int) -> HTTPMethod {
        let bytes = buffer.extracting(start..<start + length)
        // Methods are case-sensitive (RFC 9110 §9.1).
        switch length {
        case 3:
            if ASCII.equal(bytes, "GET") { return .get }
            if ASCII.equal(bytes, "PUT") { return .put }
        case 4:
            if ASCII.equal(bytes, "HEAD") { return .head }
            if ASCII.equal(bytes, "POST") { return .post }
        case 5:
            if ASCII.equal(bytes, "PATCH") { return .patch }
            if ASCII.equal(bytes, "TRACE") { return .trace }
        case 6:
            if ASCII.equal(bytes, "DELETE") { return .delete }
        case 7:
            if ASCII.equal(bytes, "OPTIONS") { return .options }
            if ASCII.equal(bytes, "CONNECT") { return .connect }
        default:
            break
        }
        return .other
    }

    /// Splits the request-target into path and query (RFC 9112 §3.2); returns whether it named
    /// an authority (absolute-form).
    private static func splitTarget(
        _ buffer: Span<UInt8>,
        start: Int,
        length: Int,
        method: HTTPMethod,
        into head: inout RequestHead
    ) throws(RequestError) -> Bool {
        var pathStart = start
        let end = start + length
        var hasAuthority = false
        if buffer[start] == 0x2F {
            // origin-form
        } else if length == 1 && buffer[start] == 0x2A {
            // asterisk-form, only for a server-wide OPTIONS (RFC 9112 §3.2.4)
            guard method == .options else { throw .badRequest }
            head.isAsteriskForm = true
            head.pathStart = Int32(start)
            head.pathLength = 1
            return false
        } else {
            // absolute-form = absolute-URI (RFC 9112 §3.2.2); only the http(s) schemes name us.
            let schemeLength: Int
            if length > 7
                && ASCII.equalIgnoringCase(buffer.extracting(start..<start + 7), "http://")
            {
                schemeLength = 7
            } else if length > 8
                && ASCII.equalIgnoringCase(buffer.extracting(start..<start + 8), "https://")
            {
                schemeLength = 8
            } else {
                throw .badRequest
            }
            var position = start + schemeLength
            let authorityStart = position
            while position < end && buffer[position] != 0x2F && buffer[position] != 0x3F {
                // RFC 9110 §4.2.4: userinfo in an http(s) URI is refused.
                guard CharacterClass.isHostByte(buffer[position]) else { throw .badRequest }
                position += 1
            }
            guard position > authorityStart,
                HostSyntax.isValid(buffer.extracting(authorityStart..<position))
            else { throw .badRequest }
            hasAuthority = true
            pathStart = position
        }
        var position = pathStart
        while position < end && buffer[position] != 0x3F { position += 1 }
        if pathStart == end || buffer[pathStart] != 0x2F {
            // absolute-form without a path, or starting with "?": the path is "/" (RFC 9110 §4.2.3).
            head.pathStart = -1
            head.pathLength = 1
        } else {
            head.pathStart = Int32(pathStart)
            head.pathLength = Int32(position - pathStart)
        }
        if position < end {
            head.hasQuery = true
            head.queryStart = Int32(position + 1)
            head.queryLength = Int32(end - position - 1)
        }
        return hasAuthority
    }

    /// Content-Length = 1*DIGIT (RFC 9110 §8.6); no sign, no list, no overflow.
    private static func parseContentLength(_ value: Span<UInt8>) throws(RequestError) -> Int {
        guard !value.isEmpty, value.count <= 18 else { throw .badContentLength }
        var result = 0
        for index in value.indices {
            let byte = value[index]
            guard isDigit(byte) else { throw .badContentLength }
            result = result * 10 + Int(byte - 0x30)
        }
        return result
    }

    /// Calls `body` with each non-empty element of a comma-separated list, without whitespace
    /// (RFC 9110 §5.6.1).
    static func forEachListElement(_ value: Span<UInt8>, _ body: (Span<UInt8>) -> Void) {
        var start = 0
        while start <= value.count {
            var end = start
            while end < value.count && value[end] != 0x2C { end += 1 }
            var first = start
            var last = end
            while first < last && (value[first] == 0x20 || value[first] == 0x09) { first += 1 }
            while last > first && (value[last - 1] == 0x20 || value[last - 1] == 0x09) { last -= 1 }
            if last > first { body(value.extracting(first..<last)) }
            start = end + 1
        }
    }
}

/// The transfer codings of every Transfer-Encoding field, in order (RFC 9112 §6.1).
struct TransferCodingList {
    private(set) var isPresent = false
    private var codings = 0
    private var chunkedCount = 0
    private var lastIsChunked = false

    /// Whether chunked is the final coding.
    var endsWithChunked: Bool { lastIsChunked && chunkedCount == 1 }

    /// Whether chunked is the only coding.
    var isChunkedOnly: Bool { codings == 1 && endsWithChunked }

    mutating func add(_ value: Span<UInt8>) throws(RequestError) {
        isPresent = true
        var elements = 0
        var invalid = false
        RequestHeadParser.forEachListElement(value) { element in
            elements += 1
            codings += 1
            lastIsChunked = ASCII.equalIgnoringCase(element, "chunked")
            if lastIsChunked { chunkedCount += 1 }
            // A coding is a token, optionally with parameters; anything else is garbage.
            if !CharacterClass.isTokenByte(element[0]) { invalid = true }
        }
        // An empty Transfer-Encoding says nothing about the length: faulty framing.
        if elements == 0 || invalid { throw .badFraming }
    }
}
