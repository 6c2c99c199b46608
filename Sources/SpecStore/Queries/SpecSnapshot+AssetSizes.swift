import JSON

extension CollectionDeclaration {
    /// `assetSizes` (`/v1/asset-sizes`): one record per row of Apple's "what size is this image"
    /// tables, ids `asset.TABLE.…` (Docs/schema.md).
    static let assetSizes = CollectionDeclaration(
        key: "assetSizes", idPrefixes: ["asset."], recordType: .assetSize,
        summary: "One row of Apple's image and asset size tables.", carriesUnit: false,
        hasPrimaryPlatform: true, mayBeAbsent: true,
        fields: [
            FieldSpec(
                "asset", .string, required: true,
                "The asset the row sizes (Top Shelf image, Wallet strip, iMessage sticker), as /v1/check names it."),
            FieldSpec("table", .oneOf(AssetTable.spellings), required: true, "Apple's table the row is in."),
            // Empty where Apple's row has no label of its own (an iMessage icon row whose Usage cell
            // Apple leaves empty, a table without tabs): never filled in from elsewhere.
            FieldSpec(
                "variant", .nullable(.string), required: true,
                "Which one of the asset: Apple's label for the row (sticker size, Top Shelf shape, pass style, usage, tab); null where Apple gives none."
            ),
            FieldSpec(
                "attribute", .string, required: true,
                "What the row gives, in Apple's words (Actual size, Image size, Cropped area, Format, Resolution)."),
            FieldSpec("platforms", .platforms, required: true, "The platforms the record applies to."),
            // An image's safe zone, crop or mask is not the size of its file: a check judges
            // a file only against the rows that are.
            FieldSpec(
                "wholeAsset", .bool, required: true,
                "true where the size is the whole image or video file's (what /v1/check judges); false for a region of it, a screen or another attribute."
            ),
            FieldSpec("sizePt", .size, unit: .fixed("pt"), "The size in points, where Apple gives one."),
            FieldSpec("px1x", .size, unit: .fixed("px"), "The size in pixels at @1x, where Apple gives one."),
            FieldSpec("px2x", .size, unit: .fixed("px"), "The size in pixels at @2x, where Apple gives one."),
            FieldSpec(
                "px3x", .nullable(.size), unit: .fixed("px"),
                "The size in pixels at @3x, where Apple gives one; null where Apple's cell is '-'."),
            FieldSpec("px", .size, unit: .fixed("px"), "A size in pixels Apple gives without a scale."),
            FieldSpec(
                "bound", .oneOf([FigureBound.exact, .maximum, .minimum].map(\.rawValue)),
                "exact, or maximum (any size up to it) or minimum, as Apple words the size."),
            FieldSpec("aspectRatio", .string, "The aspect ratio, where Apple gives one (16:9)."),
            FieldSpec("formats", .strings, "The file formats Apple names (PNG, TIF, JPG)."),
            FieldSpec("text", .string, "Apple's value where it is words, not a size (a color space, a codec)."),
            FieldSpec("diameterPt", .number, unit: .fixed("pt"), "A diameter in points (a mask)."),
            FieldSpec("diameterPx2x", .number, unit: .fixed("px"), "The same diameter in pixels at @2x."),
            FieldSpec("diameterIn", .number, "A printed diameter in inches."),
            FieldSpec("diameterCm", .number, "The same printed diameter in centimeters."),
            FieldSpec("nfcTagDiameterMm", .number, unit: .fixed("mm"), "An NFC tag's diameter in millimeters."),
            FieldSpec("minimumDpi", .number, "The minimum resolution in dots per inch."),
            FieldSpec("bitRateKbps", .number, "A video bit rate in kilobits per second."),
            FieldSpec("maxFrameRateFps", .number, "The highest frame rate, in frames per second."),
            FieldSpec("audioBitRateKbps", .number, "An audio bit rate in kilobits per second."),
            FieldSpec("orientation", .string, "The orientation Apple names for a size (portrait, landscape)."),
            FieldSpec("passStyles", .string, "The Wallet pass styles Apple lists for the image."),
            FieldSpec("filename", .string, "The file name Apple gives for the image."),
            FieldSpec(
                "valueIn2023", .nullable(.any),
                "Apple's value in its 2023 copy of the page, where it differs (versions before the change serve it)."),
            FieldSpec("asPublished", .any, "The row as Apple prints it."),
        ]
    ) { record in
        let variant = record.text("variant")
        let table = AssetTable(rawValue: record.text("table"))
        return SearchEntry(
            title: "\(record.text("asset"))\(variant.isEmpty ? "" : " — \(variant)") (\(record.text("attribute")))",
            weighted: [
                (3.0, record.text("asset")), (2.0, variant), (1.5, record.text("attribute")),
                (1.0, table.map { "\($0.rawValue) \($0.phrase)" } ?? ""),
                (1.0, "asset image size \(record.text("passStyles")) \(record.text("filename"))"),
                (1.0, record.platforms),
            ])
    }
}

