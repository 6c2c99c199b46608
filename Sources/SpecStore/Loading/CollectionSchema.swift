/// The shape of a field's value, as Docs/schema.md defines it.
indirect enum FieldKind: Sendable {
    case string
    case number
    case bool
    /// Any JSON value (`asPublished`: Apple's cell as printed, whatever its shape).
    case any
    /// A string from a fixed list.
    case oneOf([String])
    /// A non-empty array of platform ids.
    case platforms
    /// An array of record ids, each of which must exist.
    case references
    /// An array of strings.
    case strings
    /// `{"width": number, "height": number}`.
    case size
    /// `{"horizontal": compact|regular, "vertical": compact|regular}`.
    case sizeClassPair
    /// An array of Citation objects.
    case citations
    /// A Basis object.
    case basis
    /// The value or `null`.
    case nullable(FieldKind)
}

/// One field of a record.
struct FieldSpec: Sendable {
    let name: String
    let kind: FieldKind
    let isRequired: Bool

    init(_ name: String, _ kind: FieldKind, required: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = required
    }
}

/// The fields each collection's records have, in the order API rows list them.
enum CollectionSchema {
    static let units = ["pt", "px", "mm", "ratio", "percent", "ppi", "count", "s", "min", "h", "category"]
    static let recordPlatforms = FilterVocabulary.platforms + ["all"]
    /// What Apple's sentence does (Docs/schema.md, rules); `reading` is a status, not a kind.
    static let ruleKinds = ["requirement", "recommendation", "description"]

    /// Fields records that carry figures have.
    static let figureFields = [
        FieldSpec("status", .oneOf(FilterVocabulary.statuses), required: true),
        FieldSpec("unit", .oneOf(units)),
        FieldSpec("citations", .citations),
        FieldSpec("basis", .basis),
    ]

    static func fields(of collection: SpecCollection) -> [FieldSpec] {
        switch collection {
        case .devices:
            [
                FieldSpec("name", .string, required: true),
                FieldSpec("family", .oneOf(FilterVocabulary.deviceFamilies), required: true),
                FieldSpec("platforms", .platforms, required: true),
                FieldSpec("points", .nullable(.size)),
                FieldSpec("scale", .nullable(.number)),
                FieldSpec("pixels", .size, required: true),
                FieldSpec("caseSize", .string),
                FieldSpec("asPublished", .any),
                // The field Apple printed that the sources show to be a probable Apple erratum: it is
                // served as published, and nothing is joined on it.
                FieldSpec("erratum", .oneOf(["points"])),
            ]
        case .sizeClasses:
            [
                FieldSpec("device", .string, required: true),
                FieldSpec("devices", .references, required: true),
                FieldSpec("portrait", .sizeClassPair, required: true),
                FieldSpec("landscape", .sizeClassPair, required: true),
            ]
        case .widgets:
            [
                FieldSpec("platforms", .platforms, required: true),
                FieldSpec("screen", .nullable(.size)),
                FieldSpec("caseSize", .string),
                // watchOS Smart Stack rows have `null`: Apple's column names no WidgetKit family.
                FieldSpec("family", .nullable(.oneOf(FilterVocabulary.widgetFamilies)), required: true),
                FieldSpec("width", .number, required: true),
                FieldSpec("height", .number, required: true),
                FieldSpec("variant", .oneOf(["canvas", "device"])),
                FieldSpec("displayZoomMoreSpaceOnly", .bool),
                FieldSpec("sizeMm", .size),
            ]
        case .widgetFamilies:
            [
                FieldSpec("platforms", .platforms, required: true),
                // A family's availability, or (`null` here) a rendering mode's.
                FieldSpec("family", .nullable(.oneOf(FilterVocabulary.widgetFamilies)), required: true),
                FieldSpec("renderingMode", .oneOf(FilterVocabulary.renderingModes)),
                FieldSpec("supported", .bool, required: true),
                // Where on the platform, in Apple's words: `Home Screen`, `StandBy`, `CarPlay`, ….
                FieldSpec("contexts", .strings),
            ]
        case .dynamicType, .textStyles:
            (collection == .dynamicType
                ? [
                    FieldSpec("platforms", .platforms, required: true),
                    FieldSpec("category", .oneOf(FilterVocabulary.categories), required: true),
                ]
                : [FieldSpec("platforms", .platforms, required: true)])
                + [
                    FieldSpec("categoryLabel", .string),
                    FieldSpec("isDefault", .bool),
                    FieldSpec("style", .string, required: true),
                    FieldSpec("label", .string),
                    FieldSpec("weight", .string),
                    FieldSpec("size", .number, required: true),
                    FieldSpec("leading", .nullable(.number)),
                    FieldSpec("emphasizedWeight", .nullable(.string)),
                ]
        case .tracking:
            [
                FieldSpec("platforms", .platforms, required: true),
                FieldSpec("font", .string, required: true),
                FieldSpec("size", .number, required: true),
                FieldSpec("trackingEm", .number, required: true),
                FieldSpec("trackingPt", .number, required: true),
                FieldSpec("asPublished", .any),
            ]
        case .metrics:
            [
                FieldSpec("name", .string, required: true),
                FieldSpec("topic", .string, required: true),
                FieldSpec("platforms", .platforms, required: true),
                FieldSpec("value", .number),
                FieldSpec("width", .number),
                FieldSpec("height", .number),
                FieldSpec("min", .number),
                FieldSpec("max", .number),
                // A range of Dynamic Type categories (unit `category`), judged with `category=`.
                FieldSpec("minCategory", .oneOf(FilterVocabulary.categories)),
                FieldSpec("maxCategory", .oneOf(FilterVocabulary.categories)),
                FieldSpec("bound", .oneOf(["minimum", "maximum", "default", "exact", "range"]), required: true),
                // Apple's own words of force for this figure, verbatim from one of its citations' quotes.
                FieldSpec("force", .string),
                // The figure itself is outside the bound: Apple says "under 15", not "at most 15".
                FieldSpec("exclusive", .bool),
            ]
        case .rules:
            [
                FieldSpec("topic", .string, required: true),
                FieldSpec("platforms", .platforms, required: true),
                // Absent means `published`: Apple's words.
                FieldSpec("status", .oneOf(FilterVocabulary.ruleStatuses)),
                FieldSpec("kind", .oneOf(ruleKinds), required: true),
                // Apple's words on a published rule; the store's own words on a reading. Never both.
                FieldSpec("quote", .string),
                FieldSpec("reading", .string),
                FieldSpec("citations", .citations, required: true),
                FieldSpec("related", .references),
            ]
        case .myths:
            [
                FieldSpec("topic", .string, required: true),
                FieldSpec("claim", .string, required: true),
                FieldSpec("verdict", .oneOf(FilterVocabulary.mythVerdicts), required: true),
                FieldSpec("correction", .string, required: true),
                FieldSpec("citations", .citations, required: true),
                FieldSpec("related", .references),
            ]
        }
    }

    /// For each collection, the position of each field in ``allFields``.
    static let fieldIndex: [[String: Int]] = allFields.map { specs in
        var index: [String: Int] = [:]
        for (position, spec) in specs.enumerated() { index[spec.name] = position }
        return index
    }

    /// The collection's own fields followed by the figure fields where it carries figures.
    static let allFields: [[FieldSpec]] = SpecCollection.allCases.map { collection in
        fields(of: collection) + (collection.carriesFigures ? figureFields : [])
    }
}
