import JSON
import SpecStore

/// The JSON schema of every record type the API answers with, and of each route's envelope, for
/// the OpenAPI document: properties with their units, enumerations where the vocabulary is
/// closed (platform, status, bound, family, …), `items` on every array.
///
/// Ids and store versions are patterns, never the ids of today's data: a reload that adds a
/// version or a figure must not make a generated client refuse it. Records stay open
/// (`additionalProperties` is not false) so a field added within v1 does not break one either.
package enum RecordSchemas {
    /// A store version id: `2023`, `2025-03`, `2025-03-07`.
    package static let versionPattern = "^[0-9]{4}(-[0-9]{2}){0,2}$"

    /// A version as a request may name it: an id, or `latest` for the newest.
    package static let versionParameterPattern = "^([0-9]{4}(-[0-9]{2}){0,2}|latest)$"

    /// A record id: lower-case words joined by dots and dashes (`device.iphone-16-pro`).
    package static let idPattern = "^[a-z0-9]+([.-][a-z0-9]+)*$"

    /// The results a check gives (``CheckResult``).
    package static let checkResults = CheckResult.spellings

    /// The severities of a check result, mildest first (``CheckSeverity``).
    package static let severities = CheckSeverity.spellings

    /// The schema names of a data route's JSON answer: `list`, the envelope (or `{version, item}`),
    /// and `item`, the record inside it (what `shape=array` returns an array of).
    package static func schemaNames(_ route: Route) -> (list: String, item: String)? {
        if let served = ServedCollection.of(route) { return (served.listSchema, served.itemSchema) }
        return switch route {
        case .record(.devices): ("DeviceRecord", "Device")
        case .search: ("SearchResultList", "SearchResult")
        case .check: ("CheckResultList", "CheckResult")
        case .versions: ("VersionList", "Version")
        case .diff: ("Diff", "DiffRow")
        default: nil
        }
    }

    /// A route's JSON answer: its envelope, or the bare array `shape=array` gives.
    package static func response(_ route: Route) -> JSONValue? {
        guard let (name, item) = schemaNames(route) else { return nil }
        guard route.parameters.contains(CommonParameter.fields.rawValue) else {
            return ["anyOf": [ref(name), ["type": "array", "items": ref(item)]]]
        }
        // `fields=` keeps only the fields asked for, so such an answer's rows are partial records:
        // the typed envelope first (what a client parses without `fields`), then the same
        // envelope with rows of any subset of the record's fields (for a record route, the
        // Record envelope with a partial item).
        let partial = route.template.hasSuffix("/{id}") ? ref("Record") : ref("Envelope")
        return [
            "anyOf": [
                ref(name), ["type": "array", "items": ref(item)], partial,
                ["type": "array", "items": ["type": "object"]],
            ]
        ]
    }

    // MARK: - Components

    /// Every schema, by name. A collection's record schema is its rows' declared members
    /// (``SpecCollection/rowFields``); enumerations are the vocabularies the store declares.
    package static func components() -> [(String, JSONValue)] {
        let status = enumeration(FigureStatus.spellings)
        let category = enumeration(DynamicTypeCategory.spellings)
        var schemas: [(String, JSONValue)] = [
            (
                "Citation",
                object(
                    "Where Apple publishes the figure or says the words.",
                    required: ["page", "url"],
                    [
                        ("page", text("The page, e.g. HIG › Typography.")),
                        ("section", text("The section of the page.")),
                        ("url", ["type": "string", "format": "uri", "description": "The page's address."]),
                        ("quote", text("Apple's words, verbatim.")),
                    ])
            ),
            (
                "Basis",
                object(
                    "Why a figure is a convention: the reason, and the Apple pages searched without finding it.",
                    [
                        ("reason", text("Why it is a convention.")),
                        ("searched", ["type": "array", "items": ["type": "string"]]),
                    ])
            ),
            (
                "Size",
                object(
                    "A width and a height.", required: ["width", "height"],
                    [("width", number("Width.")), ("height", number("Height."))])
            ),
            (
                "SizeClassPair",
                object(
                    "Horizontal and vertical size classes.", required: ["horizontal", "vertical"],
                    [
                        ("horizontal", enumeration(SizeClassValue.spellings)),
                        ("vertical", enumeration(SizeClassValue.spellings)),
                    ])
            ),
            (
                "Color",
                object(
                    "A color as Apple's swatch gives it: red, green and blue from 0 to 255, and the same value as #RRGGBB.",
                    required: ["red", "green", "blue", "hex"],
                    [
                        ("red", ["type": "integer", "minimum": 0, "maximum": 255]),
                        ("green", ["type": "integer", "minimum": 0, "maximum": 255]),
                        ("blue", ["type": "integer", "minimum": 0, "maximum": 255]),
                        ("hex", ["type": "string", "pattern": "^#[0-9A-F]{6}$"]),
                    ])
            ),
            (
                "SearchResult",
                object(
                    "A record matching the words, best first.", required: ["type", "id"],
                    [
                        ("type", enumeration(RecordType.spellings)), ("id", id("The record's id.")),
                        ("title", text("The record's name or quote.")), ("snippet", text("Where the words matched.")),
                        ("score", number("Relevance; higher is better.")),
                        (
                            "value",
                            nullable(
                                ["type": "string"],
                                "The record's figure as a designer writes it (44x44, 17, 10–20), or a myth's verdict; null where it has none."
                            )
                        ),
                        ("unit", nullable(["type": "string"], "The figure's unit (pt, px, …); null where none.")),
                        (
                            "status",
                            nullable(
                                enumeration(SearchStatus.spellings),
                                "A figure's or a rule's status; null for a myth or a record without figures.")
                        ),
                        (
                            "citation",
                            nullable(
                                ref("Citation"),
                                "The record's first citation (page, section, url), to cite the hit without reading the record; null where it has none."
                            )
                        ),
                        (
                            "versions",
                            [
                                "type": "array", "items": version("A store version."),
                                "description": "With history=true: the versions that hold the record.",
                            ]
                        ),
                        ("since", version("With history=true: the first version that holds the record.")),
                        (
                            "until",
                            nullable(
                                version("The version."),
                                "With history=true: the version that removed the record; null while it holds.")
                        ),
                    ])
            ),
            (
                "CheckError",
                object(
                    "Why a measurement cannot be judged.", required: ["status", "code", "message"],
                    [
                        ("status", ["type": "integer", "description": "The HTTP status it would have alone."]),
                        ("code", text("A stable code: unknown_parameter, invalid_value, unknown_value, …")),
                        ("message", text("What is wrong.")), ("hint", text("How to fix it.")),
                        ("parameter", text("The member at fault.")),
                        ("accepted", ["type": "array", "items": ["type": "string"]]),
                    ])
            ),
            (
                "CheckResult",
                object(
                    "One measurement's judgement, or its error.", required: [],
                    [
                        ("index", ["type": "integer", "minimum": 0, "description": "Position in the batch."]),
                        ("id", text("The caller's id, echoed.")),
                        (
                            "figure",
                            [
                                "type": ["string", "null"],
                                "description":
                                    "The metric id judged against (for an element, the one that governs; null where none applies); in an error row, the figure as sent.",
                            ]
                        ),
                        ("element", text("The element judged (element=), or in an error row as sent.")),
                        ("platform", text("The platform an element was judged on.")),
                        ("measure", ["type": ["string", "null"], "description": "What was measured on the element."]),
                        ("asset", text("The asset judged (asset=): its name in /v1/asset-sizes.")),
                        (
                            "variant",
                            ["type": ["string", "null"], "description": "The asset's variant judged against."]
                        ),
                        ("scale", text("The scale of the asset size judged against (@2x), or px for one without.")),
                        (
                            "computed",
                            [
                                "type": "boolean",
                                "description":
                                    "true where the pixel size is Apple's points × the scale, Apple's table giving points only.",
                            ]
                        ),
                        (
                            "sizes",
                            [
                                "type": "array", "items": ["type": "object"],
                                "description":
                                    "For an asset: every pixel size judged against (figure, variant, scale, width, height, bound, computed).",
                            ]
                        ),
                        (
                            "governs",
                            ["type": ["string", "null"], "description": "Why that figure governs, and the rule."]
                        ),
                        (
                            "verdicts",
                            [
                                "type": "array", "items": ["type": "object"],
                                "description":
                                    "For an element: every figure judged, each with figure, measured, result, severity, message, force, status, bound and kind (and metric with embed=figure).",
                            ]
                        ),
                        (
                            "notJudged",
                            [
                                "type": "array", "items": ["type": "object"],
                                "description":
                                    "For an element: figures of the measure that take another shape (figure, reason).",
                            ]
                        ),
                        (
                            "otherMeasures",
                            [
                                "type": "array", "items": ["type": "string"],
                                "description": "For an element: its other measures with figures on the platform.",
                            ]
                        ),
                        (
                            "measured",
                            object(
                                "What was measured, in the figure's unit.",
                                [
                                    ("value", number("Value.")), ("width", number("Width.")),
                                    ("height", number("Height.")), ("category", category),
                                ])
                        ),
                        ("result", enumeration(checkResults)),
                        ("severity", enumeration(severities)),
                        ("message", text("The judgement in words, in the figure's own unit.")),
                        (
                            "status",
                            nullable(
                                status,
                                "The judged figure's status; null where no figure applies (result no-applicable-figure)."
                            )
                        ),
                        (
                            "force",
                            [
                                "type": ["string", "null"],
                                "description":
                                    "Apple's own wording for this figure, quoted from its citation; null where the citation gives none.",
                            ]
                        ),
                        ("metric", with(ref("Metric"), "The whole figure (with embed=figure).")),
                        (
                            "citation",
                            with(
                                ref("Citation"),
                                "The judged figure's first citation (page, section, url), where it has one and embed=figure is not given."
                            )
                        ),
                        ("error", ref("CheckError")),
                    ])
            ),
            (
                "Version",
                object(
                    "A store version: a dated change in Apple's pages.", required: ["id"],
                    [
                        ("id", version("The version id.")), ("date", text("When Apple's pages changed.")),
                        ("title", text("What changed, in a line.")), ("notes", text("What changed, in full.")),
                        (
                            "counts",
                            ["type": "object", "additionalProperties": ["type": "integer", "minimum": 0]]
                        ),
                        ("latest", ["type": "boolean"]),
                    ])
            ),
            (
                "DiffRow",
                object(
                    "A record added or removed, or one field of a record changed.", required: ["id"],
                    [
                        ("id", id("The record's id.")), ("type", text("The record's type.")),
                        ("title", text("The record's name.")),
                        (
                            "change",
                            [
                                "type": "string", "enum": .array(DiffKind.allCases.map { .string($0.rawValue) }),
                                "description": "The kind of row (the array shape and the tables carry it).",
                            ]
                        ),
                        ("field", text("The field that changed.")),
                        ("dating", text("How an addition or removal is dated: change-log or evidence-window.")),
                        ("since", version("A first-seen record's first version.")),
                        ("seen", version("The version of the first copy of the sources that shows the record.")),
                        ("before", ["description": "The field's value before (any JSON value)."]),
                        ("after", ["description": "The field's value after (any JSON value)."]),
                    ])
            ),
            (
                "Diff",
                object(
                    "What changed between two store versions.",
                    required: ["from", "to", "added", "removed", "changed"],
                    [
                        ("from", version("The older version.")), ("to", version("The newer version.")),
                        (
                            "counts",
                            object(
                                "How many of each.",
                                [
                                    ("added", ["type": "integer"]), ("removed", ["type": "integer"]),
                                    ("changed", ["type": "integer"]), ("firstSeen", ["type": "integer"]),
                                ])
                        ),
                        ("added", ["type": "array", "items": ref("DiffRow")]),
                        ("removed", ["type": "array", "items": ref("DiffRow")]),
                        ("changed", ["type": "array", "items": ref("DiffRow")]),
                        ("firstSeen", ["type": "array", "items": ref("DiffRow")]),
                        ("notes", strings("Why the answer is empty, when it is.")),
                    ])
            ),
        ]
        for served in ServedCollection.all {
            let fields = served.collection.rowFields
            schemas.append(
                (
                    served.itemSchema,
                    object(
                        served.collection.summary, required: fields.filter(\.isRequired).map(\.name),
                        fields.map { ($0.name, property($0)) } + recordRouteProperties(of: served.collection))
                ))
        }
        for route in Route.allCases {
            guard let (name, item) = schemaNames(route), route != .diff else { continue }
            if route == .record(.devices) {
                schemas.append(
                    (
                        name,
                        object(
                            "One record.", required: ["version", "item"],
                            [
                                ("version", version("The store version that answered.")), ("item", ref(item)),
                                ("notes", strings("What the answer lacks, and why.")),
                            ])
                    ))
                continue
            }
            schemas.append(
                (
                    name,
                    object(
                        "The envelope: the store version that answered, the count, the records.",
                        required: ["version", "count", "items"],
                        [
                            ("version", version("The store version that answered.")),
                            ("count", ["type": "integer", "minimum": 0]),
                            ("total", ["type": "integer", "minimum": 0, "description": "All matches, before paging."]),
                            ("items", ["type": "array", "items": ref(item)]),
                            ("notes", strings("What the answer lacks, and why.")),
                        ])
                ))
        }
        return schemas
    }

    // MARK: - Building blocks

    /// What a collection's record route adds to the record's row: a device's widget sizes.
    private static func recordRouteProperties(of collection: SpecCollection) -> [(String, JSONValue)] {
        guard collection == .devices else { return [] }
        return [
            (
                "widgets",
                object(
                    "Widget sizes for the device's screen (GET /v1/devices/{id} only).",
                    [
                        ("count", ["type": "integer", "minimum": 0]),
                        ("items", ["type": "array", "items": ref("Widget")]),
                        ("notes", strings("What Apple's table lacks for this screen.")),
                    ])
            )
        ]
    }

    /// A declared row member's property: its kind as JSON schema, described by its meaning
    /// (``FieldDescriptor``); a closed kind is the enumeration it declares.
    private static func property(_ field: FieldDescriptor) -> JSONValue {
        func schema(_ kind: FieldKind) -> JSONValue {
            switch kind {
            case .string: ["type": "string"]
            case .number: ["type": "number"]
            case .bool: ["type": "boolean"]
            case .any: [:]
            case .oneOf(let values): enumeration(values)
            case .platforms: ["type": "array", "items": enumeration(SpecCollection.recordPlatforms)]
            case .references: ["type": "array", "items": ["type": "string", "pattern": .string(idPattern)]]
            case .strings: ["type": "array", "items": ["type": "string"]]
            case .size: ref("Size")
            case .sizeClassPair: ref("SizeClassPair")
            case .sizeClassesByOrientation:
                object(
                    "Size classes in each orientation.", required: ["portrait", "landscape"],
                    [("portrait", ref("SizeClassPair")), ("landscape", ref("SizeClassPair"))])
            case .color: ref("Color")
            case .citations: ["type": "array", "items": ref("Citation")]
            case .basis: ref("Basis")
            case .recordID: ["type": "string", "pattern": .string(idPattern)]
            case .version: ["type": "string", "pattern": .string(versionPattern)]
            case .nullable(let kind): ["anyOf": [schema(kind), ["type": "null"]]]
            }
        }
        return with(schema(field.kind), field.meaning.isEmpty ? nil : field.meaning)
    }

    package static func object(_ description: String, required: [String] = [], _ properties: [(String, JSONValue)])
        -> JSONValue
    {
        var schema = JSONObject()
        schema.append("type", "object")
        schema.append("description", .string(description))
        if !required.isEmpty { schema.append("required", .array(required.map { .string($0) })) }
        schema.append("properties", .object(JSONObject(properties)))
        return .object(schema)
    }

    package static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

    private static func text(_ description: String) -> JSONValue {
        ["type": "string", "description": .string(description)]
    }

    private static func number(_ description: String) -> JSONValue {
        ["type": "number", "description": .string(description)]
    }

    private static func strings(_ description: String) -> JSONValue {
        ["type": "array", "items": ["type": "string"], "description": .string(description)]
    }

    private static func id(_ description: String) -> JSONValue {
        ["type": "string", "pattern": .string(idPattern), "description": .string(description)]
    }

    private static func ids(_ description: String) -> JSONValue {
        [
            "type": "array", "items": ["type": "string", "pattern": .string(idPattern)],
            "description": .string(description),
        ]
    }

    private static func version(_ description: String) -> JSONValue {
        ["type": "string", "pattern": .string(versionPattern), "description": .string(description)]
    }

    private static func enumeration(_ values: [String]) -> JSONValue {
        ["type": "string", "enum": .array(values.map { .string($0) })]
    }

    private static func nullable(_ schema: JSONValue, _ description: String) -> JSONValue {
        ["anyOf": [schema, ["type": "null"]], "description": .string(description)]
    }

    /// `schema` with a description; a `$ref` is wrapped, since 3.1 lets siblings of `$ref` be
    /// ignored by some tools.
    private static func with(_ schema: JSONValue, _ description: String?) -> JSONValue {
        guard let description else { return schema }
        if schema["$ref"] != nil { return ["allOf": [schema], "description": .string(description)] }
        guard case .object(var object) = schema else { return schema }
        object["description"] = .string(description)
        return .object(object)
    }
}
