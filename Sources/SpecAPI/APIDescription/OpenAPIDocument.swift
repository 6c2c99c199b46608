import JSON
import SourceWatch
import SpecFormats
import SpecStore

/// The OpenAPI 3.1 description of the API, built per store load so every enum lists the values
/// this store accepts (versions, topics, styles, device ids, metric ids).
package enum OpenAPIDocument {
    /// The description of `store`'s API; `bodyLimit` is the largest check body a server takes by
    /// default, as its `--max-body-bytes` help writes it (`1 MiB`).
    package static func make(store: SpecStore, bodyLimit: String) -> JSONValue {
        let latest = store.latest
        let versions = store.versions.map(\.id)
        var paths = JSONObject()
        for route in Route.allCases {
            var item = JSONObject()
            var get = operation(route: route, store: store, versions: versions)
            if route.endpoint.acceptsPost {
                item.append("post", checkPost(store: store, versions: versions, bodyLimit: bodyLimit))
            }
            get["parameters"] = .array(
                pathParameters(route: route, latest: latest)
                    + queryParameters(route: route, store: store, versions: versions))
            item.append("get", .object(get))
            item.append("options", preflight(route: route, latest: latest))
            paths.append(route.template, .object(item))
        }
        // Each route repeats the same headers, error responses and parameter schemas: held once.
        var sharing = JSONSharing()
        return sharing.shared([
            "openapi": "3.1.0",
            "info": [
                "title": "HIG spec service",
                "version": "1",
                "summary": "Apple Human Interface Guidelines figures as data, with status and citations.",
                "description": .string(
                    "Every figure carries status (published: Apple publishes it, cited by page and section; convention: a working default not found on the Apple pages searched). Formats are chosen by format= or Accept; errors are always JSON. Store version \(versions.last ?? "")."
                ),
            ],
            "servers": [["url": "/"]],
            "paths": .object(paths),
            "components": withRecordSchemas(
                components(
                    metricIDs: (try? latest.metrics(matching: MetricFilter()).items.compactMap { $0["id"] }) ?? [],
                    elements: latest.elements.map(\.id), buttonShapes: latest.buttonShapes)),
        ])
    }

    /// Adds the record schemas (``RecordSchemas``) to the components.
    private static func withRecordSchemas(_ components: JSONValue) -> JSONValue {
        guard case .object(var object) = components, case .object(var schemas) = object["schemas"] ?? [:] else {
            return components
        }
        for (name, schema) in RecordSchemas.components() { schemas[name] = schema }
        object["schemas"] = .object(schemas)
        return .object(object)
    }

    // MARK: - Operations

    private static func operation(route: Route, store: SpecStore, versions: [String]) -> JSONObject {
        var operation = JSONObject()
        operation.append("operationId", .string("get" + identifier(route)))
        operation.append("summary", .string(route.endpoint.summary))
        var responses = JSONObject()
        switch route.endpoint.schema {
        case .status:
            responses.append(
                "200",
                response(
                    "The process serves.",
                    content: ["application/json": ["schema": ["$ref": "#/components/schemas/Status"]]],
                    headers: baseHeaders()))
            if route == .readyz {
                responses.append("503", errorResponse("No store is loaded yet."))
            }
        case .prometheus:
            responses.append(
                "200",
                response(
                    "Prometheus text exposition 0.0.4.", content: ["text/plain": ["schema": ["type": "string"]]],
                    headers: baseHeaders()))
        case .sourceReport:
            var content = JSONObject()
            for format in route.formats {
                content.append(mediaType(format), ["schema": schema(route: route, format: format)])
            }
            responses.append(
                "200",
                response(
                    "The last check's report: the pages fetched with their status, one object per finding.",
                    content: .object(content), headers: baseHeaders()))
            responses.append(
                "404", errorResponse("The server does not watch Apple's pages; the message says how to start it."))
            responses.append("406", errorResponse("No format the request accepts."))
            responses.append("503", errorResponse("The first check has not finished; see Retry-After."))
        default:
            var content = JSONObject()
            for format in route.formats {
                content.append(mediaType(format), ["schema": schema(route: route, format: format)])
            }
            responses.append(
                "200", response("The representation asked for.", content: .object(content), headers: dataHeaders()))
            responses.append(
                "304",
                [
                    "description": "Not modified: the If-None-Match tag matches.",
                    "headers": dataHeaders(notModified: true),
                ])
            responses.append(
                "406", errorResponse("No format the request accepts; the body lists those the route produces."))
            responses.append(
                "503",
                errorResponse(
                    "An answer of 4 KiB or more while the answers clients have not read fill the server's budget for them, or this client's share (--max-unread-bytes); see Retry-After."
                ))
        }
        if route == .check {
            // OpenAPI cannot tie one parameter's presence to another's value, so the dependency
            // between figure and value / width+height is stated here and in the parameters.
            operation.append("description", .string(checkShapeRule))
            responses.append(
                "400",
                errorResponse(
                    "An unknown parameter, a figure that is not a metric id, a size that is not a number or is negative; the error names the parameter."
                ))
        } else if !route.parameters.isEmpty || route.isOperations {
            responses.append("400", errorResponse("An unknown parameter, or a value outside a parameter's vocabulary."))
        }
        if route.servesData {
            responses.append("404", errorResponse("An unknown version or id; the message lists the known ones."))
        }
        responses.append("405", errorResponse("A method the path does not answer; see Allow.", allow: true))
        operation.append("responses", .object(responses))
        return operation
    }

    /// How a measurement must fit its figure, for both check operations.
    package static let checkShapeRule =
        "A measurement takes the shape of its figure: a single figure (a value, or a range) takes value; a width × height figure takes width and height, both. The other shape is refused, never guessed (one value cannot say which side it measured): the measurement's result row carries an error object naming the parameter, as an unknown figure's does, and a batch's other measurements are still judged. Sizes are numbers of 0 or more. GET /v1/metrics lists each figure with value or width and height. Each result names its figure by id; embed=figure adds the whole figure as metric. In place of figure, element and platform judge the measurement against every figure that applies to that element (one measure's figures: measure=, or the only measure the shape fits), each in verdicts with its bound and kind; the row leads with the figure that governs: a published figure before a convention, a limit before a default or a described figure, the more severe verdict, Apple's stronger wording, then the element's order (governs says so)."

    private static func checkPost(store: SpecStore, versions: [String], bodyLimit: String) -> JSONValue {
        var responses = JSONObject()
        var content = JSONObject()
        for format in Route.check.formats {
            content.append(mediaType(format), ["schema": schema(route: .check, format: format)])
        }
        responses.append(
            "200",
            response(
                "One result per measurement, in order, with the caller's id; a measurement that cannot be judged (an unknown member or figure, a wrong type, a negative size, the wrong shape) gets a row with index, id, figure and error, and the others are still judged.",
                content: .object(content), headers: dataHeaders()))
        responses.append(
            "400",
            errorResponse("A body that is not a JSON array of objects, or more than the most items judged at once."))
        responses.append("404", errorResponse("An unknown version."))
        responses.append("406", errorResponse("No format the request accepts."))
        responses.append("413", errorResponse("A body over the limit (\(bodyLimit) by default)."))
        responses.append(
            "503",
            errorResponse(
                "The server is receiving or judging as many batches as it has room for (--max-buffered-body-bytes, --max-queued-answers), or holds as many unread answers as it has room for; see Retry-After."
            ))
        let measurement: JSONValue = ["$ref": "#/components/schemas/MeasurementItem"]
        return [
            "operationId": "postCheck",
            "summary": "Judges a frame's measurements against the store.",
            "description": .string(checkShapeRule),
            "parameters": .array(
                queryParameters(
                    names: (Route.commonParameters + [CheckBatch.embedParameter]).filter { documents($0, on: .check) },
                    route: .check, store: store, versions: versions)),
            "requestBody": [
                "required": true,
                "content": [
                    "application/json": [
                        "schema": [
                            "type": "array", "maxItems": .number(JSONNumber(RouteQueries.maxMeasurements)),
                            "items": measurement,
                        ]
                    ]
                ],
            ],
            "responses": .object(responses),
        ]
    }

    private static func preflight(route: Route, latest: SpecSnapshot) -> JSONValue {
        [
            "operationId": .string("options" + identifier(route)),
            "summary": "CORS preflight.",
            "parameters": .array(pathParameters(route: route, latest: latest, enumerated: false)),
            "responses": [
                "204": [
                    "description": "What a cross-origin request may do.",
                    "headers": [
                        "Allow": header("string", required: true),
                        "Access-Control-Allow-Origin": header("string", required: true),
                        "Access-Control-Allow-Methods": header("string", required: true),
                    ],
                ],
                "404": errorResponse("An unknown path."),
            ],
        ]
    }

    // MARK: - Parameters

    /// The path parameters; a preflight answers any id, so its parameters list no values.
    private static func pathParameters(route: Route, latest: SpecSnapshot, enumerated: Bool = true) -> [JSONValue] {
        guard enumerated else {
            return pathParameters(route: route, latest: latest).map { parameter in
                guard case .object(var object) = parameter else { return parameter }
                object["schema"] = ["type": "string", "minLength": 1, "pattern": "^[^/]+$"]
                return .object(object)
            }
        }
        guard let parameter = route.endpoint.pathParameter else { return [] }
        // A record id is a pattern, not today's ids: a reload that adds a device breaks no client.
        let schema: JSONValue =
            parameter.name == "id"
            ? [
                "type": "string", "pattern": .string(RecordSchemas.idPattern),
                "examples": .array(parameter.values(latest).prefix(2).map { .string($0) }),
            ]
            : ["type": "string", "enum": .array(parameter.values(latest).map { .string($0) })]
        return [
            [
                "name": .string(parameter.name), "in": "path", "required": true,
                "description": .string(parameter.summary), "schema": schema,
            ]
        ]
    }

    private static func queryParameters(route: Route, store: SpecStore, versions: [String]) -> [JSONValue] {
        queryParameters(
            names: route.parameters.filter { documents($0, on: route) }, route: route, store: store,
            versions: versions)
    }

    /// Whether the document lists a common parameter on a route: only where it changes the
    /// answer (shape where there is an envelope, fragment where there is HTML, flat on tokens).
    /// The server still accepts the others, as API.md §1 says every data route does.
    package static func documents(_ name: String, on route: Route) -> Bool {
        switch name {
        case "shape": RecordSchemas.schemaNames(route) != nil
        case "fragment": route.formats.contains(.html) && route.servesData
        case "flat": route.formats.contains(.tokens) || route == .tokensStudio
        case "format": route.formats.count > 1
        default: true
        }
    }

    private static func queryParameters(names: [String], route: Route, store: SpecStore, versions: [String])
        -> [JSONValue]
    {
        let latest = store.latest
        return names.map { name -> JSONValue in
            if let filter = route.endpoint.filters.first(where: { $0.name == name }) {
                var schema = parameterSchema(filter.value, latest: latest, versions: versions)
                // A measured size is never negative; the server refuses one, so the schema says so.
                if route == .check, ["value", "width", "height"].contains(name), case .object(var object) = schema {
                    object["minimum"] = 0
                    schema = .object(object)
                }
                return [
                    "name": .string(name), "in": "query", "required": .bool(filter.isRequired),
                    "description": .string(filter.summary), "schema": schema,
                ]
            }
            let common = CommonParameter(rawValue: name)
            let schema: JSONValue
            switch common {
            case .version:
                schema = [
                    "type": "string", "pattern": .string(RecordSchemas.versionParameterPattern),
                    "examples": .array((versions.suffix(2) + [RequestOptions.latestVersionName]).map { .string($0) }),
                ]
            case .format: schema = ["type": "string", "enum": .array(route.formats.map { .string($0.rawValue) })]
            case .shape: schema = ["type": "string", "enum": ["envelope", "array"]]
            case .pretty, .fragment, .flat, nil: schema = ["type": "boolean"]
            case .q: schema = filterSchema(.text, latest: latest)
            case .limit:
                schema = ["type": "integer", "minimum": 1, "maximum": .number(JSONNumber(RowSelection.maximumLimit))]
            case .offset:
                schema = ["type": "integer", "minimum": 0, "maximum": .number(JSONNumber(RowSelection.maximumOffset))]
            case .sort:
                let fields = FieldCatalogue.of(route, store: store).sortable
                schema = ["type": "string", "enum": .array((fields + fields.map { "-" + $0 }).map { .string($0) })]
            case .fields:
                // A comma-separated list (form style, not exploded): fields=id,name.
                let fields = FieldCatalogue.of(route, store: store).paths
                return [
                    "name": .string(name), "in": "query", "required": false, "style": "form", "explode": false,
                    "description": .string(common?.summary ?? ""),
                    "schema": [
                        "type": "array", "minItems": 1, "uniqueItems": true,
                        "items": ["type": "string", "enum": .array(fields.map { .string($0) })],
                    ],
                ]
            }
            return [
                "name": .string(name), "in": "query", "required": false,
                "description": .string(common?.summary ?? ""), "schema": schema,
            ]
        }
    }

    private static func parameterSchema(_ value: Endpoint.Parameter.Value, latest: SpecSnapshot, versions: [String])
        -> JSONValue
    {
        switch value {
        case .filter(let filter): filterSchema(filter, latest: latest)
        case .oneOf(let values): ["type": "string", "enum": .array(values.map { .string($0) })]
        // Versions and figure ids are patterns: a reload that adds one must not break a client.
        case .storeVersion:
            [
                "type": "string", "pattern": .string(RecordSchemas.versionParameterPattern),
                "examples": .array((versions.suffix(2) + [RequestOptions.latestVersionName]).map { .string($0) }),
            ]
        case .metricID:
            [
                "type": "string", "pattern": .string(CheckBatch.figurePattern), "maxLength": 200,
                "examples": .array(
                    Array(
                        ((try? latest.metrics(matching: MetricFilter()).items.compactMap { $0["id"] }) ?? []).prefix(3))
                ),
            ]
        }
    }

    private static func filterSchema(_ value: FilterParameter.Value, latest: SpecSnapshot) -> JSONValue {
        switch value {
        case .number:
            return ["type": "number"]
        case .flag:
            return ["type": "boolean"]
        case .screen:
            return ["type": "string", "pattern": "^[0-9]+(\\.[0-9]+)?[xX][0-9]+(\\.[0-9]+)?$"]
        case .text:
            // Any words, but not only spaces and no control characters (the query refuses those).
            return [
                "type": "string", "minLength": 1, "maxLength": 200,
                "pattern":
                    "^[^\\u0000-\\u001f\\u007f-\\u009f]*[^\\s\\u0000-\\u001f\\u007f-\\u009f][^\\u0000-\\u001f\\u007f-\\u009f]*$",
            ]
        case .vocabulary(.device):
            // A device is named by id or model name, a pattern rather than today's ids: a reload
            // that adds a device breaks no client, and a well-formed name the store lacks is a 404.
            return [
                "type": "string", "minLength": 1, "maxLength": 200, "pattern": .string(devicePattern),
                "examples": .array(latest.acceptedValues(for: .device).prefix(2).map { .string($0) }),
            ]
        case .vocabulary(let kind):
            return [
                "type": "string", "enum": .array(admittedValues(kind, latest: latest).map { .string($0) }),
                "description":
                    "Canonical values first, then the aliases the server accepts; any case and separators are accepted too.",
            ]
        }
    }

    /// The values a vocabulary parameter's enum admits: the canonical ones, Apple's own short
    /// forms (`AX1`…`AX5`), then the other aliases the server accepts, one spelling per matching
    /// form, so a generated client accepts what the server does (a typed client's enum would
    /// otherwise refuse `AX5` before the request is sent).
    package static func admittedValues(_ kind: FilterVocabulary.Kind, latest: SpecSnapshot) -> [String] {
        var values = latest.acceptedValues(for: kind)
        if kind == .category { values += (1...5).map { "AX\($0)" } }
        values += FilterVocabulary.aliases(of: kind)
        var seen: Set<String> = []
        return values.filter { seen.insert(FilterVocabulary.matchKey($0)).inserted }
    }

    /// What the `device` filter takes: a device id (`device.iphone-16-pro`, or without `device.`)
    /// or a model name as Apple's tables print it (`iPad mini 8.3-inch`, `Apple Watch Series 10 (46mm)`).
    package static let devicePattern = "^[A-Za-z0-9][A-Za-z0-9 .,()_-]*$"

    // MARK: - Schemas and headers

    private static func schema(route: Route, format: Format) -> JSONValue {
        switch format.schema {
        case .text: return ["type": "string"]
        case .component(let name): return ["$ref": .string("#/components/schemas/" + name)]
        case .route: break
        }
        switch route.endpoint.schema {
        case .object, .status, .prometheus: return ["type": "object"]
        case .sourceReport: return SourceReport.schema
        case .designTokens: return ["$ref": "#/components/schemas/DesignTokens"]
        case .tokensStudio: return ["$ref": "#/components/schemas/TokensStudio"]
        case .record, .diff, .envelope:
            // Each route's own record schema (RecordSchemas), or the generic envelope.
            if let typed = RecordSchemas.response(route) { return typed }
            if route.endpoint.schema == .record {
                return [
                    "anyOf": [["$ref": "#/components/schemas/Record"], ["type": "array", "items": ["type": "object"]]]
                ]
            }
            return [
                "anyOf": [["$ref": "#/components/schemas/Envelope"], ["type": "array", "items": ["type": "object"]]]
            ]
        }
    }

    private static func mediaType(_ format: Format) -> String {
        "\(format.mediaType.type)/\(format.mediaType.subtype)"
    }

    private static func response(_ description: String, content: JSONValue, headers: JSONValue) -> JSONValue {
        ["description": .string(description), "headers": headers, "content": content]
    }

    private static func errorResponse(_ description: String, allow: Bool = false) -> JSONValue {
        var headers = JSONObject()
        headers.append("Access-Control-Allow-Origin", header("string", required: true))
        if allow { headers.append("Allow", header("string", required: true)) }
        return [
            "description": .string(description),
            "headers": .object(headers),
            "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]],
        ]
    }

    private static func header(_ type: String, required: Bool, description: String? = nil) -> JSONValue {
        var object: JSONObject = JSONObject([("schema", ["type": .string(type)])])
        if required { object.append("required", true) }
        if let description { object.append("description", .string(description)) }
        return .object(object)
    }

    private static func baseHeaders() -> JSONValue {
        [
            "Access-Control-Allow-Origin": header("string", required: true),
            "Cache-Control": header("string", required: true),
        ]
    }

    private static func dataHeaders(notModified: Bool = false) -> JSONValue {
        let headers: JSONValue = [
            "ETag": header(
                "string", required: true,
                description:
                    "Strong tag from a hash of the exact bytes (and of the Spec-Note fields, when there are any)."
            ),
            "Cache-Control": header(
                "string", required: true, description: "immutable for a pinned version=, else max-age=300."),
            "Vary": header(
                "string", required: true,
                description: "Accept, and Accept-Encoding too when the body is 1 KB or more (it has a gzip form)."),
            "Content-Encoding": header(
                "string", required: false,
                description:
                    "gzip when the request's Accept-Encoding prefers it and the body is 1 KB or more; the ETag is then the gzip form's own."
            ),
            "Spec-Version": header("string", required: true, description: "The store version that answered."),
            "Access-Control-Allow-Origin": header("string", required: true),
            "Access-Control-Expose-Headers": header("string", required: true),
            "Link": header(
                "string", required: false,
                description:
                    "On a collection page: the next page (rel=\"next\") and the previous one (rel=\"prev\"), RFC 8288."),
        ]
        // The tag covers the notes, so a 304 confirms the ones the client holds.
        guard !notModified, case .object(var object) = headers else { return headers }
        object[NoteField.name] = noteHeader
        return .object(object)
    }

    /// `Spec-Note`: the answer's notes in every format, CSV's only place for them (``NoteField``).
    private static let noteHeader = header(
        "string", required: false,
        description:
            "Why the answer is what it is, e.g. why it is empty: the envelope's notes, on every format (CSV has no other place for them). One field line per note, each an RFC 9651 Display String: %\" and \" around the note's UTF-8 bytes, with %, \", control and non-ASCII bytes written as % and two lower-case hex digits (decodeURIComponent or urllib.parse.unquote reads the text between %\" and \"). Lines a client joins with \", \" still parse as one Structured Field List."
    )

    private static func components(metricIDs: [JSONValue], elements: [String], buttonShapes: [String]) -> JSONValue {
        return [
            "schemas": [
                "Error": [
                    "type": "object", "required": ["error"],
                    "properties": [
                        "error": [
                            "type": "object", "required": ["status", "code", "message", "hint"],
                            "properties": [
                                "status": ["type": "integer"], "code": ["type": "string"],
                                "message": ["type": "string"], "hint": ["type": "string"],
                                "parameter": [
                                    "type": "string", "description": "The query parameter at fault, when one is.",
                                ],
                            ],
                        ]
                    ],
                ],
                "Envelope": [
                    "type": "object", "required": ["version", "count", "items"],
                    "properties": [
                        "version": ["type": "string"], "count": ["type": "integer", "minimum": 0],
                        "total": [
                            "type": "integer", "minimum": 0,
                            "description":
                                "Every matching row before limit and offset (collection routes; count is this page's rows).",
                        ],
                        "items": ["type": "array", "items": ["type": "object"]],
                        "notes": ["type": "array", "items": ["type": "string"]],
                    ],
                ],
                "Record": [
                    "type": "object", "required": ["version", "item"],
                    "properties": [
                        "version": ["type": "string"], "item": ["type": "object"],
                        "notes": ["type": "array", "items": ["type": "string"]],
                    ],
                ],
                "DesignTokens": ["type": "object", "description": "A W3C Design Tokens (DTCG 2025.10) file."],
                "TokensStudio": [
                    "type": "object", "required": ["$themes", "$metadata"],
                    "description":
                        "The Tokens Studio single-file shape: one token set per Dynamic Type category (named platform/category), one per color appearance (colors/light, …, in the theme group Appearance), $themes and $metadata.",
                    "properties": [
                        "$themes": ["type": "array", "items": ["type": "object"]], "$metadata": ["type": "object"],
                    ],
                ],
                "Status": ["type": "object", "required": ["status"], "properties": ["status": ["type": "string"]]],
                // What POST /v1/check accepts per item: any object. A member that does not fit
                // Measurement is answered in the item's own row, so the body schema constrains
                // only what is refused whole (API.md §6).
                "MeasurementItem": [
                    "type": "object",
                    "description":
                        "One measurement as the batch accepts it: any JSON object. Each item is judged on its own against Measurement: an item that does not fit it (a missing or unknown figure, an unknown member, a wrong type, a negative size, an unknown category, the wrong shape) gets its own result row with index, id, figure and error, and the other items are still judged.",
                    "properties": [
                        "id": ["description": "The caller's own id (a string), echoed in the item's result."],
                        "figure": ["description": "A metric id (a string), as GET /v1/metrics lists them."],
                        "element": [
                            "description":
                                "An interface element (a string), in place of figure: judged against every figure that applies to it on platform."
                        ],
                        "platform": ["description": "The platform an element is judged on (a string)."],
                        "measure": ["description": "What was measured on an element (a string): size, height, …"],
                        "buttonShape": [
                            "description":
                                "A visionOS button's shape (a string), with element button: its size is judged against the shape's published sizes too."
                        ],
                        "value": ["description": "Measured value (a number of 0 or more), for a single figure."],
                        "width": ["description": "Measured width (a number of 0 or more), with height."],
                        "height": ["description": "Measured height (a number of 0 or more), with width."],
                        "category": [
                            "description": .string(
                                "The Dynamic Type category measured, for a range of categories: one of "
                                    + FilterVocabulary.categories.joined(separator: ", ") + ".")
                        ],
                        "foreground": [
                            "description":
                                "A contrast check's text color (a string): an item naming any contrast member is judged as GET /v1/check?foreground=… judges it."
                        ],
                        "background": ["description": "A contrast check's background color (a string)."],
                        "appearance": ["description": "A contrast check's appearance (a string)."],
                        "textSize": ["description": "A contrast check's text size in points (a number)."],
                        "bold": ["description": "A contrast check's bold flag (a boolean)."],
                    ],
                ],
                "Measurement": [
                    "type": "object", "additionalProperties": false,
                    "description": .string(checkShapeRule),
                    "properties": [
                        "id": [
                            "type": "string",
                            "description":
                                "The caller's own id for the measurement (a Figma node id, say), echoed in its result.",
                            "examples": ["12:34"],
                        ],
                        // Any id: one the store does not know gets an error row in the answer
                        // (so one stale id does not fail a whole frame), not a 400.
                        "figure": [
                            "type": "string",
                            "description":
                                "A metric id, as GET /v1/metrics lists them. An id the store (or the pinned version) does not know gets an error row in the answer, not a 400.",
                            "pattern": .string(CheckBatch.figurePattern),
                            "examples": .array(Array(metricIDs.prefix(3))),
                        ],
                        "element": [
                            "type": "string", "enum": .array(elements.map { .string($0) }),
                            "description":
                                "In place of figure: an interface element, judged against every figure that applies to it on platform; the result names the figure that governs.",
                        ],
                        "platform": [
                            "type": "string", "enum": .array(FilterVocabulary.platforms.map { .string($0) }),
                            "description": "The platform an element is judged on; required with element.",
                        ],
                        "measure": [
                            "type": "string",
                            "description":
                                "What was measured on an element (size, height, spacing, …); needed only where several of its measures fit the measurement.",
                        ],
                        "buttonShape": [
                            "type": "string", "enum": .array(buttonShapes.map { .string($0) }),
                            "description":
                                "With element button and platform visionos: the button's shape, whose published sizes the width and height are judged against too.",
                        ],
                        "value": [
                            "type": "number", "minimum": 0, "description": "Measured value, for a single figure.",
                        ],
                        "width": ["type": "number", "minimum": 0, "description": "Measured width, with height."],
                        "height": ["type": "number", "minimum": 0, "description": "Measured height, with width."],
                        "category": [
                            "type": "string", "enum": .array(FilterVocabulary.categories.map { .string($0) }),
                            "description": "The Dynamic Type category measured, for a range of categories.",
                        ],
                        // A contrast check, in place of the members above: the GET's parameters.
                        "foreground": [
                            "type": "string",
                            "description":
                                "In place of a size: the text color, #RRGGBB (or #RGB) or a color's name, API name or id; judged with background as GET /v1/check?foreground=… judges it.",
                        ],
                        "background": [
                            "type": "string", "description": "The background color, spelled as foreground.",
                        ],
                        "appearance": [
                            "type": "string", "enum": .array(ColorAppearance.allCases.map { .string($0.rawValue) }),
                            "description": "The appearance whose value a named color gives.",
                        ],
                        "textSize": [
                            "type": "number", "description": "The text size in points, for the contrast minimum.",
                        ],
                        "bold": [
                            "type": "boolean", "description": "Bold text, which Apple gives its own contrast minimum.",
                        ],
                    ],
                ],
            ]
        ]
    }

    private static func identifier(_ route: Route) -> String {
        let name = route.name
        return name.prefix(1).uppercased() + name.dropFirst()
    }
}
