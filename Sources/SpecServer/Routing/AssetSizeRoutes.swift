import SpecStore

extension AssetSizeFilter: QueryFilter {
    /// `platform`, `table`, `asset`, `scale`.
    static let parameters = [
        FilterParameter.platform,
        FilterParameter(name: "table", summary: "One of Apple's asset tables.", value: .vocabulary(.assetTable)),
        FilterParameter(
            name: "asset",
            summary: "An asset by name or part of it (sticker, Wallet strip, top shelf, leaderboard), any case.",
            value: .text),
        FilterParameter(
            name: "scale", summary: "1x, 2x or 3x (2 and @2x too): rows that give a pixel size at that scale.",
            value: .vocabulary(.assetScale)),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(
            platform: try reader.term("platform"), table: try reader.term("table"), asset: reader.text("asset"),
            scale: try reader.term("scale"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.term("table", table)
        written.text("asset", asset)
        written.term("scale", scale)
        return written.pairs
    }
}

extension FilterParameter {
    /// `/v1/check`'s asset: an image's pixel size judged against Apple's published size.
    static let asset = FilterParameter(
        name: "asset", summary: "An asset of /v1/asset-sizes (sticker): judges width × height in px.",
        value: .vocabulary(.asset))

    /// `/v1/check`'s variant: which size of the asset.
    static let assetVariant = FilterParameter(
        name: "variant", summary: "Which size of the asset (sticker size, pass style).", value: .text)
}

extension Endpoint {
    /// `/v1/asset-sizes`, with its listing tool as every collection has.
    static var assetSizes: Endpoint {
        Endpoint.collection(
            "/v1/asset-sizes", title: "Asset sizes",
            summary:
                "the size of each image Apple specifies (Top Shelf, Wallet, iMessage, CarPlay, Game Center, App Clip Codes, Apple Pay, watchOS video): pt and px per scale",
            filter: AssetSizeFilter.self, records: .assetSize
        ) { try $0.assetSizes(matching: $1) }
    }

    /// `/v1/asset-sizes/{id}`.
    static var assetSize: Endpoint {
        .record(
            of: .assetSizes, path: "/v1/asset-sizes", title: "Asset size", noun: "asset size",
            summary: "one row of Apple's asset size tables", example: "asset.imessage.sticker.large")
    }
}

extension ServedCollection {
    /// The asset sizes' entry: rows in Apple's table order, each named by asset and variant.
    static let assetSizes = ServedCollection(
        collection: .assetSizes, route: .assetSizes, recordRoute: .assetSize, segment: "asset-sizes",
        listSchema: "AssetSizeList", itemSchema: "AssetSize", countHeading: "Asset sizes",
        everyRow: { snapshot throws(QueryError) in try snapshot.assetSizes(matching: AssetSizeFilter()) },
        // The table is each group's heading row, and the rarer sizes (@1x, a size without a scale),
        // aspect ratio and bound wait in the column picker: the page stays within 1280 px.
        page: PageLayout(
            lead: ["asset", "variant", "attribute"],
            figures: ["sizePt_width", "sizePt_height", "px2x_width", "px2x_height", "px3x_width", "px3x_height"],
            trailing: [],
            group: (
                "table",
                Dictionary(
                    uniqueKeysWithValues: AssetTable.allCases.map { ($0.rawValue, "\($0.phrase) (\($0.rawValue))") })
            )))
}
