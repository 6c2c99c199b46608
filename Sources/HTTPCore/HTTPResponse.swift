/// What ``HTTPApplication/respond(to:)`` returns: a ``PreparedResponse`` served as is, or a
/// response the engine serialises now.
public struct HTTPResponse {
    enum Storage {
        case prepared(PreparedResponse)
        case dynamic(status: HTTPStatus, headers: [(name: String, value: String)], body: [UInt8])
    }

    let storage: Storage

    /// Serves prebuilt bytes: the fast path, with no allocation in the engine.
    public static func prepared(_ response: PreparedResponse) -> HTTPResponse {
        HTTPResponse(storage: .prepared(response))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// A response serialised for this request, with an exact `Content-Length`.
    ///
    /// `Date`, `Content-Length`, `Connection` and `Transfer-Encoding` fields in `headers` are
    /// ignored (the engine writes its own), as is a body on a status that forbids one. Fields
    /// whose name or value contains CR, LF or NUL are dropped, so no value can split the
    /// response.
    public init(status: HTTPStatus, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.storage = .dynamic(status: status, headers: headers, body: body)
    }

    /// A dynamic response whose body is the UTF-8 of `body`.
    public init(status: HTTPStatus, headers: [(name: String, value: String)] = [], body: String) {
        self.init(status: status, headers: headers, body: Array(body.utf8))
    }

    /// The number of content bytes.
    var bodyCount: Int {
        switch storage {
        case .prepared(let response): response.bodyCount
        case .dynamic(_, _, let body): body.count
        }
    }

    /// The status the response carries.
    public var status: HTTPStatus {
        switch storage {
        case .prepared(let response): response.status
        case .dynamic(let status, _, _): status
        }
    }
}
