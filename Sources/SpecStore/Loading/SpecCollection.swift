/// The collections of the data file, in the file's order.
///
/// Each is declared once, in ``declared``: its data-file key, its record type, its fields, its
/// switches and what search finds its records by. Loading, validation, rows, search, diffs and
/// the `search?type=` vocabulary read the declaration; a new collection is a case here, its
/// declaration and its ``RecordType`` (CONTRIBUTING.md).
public enum SpecCollection: Int, CaseIterable, Sendable {
    case devices, sizeClasses, widgets, widgetFamilies, dynamicType, textStyles, tracking, metrics, rules, myths

    /// The collection's declaration.
    var declaration: CollectionDeclaration { Self.declarations[rawValue] }

    /// The collection's key in the data file.
    public var key: String { declaration.key }

    /// The prefixes its record ids start with in the data this project ships, dot included
    /// (`widget-family.`, and `widget-rendering.` for a rendering mode's record): what a record
    /// link reads to find an id's collection. Not enforced, so a data file with ids of its own
    /// still loads.
    public var idPrefixes: [String] { declaration.idPrefixes }

    /// The record type, as `type` in search results and diffs.
    public var recordType: String { declaration.recordType.rawValue }

    /// Whether records carry figures, and so `status`, `citations`, `basis` and `unit`.
    var carriesFigures: Bool { declaration.carriesFigures }

    /// Whether the API row has a `platform` (the record's first platform) besides `platforms`.
    var hasPrimaryPlatform: Bool { declaration.hasPrimaryPlatform }

    /// Whether a data file may leave the collection out (it then has no records): collections
    /// added after schema version 2 was published, so that earlier files still load.
    var mayBeAbsent: Bool { declaration.mayBeAbsent }

    private static let declarations: [CollectionDeclaration] = allCases.map(\.declared)

