import Glibc
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
            #expect(Int(driver.connection.output.writableCount) < 64 * 1024)
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

    /// A body of 16 KiB or more lives in the body file (sent with `sendfile`), a smaller one
    /// in ordinary memory; both hold exactly the bytes given.
    @Test func largeBodiesLiveInTheBodyFile() throws {
        let pattern = (0..<20_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let large = PreparedResponse(status: .ok, headers: [], body: pattern)
        let small = PreparedResponse(status: .ok, headers: [], body: Array(pattern[0..<1000]))
        #expect(BodyFile.shared != nil)
        #expect(large.bodyFileOffset != nil)
        #expect(small.bodyFileOffset == nil)
        #expect(Array(copying: large.body) == pattern)
        #expect(Array(copying: small.body) == Array(pattern[0..<1000]))
        #expect(large.memoryCost >= 20_000 + large.headCount)
        // The file holds the same bytes at the offset a connection sends from.
        let file = try #require(BodyFile.shared)
        let offset = try #require(large.bodyFileOffset)
        var read = [UInt8](repeating: 0, count: pattern.count)
        let count = read.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        #expect(count == pattern.count)
        #expect(read == pattern)
    }

    /// Over a real socket with a small receive buffer (so `sendfile` sends in pieces and
    /// blocks), a file-backed body arrives whole and in order, between a HEAD of it and the
    /// next response.
    @Test func aFileBackedBodyArrivesWholeOverASocket() throws {
        let server = try LoopbackServer()
        let client = try RawClient(port: server.port, receiveBuffer: 4096)
        client.send(
            "HEAD /medium HTTP/1.1\r\nHost: x\r\n\r\nGET /medium HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        client.read(seconds: 20) { _ in client.responses(headRequests: [0]).count == 3 }
        let parsed = client.responses(headRequests: [0])
        #expect(parsed.count == 3)
        #expect(parsed.first?.header("Content-Length") == "200000")
        #expect(parsed.first?.body.isEmpty == true)
        #expect(parsed.dropFirst().first?.body == (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
        #expect(parsed.last?.bodyText == "fixed body\n")
        try server.stop()
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
        let budget = ByteBudget(bytes: 1000)
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
        let budget = ByteBudget(bytes: 4096)
        let driver = ConnectionDriver(bodyBudget: budget)
        driver.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nab")
        #expect(budget.remaining == 4096 - 1024)
        driver.closeClient()
        #expect(driver.closed)
        #expect(budget.remaining == 4096)
    }

    /// A client that stops reading a large shared answer charges the unread-answer budget once
    /// it blocks; while the budget is spent a large answer is refused with 503 and a close, a
    /// small one on a fresh connection (a probe) still goes out, and once the client reads, the
    /// budget is whole again.
    @Test func unreadAnswersSpendTheirBudgetUntilRead() throws {
        let budget = ByteBudget(bytes: 64 << 10)
        let application = EchoApplication()
        let reader = ConnectionDriver(application: application, unreadBudget: budget)
        reader.writeChunk = 0
        reader.send("GET /medium HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(budget.remaining < 0)

        let other = ConnectionDriver(application: application, unreadBudget: budget)
        other.send("GET /medium HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = try #require(other.responses().first)
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.header("Connection") == "close")
        #expect(refused.bodyText.contains("unread answers"))

        let probe = ConnectionDriver(application: application, unreadBudget: budget)
        probe.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\nGET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        // The first small answer goes out; the one queued behind it on the same connection is refused.
        #expect(probe.responses().map(\.status) == [200, 503])

        reader.writeChunk = .max
        reader.run()
        #expect(reader.responses().first?.body.count == 200_000)
        #expect(budget.remaining == 64 << 10)
        let later = ConnectionDriver(unreadBudget: budget)
        later.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(later.responses().map(\.status) == [200])
    }

    /// Many clients that do not read the same shared answer hold one copy, so it is charged
    /// once, and given back when the last of them lets go.
    @Test func aSharedUnreadAnswerIsChargedOnce() {
        let budget = ByteBudget(bytes: 4 << 20)
        var readers: [ConnectionDriver] = []
        // One application, so one response; `Connection: close`, so each sends from the
        // response itself rather than from its loop's dated copy (each test driver is a loop of
        // its own).
        let application = EchoApplication()
        for _ in 0..<3 {
            let reader = ConnectionDriver(application: application, unreadBudget: budget)
            reader.writeChunk = 0
            reader.send("GET /medium HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            readers.append(reader)
        }
        let charged = (4 << 20) - budget.remaining
        #expect(charged >= 200_000 && charged < 2 * 200_000)
        readers[0].dropClient()
        readers[1].dropClient()
        // The third still holds the body; the two gave back only their own heads.
        let stillCharged = (4 << 20) - budget.remaining
        #expect(stillCharged >= 200_000 && stillCharged > charged - 1024)
        // The third stops reading until the write timeout: reset, and the charge comes back.
        readers[2].advance(milliseconds: readers[2].context.writeTimeout + 1)
        #expect(readers[2].resetRequested)
        #expect(budget.remaining == 4 << 20)
    }

    /// Output copied into a connection's buffer counts too, for as long as it is unread.
    @Test func copiedUnreadOutputIsCharged() {
        let budget = ByteBudget(bytes: 1 << 20)
        let driver = ConnectionDriver(unreadBudget: budget)
        driver.writeChunk = 0
        driver.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\nGET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        let queued = driver.connection.output.readableCount
        #expect(queued > 0)
        #expect(budget.remaining == (1 << 20) - queued)
        driver.writeChunk = 10
        driver.run()
        #expect(driver.responses().count == 2)
        #expect(budget.remaining == 1 << 20)
    }

    /// One client's share: its unread answers refuse its next request while the budget as a
    /// whole still has room for others.
    @Test func oneClientSpendsOnlyItsShare() throws {
        let budget = ByteBudget(bytes: 4 << 20, perClient: 100_000)
        var configuration = HTTPServer.Configuration()
        configuration.maxUnreadAnswerBytes = 4 << 20
        configuration.maxUnreadAnswerBytesPerClient = 100_000
        let reader = ConnectionDriver(configuration: configuration, unreadBudget: budget)
        reader.writeChunk = 0
        reader.send("GET /medium HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(budget.remaining > 3 << 20)
        // Every test connection is the same client (its socket has no peer).
        let same = ConnectionDriver(configuration: configuration, unreadBudget: budget)
        same.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(same.responses().map(\.status) == [503])
        reader.dropClient()
        let after = ConnectionDriver(configuration: configuration, unreadBudget: budget)
        after.send("GET /large HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(after.responses().map(\.status) == [200])
    }
}
