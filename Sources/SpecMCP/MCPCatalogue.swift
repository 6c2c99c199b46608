import JSON
import SpecAPI
import SpecFormats
import SpecStore

/// The MCP tools and resources of one loaded store, derived from the route declarations and the
/// OpenAPI document built from them: a tool's `inputSchema` is its route's parameters (the same
/// names, enumerations and patterns as `/openapi.json`), its `outputSchema` the route's JSON
/// schema with the record schemas it names under `$defs`.
///
/// Nothing here lists routes: a route declared with a ``Endpoint/Tool`` gets its tool, and a
/// record route (`/v1/…/{id}`) is read by `get_record` and listed as a resource template.
package struct MCPCatalogue: Sendable {
    /// A tool and what calling it runs.
    package struct Tool: Sendable {
        package var name: String
        /// The route it answers as; `nil` for `get_record`, which picks the record route by id.
        package var route: Route?
        package var input: Endpoint.Tool.Input
        /// The argument names the tool takes (its `inputSchema`'s properties).
        package var arguments: Set<String>
        /// The fields a collection tool keeps when neither `fields` nor `detail` is given: every
        /// field but the provenance detail (``MCPCatalogue/detailFields``: `since`, `seen`,
        /// `asPublished`, …); `nil` for a tool that answers whole.
        package var leadFields: String? = nil
        /// The declaration `tools/list` carries.
        package var declaration: JSONValue
        /// The kind of each argument that is a field of the route's store filter
        /// (``FilterField``): read as a JSON value of that kind, a number as a JSON number.
        package var fieldKinds: [String: FilterKind] = [:]
    }

    /// The tools in `tools/list` order: the routes' order, `get_record` after the collections.
    package let tools: [Tool]
    /// `tools/list`'s `tools` array, serialized once.
    package let toolsJSON: [UInt8]
    /// `resources/list`'s `resources`: every collection a route lists without a required filter.
    package let resources: JSONValue
    /// `resources/templates/list`'s `resourceTemplates`: every record route.
    package let resourceTemplates: JSONValue
    /// The record route of each id prefix (`device` → `/v1/devices/{id}`), for `get_record`.
    package let recordRoutes: [String: Route]

    /// The URI scheme of the resources: `hig://v1/devices` is `GET /v1/devices`.
    package static let scheme = "hig:/"

    /// The name of the tool that reads any record by id.
    package static let recordToolName = "get_record"

    /// Common parameters that choose a representation other than the route's JSON; a tool's
    /// result is always that JSON, so no tool takes them.
    package static let representationParameters: Set<String> = ["format", "shape", "pretty", "fragment", "flat"]

    package init(store: SpecStore, openAPI: JSONValue) {
        let paths = openAPI["paths"]?.objectValue ?? JSONObject()
        let recordRouteList = Route.allCases.filter(Self.isRecordRoute)
        let latest = store.latest

        var recordRoutes: [String: Route] = [:]
        for route in recordRouteList {
            for id in route.endpoint.pathParameter?.values(latest) ?? [] {
                if let prefix = id.split(separator: ".").first, recordRoutes[String(prefix)] == nil {
                    recordRoutes[String(prefix)] = route
                }
            }
        }
        self.recordRoutes = recordRoutes

        var tools: [Tool] = []
        for route in Route.allCases {
            guard let declared = route.endpoint.tool, paths[route.template] != nil else { continue }
            var properties: [(String, JSONValue)] = []
            var required: [String] = []
            if declared.input == .postBody {
                // The POST's body (an array of what the GET takes for one measurement) and the
                // parameters that are not a measurement's.
                // A complication check's members are an item's too (a batch item naming a family
                // or case is one).
                let members = route.endpoint.filters.filter { parameter in
                    CheckBatch.members.contains(parameter.name)
                        || ComplicationCheck.parameters.contains { $0.name == parameter.name }
                }
                var item = JSONObject([("type", "object")])
                item.append(
                    "properties",
                    .object(
                        JSONObject(
                            [("id", ["type": ["string", "number"], "description": "Yours, echoed"])]
                                + members.map { ($0.name, Self.measurementSchema($0, latest: latest)) })))
                item.append("additionalProperties", false)
                properties.append(
                    ("items", ["type": "array", "items": .object(item), "description": "The measurements"]))
                required.append("items")
                for parameter in route.endpoint.filters
                where !CheckBatch.members.contains(parameter.name)
                    && !ComplicationCheck.parameters.contains(where: { $0.name == parameter.name })
                {
                    properties.append((parameter.name, Self.inputSchema(parameter, latest: latest)))
                }
            } else {
                // A templated path's segment is an argument too (`device_profile`'s `id`).
                if let path = route.endpoint.pathParameter {
                    properties.append((path.name, ["type": "string", "description": .string(path.summary)]))
                    required.append(path.name)
                }
                for parameter in route.endpoint.filters {
                    properties.append((parameter.name, Self.inputSchema(parameter, latest: latest)))
                    if parameter.isRequired { required.append(parameter.name) }
                }
            }
            for common in route.endpoint.common {
                if let schema = Self.commonSchema(common) { properties.append((common.rawValue, schema)) }
            }
            var lead: String?
            if route.endpoint.recordType != nil, route != .search {
                let paths = FieldCatalogue.of(route, store: store).paths
                lead = paths.filter { !$0.contains(".") && !RowLead.isDetail($0, among: paths) }.joined(separator: ",")
                // What detail does is said once, in the server's instructions.
                properties.append((Self.detailArgument, ["type": "boolean"]))
            }
            tools.append(
                Tool(
                    name: declared.name, route: route, input: declared.input,
                    arguments: Set(properties.map(\.0)), leadFields: lead,
                    declaration: Self.declaration(
                        name: declared.name, title: declared.title, description: declared.description,
                        properties: properties, required: required,
                        output: Self.outputSchema(route, postBody: declared.input == .postBody)),
                    fieldKinds: Dictionary(
                        (route.endpoint.filter?.parameters ?? []).map { ($0.name, $0.value) },
                        uniquingKeysWith: { first, _ in first })))
            // After the last collection that has a tool.
            if route
                == Route.allCases.last(where: { $0.endpoint.selectsRows && $0 != .search && $0.endpoint.tool != nil })
            {
                tools.append(Self.recordTool(prefixes: recordRoutes.keys.sorted()))
            }
        }
        self.tools = tools
        self.toolsJSON = JSONValue.array(tools.map(\.declaration)).serializedBytes()

        self.resources = .array(
            Route.allCases.filter(Self.isCollectionResource).map { route in
                [
                    "uri": .string(Self.scheme + route.template), "name": .string(Self.resourceName(route)),
                    "title": .string(route.title), "description": .string(route.endpoint.summary),
                    "mimeType": "application/json",
                ]
            })
        self.resourceTemplates = .array(
            recordRouteList.map { route in
                [
                    "uriTemplate": .string(Self.scheme + route.template),
                    "name": .string(Self.resourceName(route)), "title": .string(route.title),
                    "description": .string(route.endpoint.summary), "mimeType": "application/json",
                ]
            })
    }

    /// The tool called `name`.
    package func tool(named name: String) -> Tool? {
        tools.first { $0.name == name }
    }

    /// The record route that answers `id`, by its prefix (`metric.controls.ios.minimum-size`).
    package func recordRoute(for id: String) -> Route? {
        id.split(separator: ".").first.flatMap { recordRoutes[String($0)] }
    }

    // MARK: - Deriving

    /// A route of one record by id: `/v1/…/{id}` answering the record envelope (not a view of
    /// one, as `/v1/devices/{id}/profile`).
    package static func isRecordRoute(_ route: Route) -> Bool {
        route.endpoint.schema == .record && route.endpoint.pathParameter?.name == "id" && route.servesData
            && route.template.hasSuffix("/{id}")
    }

    /// A collection listed as a resource: a tool that runs a `GET` and needs no argument.
    package static func isCollectionResource(_ route: Route) -> Bool {
        // A templated route (`device_profile`) needs its segment: a tool, not a fixed resource.
        guard let tool = route.endpoint.tool, tool.input == .query, route.endpoint.pathParameter == nil else {
            return false
        }
        return !route.endpoint.filters.contains(where: \.isRequired) && route.formats.contains(.json)
    }

    /// `size-classes` for `/v1/size-classes`, `size-class` for its record route.
    package static func resourceName(_ route: Route) -> String {
        if isRecordRoute(route) {
            return route.endpoint.title.lowercased().replacing(" ", with: "-")
        }
        return route.template.split(separator: "/").last.map(String.init) ?? route.template
    }

    /// The argument that asks a collection tool for every field of its rows.
    package static let detailArgument = "detail"

    /// The most values an input schema enumerates.
    package static let maximumEnumeration = 40

    /// A parameter's input schema, as short as a model reads it: a vocabulary's canonical values
    /// as the enumeration (the server takes their aliases and any case too), other values by type,
    /// and the parameter's first sentence.
    package static func inputSchema(_ parameter: Endpoint.Parameter, latest: SpecSnapshot) -> JSONValue {
        var schema = JSONObject()
        switch parameter.value {
        case .filter(.number):
            schema.append("type", "number")
        case .filter(.flag):
            schema.append("type", "boolean")
        case .filter(.screen):
            schema.append("type", "string")
            schema.append("pattern", "^[0-9.]+[xX][0-9.]+$")
        case .filter(.text), .metricID, .filter(.vocabulary(.device)):
            schema.append("type", "string")
        case .filter(.vocabulary(let kind)):
            schema.append("type", "string")
            let values = latest.acceptedValues(for: kind)
            // A vocabulary of the data's own with dozens of values (the metrics' topics, one per
            // HIG page with figures) costs an agent more to read than the error that lists the
            // values when a guess is wrong.
            if values.count <= maximumEnumeration { schema.append("enum", .array(values.map { .string($0) })) }
        case .oneOf(let values):
            schema.append("type", "string")
            schema.append("enum", .array(values.map { .string($0) }))
        case .storeVersion:
            schema.append("type", "string")
        }
        if parameter.name == "measure" {
            // The names the elements declare, so a first call need not guess them.
            var seen: Set<String> = []
            let names = latest.elements.flatMap { $0.measures.map(\.name) }.filter { seen.insert($0).inserted }
            schema.append("enum", .array(names.map { .string($0) }))
        }
        // An enumeration says what the parameter takes; its words would restate the name.
        if schema["enum"] == nil, let sentence = firstSentence(parameter.summary) {
            schema.append("description", .string(sentence))
        }
        return .object(schema)
    }

    /// A measurement member's schema: its type and values, with words only where the name
    /// and values leave a question (the tool's description says how the members combine).
    package static func measurementSchema(_ parameter: Endpoint.Parameter, latest: SpecSnapshot) -> JSONValue {
        // The body is JSON: bold is a boolean there, not the query's word.
        if parameter.name == "bold" { return ["type": "boolean"] }
        guard case .object(var schema) = inputSchema(parameter, latest: latest) else { return ["type": "string"] }
        let words = [
            "figure": "A metric id", "measure": "Where the element has several",
            "foreground": "#RRGGBB or a color's name",
        ]
        schema["description"] = words[parameter.name].map { .string($0) }
        return .object(schema)
    }

    /// The summary's first clause (to the first full stop, semicolon or parenthesis), or `nil`
    /// where that says no more than the parameter's name.
    private static func firstSentence(_ summary: String) -> String? {
        var clause = Substring(summary)
        for stop in [". ", "; ", " (", ": "] {
            if let range = clause.firstRange(of: stop) { clause = clause[..<range.lowerBound] }
        }
        if clause.hasSuffix(".") { clause = clause.dropLast() }
        return clause.count > 12 ? String(clause) : nil
    }

    /// The input schema of a common parameter a tool takes; `nil` for the representation ones
    /// (a tool's result is always the route's JSON). What they mean is said once, in the
    /// server's instructions and the tools' descriptions, not at length in every schema.
    package static func commonSchema(_ parameter: CommonParameter) -> JSONValue? {
        switch parameter {
        case .format, .shape, .pretty, .fragment, .flat: nil
        case .version, .sort, .q: ["type": "string"]
        // The server refuses a limit under 1 or a negative offset with an error saying so.
        case .limit, .offset: ["type": "integer"]
        // A comma-separated list or an array of names.
        case .fields: ["type": ["string", "array"]]
        }
    }

    private static func recordTool(prefixes: [String]) -> Tool {
        let properties: [(String, JSONValue)] = [
            (
                "id",
                [
                    "type": "string",
                    "description": .string(
                        "A record id; its first word is its kind: \(prefixes.joined(separator: ", "))"),
                ]
            ),
            ("version", commonSchema(.version) ?? ["type": "string"]),
            ("fields", commonSchema(.fields) ?? ["type": "string"]),
        ]
        return Tool(
            name: recordToolName, route: nil, input: .query, arguments: ["id", "version", "fields"],
            declaration: declaration(
                name: recordToolName, title: "Read one record",
                description:
                    "One record by the id search or a list_ tool gave: every field, status and citations, to cite it or read it whole.",
                properties: properties, required: ["id"], output: recordOutput))
    }

    /// A `tools/list` entry. Every tool reads the store and nothing else. No `_meta` naming the
    /// route behind the tool: every agent reads the list's bytes on every session, and no client
    /// reads a route (the tool's result is the route's JSON, as `/llms.txt` says).
    private static func declaration(
        name: String, title: String, description: String, properties: [(String, JSONValue)], required: [String],
        output: JSONValue
    ) -> JSONValue {
        // No additionalProperties: the bytes are read with every tool list, and an argument the
        // tool does not take is refused by the server with the tool's arguments listed.
        var input = JSONObject([("type", "object"), ("properties", .object(JSONObject(properties)))])
        if !required.isEmpty { input.append("required", .array(required.map { .string($0) })) }
        return [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": .object(input), "outputSchema": output,
            "annotations": [
                "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true, "openWorldHint": false,
            ],
        ]
    }

    // MARK: - Output schemas

    // Short on purpose: a client validates every result against them, and a model may read them
    // with the tool list. They state what every answer of a tool holds (the envelope, and of
    // each row its id, status, unit and citations with their types); /openapi.json has the full
    // record schemas.

    private static let text: JSONValue = ["type": "string"]
    private static let optionalText: JSONValue = ["type": ["string", "null"]]
    private static let texts: JSONValue = ["type": "array", "items": ["type": "string"]]

    /// What a row may carry that an agent cites: its id, status, unit and citations.
    private static let row: JSONValue = [
        "type": "object",
        "properties": [
            "id": ["type": "string"], "status": ["type": ["string", "null"]], "unit": ["type": ["string", "null"]],
            "citations": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "page": ["type": "string"], "section": ["type": "string"], "url": ["type": "string"],
                    ],
                ],
            ],
        ],
    ]

    private static func envelope(items: JSONValue) -> JSONValue {
        [
            "type": "object", "required": ["version", "count", "items"],
            "properties": [
                "version": text, "count": ["type": "integer"], "total": ["type": "integer"],
                "items": ["type": "array", "items": items], "notes": texts,
            ],
        ]
    }

    private static let recordOutput: JSONValue = [
        "type": "object", "required": ["version", "item"],
        "properties": ["version": text, "item": row, "notes": texts],
    ]

    private static let checkItem: JSONValue = [
        "type": "object",
        "properties": [
            "index": ["type": "integer"], "figure": optionalText, "element": text, "measure": optionalText,
            "result": ["type": "string", "enum": .array(RecordSchemas.checkResults.map { .string($0) })],
            "severity": ["type": "string", "enum": .array(RecordSchemas.severities.map { .string($0) })],
            "status": optionalText, "message": text, "force": optionalText, "contrast": ["type": "object"],
            "error": [
                "type": "object", "required": ["code", "message"],
                "properties": ["code": text, "message": text, "hint": text, "parameter": text, "accepted": texts],
            ],
        ],
    ]

    private static let diffOutput: JSONValue = [
        "type": "object", "required": ["from", "to", "counts"],
        "properties": [
            "from": text, "to": text, "counts": ["type": "object"], "added": ["type": "array", "items": row],
            "removed": ["type": "array", "items": row], "changed": ["type": "array", "items": row],
            "firstSeen": ["type": "array", "items": row], "notes": texts,
        ],
    ]

    /// The output schema of a route's tool.
    package static func outputSchema(_ route: Route, postBody: Bool) -> JSONValue {
        if postBody { return envelope(items: checkItem) }
        switch route.endpoint.schema {
        case .diff: return diffOutput
        case .record: return recordOutput
        default: return envelope(items: row)
        }
    }
}
