import JSON
import SpecAPI
import SpecFormats
import SpecStore
import TestSupport
import Testing

/// What the API answered to a request target: the answer, or the error a client would get.
struct APIAnswer {
    var status: Int
    var body: [UInt8]
    /// The answer's media type; `nil` for an error (always JSON).
    var contentType: String?
    var notes: [String] = []
    var links: [(name: String, value: String)] = []

    var text: String { String(decoding: body, as: UTF8.self) }
    var json: JSONValue? { try? JSONValue.parse(body) }
}

/// The methods the API answers: GET, and POST on a route that takes a body (the check).
enum APIMethod {
    case get
    case post
}

/// Answers a request through the API alone, as a server does before HTTP: the path routed, the
/// query read and decoded once, the format it names (else the route's first), the answer made
/// (a POST's body judged). No socket, no cache, no negotiation of `Accept`.
struct APIHarness {
    /// The store answering.
    let store: SpecStore
    /// Its field catalogues, kept across requests as a server keeps them.
    let catalogues: FieldCatalogues

    /// The harness of the repository's data file, made once for the whole run.
    static let shared = APIHarness(store: ShippedStore.store)

    init(store: SpecStore) {
        self.store = store
        self.catalogues = FieldCatalogues(store: store)
    }

    /// Asks this harness each target in turn, and a harness that has kept nothing, expecting the
    /// same status and bytes from both: what a server keeps between requests never changes an
    /// answer. The harness to compare with is `fresh`'s for the target, by default a new one of
    /// the same store (what a store's snapshots keep, every harness of the store shares). This
    /// harness's answers, in order.
    func answersBesideAFreshServer(
        _ targets: [String], fresh: ((String) throws -> APIHarness)? = nil
    ) rethrows -> [APIAnswer] {
        try targets.map { target in
            let kept = request(.get, target)
            let other = try fresh?(target) ?? APIHarness(store: store)
            let fresh = other.request(.get, target)
            #expect(kept.status == fresh.status, "\(target)")
            #expect(kept.text == fresh.text, "\(target)")
            return kept
        }
    }

    func request(_ method: APIMethod = .get, _ target: String, body: [UInt8] = []) -> APIAnswer {
        let path = String(target.prefix { $0 != "?" })
        let queryText = target.dropFirst(path.count + 1)
        do throws(APIError) {
            guard let (route, parameter) = Route.match(path: path) else { throw APIError.notFound(path: path) }
            let query: QueryParameters
            do {
                query = try QueryParameters(parsing: Array(queryText.utf8)).droppingBlankFormFields()
            } catch {
                throw APIError.badQuery(error)
            }
            let options = try RequestOptions(query: query, route: route)
            let format = options.format ?? route.formats.first ?? .json
            if method == .post {
                guard route.endpoint.acceptsPost else {
                    throw APIError.methodNotAllowed("POST", path: path, allow: route.allow)
                }
                let embed = try CheckBatch.embedsFigure(query["embed"])
                let answer = try RouteAnswer.check(
                    store: store, body: body, format: format, options: options, embed: embed)
                return APIAnswer(
                    status: 200, body: answer.body, contentType: answer.contentType, notes: answer.notes)
            }
            let asked = RouteParameters(
                route: route, parameter: parameter, query: query, options: options, format: format)
            let answer = try RouteAnswer.make(
                store: store, openAPI: OpenAPIDocument.make(store: store, bodyLimit: "1 MiB"), route: route,
                parameter: parameter, filters: asked.filters, decoded: asked.decoded, options: options,
                format: format, query: query.pairs, catalogues: catalogues)
            return APIAnswer(
                status: 200, body: answer.body, contentType: answer.contentType, notes: answer.notes,
                links: answer.links)
        } catch {
            return APIAnswer(status: error.status, body: error.body, contentType: nil)
        }
    }
}
