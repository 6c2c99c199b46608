import SpecStore

/// The JSON schema of every record type the API answers with, and of each route's envelope, for
/// the OpenAPI document: properties with their units, enumerations where the vocabulary is
/// closed (platform, status, bound, family, …), `items` on every array.
///
/// Ids and store versions are patterns, never the ids of today's data: a reload that adds a
/// version or a figure must not make a generated client refuse it. Records stay open
/// (`additionalProperties` is not false) so a field added within v1 does not break one either.
enum RecordSchemas {
    /// A store version id: `2023`, `2025-03`, `2025-03-07`.
    static let versionPattern = "^[0-9]{4}(-[0-9]{2}){0,2}$"

    /// A version as a request may name it: an id, or `latest` for the newest.
    static let versionParameterPattern = "^([0-9]{4}(-[0-9]{2}){0,2}|latest)$"

    /// A record id: lower-case words joined by dots and dashes (`device.iphone-16-pro`).
    static let idPattern = "^[a-z0-9]+([.-][a-z0-9]+)*$"

    /// The results a check gives (`SpecSnapshot.check`).
    static let checkResults = [
        "ok", "below-published", "above-published", "differs-from-published-default", "deviates-from-convention",
        "no-applicable-figure",
    ]

    /// The severities of a check result, mildest first.
    static let severities = ["none", "info", "advisory", "warning"]