extension AssetTable {
    /// Apple's page and table, in words.
    public var phrase: String {
        switch self {
        case .topShelf: "Top Shelf"
        case .walletPass: "Wallet pass image dimensions"
        case .imessageIcon: "iMessage apps icon sizes"
        case .imessageSticker: "iMessage sticker sizes"
        case .carplayDisplay: "CarPlay display resolutions"
        case .carplayAppIcon: "CarPlay app icon"
        case .gameCenter: "Game Center artwork"
        case .appClipCode: "App Clip Code minimum sizes"
        case .applePayWebsiteIcon: "Apple Pay website icon"
        case .watchosVideo: "watchOS video encoding"
        }
    }
}

extension SpecSnapshot {
    /// Apple's asset sizes (`/v1/asset-sizes`), in the data file's order (grouped by table).
    ///
    /// Rows: `id`, `asset`, `table`, `variant`, `attribute`, `platform`, `platforms`,
    /// `wholeAsset`, the sizes (`sizePt`, `px1x`, `px2x`, `px3x`, `px`, each `{width, height}`),
    /// `bound`, and where Apple gives them `aspectRatio`, `formats`, `text` and the other figures,
    /// `valueIn2023`, `asPublished`, then the provenance fields.
    ///
    /// An asset name no row of this version has is an empty answer whose note lists the names.
    public func assetSizes(matching filter: AssetSizeFilter) throws(QueryError) -> QueryResult {
        let scaleField = filter.scale?.field
        let wanted = filter.asset.map(FilterVocabulary.matchKey)
        if let raw = filter.asset, let wanted {
            // A name no row has is an empty answer that lists the names, as for a color: the
            // filter is words, so any text is a valid request.
            guard rows(.assetSizes).contains(where: { Self.assetKeys(of: $0.fields).contains { $0.contains(wanted) } })
            else {
                let accepted = assetNames(wholeOnly: false)
                return QueryResult(
                    items: [],
                    notes: [
                        Note(
                            "No asset of version \(version.id) is named '\(raw)'. "
                                + NearestSpelling.didYouMean(raw, among: accepted)
                                + "Names: \(accepted.joined(separator: ", ")).")
                    ])
            }
        }
        let items = rowValues(
            .assetSizes, platform: filter.platform?.rawValue, where: ["table": filter.table?.rawValue]
        ) { entry in
            if let wanted, !Self.assetKeys(of: entry.fields).contains(where: { $0.contains(wanted) }) { return false }
            if let scaleField, entry.fields[scaleField]?["width"] == nil { return false }
            return true
        }
        guard items.isEmpty else { return QueryResult(chosen: items) }
        return QueryResult(items: [], notes: [emptyAssetNote(filter)])
    }

    /// Why nothing matches: a table this version does not have yet, or filters no row meets.
    private func emptyAssetNote(_ filter: AssetSizeFilter) -> Note {
        if let table = filter.table,
            !rows(.assetSizes).contains(where: { $0.fields["table"] == .string(table.rawValue) })
        {
            return Note(
                "Version \(version.id) holds no row of Apple's \(table.phrase) table: the sources date it later (see /v1/versions)."
            )
        }
        if let scale = filter.scale {
            return Note(
                "Apple gives no pixel size at @\(scale.rawValue) for these assets: their tables give points, or pixels at other scales."
            )
        }
        return Note("No asset size matches these filters in version \(version.id).")
    }

    /// The names an asset is found by: its asset name and its variant, lower case without separators.
    static func assetKeys(of fields: JSONValue) -> [String] {
        ["asset", "variant"].compactMap { fields[$0]?.stringValue }.map(FilterVocabulary.matchKey)
    }

    /// The asset names of this version, in the data's order; only those with a whole-file size
    /// when `wholeOnly`.
    func assetNames(wholeOnly: Bool) -> [String] {
        var names: [String] = []
        for entry in rows(.assetSizes) where !wholeOnly || entry.fields["wholeAsset"]?.boolValue == true {
            if let name = entry.fields["asset"]?.stringValue, !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The asset `raw` names (any case and spacing, or a unique part of its name: `sticker`,
    /// `strip`, `top shelf`).
    ///
    /// - Throws: ``QueryError`` `unknown_value` listing the asset names, for a name that is none
    ///   of them or is part of several.
    public func assetName(matching raw: String) throws(QueryError) -> String {
        let key = FilterVocabulary.matchKey(raw)
        let names = assetNames(wholeOnly: false)
        if let exact = names.first(where: { FilterVocabulary.matchKey($0) == key }) { return exact }
        let containing = key.isEmpty ? [] : names.filter { FilterVocabulary.matchKey($0).contains(key) }
        if containing.count == 1 { return containing[0] }
        if containing.count > 1 {
            throw QueryError(
                code: .unknownValue, parameter: "asset", value: raw, accepted: containing,
                message: "'\(raw)' names several assets: \(containing.joined(separator: ", ")).",
                hint: "Give one of them as asset.")
        }
        throw QueryError.unknownValue(raw, for: "asset", accepted: names)
    }
}
