import SpecFormats

/// The parameters every data route shares, read and checked: format, shape, pretty, fragment,
/// flat and version, and a collection's paging, order, fields and words.
package struct RequestOptions: Equatable, Sendable {
    package enum Shape: String, CaseIterable, Sendable {
        case envelope, array
    }

    /// The format named by `format=`, or `nil` to negotiate from `Accept`.
    package var format: Format?
    package var shape = Shape.envelope
    package var pretty = false
    package var fragment = false
    package var flat = false
    /// The pinned store version, or `nil` for the latest.
    package var version: String?
    /// Paging, order and fields of a collection route's rows (API.md §6).
    package var rows = RowSelection()
    /// `q=` of a collection of records: words its rows must match (``CommonParameter/q``).
    package var words: String?

    /// The `format=` spellings accepted besides the format names.
    package static let formatAliases: [String: Format] = [
        "markdown": .md, "htm": .html, "text/csv": .csv, "application/json": .json, "text/html": .html,
        "text/markdown": .md, "dtcg": .tokens, "application/design-tokens+json": .tokens,
    ]

    /// The defaults: negotiated format, envelope, compact, latest version.
    package init() {}

    /// Reads the shared parameters of `query` for `route`, refusing names the route does not
    /// define and values outside each parameter's vocabulary.
    package init(query: QueryParameters, route: Route) throws(APIError) {
        let accepted = Self.parameterNames[route.position]
        for (name, value) in query.pairs {
            guard accepted.contains(name) else { throw APIError.unknownParameter(name, accepted: accepted) }
            // An empty value is a mistake (a form field left blank), not "no filter".
            guard value.utf8.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }) else {
                throw APIError(
                    status: 400, code: "empty_value", message: "'\(name)' is given without a value.",
                    hint: "Give \(name) a value, or leave it out.", parameter: name)
            }
            // A list of fields may name them all; every other value is short.
            let maximum = name == "fields" ? RowSelection.maximumFieldsLength : Self.maximumValueLength
            // Characters, not bytes, are counted; no value has more characters than bytes, so
            // most are let through without walking their characters.
            guard value.utf8.count <= maximum || value.count <= maximum else {
                throw APIError(
                    status: 400, code: "value_too_long",
                    message: "'\(name)' is longer than \(maximum) characters.",
                    hint: "Shorten the value of \(name).", parameter: name)
            }
        }
        if let raw = query["format"] {
            let key = raw.lowercased()
            guard let format = Format.named(key) ?? Self.formatAliases[key] else {
                throw APIError.unknownValue("format", raw, accepted: route.formats.map(\.rawValue))
            }
            // A format this route cannot produce is a 406 listing those it can (API.md §1).
            guard route.formats.contains(format) else { throw APIError.notAcceptable(producible: route.formats) }
            self.format = format
        }
        if let raw = query["shape"] {
            guard let shape = Shape(rawValue: raw.lowercased()) else {
                throw APIError.unknownValue("shape", raw, accepted: Shape.allCases.map(\.rawValue))
            }
            self.shape = shape
        }
        pretty = try Self.flag("pretty", query)
        fragment = try Self.flag("fragment", query)
        flat = try Self.flag("flat", query)
        version = query["version"].flatMap(Self.pinnedVersion)
        rows = try RowSelection(query: query)
        // Only where `q` is the common parameter: on `/v1/search` it is the route's own filter.
        if route.endpoint.common.contains(.q) { words = query["q"] }
    }

    /// Each route's parameter names (``Route/parameters``), by raw value: listed once, not
    /// joined from the route's declaration for every request.
    private static let parameterNames = Route.allCases.map(\.parameters)

    /// The name that stands for the newest store version wherever a version is accepted.
    package static let latestVersionName = "latest"

    /// The version `raw` pins, or `nil` for `latest`: a script that asks for the newest version
    /// by name gets the same answer, cached the same way, as one that names none (the answer
    /// changes on reload, so it is not marked immutable).
    package static func pinnedVersion(_ raw: String) -> String? {
        raw.trimmingSpaces.lowercased() == latestVersionName ? nil : raw
    }

    /// The longest value any parameter takes (the OpenAPI document says the same).
    package static let maximumValueLength = 200

    package static let trueSpellings: Set<String> = ["true", "1", "yes", "on"]
    package static let falseSpellings: Set<String> = ["false", "0", "no", "off"]

    private static func flag(_ name: String, _ query: QueryParameters) throws(APIError) -> Bool {
        guard let raw = query[name] else { return false }
        let key = raw.lowercased()
        if trueSpellings.contains(key) { return true }
        if falseSpellings.contains(key) { return false }
        throw APIError.unknownValue(name, raw, accepted: ["true", "false"])
    }
}