    /// The schema names of a data route's JSON answer: `list`, the envelope (or `{version, item}`),
    /// and `item`, the record inside it (what `shape=array` returns an array of).
    static func schemaNames(_ route: Route) -> (list: String, item: String)? {
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
    static func response(_ route: Route) -> JSONValue? {
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

    /// Every schema, by name. Enumerations come from the vocabularies the store defines and the
    /// values its data holds in any version.
    static func components(store: SpecStore) -> [(String, JSONValue)] {
        let values = DataValues(store.export())
        func closed(_ known: [String], _ collection: String, _ field: String) -> JSONValue {
            var all = known
            for value in values.strings(collection, field) where !all.contains(value) { all.append(value) }
            return ["type": "string", "enum": .array(all.map { .string($0) })]
        }
        var platformValues = FilterVocabulary.platforms
        for value in values.strings("*", "platforms") + values.strings("*", "platform")
        where !platformValues.contains(value) {
            platformValues.append(value)
        }
        let platform = enumeration(platformValues)
        let platforms: JSONValue = ["type": "array", "items": platform]
        let status = closed(FilterVocabulary.statuses, "*", "status")
        let category = closed(FilterVocabulary.categories, "dynamicType", "category")
        let sizeClassValue = closed(FilterVocabulary.sizeClassValues, "sizeClasses", "horizontal")
        let common = commonProperties(platforms: platforms, status: status)
        let device = meaning(of: .devices)
        let sizeClass = meaning(of: .sizeClasses)
        let widget = meaning(of: .widgets)
        let widgetFamily = meaning(of: .widgetFamilies)
        let dynamicType = meaning(of: .dynamicType)
        let tracking = meaning(of: .tracking)
        let metric = meaning(of: .metrics)
        let rule = meaning(of: .rules)
        let myth = meaning(of: .myths)

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
                    [("horizontal", sizeClassValue), ("vertical", sizeClassValue)])
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
                "Device",
                record(
                    "A device's screen: size in points and pixels, scale, and size classes where Apple's table has the model.",
                    common: common,
                    [
                        ("name", text(device("name"))),
                        ("family", closed(FilterVocabulary.deviceFamilies, "devices", "family")),
                        ("points", nullable(ref("Size"), device("points"))),
                        ("scale", ["type": ["integer", "null"], "description": .string(device("scale"))]),
                        ("pixels", with(ref("Size"), device("pixels"))),
                        (
                            "sizeClasses",
                            [
                                "anyOf": [
                                    object(
                                        "Size classes in each orientation.",
                                        [("portrait", ref("SizeClassPair")), ("landscape", ref("SizeClassPair"))]),
                                    ["type": "null"],
                                ]
                            ]
                        ),
                        ("asPublished", text(device("asPublished"))),
                        ("caseSize", text(device("caseSize"))),
                        (
                            "downsampled",
                            [
                                "type": "boolean",
                                "description": .string(device("downsampled")),
                            ]
                        ),
                        (
                            "erratum",
                            text(device("erratum"))
                        ),
                        (
                            "widgets",
                            object(
                                "Widget sizes for the device's screen (GET /v1/devices/{id} only).",
                                [
                                    ("count", ["type": "integer", "minimum": 0]),
                                    ("items", ["type": "array", "items": ref("Widget")]),
                                    ("notes", strings("What Apple's table lacks for this screen.")),
                                ])
                        ),
                    ])
            ),
            (
                "SizeClass",
                record(
                    "One model in one orientation: its size classes.", common: common,
                    [
                        ("device", text(sizeClass("device"))),
                        ("devices", ids(sizeClass("devices"))),
                        ("orientation", closed(FilterVocabulary.orientations, "sizeClasses", "orientation")),
                        ("horizontal", sizeClassValue), ("vertical", sizeClassValue),
                    ])
            ),
            ("WidgetFamily", closed(FilterVocabulary.widgetFamilies, "widgets", "family")),
            (
                "Widget",
                record(
                    "A widget family's size on one screen, in points (pt).", common: common,
                    [
                        ("platform", platform),
                        ("screen", nullable(ref("Size"), widget("screen"))),
                        (
                            "family",
                            nullable(ref("WidgetFamily"), widget("family"))
                        ),
                        ("width", number(widget("width"))), ("height", number(widget("height"))),
                        ("variant", closed([], "widgets", "variant")),
                        ("displayZoomMoreSpaceOnly", ["type": "boolean"]),
                        ("caseSize", text(widget("caseSize"))),
                        ("sizeMm", with(ref("Size"), widget("sizeMm"))),
                    ])
            ),
            (
                "WidgetFamilySupport",
                record(
                    "Whether a platform offers a widget family, or a widget rendering mode, and where.", common: common,
                    [
                        ("platform", platform),
                        (
                            "family",
                            nullable(ref("WidgetFamily"), widgetFamily("family"))
                        ),
                        (
                            "renderingMode",
                            closed(FilterVocabulary.renderingModes, "widgetFamilies", "renderingMode")
                        ),
                        ("supported", ["type": "boolean", "description": .string(widgetFamily("supported"))]),
                        (
                            "contexts",
                            strings(widgetFamily("contexts"))
                        ),
                    ])
            ),
            (
                "DynamicTypeRow",
                record(
                    "One text style at one Dynamic Type category, in points (pt).", common: common,
                    typographyProperties(platform: platform)
                        + [
                            ("category", category), ("categoryLabel", text(dynamicType("categoryLabel"))),
                            ("isDefault", ["type": "boolean", "description": .string(dynamicType("isDefault"))]),
                        ])
            ),
            (
                "TextStyle",
                record(
                    "One built-in text style of a platform without Dynamic Type, in points (pt).", common: common,
                    typographyProperties(platform: platform))
            ),
            (
                "Tracking",
                record(
                    "Apple's tracking for a font at a point size.", common: common,
                    [
                        ("platform", platform), ("font", closed([], "tracking", "font")),
                        ("size", number(tracking("size"))),
                        ("trackingEm", number(tracking("trackingEm"))),
                        ("trackingPt", number(tracking("trackingPt"))),
                        (
                            "asPublished",
                            object(
                                tracking("asPublished"),
                                [("trackingEm", ["type": "string"]), ("trackingPt", ["type": "string"])])
                        ),
                    ])
            ),
            (
                "Metric",
                record(
                    "Any other figure: a value, a width and height, or a range, with its unit and what kind of bound it is.",
                    common: common,
                    [
                        ("name", text(metric("name"))), ("topic", closed([], "metrics", "topic")),
                        ("platform", platform),
                        ("value", number(metric("value"))), ("width", number(metric("width"))),
                        ("height", number(metric("height"))), ("min", number(metric("min"))),
                        ("max", number(metric("max"))),
                        ("minCategory", with(category, metric("minCategory"))),
                        ("maxCategory", with(category, metric("maxCategory"))),
                        (
                            "display",
                            text(
                                "The figure as one display text, with its bound and unit: 44×44 pt, ≥ 28×28 pt, 2–5, ≥ 4.5:1, < 15 (the API's, not the data file's; figure_display in CSV)."
                            )
                        ),
                        ("bound", closed(FilterVocabulary.bounds, "metrics", "bound")),
                        (
                            "exclusive",
                            [
                                "type": "boolean",
                                "description": .string(metric("exclusive")),
                            ]
                        ),
                        (
                            "force",
                            [
                                "type": ["string", "null"],
                                "description": .string(metric("force")),
                            ]
                        ),
                        ("kind", closed(FilterVocabulary.ruleKinds, "metrics", "kind")),
                        ("alternatives", ids(metric("alternatives"))),
                        ("caseSize", text(metric("caseSize"))),
                    ])
            ),
            (
                "Rule",
                record(
                    "One of Apple's rules, in Apple's words (quote), or the store's reading of them.", common: common,
                    [
                        ("topic", closed([], "rules", "topic")),
                        ("kind", closed(FilterVocabulary.ruleKinds, "rules", "kind")),
                        ("quote", text(rule("quote"))),
                        ("reading", text(rule("reading"))),
                        ("related", ids(rule("related"))),
                    ])
            ),
            (
                "Myth",
                record(
                    "A belief that produces false findings, and the correction.", common: common,
                    [
                        ("topic", closed([], "myths", "topic")), ("claim", text(myth("claim"))),
                        ("verdict", closed(FilterVocabulary.mythVerdicts, "myths", "verdict")),
                        ("correction", text(myth("correction"))), ("related", ids(myth("related"))),
                    ])
            ),
            (
                "SearchResult",
                object(
                    "A record matching the words, best first.", required: ["type", "id"],
                    [
                        ("type", closed(FilterVocabulary.searchTypes, "-", "-")), ("id", id("The record's id.")),
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
                                enumeration(FilterVocabulary.searchStatuses),
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
        // A collection without a schema written out above has the one its declared fields make.
        for served in ServedCollection.all where !schemas.contains(where: { $0.0 == served.itemSchema }) {
            let own = served.collection.fields.map { field in
                (field.name, property(field, of: served.collection.key, closed: closed, platforms: platforms))
            }
            schemas.append(
                (served.itemSchema, record("One record of /v1/\(served.segment).", common: common, own)))
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

    private static func commonProperties(platforms: JSONValue, status: JSONValue) -> [(String, JSONValue)] {
        [
            ("id", id("The record's stable id.")),
            ("platforms", with(platforms, "The platforms the record applies to.")),
            ("status", status),
            (
                "unit",
                [
                    "type": "string",
                    "description":
                        "The unit of every number in the record: pt, px (pixels), s, h, min, ratio, percent, ppi or count.",
                ]
            ),
            ("citations", ["type": "array", "items": ref("Citation")]),
            ("basis", ref("Basis")),
            ("since", version("The store version the record entered in.")),
            (
                "seen",
                version(
                    "Where no source dates the record: the first store version whose dated copy shows it (earlier versions hold it as uncertain)."
                )
            ),
            ("presence", text("uncertain where the record's presence in this version is not dated by a source.")),
            ("notes", text("What a reader should know about the figures.")),
        ]
    }

    private static func typographyProperties(platform: JSONValue) -> [(String, JSONValue)] {
        // The Dynamic Type rows and the text styles declare these fields alike.
        let textStyle = meaning(of: .textStyles)
        return [
            ("platform", platform),
            ("style", text(textStyle("style"))), ("label", text(textStyle("label"))),
            ("weight", text(textStyle("weight"))), ("size", number(textStyle("size"))),
            ("leading", number(textStyle("leading"))),
            ("emphasizedWeight", ["type": ["string", "null"], "description": .string(textStyle("emphasizedWeight"))]),
        ]
    }

    /// A collection's field meanings as its declaration gives them (``SpecCollection/fields``):
    /// the one description of a field, which the schema document's field tables show too.
    /// `ServedCollectionTests` checks every declared field has its property.
    private static func meaning(of collection: SpecCollection) -> (String) -> String {
        { name in collection.field(name)?.meaning ?? "" }
    }

    /// A declared field's property: its kind as JSON schema, described by its meaning
    /// (``FieldDescriptor``). `closed` makes an enumeration of the vocabulary and the data's values.
    private static func property(
        _ field: FieldDescriptor, of collection: String,
        closed: (_ known: [String], _ collection: String, _ field: String) -> JSONValue, platforms: JSONValue
    ) -> JSONValue {
        func schema(_ kind: FieldKind) -> JSONValue {
            switch kind {
            case .string: ["type": "string"]
            case .number: ["type": "number"]
            case .bool: ["type": "boolean"]
            case .any: [:]
            case .oneOf(let values): closed(values, collection, field.name)
            case .platforms: platforms
            case .references: ["type": "array", "items": ["type": "string", "pattern": .string(idPattern)]]
            case .strings: ["type": "array", "items": ["type": "string"]]
            case .size: ref("Size")
            case .sizeClassPair: ref("SizeClassPair")
            case .color: ref("Color")
            case .citations: ["type": "array", "items": ref("Citation")]
            case .basis: ref("Basis")
            case .nullable(let kind): ["anyOf": [schema(kind), ["type": "null"]]]
            }
        }
        return with(schema(field.kind), field.meaning)
    }

    private static func record(_ description: String, common: [(String, JSONValue)], _ own: [(String, JSONValue)])
        -> JSONValue
    {
        var properties = common
        for (name, schema) in own {
            if let index = properties.firstIndex(where: { $0.0 == name }) {
                properties[index].1 = schema
            } else {
                properties.append((name, schema))
            }
        }
        return object(description, required: ["id"], properties)
    }

    static func object(_ description: String, required: [String] = [], _ properties: [(String, JSONValue)])
        -> JSONValue
    {
        var schema = JSONObject()
        schema.append("type", "object")
        schema.append("description", .string(description))
        if !required.isEmpty { schema.append("required", .array(required.map { .string($0) })) }
        schema.append("properties", .object(JSONObject(properties)))
        return .object(schema)
    }

    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/components/schemas/\(name)")] }

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

    /// The string values a field takes anywhere in the export (every record, every version's
    /// history), for enumerations that must hold whatever the store serves.
    private struct DataValues {
        let export: JSONValue
        init(_ export: JSONValue) { self.export = export }

        /// `collection` `*` means every collection; `-` none.
        func strings(_ collection: String, _ field: String) -> [String] {
            guard collection != "-", let root = export.objectValue else { return [] }
            var found: [String] = []
            func add(_ value: JSONValue?) {
                switch value {
                case .string(let string)?: if !found.contains(string) { found.append(string) }
                case .array(let array)?: for element in array { add(element) }
                default: break
                }
            }
            for (name, records) in root where collection == "*" || name == collection {
                guard name != "versions", let rows = records.arrayValue else { continue }
                for row in rows {
                    add(row[field])
                    for change in row["history"]?.arrayValue ?? [] { add(change["values"]?[field]) }
                }
            }
            return found.sorted()
        }
    }
}
