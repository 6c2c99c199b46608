import Dispatch
import Glibc
import HTTPCore
import Synchronization

/// A test application: `POST /echo` takes up to 1 KiB and echoes it; `/fixed` serves a
/// prepared response; `/hold` keeps its loop busy until ``release()`` (so tests can queue
/// work behind it); `/deferred?reserve=N` (or `?hold=N`) is answered off the loop, reserving
/// (or holding) `N` bytes of the body budget, once ``finishDeferred(_:)`` lets it; anything else describes the request it got.
final class EchoApplication: HTTPApplication {
    let fixed = PreparedResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: "fixed body\n")
    /// 4 MiB, more than loopback socket buffers hold: a client that does not read stalls it.
    let large = PreparedResponse(
        status: .ok, headers: [("Content-Type", "application/octet-stream")],
        body: [UInt8](repeating: 0x61, count: 4 << 20))
    /// 200 KB of a repeating pattern: kept in the body file and sent with `sendfile`.
    let medium = PreparedResponse(
        status: .ok, headers: [("Content-Type", "application/octet-stream")],
        body: (0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
    private let reloads = Atomic<Int>(0)
    private let holding = Atomic<Bool>(false)
    private let released = Atomic<Bool>(false)

    /// Whether a `/hold` request is keeping its loop busy right now.
    var isHolding: Bool { holding.load(ordering: .acquiring) }

    /// Lets every `/hold` request (current and future) finish.
    func release() { released.store(true, ordering: .releasing) }

    var reloadCount: Int { reloads.load(ordering: .acquiring) }

    /// What deferred answers wait on: one signal lets one finish.
    private let deferredGate = DispatchSemaphore(value: 0)
    private let deferredAsked = Atomic<Int>(0)
    private let deferredStarted = Atomic<Int>(0)
    private let deferredFinished = Atomic<Int>(0)

    /// `/deferred` requests answered with a deferred answer so far (on the loop).
    var deferredAskedCount: Int { deferredAsked.load(ordering: .acquiring) }
    /// Deferred answers a worker thread has started computing.
    var deferredStartedCount: Int { deferredStarted.load(ordering: .acquiring) }
    /// Deferred answers computed and handed back.
    var deferredFinishedCount: Int { deferredFinished.load(ordering: .acquiring) }

    /// Lets `count` deferred answers (running or still to come) finish.
    func finishDeferred(_ count: Int = 1) {
        for _ in 0..<count { deferredGate.signal() }
    }

    func bodyLimit(for request: borrowing HTTPRequest) -> Int {
        request.path.equals("/echo") || request.path.equals("/echo-field") ? 1024 : 0
    }

    func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
        if request.path.equals("/fixed") { return .prepared(fixed) }
        if request.path.equals("/medium") { return .prepared(medium) }
        if request.path.equals("/large") {
            return .prepared(large)
        }
        if request.path.equals("/dynamic-medium") {
            // 300 KB serialised per request: written from the connection's output, not a file.
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "application/octet-stream")],
                body: [UInt8](repeating: 0x62, count: 300_000))
        }
        if request.path.equals("/hold") {
            holding.store(true, ordering: .releasing)
            // Waits on the test's condition, with a deadline so a failing test cannot hang.
            var waited = 0
            while !released.load(ordering: .acquiring) && waited < 20_000 {
                usleep(1000)
                waited += 1
            }
            holding.store(false, ordering: .releasing)
            return .prepared(fixed)
        }
        if request.path.equals("/deferred") {
            let query = request.query.string
            let reserve = query.hasPrefix("reserve=") ? Int(query.dropFirst(8)) ?? 0 : 0
            let hold = query.hasPrefix("hold=") ? Int(query.dropFirst(5)) ?? 0 : 0
            let description = "deferred \(request.methodName.string) query=\(query)"
            deferredAsked.wrappingAdd(1, ordering: .releasing)
            return .deferred(holding: hold, reserving: reserve) { [self] in
                deferredStarted.wrappingAdd(1, ordering: .releasing)
                // A deadline, so a failing test cannot hang a worker for ever.
                _ = deferredGate.wait(timeout: .now() + 20)
                deferredFinished.wrappingAdd(1, ordering: .releasing)
                return HTTPResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: description)
            }
        }
        if request.path.equals("/echo-field") {
            // The `Echo` field, then the body: what answers it read from the field table.
            let field = request.headers["Echo"]?.string ?? "-"
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/plain")],
                body: Array((field + ":").utf8) + Array(request.body))
        }
        if request.path.equals("/echo") {
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "application/octet-stream")], body: Array(request.body))
        }
        let description = "\(request.methodName.string) \(request.path.string) query=\(request.query.string)"
        return HTTPResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: description)
    }

    /// Makes ``reload()`` wait until ``release()``, as a reload stuck on a file would.
    let reloadsWait = Atomic<Bool>(false)
    private let reloading = Atomic<Bool>(false)

    /// Whether a reload is running right now.
    var isReloading: Bool { reloading.load(ordering: .acquiring) }

    func reload() {
        reloading.store(true, ordering: .releasing)
        var waited = 0
        while reloadsWait.load(ordering: .acquiring) && !released.load(ordering: .acquiring) && waited < 20_000 {
            usleep(1000)
            waited += 1
        }
        reloads.wrappingAdd(1, ordering: .releasing)
        reloading.store(false, ordering: .releasing)
    }
}
