import JSON

/// The collections of the data file, in the file's order.
///
/// Each is declared once, in ``declared``: its data-file key, its record type, its fields, its
/// switches and what search finds its records by. Loading, validation, rows, search, diffs and
/// the `search?type=` vocabulary read the declaration; a new collection is a case here, its
/// declaration and its ``RecordType`` (CONTRIBUTING.md).
public enum SpecCollection: Int, CaseIterable, Sendable {
    case devices, sizeClasses, widgets, widgetFamilies, dynamicType, textStyles, tracking, metrics, rules, myths
    case colors, complications
    case assetSizes

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

    /// What one record is, in a line (the API description's record schema says it).
    public var summary: String { declaration.summary }

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
                summary:
                    "A device's screen: size in points and pixels, scale, and size classes where Apple's table has the model.",
                fields: [
                    FieldSpec("name", .string, required: true, "Apple's name for the model."),
                    FieldSpec("family", .oneOf(FilterVocabulary.deviceFamilies), required: true, "The device family."),
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    FieldSpec("points", .nullable(.size), unit: .fixed("pt"), "Portrait size in points (pt)."),
                    FieldSpec("scale", .nullable(.number), "Scale factor (@2x, @3x)."),
                    FieldSpec("pixels", .size, required: true, unit: .fixed("px"), "Portrait size in pixels (px)."),
                    FieldSpec("caseSize", .string, "Apple Watch case size."),
                    FieldSpec("asPublished", .any, "The figures as Apple prints them."),
                    // The field Apple printed that the sources show to be a probable Apple erratum: it is
                    // served as published, and nothing is joined on it.
                    FieldSpec(
                        "erratum", .oneOf(["points"]),
                        "Which printed figures the sources show to be a probable erratum (served as published)."),
                    // Apple's pixels are the panel's, fewer than points × scale: the screen renders at
                    // the scale and is downsampled (the 5.5-inch Plus phones).
                    FieldSpec(
                        "downsampled", .bool,
                        "Apple's pixels are fewer than points × scale: the screen renders at the scale and is downsampled."
                    ),
                ]
            ) { record in
                SearchEntry(
                    title: record.text("name"),
                    weighted: [(3.0, record.text("name")), (1.0, record.text("family")), (1.0, record.platforms)])
            }
        case .sizeClasses:
            CollectionDeclaration(
                key: "sizeClasses", idPrefixes: ["size-class."], recordType: .sizeClass,
                summary: "One model in one orientation: its size classes.", carriesUnit: false,
                fields: [
                    FieldSpec(
                        "device", .string, required: true, "Apple's name for the model."),
                    FieldSpec(
                        "devices", .references(to: .devices), required: true, "The device ids the row applies to."),
                    FieldSpec(
                        "portrait", .sizeClassPair, required: true,
                        "The size classes in portrait, each compact or regular."),
                    FieldSpec(
                        "landscape", .sizeClassPair, required: true,
                        "The size classes in landscape, each compact or regular."),
                ]
            ) { record in
                SearchEntry(
                    title: "Size classes: \(record.text("device"))",
                    weighted: [(3.0, record.text("device")), (1.0, "size class size classes")])
            }
        case .widgets:
            CollectionDeclaration(
                key: "widgets", idPrefixes: ["widget."], recordType: .widget,
                summary: "A widget family's size on one screen, in points (pt).", hasPrimaryPlatform: true,
                fields: [
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    FieldSpec("screen", .nullable(.size), unit: .fixed("pt"), "The screen, in points (pt)."),
                    FieldSpec("caseSize", .string, "Apple Watch case size."),
                    // watchOS Smart Stack rows have `null`: Apple's column names no WidgetKit family.
                    FieldSpec(
                        "family", .nullable(.oneOf(FilterVocabulary.widgetFamilies)), required: true,
                        "The WidgetKit family; null where Apple's row names none (a watchOS Smart Stack size)."),
                    FieldSpec("width", .number, required: true, unit: .fixed("pt"), "Width in points (pt)."),
                    FieldSpec("height", .number, required: true, unit: .fixed("pt"), "Height in points (pt)."),
                    FieldSpec(
                        "variant", .oneOf(["canvas", "device"]),
                        "Whether the size is the widget canvas or as shown on the device (iPadOS only)."),
                    FieldSpec(
                        "displayZoomMoreSpaceOnly", .bool,
                        "Whether the size applies only with Display Zoom at More Space (iPadOS rows Apple marks with an asterisk)."
                    ),
                    FieldSpec(
                        "sizeMm", .size, unit: .fixed("mm"),
                        "The widget's size in millimetres on visionOS, at 100 % scale."),
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
                summary: "Whether a platform offers a widget family, or a widget rendering mode, and where.",
                carriesUnit: false, hasPrimaryPlatform: true,
                mayBeAbsent: true,
                fields: [
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    // A family's availability, or (`null` here) a rendering mode's.
                    FieldSpec(
                        "family", .nullable(.oneOf(FilterVocabulary.widgetFamilies)), required: true,
                        "The WidgetKit family; null in a rendering mode's row."),
                    FieldSpec(
                        "renderingMode", .oneOf(FilterVocabulary.renderingModes),
                        "The rendering mode, in WidgetKit's name; absent in a family's row."),
                    FieldSpec("supported", .bool, required: true, "Whether the platform offers it."),
                    // Where on the platform, in Apple's words: `Home Screen`, `StandBy`, `CarPlay`, ….
                    FieldSpec(
                        "contexts", .strings, "Where on the platform, in Apple's words: Home Screen, StandBy, CarPlay."),
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
                key: "dynamicType", idPrefixes: ["type."], recordType: .dynamicType,
                summary: "One text style at one Dynamic Type category, in points (pt).", hasPrimaryPlatform: true,
                fields: [
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    FieldSpec(
                        "category", .oneOf(FilterVocabulary.categories), required: true, "The Dynamic Type category."),
                    FieldSpec("categoryLabel", .string, "Apple's name for the category."),
                    FieldSpec("isDefault", .bool, "Whether this is the default category."),
                ] + Self.textStyleFields
            ) { Self.textStyleEntry($0, kind: "dynamic type") }
        case .textStyles:
            CollectionDeclaration(
                key: "textStyles", idPrefixes: ["text-style."], recordType: .textStyle,
                summary: "One built-in text style of a platform without Dynamic Type, in points (pt).",
                hasPrimaryPlatform: true,
                fields: [FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to.")]
                    + Self.textStyleFields
            ) { Self.textStyleEntry($0, kind: "text style") }
        case .tracking:
            CollectionDeclaration(
                key: "tracking", idPrefixes: ["tracking."], recordType: .tracking,
                summary: "Apple's tracking for a font at a point size.", hasPrimaryPlatform: true,
                fields: [
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    FieldSpec("font", .string, required: true, "The font Apple's tracking table is for."),
                    FieldSpec("size", .number, required: true, unit: .fixed("pt"), "Point size (pt)."),
                    FieldSpec(
                        "trackingEm", .number, required: true, unit: .fixed("1/1000 em"), "Tracking in 1/1000 em."),
                    FieldSpec("trackingPt", .number, required: true, unit: .fixed("pt"), "Tracking in points (pt)."),
                    FieldSpec("asPublished", .any, "The figures as Apple prints them (with their sign)."),
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
                key: "metrics", idPrefixes: ["metric."], recordType: .metric,
                summary:
                    "Any other figure: a value, a width and height, or a range, with its unit and what kind of bound it is.",
                hasPrimaryPlatform: true,
                fields: [
                    FieldSpec("name", .string, required: true, "What the figure is."),
                    FieldSpec(
                        "topic", .string, required: true,
                        "The subject the figure belongs to, lower-case: controls, typography, layout, …"),
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    FieldSpec("value", .number, unit: .perRecord, "The figure, in unit."),
                    FieldSpec("width", .number, unit: .perRecord, "Width, in unit."),
                    FieldSpec("height", .number, unit: .perRecord, "Height, in unit."),
                    FieldSpec("min", .number, unit: .perRecord, "Lower end of a range, in unit."),
                    FieldSpec("max", .number, unit: .perRecord, "Upper end of a range, in unit."),
                    // A range of Dynamic Type categories (unit `category`), judged with `category=`.
                    FieldSpec(
                        "minCategory", .oneOf(FilterVocabulary.categories), unit: .fixed("category"),
                        "Lower end of a range of Dynamic Type categories."),
                    FieldSpec(
                        "maxCategory", .oneOf(FilterVocabulary.categories), unit: .fixed("category"),
                        "Upper end of a range of Dynamic Type categories."),
                    FieldSpec(
                        "bound", .oneOf(FigureBound.spellings), required: true,
                        "What kind of figure it is: minimum, maximum, default, exact, about (Apple's approximate figure), or range with min and max."
                    ),
                    // Apple's own words of force for this figure, verbatim from one of its citations' quotes.
                    FieldSpec(
                        "force", .string,
                        "Apple's own wording of how strongly the figure applies, quoted from its citation."),
                    // The figure itself is outside the bound: Apple says "under 15", not "at most 15".
                    FieldSpec("exclusive", .bool, "The figure itself is outside the bound (\"under 15\")."),
                    // What Apple's sentence does, as for rules: a description is not a limit.
                    FieldSpec(
                        "kind", .oneOf(RuleKind.recordKinds),
                        "What Apple's sentence does: requirement, recommendation or description."),
                    // Figures Apple gives as the other branch of an either/or ("a margin of at least
                    // 16 points … or … centers at least 60 points apart"): meeting one is enough.
                    FieldSpec(
                        "alternatives", .references(to: .metrics),
                        "Figures Apple gives as the other branch of an either/or."),
                    // A figure of one watch case size (watchOS image scale), as `case=` reads it.
                    FieldSpec("caseSize", .string, "The Apple Watch case size the figure is for (45mm)."),
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
                key: "rules", idPrefixes: ["rule."], recordType: .rule,
                summary: "One of Apple's rules, in Apple's words (quote), or the store's reading of them.",
                carriesFigures: false,
                fields: [
                    FieldSpec("topic", .string, required: true, "The subject the rule belongs to, lower-case."),
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    // Absent means `published`: Apple's words.
                    FieldSpec(
                        "status", .oneOf(FilterVocabulary.ruleStatuses),
                        "published (Apple's words; the default when absent) or reading (the store's interpretation)."),
                    FieldSpec(
                        "kind", .oneOf(RuleKind.recordKinds), required: true,
                        "What Apple's sentence does: requirement, recommendation or description."),
                    // Apple's words on a published rule; the store's own words on a reading. Never both.
                    FieldSpec("quote", .string, "Apple's words, verbatim."),
                    FieldSpec("reading", .string, "The store's own reading (status reading), never Apple's words."),
                    FieldSpec(
                        "citations", .citations, required: true,
                        "Where Apple says the words: page, section and URL; a reading cites the page it reads."),
                    FieldSpec("related", .references(to: nil), "Related record ids."),
                ]
            ) { record in
                // Apple's words, or on a reading the store's own.
                let words = record.fields["quote"] == nil ? record.text("reading") : record.text("quote")
                return SearchEntry(
                    title: words, weighted: [(1.0, words), (2.0, record.text("topic")), (0.5, record.platforms)])
            }
        case .myths:
            CollectionDeclaration(
                key: "myths", idPrefixes: ["myth."], recordType: .myth,
                summary: "A belief that produces false findings, and the correction.", carriesFigures: false,
                fields: [
                    FieldSpec("topic", .string, required: true, "The subject the belief belongs to, lower-case."),
                    FieldSpec("claim", .string, required: true, "What is believed."),
                    FieldSpec(
                        "verdict", .oneOf(MythVerdict.spellings), required: true,
                        "How the belief stands against Apple's pages."),
                    FieldSpec("correction", .string, required: true, "What is true instead."),
                    FieldSpec("citations", .citations, required: true, "Where Apple says what is true."),
                    FieldSpec("related", .references(to: nil), "Related record ids."),
                ]
            ) { record in
                SearchEntry(
                    title: record.text("claim"),
                    weighted: [
                        (3.0, record.text("claim")), (1.0, record.text("correction")), (2.0, record.text("topic")),
                        (1.0, record.text("verdict")),
                    ])
            }
        case .assetSizes: .assetSizes
        case .colors:
            CollectionDeclaration(
                key: "colors", idPrefixes: ["color."], recordType: .color,
                summary: "One of Apple's system colors: its API names and its value in each appearance.",
                carriesUnit: false,
                hasPrimaryPlatform: true, mayBeAbsent: true,
                fields: [
                    FieldSpec("name", .string, required: true, "Apple's name for the color."),
                    FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
                    FieldSpec("table", .string, required: true, "Apple's table the row is in."),
                    // Apple's 2023 macOS table had two tabs, Default and Vibrant.
                    FieldSpec("tab", .string, "The tab of Apple's table the row is on (macOS, 2023)."),
                    // Empty where Apple's API column names the other framework: Apple's table is
                    // not completed from elsewhere.
                    FieldSpec(
                        "swiftUI", .nullable(.string), required: true,
                        "The SwiftUI API name as Apple prints it; null where Apple's table names none."),
                    FieldSpec(
                        "uiKit", .nullable(.string), required: true,
                        "The UIKit API name as Apple prints it; null where Apple's table names none."),
                ]
                    + ColorAppearance.allCases.map { appearance in
                        FieldSpec(
                            appearance.field, .nullable(.color), required: true,
                            "The \(appearance.phrase) value (RGB 0–255 and hex); null where Apple's table has no such column."
                        )
                    } + [
                        // Apple's 2023 visionOS table: one column, headed Default; the Activity ring colors.
                        FieldSpec(
                            "value", .color,
                            "The one value of a color Apple gives no per-appearance values (Apple's 2023 visionOS table, headed Default; the Activity ring colors)."
                        ),
                        // What a token file, a style sheet and a contrast check may read for
                        // every appearance; the 2023 visionOS column says nothing of the others.
                        FieldSpec(
                            "sameInEveryAppearance", .bool,
                            "Whether value holds in every appearance: Apple gives the color one value for all of them."),
                        FieldSpec("asPublished", .any, "The values as Apple prints them (R-255,G-56,B-60)."),
                        // Where the values rest on fewer copies of Apple's page than the rest.
                        FieldSpec(
                            "confidence", .oneOf(["single-copy"]),
                            "single-copy: one named public copy of Apple's page shows the values (unnamed copies agree); absent: two or more."
                        ),
                    ]
            ) { record in
                let apis = [record.text("swiftUI"), record.text("uiKit")].filter { !$0.isEmpty }.joined(separator: " ")
                let hexes = (ColorAppearance.allCases.map(\.field) + ["value"]).compactMap { field in
                    record.fields[field]?["hex"]?.stringValue
                }
                return SearchEntry(
                    title:
                        "\(record.text("name")) (\(record.text("table"))\(record.text("tab").isEmpty ? "" : ", \(record.text("tab"))"))",
                    weighted: [
                        (3.0, record.text("name")), (2.0, apis), (2.0, hexes.joined(separator: " ")),
                        (2.0, hexes.map { String($0.dropFirst()) }.joined(separator: " ")),
                        (1.0, "system color \(record.text("table"))"), (1.0, record.platforms),
                    ])
            }
        case .complications: Self.complicationsDeclaration
        }
    }

    /// The fields a Dynamic Type row and a text-style row share, after their platforms (and a Dynamic
    /// Type row's category, its label and whether it is the default).
    private static let textStyleFields = [
        FieldSpec("style", .string, required: true, "The style's id: largeTitle, body, …"),
        FieldSpec("label", .string, "Apple's name for the style."),
        FieldSpec("weight", .string, "Font weight, as Apple names it."),
        FieldSpec("size", .number, required: true, unit: .fixed("pt"), "Font size in points (pt)."),
        FieldSpec("leading", .nullable(.number), unit: .fixed("pt"), "Line height in points (pt)."),
        FieldSpec("emphasizedWeight", .nullable(.string), "The emphasized variant's weight."),
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
    /// What one record is, in a line: the API description's record schema says it.
    let summary: String
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
