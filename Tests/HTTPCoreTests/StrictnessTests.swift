import Testing

@testable import HTTPCore

/// What cannot be a request is refused at once; Host and trailer fields are held to their
/// grammar. Each case names the rule it checks.
@Suite struct StrictnessTests {
    /// Bytes with no line end that can never start a request: `400` and a close, at once.
    static let garbage: [ParsingCase] = [
        .init(
            "RFC 9112 §3: a TLS ClientHello's record header is no method token",
            String(decoding: [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xFC, 0x03, 0x03], as: UTF8.self), 400),
        .init("RFC 9110 §9.1: a NUL cannot start a method", "\u{0}", 400),
        .init("RFC 9110 §9.1: a method is a token: no '@'", "GE@", 400),
        .init("RFC 9112 §3: the line cannot start with a space", " GET", 400),
        .init("RFC 9112 §3.2: a control byte in the target", "GET /a\u{1}", 400),
        .init("RFC 9112 §2.3: the version starts with HTTP/", "GET /a HTTX", 400),
        .init("RFC 9112 §2.3: the version is DIGIT . DIGIT", "GET /a HTTP/1,", 400),
    ]

    @Test(arguments: garbage)
    func garbageIsRefusedBeforeALineEnd(_ testCase: ParsingCase) {
        let driver = ConnectionDriver()
        driver.send(Array(testCase.raw.utf8))
        let responses = driver.responses()
        #expect(responses.map(\.status) == [testCase.status])
        #expect(responses.first?.header("Connection") == "close")
        #expect(driver.shutDown || driver.closed)
    }

    /// A valid request line still arriving is waited for, byte by byte.
    @Test func aValidRequestLineTricklingInIsWaitedFor() {
        let driver = ConnectionDriver()
        for byte in "GET /a?b=c HTTP/1.1\r".utf8 {
            driver.send([byte])
            #expect(driver.responses().isEmpty)
        }
        driver.send("\nHost: x\r\n\r\n")
        #expect(driver.responses().map(\.status) == [200])
    }

    static let hosts: [ParsingCase] = [
        .init("RFC 3986 §3.2.2: a reg-name", "example.com", 200),
        .init("RFC 3986 §3.2.3: a reg-name and a port", "example.com:8080", 200),
        .init("RFC 3986 §3.2.2: an IPv4address", "127.0.0.1:80", 200),
        .init("RFC 3986 §3.2.2: an IP-literal with IPv6", "[::1]", 200),
        .init("RFC 3986 §3.2.2: an IP-literal with IPv6 and a port", "[2001:db8::7]:443", 200),
        .init("RFC 3986 §3.2.2: an IP-literal with IPvFuture", "[v7.fe80::1]", 200),
        .init("RFC 3986 §2.1: pct-encoded in a reg-name", "ex%41mple", 200),
        .init("RFC 3986 §3.2.2: sub-delims in a reg-name", "a!$&'()*+,;=b", 200),
        .init("RFC 3986 §3.2.3: an empty port", "example.com:", 200),
        .init("RFC 9112 §3.2: an empty Host", "", 200),
        .init("RFC 3986 §3.2.2: an unclosed IP-literal", "[::1", 400),
        .init("RFC 3986 §3.2.2: IPv6 without brackets", "::1", 400),
        .init("RFC 3986 §3.2.2: not an IPv6 address", "[::g]", 400),
        .init("RFC 3986 §3.2.2: a zone identifier is not IPv6address", "[fe80::1%25eth0]", 400),
        .init("RFC 3986 §3.2.2: bytes after an IP-literal", "[::1]x", 400),
        .init("RFC 9110 §4.2.4: no userinfo", "user@example.com", 400),
        .init("RFC 3986 §3.2.2: no '/' in a reg-name", "a/b", 400),
        .init("RFC 3986 §3.2.3: two ports", "host:80:90", 400),
        .init("RFC 3986 §3.2.3: a port is digits", "host:http", 400),
        .init("RFC 3986 §3.2.3: a port over 65535", "host:99999", 400),
        .init("RFC 3986 §2.1: '%' needs two hex digits", "ex%4", 400),
        .init("RFC 3986 §3.2.2: brackets only around an IP literal", "a[b]", 400),
    ]

    @Test(arguments: hosts)
    func hostIsCheckedAgainstItsGrammar(_ testCase: ParsingCase) {
        let driver = ConnectionDriver()
        driver.send("GET / HTTP/1.1\r\nHost: \(testCase.raw)\r\n\r\n")
        #expect(driver.responses().map(\.status) == [testCase.status])
    }

