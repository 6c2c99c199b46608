import Foundation
import Glibc
import TestSupport
import Testing

@testable import HTTPCore

// The limit guards against a hang, not a speed. On two cores, in the whole suite, these tests
// waited past a minute behind the others (all 16 loopback tests timed out in a 323 s run, though
// the suite alone takes 12 s), so the guard is five minutes.
/// Answers computed off the loop (``HTTPResponse/deferred(holding:reserving:_:)``), over loopback, with
/// one loop and one worker thread: the test decides when each deferred answer finishes.
@Suite(.timeLimit(.minutes(5))) struct DeferredAnswerTests {
    private static func makeServer(
        configure: @escaping (inout HTTPServer.Configuration) -> Void = { _ in }
    ) throws -> LoopbackServer {
        try LoopbackServer { configuration in
            configuration.threads = 1
            configuration.answerThreads = 1
            configuration.maxQueuedAnswers = 1
            configure(&configuration)
        }
    }

    /// Reads for a moment and returns what arrived: the absence of an answer, checked.
    private static func quietResponses(_ client: RawClient) -> [ParsedResponse] {
        client.read(seconds: 0.2) { !$0.isEmpty }
    }

    /// While a deferred answer is computed, the same loop answers another client at once, and
    /// the deferred answer follows when its work is done.
    @Test func theLoopAnswersOthersWhileAnAnswerIsComputed() throws {
        let server = try Self.makeServer()
        let slow = try RawClient(port: server.port)
        slow.send("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("a worker computes the answer") { server.application.deferredStartedCount == 1 }
        let quick = try RawClient(port: server.port)
        quick.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        let answered = quick.read { $0.count == 1 }
        #expect(answered.first?.status == 200)
        #expect(answered.first?.bodyText == "fixed body\n")
        #expect(Self.quietResponses(slow).isEmpty)
        server.application.finishDeferred()
        let deferred = slow.read { $0.count == 1 }
        #expect(deferred.first?.status == 200)
        #expect(deferred.first?.bodyText == "deferred GET query=")
        #expect(deferred.first?.header("Content-Length") == "19")
    }

    /// With the worker busy and the queue full, the next deferred answer is refused at once with
    /// `503` and `Retry-After`, in the engine's JSON; those already accepted are still answered.
    @Test func aFullQueueGets503WithRetryAfter() throws {
        let server = try Self.makeServer()
        let running = try RawClient(port: server.port)
        running.send("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("the worker is busy") { server.application.deferredStartedCount == 1 }
        let queued = try RawClient(port: server.port)
        queued.send("GET /deferred?second HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("the second answer is queued") { server.application.deferredAskedCount == 2 }
        let refused = try RawClient(port: server.port)
        refused.send("GET /deferred?third HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = refused.read { $0.count == 1 }
        #expect(answer.first?.status == 503)
        #expect(answer.first?.header("Retry-After") == "1")
        #expect(answer.first?.bodyText.contains("\"code\":\"service_unavailable\"") == true)
        #expect(refused.readToEnd())
        server.application.finishDeferred(2)
        #expect(running.read { $0.count == 1 }.first?.bodyText == "deferred GET query=")
        #expect(queued.read { $0.count == 1 }.first?.bodyText == "deferred GET query=second")
        #expect(server.application.deferredStartedCount == 2)
    }

    /// An answer whose connection was reset meanwhile is dropped when it comes back: the next
    /// client (on the slot the first one freed) gets its own answers and nothing else, and the
    /// memory the answer held is back in the budget.
    @Test func anAnswerForAClosedConnectionIsDropped() throws {
        let server = try Self.makeServer()
        let budget = server.server.control.bodyBudget
        let fullBudget = budget.remaining
        do {
            let gone = try RawClient(port: server.port)
            gone.send("GET /deferred?reserve=5000 HTTP/1.1\r\nHost: x\r\n\r\n")
            try waitUntil("a worker computes the answer") { server.application.deferredStartedCount == 1 }
            #expect(budget.remaining == fullBudget - 5000)
            var reset = linger(l_onoff: 1, l_linger: 0)
            setsockopt(gone.descriptor, SOL_SOCKET, SO_LINGER, &reset, socklen_t(MemoryLayout<linger>.size))
        }  // closed here, with a reset
        try waitUntil("the server closed the connection") { server.server.openConnections == 0 }
        let next = try RawClient(port: server.port)
        next.send("GET /fixed HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(next.read { $0.count == 1 }.count == 1)
        server.application.finishDeferred()
        try waitUntil("the answer was computed and its memory given back") {
            server.application.deferredFinishedCount == 1 && budget.remaining == fullBudget
        }
        next.send("GET /after HTTP/1.1\r\nHost: x\r\n\r\n")
        let responses = next.read { $0.count == 2 }
        #expect(responses.map(\.bodyText) == ["fixed body\n", "GET /after query="])
        #expect(Self.quietResponses(next).count == 2)
    }

    /// Requests pipelined behind a deferred one wait in the buffer, and are answered after it,
    /// in order; a `HEAD` answer computed off the loop carries no body.
    @Test func pipelinedRequestsAreAnsweredInOrderAfterIt() throws {
        let server = try Self.makeServer()
        let client = try RawClient(port: server.port)
        client.send(
            "GET /deferred?first HTTP/1.1\r\nHost: x\r\n\r\nGET /a HTTP/1.1\r\nHost: x\r\n\r\n"
                + "HEAD /deferred?head HTTP/1.1\r\nHost: x\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("a worker computes the first answer") { server.application.deferredStartedCount == 1 }
        #expect(Self.quietResponses(client).isEmpty)
        server.application.finishDeferred(2)
        client.read { $0.count == 4 }
        let responses = client.responses(headRequests: [2])
        #expect(responses.map(\.status) == [200, 200, 200, 200])
        #expect(responses.map(\.bodyText) == ["deferred GET query=first", "GET /a query=", "", "GET /b query="])
        #expect(responses.count == 4 && responses[2].header("Content-Length") == "24")
    }

    /// A stop while an answer is computed waits for it: the client gets it, with
    /// `Connection: close`, and then the server finishes.
    @Test func theDrainWaitsForAnAnswerInProgress() throws {
        let server = try Self.makeServer()
        let client = try RawClient(port: server.port)
        client.send("GET /deferred HTTP/1.1\r\nHost: x\r\n\r\n")
        try waitUntil("a worker computes the answer") { server.application.deferredStartedCount == 1 }
        server.server.stop()
        #expect(Self.quietResponses(client).isEmpty)
        #expect(!server.hasFinished)
        server.application.finishDeferred()
        let answer = client.read { $0.count == 1 }
        #expect(answer.first?.status == 200)
        #expect(answer.first?.bodyText == "deferred GET query=")
        #expect(answer.first?.header("Connection") == "close")
        try waitUntil("run returned") { server.hasFinished }
    }

    /// An answer whose copies of the request do not fit the body budget is refused with `503`
    /// at once, never queued nor computed.
    @Test func anAnswerHoldingMoreThanTheBodyBudgetGets503AtOnce() throws {
        let server = try Self.makeServer { $0.maxBufferedBodyBytes = 64 << 10 }
        let refused = try RawClient(port: server.port)
        refused.send("GET /deferred?hold=100000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = refused.read { $0.count == 1 }
        #expect(answer.first?.status == 503)
        #expect(answer.first?.header("Retry-After") == "1")
        #expect(server.application.deferredAskedCount == 1)
        #expect(server.application.deferredStartedCount == 0)
        #expect(server.server.control.bodyBudget.remaining == 64 << 10)
    }

    /// An answer whose memory does not fit the body budget when a thread takes it is refused
    /// with the same `503` and never computed; one that fits is.
    @Test func anAnswerOverTheBodyBudgetGets503() throws {
        let server = try Self.makeServer { $0.maxBufferedBodyBytes = 64 << 10 }
        let refused = try RawClient(port: server.port)
        refused.send("GET /deferred?reserve=100000 HTTP/1.1\r\nHost: x\r\n\r\n")
        let answer = refused.read { $0.count == 1 }
        #expect(answer.first?.status == 503)
        #expect(answer.first?.header("Retry-After") == "1")
        #expect(server.application.deferredAskedCount == 1)
        let fits = try RawClient(port: server.port)
        fits.send("GET /deferred?reserve=60000 HTTP/1.1\r\nHost: x\r\n\r\n")
        server.application.finishDeferred()
        #expect(fits.read { $0.count == 1 }.first?.bodyText == "deferred GET query=reserve=60000")
        #expect(server.application.deferredStartedCount == 1)
        #expect(server.server.control.bodyBudget.remaining == 64 << 10)
    }
}
