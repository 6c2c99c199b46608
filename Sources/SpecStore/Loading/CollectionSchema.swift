/// The shape of a field's value, as Docs/schema.md defines it.
public indirect enum FieldKind: Sendable {
    case string
    case number
    case bool
    /// Any JSON value (`asPublished`: Apple's cell as printed, whatever its shape).
    case any
    /// A string from a fixed list.
    case oneOf([String])
    /// A non-empty array of platform ids.
    case platforms
    /// An array of record ids, each of which must exist (and be a record of the collection
    /// given, if one is).
    case references(to: SpecCollection?)
    /// An array of strings.
    case strings
    /// `{"width": number, "height": number}`.
    case size
    /// `{"horizontal": compact|regular, "vertical": compact|regular}`.
    case sizeClassPair
    /// `{"red", "green", "blue", "hex"}`: channels 0–255 and the same value as `#RRGGBB`.
    case color
    /// An array of Citation objects.
    case citations
    /// A Basis object.
    case basis
    /// `{"portrait": sizeClassPair, "landscape": sizeClassPair}`: a device row's size classes.
    case sizeClassesByOrientation
    /// A record id (`device.iphone-16-pro`): an API row's `id`, which the loader checks itself.
    case recordID
    /// A store version id (`2025-03`): an API row's `since`, `seen` and `until`, which the
    /// loader checks itself.
    case version
    /// The value or `null`.
    case nullable(FieldKind)
}

/// One field of a record: its name, the shape of its value, whether a record must have it, its
/// unit where its numbers have one, and what it means in one line. A collection's fields are
/// described here once; the table layouts' units, the OpenAPI record schemas' descriptions and
/// Docs/schema.md's field tables read (or are checked against) it.
struct FieldSpec: Sendable {
    let name: String
    let kind: FieldKind
    let isRequired: Bool
    let unit: FieldUnit?
    let meaning: String

    init(_ name: String, _ kind: FieldKind, required: Bool = false, unit: FieldUnit? = nil, _ meaning: String = "") {
        self.name = name
        self.kind = kind
        self.isRequired = required
        self.unit = unit
        self.meaning = meaning
    }
}

/// What the fields of every collection share: units, the figure fields, and the field index.
enum CollectionSchema {
    static let units = [
        "pt", "px", "mm", "ratio", "percent", "ppi", "count", "characters", "s", "min", "h", "category",
        // Units of figures Apple states in prose (frame rates, distances, file sizes, print resolutions).
        "fps", "Hz", "m", "KB", "dpi", "degrees", "kbps", "x", "lines", "levels", "words",
    ]

    static let recordPlatforms = FilterVocabulary.platforms + ["all"]

    /// Fields records that carry figures have.
    static let figureFields = [
        FieldSpec(
            "status", .oneOf(FilterVocabulary.statuses), required: true,
            "published: Apple publishes this figure; convention: a working default not found on the Apple pages searched."
        ),
        FieldSpec("unit", .oneOf(units), "The unit of every number in the record; pt unless stated."),
        FieldSpec("citations", .citations, "Where Apple publishes the figure: at least one on every published record."),
        FieldSpec(
            "basis", .basis, "Why a figure is a convention: required on convention records, absent on published ones."),
    ]

    /// The collection's own fields, as its declaration gives them.
    static func fields(of collection: SpecCollection) -> [FieldSpec] { collection.declaration.fields }

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
