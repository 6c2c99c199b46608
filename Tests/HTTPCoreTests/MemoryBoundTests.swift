import Testing

@testable import HTTPCore

/// Memory that follows the configuration, not the clients: shared prepared bodies and one
/// budget for buffered request bodies.
@Suite struct MemoryBoundTests {
    /// A client that does not read a 4 MiB prepared response costs its connection only the
    /// head: the body is sent from the response's own bytes.
    @Test func aLargePreparedBodyIsNotCopiedPerConnection() {
        let application = EchoApplication()
        var readers: [ConnectionDriver] = []
        for _ in 0..<3 {
            let driver = ConnectionDriver(application: application)
            driver.writeChunk = 0
            driver.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(driver.connection.output.readableCount < 1024)
            #expect(Int(driver.connection.output.writableBytes.count) < 64 * 1024)
            readers.append(driver)
        }
    }

    /// Sent in small pieces, the shared body still arrives whole and in order, and a
    /// pipelined request behind it is answered after it.
    @Test func aSharedBodyArrivesWholeThenTheNextResponse() {
        let driver = ConnectionDriver()
        driver.writeChunk = 65_000
        driver.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\nGET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        for _ in 0..<100 where driver.responses().count < 2 { driver.run() }
        let responses = driver.responses()
        #expect(responses.count == 2)
        #expect(responses.first?.body == [UInt8](repeating: 0x61, count: 4 << 20))
        #expect(responses.last?.bodyText == "fixed body\n")
    }

    /// HEAD of a large prepared response sends the head alone.
    @Test func headOfALargeResponseSendsNoBody() {
        let driver = ConnectionDriver()
        driver.send("HEAD /large HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(driver.responses(headRequests: [0]).first?.header("Content-Length") == "\(4 << 20)")
        #expect(driver.sent.count < 1024)
    }

    /// Bodies share one budget: a body that does not fit is refused with 503 and Retry-After
    /// before it is read; once the first body is answered, its bytes are free again.
    @Test func bodiesOverTheBudgetAreRefusedEarly() {
        let budget = BodyBudget(bytes: 1000)
        let first = ConnectionDriver(bodyBudget: budget)
        first.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 800\r\n\r\nabc")
        #expect(first.responses().isEmpty)
        #expect(budget.remaining == 200)

        let second = ConnectionDriver(bodyBudget: budget)
        second.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 800\r\n\r\nabc")
        let refused = second.responses()
        #expect(refused.map(\.status) == [503])
        #expect(refused.first?.header("Retry-After") == "1")
        #expect(refused.first?.header("Connection") == "close")

        first.send(String(repeating: "x", count: 797))
        #expect(first.responses().map(\.status) == [200])
        #expect(budget.remaining == 1000)

        let third = ConnectionDriver(bodyBudget: budget)
        third.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 800\r\n\r\n" + String(repeating: "y", count: 800))
        #expect(third.responses().map(\.status) == [200])
    }

    /// A connection that closes in the middle of its body gives its reservation back.
    @Test func anAbandonedBodyReturnsItsReservation() {
        let budget = BodyBudget(bytes: 4096)
        let driver = ConnectionDriver(bodyBudget: budget)
        driver.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")
        #expect(budget.remaining == 4096 - 1024)
        driver.closeClient()
        #expect(driver.closed)
        #expect(budget.remaining == 4096)
    }
}
