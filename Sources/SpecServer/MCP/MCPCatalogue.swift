import SpecStore

/// The MCP tools and resources of one loaded store, derived from the route declarations and the
/// OpenAPI document built from them: a tool's `inputSchema` is its route's parameters (the same
/// names, enumerations and patterns as `/openapi.json`), its `outputSchema` the route's JSON
/// schema with the record schemas it names under `$defs`.
///
/// Nothing here lists routes: a route declared with a ``Endpoint/Tool`` gets its tool, and a
/// record route (`/v1/…/{id}`) is read by `get_record` and listed as a resource template.
struct MCPCatalogue: Sendable {
    /// A tool and what calling it runs.
    struct Tool: Sendable {
        var name: String
        /// The route it answers as; `nil` for `get_record`, which picks the record route by id.
        var route: Route?
        var input: Endpoint.Tool.Input
        /// The argument names the tool takes (its `inputSchema`'s properties).
        var arguments: Set<String>
        /// The declaration `tools/list` carries.
        var declaration: JSONValue
    }

    /// The tools in `tools/list` order: the routes' order, `get_record` after the collections.
    let tools: [Tool]
    /// `tools/list`'s `tools` array, serialized once.
    let toolsJSON: [UInt8]
    /// `resources/list`'s `resources`: every collection a route lists without a required filter.
    let resources: JSONValue
    /// `resources/templates/list`'s `resourceTemplates`: every record route.
    let resourceTemplates: JSONValue
    /// The record route of each id prefix (`device` → `/v1/devices/{id}`), for `get_record`.
    let recordRoutes: [String: Route]

    /// The URI scheme of the resources: `hig://v1/devices` is `GET /v1/devices`.
    static let scheme = "hig:/"

    /// The name of the tool that reads any record by id.
    static let recordToolName = "get_record"

    /// Common parameters that choose a representation other than the route's JSON; a tool's
    /// result is always that JSON, so no tool takes them.
    static let representationParameters: Set<String> = ["format", "shape", "pretty", "fragment", "flat"]

