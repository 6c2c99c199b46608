import Testing

@testable import HTTPCore

/// One request and the status the engine must answer it with (200: the application answered).
struct ParsingCase: CustomTestStringConvertible, Sendable {
    let rule: String
    let raw: String
    let status: Int

    init(_ rule: String, _ raw: String, _ status: Int) {
        self.rule = rule
        self.raw = raw
        self.status = status
    }

    var testDescription: String { rule }
}

@Suite struct RequestParsingTests {
    static let cases: [ParsingCase] = [
        // Request line (RFC 9112 §3, RFC 9110 §9)
        .init("RFC 9112 §3: a plain GET is answered", "GET /a HTTP/1.1\r\nHost: x\r\n\r\n", 200),
        .init(
            "RFC 9112 §2.2: empty lines before the request line are ignored",
            "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n", 200),
        .init("RFC 9112 §2.2: bare LF ending the request line is refused", "GET / HTTP/1.1\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §2.2: bare LF ending a field line is refused", "GET / HTTP/1.1\r\nHost: x\n\r\n", 400),
        .init("RFC 9112 §3: two spaces after the method", "GET  / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §3: HTAB as separator", "GET\t/ HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §3: trailing space after the version", "GET / HTTP/1.1 \r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §3: no version", "GET /\r\nHost: x\r\n\r\n", 400),
        .init(
            "RFC 9110 §9.1: methods are case-sensitive; get is another method, for the application",
            "get / HTTP/1.1\r\nHost: x\r\n\r\n", 200),
        .init(
            "RFC 9110 §9.1: an unknown method token reaches the application", "BREW / HTTP/1.1\r\nHost: x\r\n\r\n", 200),
        .init("RFC 9110 §9.3.6: CONNECT is not offered", "CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\n", 501),
        .init("RFC 9112 §3: a method must be a token", "G(T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §2.3: the version is case-sensitive", "GET / http/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §2.3: two-digit minor version", "GET / HTTP/1.10\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9110 §15.6.6: HTTP/2.0 in an HTTP/1 request line", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
        .init("RFC 9110 §15.6.6: HTTP/0.9 is not served", "GET / HTTP/0.9\r\nHost: x\r\n\r\n", 505),
        .init("RFC 9110 §6.2: HTTP/1.2 is treated as 1.1", "GET / HTTP/1.2\r\nHost: x\r\n\r\n", 200),
        .init("RFC 9112 §3.2: no fragment in a request-target", "GET /a#b HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §3.2: non-ASCII byte in the target", "GET /\u{7F} HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §3.2.4: asterisk-form only with OPTIONS", "GET * HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §3.2.4: OPTIONS * is answered by the server", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", 200),
        .init("RFC 9112 §3.2.2: absolute-form names the host", "GET http://x/a?b=1 HTTP/1.1\r\nHost: y\r\n\r\n", 200),
        .init("RFC 9112 §3.2.2: absolute-form without Host", "GET http://x/a HTTP/1.1\r\n\r\n", 200),
        .init(
            "RFC 9110 §4.2.4: userinfo in an http URI is refused", "GET http://u@x/ HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §3.2.3: authority-form outside CONNECT", "GET x:80 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        // Host (RFC 9112 §3.2, RFC 9110 §7.2)
        .init("RFC 9112 §3.2: HTTP/1.1 without Host", "GET / HTTP/1.1\r\n\r\n", 400),
        .init("RFC 9112 §3.2: HTTP/1.0 may omit Host", "GET / HTTP/1.0\r\n\r\n", 200),
        .init("RFC 9112 §3.2: two Host fields", "GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n", 400),
        .init("RFC 9110 §7.2: a space inside Host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", 400),
        .init("RFC 9110 §7.2: Host with a port", "GET / HTTP/1.1\r\nHost: x:8080\r\n\r\n", 200),
        // Field lines (RFC 9112 §5, RFC 9110 §5)
        .init("RFC 9112 §5.1: no whitespace before the colon", "GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400),
        .init("RFC 9112 §5.2: obs-fold is refused", "GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", 400),
        .init("RFC 9110 §5.1: an empty field name", "GET / HTTP/1.1\r\nHost: x\r\n: v\r\n\r\n", 400),
        .init("RFC 9110 §5.1: a field name must be a token", "GET / HTTP/1.1\r\nHost: x\r\nX[]: v\r\n\r\n", 400),
        .init("RFC 9110 §5.5: NUL in a value", "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{0}b\r\n\r\n", 400),
        .init("RFC 9110 §5.5: bare CR in a value", "GET / HTTP/1.1\r\nHost: x\r\nX: a\rb\r\n\r\n", 400),
        .init("RFC 9110 §5.5: BEL in a value", "GET / HTTP/1.1\r\nHost: x\r\nX: a\u{7}b\r\n\r\n", 400),
        .init("RFC 9110 §5.5: obs-text in a value is kept", "GET / HTTP/1.1\r\nHost: x\r\nX: caf\u{E9}\r\n\r\n", 200),
        .init("RFC 9110 §5.5: an empty value is fine", "GET / HTTP/1.1\r\nHost: x\r\nX:\r\n\r\n", 200),
        .init(
            "RFC 9110 §10.1.1: Expect other than 100-continue", "GET / HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n\r\n",
            417),
        // Framing (RFC 9112 §6)
        .init(
            "RFC 9112 §6.3: non-numeric Content-Length", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1a\r\n\r\n",
            400),
        .init(
            "RFC 9112 §6.3: negative Content-Length", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
            400),
        .init(
            "RFC 9112 §6.3: signed Content-Length", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: +1\r\n\r\nA", 400
        ),
        .init(
            "RFC 9112 §6.3: Content-Length list", "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1, 1\r\n\r\nA", 400
        ),
        .init(
            "RFC 9112 §6.3: two Content-Length fields",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 1\r\n\r\nA", 400),
        .init(
            "RFC 9112 §6.3: Content-Length overflow",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 99999999999999999999\r\n\r\n", 400),
        .init(
            "RFC 9112 §6.3: Content-Length body is read",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello", 200),
        .init(
            "RFC 9110 §15.5.14: body over the route limit",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n", 413),
        .init(
            "RFC 9110 §15.5.14: a route without a body refuses one",
            "POST /other HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\n\r\nA", 413),
        .init(
            "RFC 9112 §6.1: Transfer-Encoding with Content-Length",
            "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        .init(
            "RFC 9112 §6.1: Transfer-Encoding in HTTP/1.0",
            "POST /echo HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
        .init(
            "RFC 9112 §6.3: chunked must be the final coding",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, gzip\r\n\r\n", 400),
        .init(
            "RFC 9112 §6.3: identity alone leaves the length unknown",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity\r\n\r\n", 400),
        .init(
            "RFC 9112 §6.1: chunked applied twice",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n", 400),
        .init(
            "RFC 9112 §6.1: an unknown coding before chunked gets 501",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        .init(
            "RFC 9112 §6.1: codings are case-insensitive",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n0\r\n\r\n", 200),
        // Chunked coding (RFC 9112 §7.1)
        .init(
            "RFC 9112 §7.1: chunked body is decoded",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n", 200),
        .init(
            "RFC 9112 §7.1.1: chunk extensions are ignored",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5;a=b\r\nhello\r\n0\r\n\r\n", 200),
        .init(
            "RFC 9112 §7.1.2: trailer fields are read and dropped",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nA\r\n0\r\nX-T: 1\r\n\r\n", 200),
        .init(
            "RFC 9112 §7.1: a chunk size must be hex",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nz\r\n", 400),
        .init(
            "RFC 9112 §7.1: data must end in CRLF",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nAB\r\n0\r\n\r\n", 400),
        .init(
            "RFC 9112 §7.1: bare LF after a chunk size",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1\nA\r\n0\r\n\r\n", 400),
        .init(
            "RFC 9112 §7.1: a chunk size that overflows",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\n", 400),
        .init(
            "RFC 9112 §7.1: a signed chunk size",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", 400),
        .init(
            "RFC 9110 §15.5.14: chunked data over the route limit",
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n801\r\n", 413),
        // Limits (RFC 9110 §15.5.15, RFC 6585 §5)
        .init(
            "RFC 9110 §15.5.15: request line over 8 KiB",
            "GET /" + String(repeating: "a", count: 8200) + " HTTP/1.1\r\nHost: x\r\n\r\n", 414),
        .init(
            "RFC 6585 §5: header section over 16 KiB",
            "GET / HTTP/1.1\r\nHost: x\r\n"
                + String(repeating: "X-A: " + String(repeating: "b", count: 1000) + "\r\n", count: 17) + "\r\n", 431),
        .init(
            "RFC 6585 §5: more than 100 fields",
            "GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-A: b\r\n", count: 100) + "\r\n", 431),
        .init(
            "RFC 6585 §5: exactly 100 fields are fine",
            "GET / HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-A: b\r\n", count: 99) + "\r\n", 200),
    ]

    @Test(arguments: cases)
    func answersWithTheRightStatus(_ testCase: ParsingCase) {
        let driver = ConnectionDriver()
        driver.send(Array(testCase.raw.utf8.map { $0 }))
        let responses = driver.responses()
        #expect(responses.first?.status == testCase.status, "\(driver.sent.count) bytes sent")
        if testCase.status >= 400 {
            // RFC 9112 §9.6: after an error the server closes; the write side first, so the
            // client reads the whole response.
            #expect(responses.first?.header("Connection") == "close")
            #expect(driver.shutDown || driver.closed)
            #expect(responses.count == 1)
        }
    }

    @Test func parsedViewExposesPartsOfTheRequest() throws {
        let raw =
            "GET http://example.com/v1/x?platform=ios&b HTTP/1.1\r\nHost: other\r\nIf-None-Match:  \"abc\" \r\nAccept: a\r\nAccept: b\r\n\r\n"
        try HTTPRequest.withParsed(Array(raw.utf8)) { request in
            #expect(request.method == .get)
            #expect(request.methodName.string == "GET")
            #expect(request.version == .http1_1)
            #expect(request.path.string == "/v1/x")
            #expect(request.query.string == "platform=ios&b")
            let hasQuery = request.hasQuery
            #expect(hasQuery)
            #expect(request.target.string == "http://example.com/v1/x?platform=ios&b")
            // RFC 9112 §5: leading and trailing whitespace is not part of the value.
            #expect(request.headers["if-none-match"]?.string == "\"abc\"")
            #expect(request.headers["IF-NONE-MATCH"]?.equals("\"abc\"") == true)
            #expect(request.headers.strings(named: "accept") == ["a", "b"])
            #expect(request.headers["missing"]?.string == nil)
            #expect(request.body.count == 0)
        }
    }

    @Test func byteViewsCompareAndCopyWithoutTheRequest() throws {
        // The views are ~Escapable, so what outlives the request is a copy made inside it.
        let raw = "GET /v1/Abc?q=1 HTTP/1.1\r\nHost: x\r\nAccept: a\r\nX: y\r\naccept: b\r\n\r\n"
        let (copied, fields, accepts) = try HTTPRequest.withParsed(Array(raw.utf8)) { request in
            let path = request.path
            let same = path.elementsEqual(Array("/v1/Abc".utf8))
            let shorter = path.elementsEqual(Array("/v1/Ab".utf8))
            let longer = path.elementsEqual(Array("/v1/Abcd".utf8))
            let folded = path.equalsIgnoringCase("/V1/ABC")
            let exact = path.equals("/V1/ABC")
            #expect(same && !shorter && !longer && folded && !exact)
            #expect(path.extracting(4..<7).string == "Abc")
            #expect(path[4] == UInt8(ascii: "A"))
            var accepts: [UInt8] = []
            request.headers.forEachValue(named: "ACCEPT") { accepts.append(contentsOf: $0) }
            var names: [String] = []
            for position in request.headers.indices { names.append(request.headers[position].name.string) }
            return (Array(request.path), names, accepts)
        }
        #expect(copied == Array("/v1/Abc".utf8))
        #expect(fields == ["Host", "Accept", "X", "accept"])
        #expect(accepts == Array("ab".utf8))
        let literal = HTTPBytes("GET").equals("GET")
        #expect(literal)
        #expect(HTTPBytes().count == 0)
    }

    @Test(arguments: [
        ("QUERY", HTTPMethod.other), ("get", .other), ("M-SEARCH", .other), ("GET", .get), ("PATCH", .patch),
    ])
    func methodTokenIsExposedAsSent(token: String, method: HTTPMethod) throws {
        // RFC 9110 §9.1: any token is a method; the application decides what it means here.
        try HTTPRequest.withParsed(Array("\(token) /v1/x HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) { request in
            #expect(request.method == method)
            #expect(request.methodName.string == token)
            #expect(request.path.string == "/v1/x")
        }
    }

    @Test func unknownMethodIsAnsweredByTheApplicationAndTheConnectionStaysOpen() {
        let driver = ConnectionDriver()
        driver.send("QUERY /a?b=1 HTTP/1.1\r\nHost: x\r\n\r\nGET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        let responses = driver.responses()
        #expect(responses.map(\.status) == [200, 200])
        #expect(responses.first?.bodyText == "QUERY /a query=b=1")
        #expect(responses.last?.bodyText == "GET /c query=")
        #expect(!driver.shutDown && !driver.closed)
    }

    @Test func unknownMethodWithABodyIsFramedByItsHeaders() {
        // RFC 9112 §6.3: framing does not depend on the method, so the body is read and the
        // next request on the connection is found after it.
        let driver = ConnectionDriver()
        driver.send(
            "PURGE /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabcGET /c HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(driver.responses().map(\.status) == [200, 200])
        #expect(driver.responses().first?.bodyText == "abc")
    }

    @Test func connectIsRefusedWith501WithoutReachingTheApplication() {
        // RFC 9110 §9.3.6: CONNECT asks for a tunnel; an origin server offers none.
        let driver = ConnectionDriver()
        driver.send("CONNECT /echo HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = driver.responses().first
        #expect(response?.status == 501)
        #expect(response?.bodyText.contains("\"code\":\"not_implemented\"") == true)
        #expect(response?.header("Connection") == "close")
    }

    @Test func absoluteFormWithoutPathMeansRoot() throws {
        // RFC 9110 §4.2.3: an empty path is equivalent to "/".
        try HTTPRequest.withParsed(Array("GET http://example.com?x=1 HTTP/1.1\r\n\r\n".utf8)) { request in
            #expect(request.path.string == "/")
            #expect(request.query.string == "x=1")
        }
    }

    @Test func chunkedBodyIsDecodedContiguously() throws {
        let raw =
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3;x=y\r\nabc\r\n4\r\ndefg\r\n0\r\n\r\n"
        let body = try HTTPRequest.withParsed(Array(raw.utf8)) { request in request.body.string }
        #expect(body == "abcdefg")
    }

    @Test func refusalCarriesStatusAndCode() {
        #expect(throws: HTTPRequestError(status: 505, code: "http_version_not_supported")) {
            try HTTPRequest.withParsed(Array("GET / HTTP/3.0\r\n\r\n".utf8)) { _ in }
        }
    }

    /// A raw `×` (or any byte outside ASCII) in the target is refused with a hint to
    /// percent-encode it, not with the line-endings hint of other malformed request lines.
    @Test func anUnencodedCharacterInTheTargetIsToldToPercentEncode() {
        #expect(throws: HTTPRequestError(status: 400, code: "bad_request")) {
            try HTTPRequest.withParsed(Array("GET /v1/widgets?screen=430×932 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) { _ in
            }
        }
        let raw = Array("GET /v1/widgets?screen=430×932 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let limits = RequestLimits()
        var fields = [FieldRange](
            repeating: FieldRange(nameStart: 0, nameLength: 0, valueStart: 0, valueLength: 0),
            count: limits.maxHeaderFields)
        var table = fields.mutableSpan
        #expect(throws: RequestError.unencodedTarget) {
            _ = try RequestHeadParser.parse(raw.span, start: 0, length: raw.count, fields: &table, limits: limits)
        }
        let hint = RequestError.unencodedTarget.hint(HTTPServer.Configuration())
        #expect(hint.hasPrefix("Percent-encode it"))
        #expect(hint.contains("%C3%97"))
        #expect(!RequestError.badRequest.hint(HTTPServer.Configuration()).contains("Percent-encode"))
    }

    /// The same request line arriving in pieces is refused by the early scanner, before its line
    /// end; it gives the same percent-encode hint as the parser gives the whole line, wherever
    /// the line is split.
    @Test func anUnencodedCharacterInARequestLineSentInPiecesGetsTheSameHint() {
        let raw = Array("GET /v1/widgets?screen=430×932 HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        let limits = RequestLimits()
        var refusedEarly = 0
        for split in 1..<raw.count {
            var scanner = HeadScanner()
            var outcome = scanner.scan(raw[0..<split].span, limits: limits)
            if outcome == .incomplete { outcome = scanner.scan(raw.span, limits: limits) }
            if outcome == .failed(.unencodedTarget) {
                // A piece holding the × without its line end: the scanner refuses it.
                refusedEarly += 1
                continue
            }
            // Otherwise the whole line reaches the parser, which refuses it the same way.
            #expect(outcome == .complete(raw.count), "split at \(split)")
            var fields = [FieldRange](
                repeating: FieldRange(nameStart: 0, nameLength: 0, valueStart: 0, valueLength: 0),
                count: limits.maxHeaderFields)
            var table = fields.mutableSpan
            #expect(throws: RequestError.unencodedTarget) {
                _ = try RequestHeadParser.parse(raw.span, start: 0, length: raw.count, fields: &table, limits: limits)
            }
        }
        // Every split after the × and before the line end (`932 HTTP/1.1\r`, 14 bytes, and the
        // ×'s second byte) is refused early.
        #expect(refusedEarly == 15)
        // Over a connection, the answer's hint says to percent-encode, not to fix line endings.
        let driver = ConnectionDriver()
        driver.send(Array(raw[0..<20]))
        driver.send(Array(raw[20..<30]))
        let responses = driver.responses()
        #expect(responses.map(\.status) == [400])
        let body = String(decoding: responses.first?.body ?? [], as: UTF8.self)
        #expect(body.contains("Percent-encode it"), "\(body)")
        #expect(!body.contains("CRLF"), "\(body)")
    }

    @Test func everyEngineErrorHasTheProductErrorShape() {
        for error in RequestError.allCases {
            let text = String(decodingUTF8: error.response.bytes)
            #expect(text.contains("Content-Type: application/json"))
            #expect(
                text.contains("{\"error\":{\"status\":\(error.status.code),\"code\":\"\(error.code)\",\"message\":"))
            #expect(text.contains("\"hint\":"))
        }
    }
}