    @Test func absoluteFormAuthorityIsCheckedToo() {
        let good = ConnectionDriver()
        good.send("GET http://[::1]:8080/a HTTP/1.1\r\nHost: [::1]:8080\r\n\r\n")
        #expect(good.responses().map(\.status) == [200])
        let bad = ConnectionDriver()
        bad.send("GET http://[::1/a HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(bad.responses().map(\.status) == [400])
    }

    static let trailers: [ParsingCase] = [
        .init("RFC 9112 §7.1.2: a trailer field", "0\r\nX-Checksum: 1\r\n\r\n", 200),
        .init("RFC 9112 §7.1.2: two trailer fields, one empty", "0\r\nA: 1\r\nB:\r\n\r\n", 200),
        .init(
            "RFC 9112 §7.1.2, §5: a request line is no trailer field (smuggling)",
            "0\r\nGET /x HTTP/1.1\r\nHost: x\r\n\r\n", 400),
        .init("RFC 9112 §5: a trailer line without a colon", "0\r\nNoColon\r\n\r\n", 400),
        .init("RFC 9112 §5.1: no whitespace between name and colon", "0\r\nA : 1\r\n\r\n", 400),
        .init("RFC 9112 §5.2: no folded trailer line", "0\r\nA: 1\r\n 2\r\n\r\n", 400),
    ]

    @Test(arguments: trailers)
    func trailerLinesAreFieldLines(_ testCase: ParsingCase) {
        let driver = ConnectionDriver()
        driver.send(
            "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n" + testCase.raw)
        let responses = driver.responses()
        #expect(responses.first?.status == testCase.status)
        if testCase.status == 200 { #expect(responses.first?.bodyText == "abc") }
    }
}

/// Engine refusals are rendered by the application, with hints from the configured limits.
@Suite struct EngineErrorTests {
    /// An application that renders engine errors as plain text.
    struct PlainErrors: HTTPApplication {
        func respond(to request: borrowing HTTPRequest) -> HTTPResponse { HTTPResponse(status: .ok) }
        func response(for error: HTTPEngineError) -> PreparedResponse {
            PreparedResponse(
                status: error.status, headers: [("Content-Type", "text/plain")] + error.headers,
                body: "\(error.code): \(error.hint)\n")
        }
    }

    @Test func theApplicationChoosesTheBody() {
        var configuration = HTTPServer.Configuration()
        configuration.maxRequestLineLength = 2048
        let driver = ConnectionDriver(configuration: configuration, application: PlainErrors())
        driver.send("GET /" + String(repeating: "a", count: 3000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = driver.responses().first
        #expect(response?.status == 414)
        #expect(response?.header("Content-Type") == "text/plain")
        #expect(response?.bodyText == "uri_too_long: Keep the request line under 2 KiB.\n")
    }

    @Test func hintsFollowTheConfiguredLimits() {
        var configuration = HTTPServer.Configuration()
        configuration.maxHeaderSectionLength = 4096
        configuration.maxHeaderFields = 20
        configuration.maxBodyLength = 1000
        configuration.requestReadTimeout = .seconds(7)
        #expect(
            HTTPEngineError(.headerFieldsTooLarge, limits: configuration).hint
                == "Keep headers under 4 KiB and 20 fields.")
        #expect(HTTPEngineError(.contentTooLarge, limits: configuration).hint.contains("1000 bytes"))
        #expect(HTTPEngineError(.timeout, limits: configuration).hint.contains("7 s"))
        #expect(HTTPEngineError(.bodiesOverBudget, limits: configuration).headers.map(\.name) == ["Retry-After"])
    }

    /// An answer with another status than the error's is replaced by the engine's own.
    @Test func theStatusStaysTheEngines() {
        struct WrongStatus: HTTPApplication {
            func respond(to request: borrowing HTTPRequest) -> HTTPResponse { HTTPResponse(status: .ok) }
            func response(for error: HTTPEngineError) -> PreparedResponse {
                PreparedResponse(status: .ok, headers: [], body: "fine")
            }
        }
        let driver = ConnectionDriver(application: WrongStatus())
        driver.send("GET / HTTP/1.1\r\n\r\n")
        #expect(driver.responses().map(\.status) == [400])
        #expect(driver.responses().first?.bodyText.contains("\"code\":\"bad_request\"") == true)
    }
}