    init(store: SpecStore, openAPI: JSONValue) {
        let paths = openAPI["paths"]?.objectValue ?? JSONObject()
        let components = openAPI["components"]?["schemas"]?.objectValue ?? JSONObject()
        let recordRouteList = Route.allCases.filter(Self.isRecordRoute)

        var recordRoutes: [String: Route] = [:]
        for route in recordRouteList {
            for id in route.endpoint.pathParameter?.values(store.latest) ?? [] {
                if let prefix = id.split(separator: ".").first, recordRoutes[String(prefix)] == nil {
                    recordRoutes[String(prefix)] = route
                }
            }
        }
        self.recordRoutes = recordRoutes

        var tools: [Tool] = []
        for route in Route.allCases {
            guard let declared = route.endpoint.tool, let operation = paths[route.template]?.objectValue else {
                continue
            }
            let get = operation["get"]
            var (properties, required) = Self.properties(of: get?["parameters"]?.arrayValue ?? [])
            var output = get?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
            if declared.input == .postBody, let post = operation["post"] {
                // The POST's body and its own parameters replace the GET's one-measurement ones.
                var body = post["requestBody"]?["content"]?["application/json"]?["schema"] ?? ["type": "array"]
                // An input schema has no $defs to point into: the item's schema is written in
                // place, so a client sees the members (figure, element, …) a measurement takes.
                if case .object(var array) = body, let target = array["items"]?["$ref"]?.stringValue,
                    target.hasPrefix(Self.componentPrefix),
                    let item = components[String(target.dropFirst(Self.componentPrefix.count))]
                {
                    array["items"] = item
                    body = .object(array)
                }
                let postParameters = Self.properties(of: post["parameters"]?.arrayValue ?? [])
                properties =
                    [("items", Self.described(body, "The measurements, as the POST body's JSON array."))]
                    + postParameters.properties
                required = ["items"] + postParameters.required
                output = post["responses"]?["200"]?["content"]?["application/json"]?["schema"]
            }
            tools.append(
                Self.tool(
                    declared, route: route, properties: properties, required: required,
                    output: output ?? ["type": "object"], components: components))
            if route == Route.allCases.last(where: { $0.endpoint.selectsRows && $0 != .search }) {
                tools.append(
                    Self.recordTool(
                        recordRoutes: recordRouteList, prefixes: recordRoutes.keys.sorted(), paths: paths,
                        components: components))
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
    func tool(named name: String) -> Tool? {
        tools.first { $0.name == name }
    }

    /// The record route that answers `id`, by its prefix (`metric.controls.ios.minimum-size`).
    func recordRoute(for id: String) -> Route? {
        id.split(separator: ".").first.flatMap { recordRoutes[String($0)] }
    }

    // MARK: - Deriving

    /// A route of one record by id: `/v1/…/{id}` answering the record envelope.
    static func isRecordRoute(_ route: Route) -> Bool {
        route.endpoint.schema == .record && route.endpoint.pathParameter?.name == "id" && route.servesData
    }

    /// A collection listed as a resource: a tool that runs a `GET` and needs no argument.
    static func isCollectionResource(_ route: Route) -> Bool {
        guard let tool = route.endpoint.tool, tool.input == .query else { return false }
        return !route.endpoint.filters.contains(where: \.isRequired) && route.formats.contains(.json)
    }

    /// `size-classes` for `/v1/size-classes`, `size-class` for its record route.
    static func resourceName(_ route: Route) -> String {
        if isRecordRoute(route) {
            return route.endpoint.title.lowercased().replacing(" ", with: "-")
        }
        return route.template.split(separator: "/").last.map(String.init) ?? route.template
    }

    /// The tool's arguments from OpenAPI query parameters: each parameter's schema with its
    /// description, the representation parameters left out.
    private static func properties(of parameters: [JSONValue]) -> (
        properties: [(String, JSONValue)], required: [String]
    ) {
        var properties: [(String, JSONValue)] = []
        var required: [String] = []
        for parameter in parameters {
            guard parameter["in"]?.stringValue == "query", let name = parameter["name"]?.stringValue,
                !representationParameters.contains(name)
            else { continue }
            var schema = parameter["schema"] ?? ["type": "string"]
            if name == "fields" {
                // A list as the query takes it (id,name) or as JSON gives it (["id","name"]).
                schema = ["anyOf": [schema, ["type": "string", "minLength": 1]]]
            }
            properties.append((name, described(schema, parameter["description"]?.stringValue)))
            if parameter["required"]?.boolValue == true { required.append(name) }
        }
        return (properties, required)
    }

    private static func described(_ schema: JSONValue, _ description: String?) -> JSONValue {
        guard let description, case .object(var object) = schema else { return schema }
        object["description"] = .string(description)
        return .object(object)
    }

    private static func tool(
        _ declared: Endpoint.Tool, route: Route, properties: [(String, JSONValue)], required: [String],
        output: JSONValue, components: JSONObject
    ) -> Tool {
        Tool(
            name: declared.name, route: route, input: declared.input, arguments: Set(properties.map(\.0)),
            declaration: declaration(
                name: declared.name, title: declared.title, description: declared.description,
                properties: properties, required: required, output: output, components: components,
                route: (declared.input == .postBody ? "POST " : "GET ") + route.template))
    }

    private static func recordTool(
        recordRoutes: [Route], prefixes: [String], paths: JSONObject, components: JSONObject
    ) -> Tool {
        var outputs: [JSONValue] = []
        for route in recordRoutes {
            let schema = paths[route.template]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]
            for alternative in objectAlternatives(schema ?? ["type": "object"]) where !outputs.contains(alternative) {
                outputs.append(alternative)
            }
        }
        let properties: [(String, JSONValue)] = [
            (
                "id",
                [
                    "type": "string", "pattern": .string(RecordSchemas.idPattern),
                    "description": .string(
                        "A record id as the list_ tools and search return it; its first word names the kind: \(prefixes.joined(separator: ", ")) (metric.controls.ios.minimum-size)."
                    ),
                ]
            ),
            (
                "version",
                [
                    "type": "string", "pattern": .string(RecordSchemas.versionParameterPattern),
                    "description": .string(CommonParameter.version.summary),
                ]
            ),
            (
                "fields",
                [
                    "anyOf": [["type": "array", "items": ["type": "string"], "minItems": 1], ["type": "string"]],
                    "description": .string(CommonParameter.fields.summary),
                ]
            ),
        ]
        let routes = recordRoutes.map { "GET " + $0.template }.joined(separator: ", ")
        return Tool(
            name: recordToolName, route: nil, input: .query, arguments: ["id", "version", "fields"],
            declaration: declaration(
                name: recordToolName, title: "Read one record",
                description:
                    "One record by id (a device, size class, widget size, Dynamic Type row, text style, tracking value, metric, rule or myth), with its status and citations. The result is the JSON of the record's route.",
                properties: properties, required: ["id"], output: ["anyOf": .array(outputs)],
                components: components, route: routes))
    }

    /// A `tools/list` entry. Every tool reads the store and nothing else.
    private static func declaration(
        name: String, title: String, description: String, properties: [(String, JSONValue)], required: [String],
        output: JSONValue, components: JSONObject, route: String
    ) -> JSONValue {
        var input = JSONObject([
            ("type", "object"), ("properties", .object(JSONObject(properties))), ("additionalProperties", false),
        ])
        if !required.isEmpty { input.append("required", .array(required.map { .string($0) })) }
        return [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": .object(input),
            "outputSchema": outputSchema(output, components: components),
            "annotations": [
                "title": .string(title), "readOnlyHint": true, "destructiveHint": false, "idempotentHint": true,
                "openWorldHint": false,
            ],
            "_meta": ["hig-spec-service/route": .string(route)],
        ]
    }

    /// The alternatives of a response schema that are objects: the envelope, not the bare array
    /// `shape=array` gives (a tool's result is always the envelope).
    private static func objectAlternatives(_ schema: JSONValue) -> [JSONValue] {
        guard let alternatives = schema["anyOf"]?.arrayValue else { return [schema] }
        return alternatives.filter { $0["type"]?.stringValue != "array" }
    }

    /// A self-contained JSON Schema with an object root: the object alternatives, and every
    /// component they reach under `$defs`.
    private static func outputSchema(_ schema: JSONValue, components: JSONObject) -> JSONValue {
        let alternatives = objectAlternatives(schema).map(rewritingReferences)
        var reached: [String] = []
        var pending = alternatives.flatMap(referencedNames)
        while let name = pending.popLast() {
            guard !reached.contains(name), let component = components[name] else { continue }
            reached.append(name)
            pending += referencedNames(component)
        }
        var definitions = JSONObject()
        for name in reached.sorted() {
            if let component = components[name] { definitions.append(name, rewritingReferences(component)) }
        }
        var root = JSONObject([("type", "object")])
        if alternatives.count == 1, case .object(let only) = alternatives[0] {
            for (key, value) in only where key != "type" { root.append(key, value) }
        } else {
            root.append("anyOf", .array(alternatives))
        }
        if !definitions.isEmpty { root.append("$defs", .object(definitions)) }
        return .object(root)
    }

    private static let componentPrefix = "#/components/schemas/"

    /// The schema with each `#/components/schemas/X` reference pointing at `#/$defs/X`.
    private static func rewritingReferences(_ schema: JSONValue) -> JSONValue {
        switch schema {
        case .object(let object):
            var rewritten = JSONObject()
            for (key, value) in object {
                if key == "$ref", let target = value.stringValue, target.hasPrefix(componentPrefix) {
                    rewritten.append(key, .string("#/$defs/" + target.dropFirst(componentPrefix.count)))
                } else {
                    rewritten.append(key, rewritingReferences(value))
                }
            }
            return .object(rewritten)
        case .array(let elements):
            return .array(elements.map(rewritingReferences))
        default:
            return schema
        }
    }

    /// The component names a (rewritten or original) schema refers to.
    private static func referencedNames(_ schema: JSONValue) -> [String] {
        switch schema {
        case .object(let object):
            return object.flatMap { key, value -> [String] in
                if key == "$ref", let target = value.stringValue {
                    for prefix in [componentPrefix, "#/$defs/"] where target.hasPrefix(prefix) {
                        return [String(target.dropFirst(prefix.count))]
                    }
                    return []
                }
                return referencedNames(value)
            }
        case .array(let elements):
            return elements.flatMap(referencedNames)
        default:
            return []
        }
    }
}
