import JSON
import SpecFormats
import SpecStore

/// `GET /`: the routes in a few lines, as JSON for programs (``IndexPage`` is the page for browsers).
package enum IndexDocument {
    /// Every route but the index itself, as the route declarations give them.
    package static let routes: [(path: String, summary: String)] = Route.allCases.filter { $0 != .index }.map {
        ($0.endpoint.listedPath, $0.endpoint.summary)
    }

    package static func content(store: SpecStore) -> AnswerContent {
        let rows: [JSONValue] = routes.map { ["path": .string($0.path), "summary": .string($0.summary)] }
        let document: JSONValue = [
            "name": "HIG spec service",
            "description": "Apple Human Interface Guidelines figures as data, each with its status and citations.",
            "version": .string(store.versions.last?.id ?? ""),
            "formats": .array(Format.allCases.map { .string($0.rawValue) }),
            "routes": .array(rows),
        ]
        return .document(document, rows: rows)
    }
}
