import HTTPCore
import Synchronization

/// A test application: `POST /echo` takes up to 1 KiB and echoes it; `/fixed` serves a
/// prepared response; anything else describes the request it got.
final class EchoApplication: HTTPApplication {
    let fixed = PreparedResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: "fixed body\n")
    private let reloads = Atomic<Int>(0)

    var reloadCount: Int { reloads.load(ordering: .acquiring) }

    func bodyLimit(for request: borrowing HTTPRequest) -> Int {
        request.path.equals("/echo") ? 1024 : 0
    }

    func respond(to request: borrowing HTTPRequest) -> HTTPResponse {
        if request.path.equals("/fixed") { return .prepared(fixed) }
        if request.path.equals("/echo") {
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "application/octet-stream")], body: Array(request.body))
        }
        let description = "\(request.methodName.string) \(request.path.string) query=\(request.query.string)"
        return HTTPResponse(status: .ok, headers: [("Content-Type", "text/plain")], body: description)
    }

    func reload() {
        reloads.wrappingAdd(1, ordering: .releasing)
    }
}