    /// The one declaration of each collection (Docs/schema.md documents the fields).
    private var declared: CollectionDeclaration {
        switch self {
        case .devices:
            CollectionDeclaration(
                key: "devices", idPrefixes: ["device."], recordType: .device,
                fields: [
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
                    // Apple's pixels are the panel's, fewer than points × scale: the screen renders at
                    // the scale and is downsampled (the 5.5-inch Plus phones).
                    FieldSpec("downsampled", .bool),
                ]
            ) { record in
                SearchEntry(
                    title: record.text("name"),
                    weighted: [(3.0, record.text("name")), (1.0, record.text("family")), (1.0, record.platforms)])
            }
        case .sizeClasses:
            CollectionDeclaration(
                key: "sizeClasses", idPrefixes: ["size-class."], recordType: .sizeClass, carriesUnit: false,
                fields: [
                    FieldSpec("device", .string, required: true),
                    FieldSpec("devices", .references(to: .devices), required: true),
                    FieldSpec("portrait", .sizeClassPair, required: true),
                    FieldSpec("landscape", .sizeClassPair, required: true),
                ]
            ) { record in
                SearchEntry(
                    title: "Size classes: \(record.text("device"))",
                    weighted: [(3.0, record.text("device")), (1.0, "size class size classes")])
            }
        case .widgets:
            CollectionDeclaration(
                key: "widgets", idPrefixes: ["widget."], recordType: .widget, hasPrimaryPlatform: true,
                fields: [
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
            ) { record in
                let screen =
                    record.fields["screen"].flatMap { value -> String? in
                        guard let width = value["width"], let height = value["height"] else { return nil }
                        return "\(width.serialized())x\(height.serialized())"
                    } ?? record.text("caseSize")
                return SearchEntry(
                    title: "\(record.text("family")) \(screen) (\(record.platforms))",
                    weighted: [(3.0, "\(record.text("family")) widget"), (1.0, screen), (1.0, record.platforms)])
            }
        case .widgetFamilies:
            CollectionDeclaration(
                key: "widgetFamilies", idPrefixes: ["widget-family.", "widget-rendering."], recordType: .widgetFamily,
                carriesUnit: false, hasPrimaryPlatform: true,
                mayBeAbsent: true,
                fields: [
                    FieldSpec("platforms", .platforms, required: true),
                    // A family's availability, or (`null` here) a rendering mode's.
                    FieldSpec("family", .nullable(.oneOf(FilterVocabulary.widgetFamilies)), required: true),
                    FieldSpec("renderingMode", .oneOf(FilterVocabulary.renderingModes)),
                    FieldSpec("supported", .bool, required: true),
                    // Where on the platform, in Apple's words: `Home Screen`, `StandBy`, `CarPlay`, ….
                    FieldSpec("contexts", .strings),
                ]
            ) { record in
                let subject = record.fields["family"]?.stringValue ?? "\(record.text("renderingMode")) rendering mode"
                let contexts = (record.fields["contexts"]?.arrayValue ?? []).compactMap(\.stringValue)
                    .joined(separator: " ")
                let supported = record.fields["supported"] == .bool(false) ? "not supported" : "supported"
                return SearchEntry(
                    title: "\(subject) \(supported) (\(record.platforms))",
                    weighted: [(3.0, "\(subject) widget"), (1.0, record.platforms), (1.0, contexts), (0.5, supported)])
            }
        case .dynamicType:
            CollectionDeclaration(
                key: "dynamicType", idPrefixes: ["type."], recordType: .dynamicType, hasPrimaryPlatform: true,
                fields: [
                    FieldSpec("platforms", .platforms, required: true),
                    FieldSpec("category", .oneOf(FilterVocabulary.categories), required: true),
                ] + Self.textStyleFields
            ) { Self.textStyleEntry($0, kind: "dynamic type") }
        case .textStyles:
            CollectionDeclaration(
                key: "textStyles", idPrefixes: ["text-style."], recordType: .textStyle, hasPrimaryPlatform: true,
                fields: [FieldSpec("platforms", .platforms, required: true)] + Self.textStyleFields
            ) { Self.textStyleEntry($0, kind: "text style") }
        case .tracking:
            CollectionDeclaration(
                key: "tracking", idPrefixes: ["tracking."], recordType: .tracking, hasPrimaryPlatform: true,
                fields: [
                    FieldSpec("platforms", .platforms, required: true),
                    FieldSpec("font", .string, required: true),
                    FieldSpec("size", .number, required: true),
                    FieldSpec("trackingEm", .number, required: true),
                    FieldSpec("trackingPt", .number, required: true),
                    FieldSpec("asPublished", .any),
                ]
            ) { record in
                SearchEntry(
                    title: "\(record.text("font")) \(record.number("size")) pt tracking",
                    weighted: [
                        (3.0, "\(record.text("font")) tracking"), (1.0, record.number("size")), (1.0, record.platforms),
                    ])
            }
        case .metrics:
            CollectionDeclaration(
                key: "metrics", idPrefixes: ["metric."], recordType: .metric, hasPrimaryPlatform: true,
                fields: [
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
                    // What Apple's sentence does, as for rules: a description is not a limit.
                    FieldSpec("kind", .oneOf(CollectionSchema.ruleKinds)),
                    // Figures Apple gives as the other branch of an either/or ("a margin of at least
                    // 16 points … or … centers at least 60 points apart"): meeting one is enough.
                    FieldSpec("alternatives", .references(to: .metrics)),
                ]
            ) { record in
                let figure = ["value", "width", "height", "min", "max"].map(record.number).filter { !$0.isEmpty }
                let unit = record.text("unit").isEmpty ? "pt" : record.text("unit")
                return SearchEntry(
                    title: record.text("name"),
                    weighted: [
                        (3.0, record.text("name")), (2.0, record.text("topic")), (1.0, record.platforms),
                        (1.0, (figure + [unit, record.text("bound")]).joined(separator: " ")),
                        (0.5, record.text("notes")),
                    ])
            }
        case .rules:
            CollectionDeclaration(
                key: "rules", idPrefixes: ["rule."], recordType: .rule, carriesFigures: false,
                fields: [
                    FieldSpec("topic", .string, required: true),
                    FieldSpec("platforms", .platforms, required: true),
                    // Absent means `published`: Apple's words.
                    FieldSpec("status", .oneOf(FilterVocabulary.ruleStatuses)),
                    FieldSpec("kind", .oneOf(CollectionSchema.ruleKinds), required: true),
                    // Apple's words on a published rule; the store's own words on a reading. Never both.
                    FieldSpec("quote", .string),
                    FieldSpec("reading", .string),
                    FieldSpec("citations", .citations, required: true),
                    FieldSpec("related", .references(to: nil)),
                ]
            ) { record in
                // Apple's words, or on a reading the store's own.
                let words = record.fields["quote"] == nil ? record.text("reading") : record.text("quote")
                return SearchEntry(
                    title: words, weighted: [(1.0, words), (2.0, record.text("topic")), (0.5, record.platforms)])
            }
        case .myths:
            CollectionDeclaration(
                key: "myths", idPrefixes: ["myth."], recordType: .myth, carriesFigures: false,
                fields: [
                    FieldSpec("topic", .string, required: true),
                    FieldSpec("claim", .string, required: true),
                    FieldSpec("verdict", .oneOf(FilterVocabulary.mythVerdicts), required: true),
                    FieldSpec("correction", .string, required: true),
                    FieldSpec("citations", .citations, required: true),
                    FieldSpec("related", .references(to: nil)),
                ]
            ) { record in
                SearchEntry(
                    title: record.text("claim"),
                    weighted: [
                        (3.0, record.text("claim")), (1.0, record.text("correction")), (2.0, record.text("topic")),
                        (1.0, record.text("verdict")),
                    ])
            }
        }
    }

    /// The fields a Dynamic Type row and a text-style row share, after their platforms (and category).
    private static let textStyleFields = [
        FieldSpec("categoryLabel", .string),
        FieldSpec("isDefault", .bool),
        FieldSpec("style", .string, required: true),
        FieldSpec("label", .string),
        FieldSpec("weight", .string),
        FieldSpec("size", .number, required: true),
        FieldSpec("leading", .nullable(.number)),
        FieldSpec("emphasizedWeight", .nullable(.string)),
    ]

    /// What search finds a Dynamic Type or text-style row by.
    private static func textStyleEntry(_ record: RecordText, kind: String) -> SearchEntry {
        SearchEntry(
            title: "\(record.text("label")) \(record.text("categoryLabel")) (\(record.platforms))",
            weighted: [
                (3.0, "\(record.text("label")) \(record.text("style"))"),
                (1.0, "\(record.text("category")) \(record.text("categoryLabel"))"), (1.0, record.platforms),
                (1.0, kind),
                // What the row is to a designer: a style's font size (and leading), as asked for.
                (2.0, "font size"),
            ])
    }
}

/// Everything the store knows about one collection: see ``SpecCollection``.
struct CollectionDeclaration: Sendable {
    /// The collection's key in the data file.
    let key: String
    /// The prefixes of its record ids, dot included.
    let idPrefixes: [String]
    /// The record type, as `type` in search results and diffs and as `search?type=` takes it.
    let recordType: RecordType
    /// Whether records carry figures, and so `status`, `citations`, `basis` and `unit`.
    var carriesFigures = true
    /// Whether a figure record's row has a `unit` (`pt` when the record gives none): not where
    /// the figures are no numbers (size classes, widget families).
    var carriesUnit = true
    /// Whether the API row has a `platform` (the record's first platform) besides `platforms`.
    var hasPrimaryPlatform = false
    /// Whether a data file may leave the collection out (collections added after schema version 2).
    var mayBeAbsent = false
    /// The fields of its records, in the order API rows list them (before the figure fields).
    let fields: [FieldSpec]
    /// What search finds a record by: its title and its weighted text.
    let search: @Sendable (RecordText) -> SearchEntry

    /// Whether each record must cite at least one source (its own `citations` field is required).
    var requiresCitation: Bool {
        fields.contains { field in
            guard case .citations = field.kind else { return false }
            return field.isRequired
        }
    }
}

/// A record's fields as its search entry reads them.
struct RecordText {
    let fields: JSONValue

    /// The string field, or `""`.
    func text(_ key: String) -> String { fields[key]?.stringValue ?? "" }

    /// The number field as written, or `""`.
    func number(_ key: String) -> String {
        fields[key].flatMap { value -> String? in
            if case .number(let number) = value { return number.literal }
            return nil
        } ?? ""
    }

    /// The platforms, space-separated.
    var platforms: String { (fields["platforms"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: " ") }
}

/// What search finds a record by: the title a hit shows, and the text it matches with weights.
struct SearchEntry {
    let title: String
    let weighted: [(Double, String)]
}
