import JSON
import SpecStore

extension SourceReport {
    /// The JSON Schema of ``json``, for the OpenAPI document of `GET /v1/sources`.
    package static let schema: JSONValue = {
        let optionalString: JSONValue = ["type": ["string", "null"]]
        let kinds = JSONValue.array(SourceFinding.Kind.allCases.map { .string($0.rawValue) })
        var counts = JSONObject()
        for kind in SourceFinding.Kind.allCases {
            counts.append(kind.rawValue, ["type": "integer", "minimum": 0])
        }
        let page: JSONValue = [
            "type": "object",
            "required": [
                "page", "url", "status", "httpStatus", "schemaVersion", "entityTag", "lastModified", "error",
                "findings",
            ],
            "properties": [
                "page": ["type": "string", "description": "The page's slug, e.g. layout."],
                "url": ["type": "string", "description": "The page JSON's URL as fetched."],
                "status": [
                    "type": "string",
                    "enum": .array(PageStatus.Status.allCases.map { .string($0.rawValue) }),
                ],
                "httpStatus": ["type": ["integer", "null"]],
                "schemaVersion": optionalString, "entityTag": optionalString, "lastModified": optionalString,
                "error": ["type": ["string", "null"], "description": "Why an unreadable page could not be read."],
                "findings": ["type": "integer", "minimum": 0],
            ],
        ]
        let finding: JSONValue = [
            "type": "object", "required": ["kind", "page", "anchor", "records", "before", "after", "message"],
            "properties": [
                "kind": ["type": "string", "enum": kinds],
                "page": ["type": "string"],
                "anchor": optionalString,
                "tab": ["type": "string", "description": "The tab of a table inside a tab navigator."],
                "records": ["type": "array", "items": ["type": "string"]],
                "before": ["type": ["string", "null"], "description": "What the store has."],
                "after": ["type": ["string", "null"], "description": "What the page has now."],
                "message": ["type": "string"],
            ],
        ]
        return [
            "type": "object",
            "required": [
                "checkedAt", "version", "versionDate", "base", "comparison", "result", "counts", "pages", "findings",
            ],
            "properties": [
                "checkedAt": ["type": "string", "description": "When the check ended, UTC (2026-12-03T07:28:37Z)."],
                "version": ["type": "string", "description": "The store version compared."],
                "versionDate": ["type": "string"],
                "base": ["type": "string", "description": "The scheme and host the pages were fetched from."],
                "comparison": ["type": "string", "description": "How text was compared."],
                "result": ["type": "string", "enum": .array(SourceWatchState.results.map { .string($0) })],
                "counts": ["type": "object", "properties": .object(counts)],
                "pages": ["type": "array", "items": page],
                "findings": ["type": "array", "items": finding],
            ],
        ]
    }()
}
