import Glibc
import Testing

@testable import HTTPCore

@Suite struct ConnectionTests {
    @Test func slotIsPlainDataSoAZeroedTableIsValid() {
        #expect(_isPOD(Connection.self))
        // A slot as the loop's table holds it: memory zeroed by calloc, never initialised.
        let raw = calloc(1, MemoryLayout<Connection>.stride)!
        defer { free(raw) }
        let slot = raw.bindMemory(to: Connection.self, capacity: 1)
        #expect(slot.pointee.state == .closed)
        // Zero bits are "no socket": an untouched slot owns nothing to close.
        let holdsSocket = slot.pointee.socket.isOpen
        #expect(!holdsSocket)
        #expect(MemoryLayout<ConnectionSocket>.size == MemoryLayout<Int32>.size)
        let holdsBuffers = slot.pointee.input.isAllocated || slot.pointee.output.isAllocated
        #expect(!holdsBuffers)
        let idle = slot.pointee.isIdle
        #expect(!idle)
        let first = slot.pointee.nextAction(
            context: LoopContext(application: EchoApplication(), configuration: .init()))
        #expect(first.isClose)
    }

    @Test func aSlotClosesTheSocketItOwnsAndKeepsNoDescriptor() {
        var ends: [Int32] = [-1, -1]
        #expect(pipe(&ends) == 0)
        #expect(fcntl(ends[0], F_SETFL, O_NONBLOCK) == 0)
        defer { close(ends[0]) }
        let context = LoopContext(application: EchoApplication(), configuration: .init())
        var connection = Connection()
        connection.open(socket: ConnectionSocket(taking: ends[1]), now: context.now, idleTimeout: context.idleTimeout)
        let held = connection.socket.descriptor
        #expect(held == ends[1])
        connection.close(context: context)
        let left = connection.socket.descriptor
        #expect(left == nil)
        #expect(connection.state == .closed)
        // The write end is closed, so the pipe reads as ended (an open one would say EAGAIN).
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0)
    }

    /// RFC 9112 §9.3: HTTP/1.1 connections persist; RFC 9112 §9.3.2: pipelined requests are
    /// answered in order.
    @Test func pipelinedRequestsAreAnsweredInOrderAndTheConnectionStays() {
        let driver = ConnectionDriver()
        driver.send(
            "GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two?q HTTP/1.1\r\nHost: x\r\n\r\nGET /fixed HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        let responses = driver.responses()
        #expect(responses.map(\.bodyText) == ["GET /one query=", "GET /two query=q", "fixed body\n"])
        #expect(responses.allSatisfy { $0.header("Connection") == nil && $0.header("Date")?.count == 29 })
        #expect(!driver.closed)
    }

    /// The loop's connections share one field table: a head whose body arrives after another
    /// connection parsed its own head is answered with its own fields, not the other's.
    @Test func aBodyArrivingAfterAnotherConnectionsHeadIsAnsweredWithItsOwnFields() {
        let first = ConnectionDriver()
        let second = ConnectionDriver(sharing: first)
        first.send("POST /echo-field HTTP/1.1\r\nHost: x\r\nEcho: first\r\nContent-Length: 5\r\n\r\nab")
        second.send("POST /echo-field HTTP/1.1\r\nHost: y\r\nEcho: second\r\nContent-Length: 2\r\n\r\nxy")
        first.send("cde")
        #expect(second.responses().map(\.bodyText) == ["second:xy"])
        #expect(first.responses().map(\.bodyText) == ["first:abcde"])
        // And with the table still its own (no other head parsed), as the common case.
        first.send("POST /echo-field HTTP/1.1\r\nHost: x\r\nEcho: again\r\nContent-Length: 2\r\n\r\n1")
        first.send("2")
        #expect(first.responses().map(\.bodyText) == ["first:abcde", "again:12"])
    }

    @Test func requestTricklingInByteByByteIsAnswered() {
        let driver = ConnectionDriver()
        driver.readChunk = 1
        driver.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(driver.responses().map(\.bodyText) == ["abc"])
    }

    /// RFC 9110 §9.3.2: HEAD gets the GET headers, Content-Length included, and no body.
    @Test func headGetsHeadersWithoutBody() {
        let driver = ConnectionDriver()
        driver.send("HEAD /fixed HTTP/1.1\r\nHost: x\r\n\r\nGET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        let responses = driver.responses(headRequests: [0])
        #expect(responses.count == 2)
        #expect(responses[0].header("Content-Length") == "11")
        #expect(responses[0].body.isEmpty)
        #expect(responses[1].bodyText == "fixed body\n")
    }

    /// RFC 9112 §9.3: HTTP/1.0 closes unless the client asked for keep-alive.
    @Test func http10ClosesByDefault() {
        let driver = ConnectionDriver()
        driver.send("GET /fixed HTTP/1.0\r\n\r\n")
        #expect(driver.responses().first?.header("Connection") == "close")
        #expect(driver.closed)
    }

    @Test func http10KeepAliveIsHonoured() {
        let driver = ConnectionDriver()
        driver.send("GET /fixed HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(driver.responses().first?.header("Connection") == "keep-alive")
        #expect(!driver.closed)
    }

    /// RFC 9112 §9.6: "close" ends the connection after the response; nothing after it is
    /// processed, and unread bytes make the close a lingering one.
    @Test func connectionCloseStopsProcessing() {
        let driver = ConnectionDriver()
        driver.send("GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(driver.responses().count == 1)
        #expect(driver.shutDown)
        driver.closeClient()
        #expect(driver.closed)
    }

    @Test func nothingAfterAFramingErrorIsProcessed() {
        let driver = ConnectionDriver()
        driver.send(
            "GET /a HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n"
        )
        let responses = driver.responses()
        #expect(responses.map(\.status) == [400])
        #expect(driver.shutDown)
    }

    /// RFC 9110 §10.1.1: 100 Continue goes out before the body is read.
    @Test func expectContinueGetsAnInterimResponse() {
        let driver = ConnectionDriver()
        driver.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(driver.responses().map(\.status) == [100])
        driver.send("body")
        #expect(driver.responses().map(\.status) == [100, 200])
        #expect(driver.responses().last?.bodyText == "body")
    }

    /// RFC 9110 §10.1.1: a refused body gets the final status instead of 100.
    @Test func expectContinueWithTooLargeBodyGets413Only() {
        let driver = ConnectionDriver()
        driver.send("POST /echo HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n")
        #expect(driver.responses().map(\.status) == [413])
    }

    /// RFC 9110 §15.5.9: an incomplete request past the read deadline gets 408 and a close.
    @Test func slowRequestGets408() {
        var configuration = HTTPServer.Configuration()
        configuration.requestReadTimeout = .milliseconds(500)
        let driver = ConnectionDriver(configuration: configuration)
        driver.send("GET / HTTP/1.1\r\nHo")
        driver.advance(milliseconds: 400)
        #expect(driver.sent.isEmpty)
        driver.advance(milliseconds: 200)
        #expect(driver.responses().map(\.status) == [408])
        #expect(driver.shutDown)
    }

    @Test func idleConnectionClosesSilentlyAndHoldsNoBuffers() {
        var configuration = HTTPServer.Configuration()
        configuration.idleTimeout = .milliseconds(300)
        let driver = ConnectionDriver(configuration: configuration)
        driver.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        let holdsInput = driver.connection.input.isAllocated
        let holdsOutput = driver.connection.output.isAllocated
        #expect(!holdsInput)
        #expect(!holdsOutput)
        let sentBefore = driver.sent.count
        driver.advance(milliseconds: 400)
        #expect(driver.closed)
        #expect(driver.sent.count == sentBefore)
    }

    @Test func stalledWriterIsDroppedAfterTheWriteTimeout() {
        var configuration = HTTPServer.Configuration()
        configuration.writeTimeout = .milliseconds(300)
        let driver = ConnectionDriver(configuration: configuration)
        driver.writeChunk = 0
        driver.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(!driver.closed)
        driver.advance(milliseconds: 400)
        #expect(driver.closed)
    }

    @Test func maxRequestsPerConnectionClosesTheLastOne() {
        var configuration = HTTPServer.Configuration()
        configuration.maxRequestsPerConnection = 2
        let driver = ConnectionDriver(configuration: configuration)
        driver.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(driver.responses().map { $0.header("Connection") } == [nil, "close"])
        #expect(driver.closed)
    }

    @Test func drainClosesIdleAndFinishesInFlight() {
        let idle = ConnectionDriver()
        idle.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        idle.connection.beginDrain()
        idle.run()
        // Half-closed at once, closed when the client closes: nothing it sends is reset.
        #expect(idle.shutDown)
        #expect(!idle.closed)
        idle.closeClient()
        #expect(idle.closed)

        let busy = ConnectionDriver()
        busy.send("GET /a HTTP/1.1\r\nHost: x\r\n")
        busy.connection.beginDrain()
        busy.run()
        #expect(!busy.closed)
        busy.send("\r\n")
        #expect(busy.responses().first?.header("Connection") == "close")
        #expect(busy.shutDown)
        busy.closeClient()
        #expect(busy.closed)
    }

    @Test func drainReadsWhatAnIdleConnectionAlreadyHolds() {
        let driver = ConnectionDriver()
        driver.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        // The next request reached the socket, but no readiness event was handled yet.
        driver.pending = Array("GET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        driver.connection.beginDrain()
        driver.run()
        let responses = driver.responses()
        #expect(responses.map(\.bodyText) == ["GET /a query=", "GET /b query="])
        #expect(responses.last?.header("Connection") == "close")
        #expect(driver.shutDown)
    }

    @Test func aWriteTimeoutAsksForAReset() {
        var configuration = HTTPServer.Configuration()
        configuration.writeTimeout = .milliseconds(100)
        let driver = ConnectionDriver(configuration: configuration)
        driver.writeChunk = 0
        driver.send("GET /a HTTP/1.1\r\nHost: x\r\n\r\n")
        let resets = driver.connection.resetOnClose
        #expect(!resets)
        driver.advance(milliseconds: 150)
        #expect(driver.closed)
        #expect(driver.resetRequested)
    }

    @Test func pipelinedOutputIsBoundedWhileTheClientDoesNotRead() {
        let driver = ConnectionDriver()
        driver.writeChunk = 0
        let request = "GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n"
        driver.send(String(repeating: request, count: 5000))
        #expect(driver.connection.output.readableCount <= Int(Connection.outputHighWater) + 1024)
        driver.writeChunk = .max
        driver.connection.markReadable()
        driver.run()
        #expect(driver.responses().count == 5000)
    }

    @Test func clientHalfCloseAfterPipelinedRequestsStillGetsAnswers() {
        let driver = ConnectionDriver()
        driver.pending = Array("GET /a HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n".utf8)
        driver.closeClient()
        #expect(driver.responses().count == 2)
        #expect(driver.closed)
    }
}

extension ConnectionTests {
    @Test func lingeringCloseEndsAtItsDeadline() {
        var configuration = HTTPServer.Configuration()
        configuration.requestReadTimeout = .milliseconds(200)
        let driver = ConnectionDriver(configuration: configuration)
        driver.send("GET / HTTP/1.1\nHost: x\r\n\r\n")
        #expect(driver.shutDown)
        #expect(!driver.closed)
        driver.advance(milliseconds: 250)
        #expect(driver.closed)
    }
}

extension ConnectionTests {
    /// A partial request left waiting behind a slowly read response still has a deadline.
    @Test func partialRequestBehindABlockedWriteStillTimesOut() {
        var configuration = HTTPServer.Configuration()
        configuration.requestReadTimeout = .milliseconds(500)
        configuration.writeTimeout = .seconds(60)
        let driver = ConnectionDriver(configuration: configuration)
        driver.writeChunk = 0
        driver.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\nGET /next HTTP/1.1\r\n")
        driver.advance(milliseconds: 400)
        driver.writeChunk = .max
        driver.connection.markReadable()
        driver.run()
        #expect(driver.responses().map(\.status) == [200])
        driver.advance(milliseconds: 600)
        #expect(driver.responses().map(\.status) == [200, 408])
    }

    /// RFC 9112 §7.1: one-byte chunks cost six bytes of framing each; the buffer keeps only the
    /// decoded body plus one partial chunk.
    @Test func tinyChunksDoNotInflateTheBuffer() {
        let driver = ConnectionDriver()
        driver.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<1000 {
            driver.send("1\r\nA\r\n")
        }
        #expect(driver.connection.input.readableCount < 80 + 1000 + 16)
        driver.send("0\r\n\r\n")
        #expect(driver.responses().first?.status == 200)
        #expect(driver.responses().first?.body == Array(repeating: UInt8(ascii: "A"), count: 1000))
    }
}

extension Connection.Action {
    var isClose: Bool {
        if case .close = self { return true }
        return false
    }
}
