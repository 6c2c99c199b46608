extension SpecCollection {
    /// The members of the collection's API rows, declared: what ``RecordRowBuilder`` writes for
    /// each record, in its order, each with its kind, whether every row has it, and its meaning.
    ///
    /// `id`; the collection's own fields (a size-class record's two orientations are a row each:
    /// `orientation`, `horizontal`, `vertical`), with `platform` before `platforms` where the row
    /// has one and `sizeClasses` after a device's `pixels`; where records carry figures, `status`,
    /// `unit`, a metric's `display`, `citations` and `basis`; then `notes`, `since`, `seen`,
    /// `until` and `presence`. A member is required when every row has it: a field the
    /// declaration requires, or one the row always writes (`platform`, a rule's `status`, `unit`,
    /// `citations`, `display`, `sizeClasses`: a default, null or empty where the record gives
    /// none). The API description's record schemas are these, and `RecordSchemaTests` holds them
    /// to every row of every version of the data.
    public var rowFields: [FieldDescriptor] { RecordRowFields.all[rawValue] }
}

/// The members of each collection's API rows (``SpecCollection/rowFields``).
enum RecordRowFields {
    static let all: [[FieldDescriptor]] = SpecCollection.allCases.map { fields(of: $0).map(FieldDescriptor.init) }

    private static func fields(of collection: SpecCollection) -> [FieldSpec] {
        var row = [FieldSpec("id", .recordID, required: true, "The record's stable id.")]
        for spec in own(collection) {
            if spec.name == "platforms", collection.hasPrimaryPlatform { row.append(primaryPlatform) }
            // A rule without a status is Apple's words: its row says published.
            row.append(spec.name == "status" && collection == .rules ? required(spec) : spec)
            if spec.name == "pixels", collection == .devices { row.append(sizeClasses) }
        }
        if collection.carriesFigures {
            func figure(_ name: String) -> FieldSpec { CollectionSchema.figureFields.first { $0.name == name }! }
            row.append(figure("status"))
            // `pt` where the record gives none.
            if collection.declaration.carriesUnit { row.append(required(figure("unit"))) }
            if collection == .metrics { row.append(display) }
            row.append(required(figure("citations")))
            row.append(figure("basis"))
        }
        return row + provenance
    }

    /// The collection's own fields as its rows hold them: a size-class record's orientations
    /// are one row each.
    private static func own(_ collection: SpecCollection) -> [FieldSpec] {
        let fields = CollectionSchema.fields(of: collection)
        guard collection == .sizeClasses else { return fields }
        return fields.filter { $0.name != "portrait" && $0.name != "landscape" } + [
            FieldSpec("orientation", .oneOf(Orientation.spellings), required: true, "The orientation of the row."),
            FieldSpec(
                "horizontal", .oneOf(SizeClassValue.spellings), required: true, "The horizontal size class."),
            FieldSpec("vertical", .oneOf(SizeClassValue.spellings), required: true, "The vertical size class."),
        ]
    }

    private static func required(_ spec: FieldSpec) -> FieldSpec {
        FieldSpec(spec.name, spec.kind, required: true, unit: spec.unit, spec.meaning)
    }

    private static let primaryPlatform = FieldSpec(
        "platform", .oneOf(CollectionSchema.recordPlatforms), required: true,
        "The record's first platform, as its platforms list it.")

    private static let sizeClasses = FieldSpec(
        "sizeClasses", .nullable(.sizeClassesByOrientation), required: true,
        "The size classes in each orientation; null where Apple's size-class table lacks the model.")

    private static let display = FieldSpec(
        FigureDisplay.key, .string, required: true,
        "The figure as one display text, with its bound and unit: 44×44 pt, ≥ 28×28 pt, 2–5, ≥ 4.5:1, < 15 (the API's, not the data file's; figure_display in CSV)."
    )

    /// A row's `presence` in the versions of its evidence window before the first copy that
    /// shows the record.
    static let uncertainPresence = "uncertain"

    /// What every row may carry after its fields: its notes and where it stands in the versions.
    private static let provenance = [
        FieldSpec("notes", .string, "What a reader should know about the record."),
        FieldSpec("since", .version, required: true, "The store version the record entered in."),
        FieldSpec(
            "seen", .version,
            "Where no source dates the record: the first store version whose dated copy shows it (earlier versions hold it as uncertain)."
        ),
        FieldSpec("until", .version, "The store version that removed the record: it holds in the versions before."),
        FieldSpec(
            "presence", .oneOf([uncertainPresence]),
            "uncertain where the record's presence in this version is not dated by a source."),
    ]
}
