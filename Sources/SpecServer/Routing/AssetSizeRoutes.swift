import SpecStore

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
