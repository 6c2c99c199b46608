import JSON

extension SpecCollection {
    /// The complications collection's declaration (Docs/schema.md, complications): one record per
    /// cell of Apple's complication image tables and per default SwiftUI text size.
    static let complicationsDeclaration = CollectionDeclaration(
        key: "complications", idPrefixes: ["complication."], recordType: .complication,
        summary: "One cell of Apple's complication image tables, or a default SwiftUI text size.", mayBeAbsent: true,
        fields: [
            FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to (watchOS)."),
            FieldSpec(
                "family", .oneOf(ComplicationFamily.spellings), required: true,
                "The family, or legacy template, Apple's heading names: circular, corner, inline, rectangular, circular-small, …"
            ),
            // Apple's tables within a family: regular-size and extra-large circular, the no-content
            // placeholders, utilitarian small and large.
            FieldSpec(
                "layout", .nullable(.string), required: true,
                "The table within the family (regular size, extra large, no-content placeholder, utilitarian small or large); null where the family has one."
            ),
            FieldSpec("legacy", .bool, required: true, "Whether it is one of Apple's legacy templates."),
            FieldSpec(
                "kind", .oneOf(ComplicationKind.spellings), required: true,
                "image: an image size cell; text: a default SwiftUI text size."),
            FieldSpec("table", .string, required: true, "The table the row is in, described."),
            FieldSpec(
                "element", .nullable(.string), required: true,
                "Apple's row label (Image, Closed gauge, Stack (not text)); null for a text size and a table of one row."
            ),
            FieldSpec(
                "elementAsPublished", .string, "The row label as Apple prints it, where it differs (an asterisk)."),
            FieldSpec(
                "caseSize", .string, required: true,
                "Apple's case-size column (45mm/49mm gives one value for both sizes)."),
            FieldSpec("caseSizes", .strings, required: true, "The case sizes the column covers (45mm, 49mm)."),
            FieldSpec(
                "width", .nullable(.number), unit: .fixed("pt"),
                "Image width in points; null for a range or an empty cell."),
            FieldSpec(
                "minWidth", .number, unit: .fixed("pt"), "Smallest width of a width Apple gives as a range, in points."),
            FieldSpec(
                "maxWidth", .number, unit: .fixed("pt"), "Largest width of a width Apple gives as a range, in points."),
            FieldSpec(
                "height", .nullable(.number), unit: .fixed("pt"), "Image height in points; null for an empty cell."),
            FieldSpec(
                "pixelWidth", .nullable(.number), unit: .fixed("px"),
                "Image width in pixels at @2x; null for a range or an empty cell."),
            FieldSpec("minPixelWidth", .number, unit: .fixed("px"), "Smallest width of a range, in pixels at @2x."),
            FieldSpec("maxPixelWidth", .number, unit: .fixed("px"), "Largest width of a range, in pixels at @2x."),
            FieldSpec(
                "pixelHeight", .nullable(.number), unit: .fixed("px"),
                "Image height in pixels at @2x; null for an empty cell."),
            FieldSpec("scale", .nullable(.number), "The scale factor of the pixel sizes (2)."),
            FieldSpec("textStyle", .string, "The default text's design, as Apple names it (Rounded)."),
            FieldSpec("weight", .string, "The default text's weight, as Apple names it."),
            FieldSpec("size", .number, unit: .fixed("pt"), "The default text size in points."),
            FieldSpec("asPublished", .string, required: true, "Apple's cell as printed, typos included."),
            FieldSpec(
                "normalised", .string, "The same figures in Apple's usual form, where the printed cell has a typo."),
            FieldSpec("typo", .string, "What differs between the printed cell and the normalised one."),
            // Apple's one cell whose points and pixels disagree: kept as printed, flagged.
            FieldSpec("inconsistency", .string, "Why the cell's figures disagree with each other (kept as printed)."),
        ]
    ) { record in
        let element = record.text("element").isEmpty ? "default text size" : record.text("element")
        let layout = record.text("layout")
        // The case sizes as numbers ("circular 45"); the figure text holds them as `45mm`.
        let caseWords = (record.fields["caseSizes"]?.arrayValue ?? []).compactMap(\.stringValue)
            .map { String($0.dropLast(2)) }.joined(separator: " ")
        let family = record.text("family").replacing("-", with: " ")
        return SearchEntry(
            title:
                "Complication \(family)\(layout.isEmpty ? "" : " (\(layout))") \(element), \(record.text("caseSize"))",
            weighted: [
                (3.0, "\(family) complication"), (2.0, element), (2.0, caseWords), (1.0, layout),
                (1.0, record.fields["legacy"] == .bool(true) ? "legacy template" : ""), (1.0, "watch face"),
            ])
    }
}
