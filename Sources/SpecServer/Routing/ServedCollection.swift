import SpecStore

/// What the server adds to each of the store's collections (``SpecCollection``), declared once:
/// its two routes, its path, its schema names, its column in the versions table, its unfiltered
/// query and the columns its page shows first. Record links, the site's navigation, the versions
/// table's counts, the OpenAPI schema names, record lookups and the pages read this table; the
/// fields themselves (units, meanings) are the store's declaration. `ServedCollectionTests` fails
/// when a collection of the store has no entry or a surface leaves one out.
struct ServedCollection: Sendable {
    let collection: SpecCollection
    /// The route of the collection, and of one record of it.
    let route: Route
    let recordRoute: Route
    /// The collection's path segment: `/v1/{segment}` and `/v1/{segment}/{id}`.
    let segment: String
    /// The OpenAPI schema of the collection's envelope, and of one record.
    let listSchema: String
    let itemSchema: String
    /// The heading of the collection's count in the versions table.
    let countHeading: String
    /// Every row of the collection, as its route lists them unfiltered.
    let everyRow: @Sendable (SpecSnapshot) throws(QueryError) -> QueryResult
    /// The columns the collection's HTML page shows first.
    let page: PageLayout

    /// Every collection, in the store's order.
    static let all: [ServedCollection] = SpecCollection.allCases.map(\.served)

    /// The entry whose collection route is `route`.
    static func of(_ route: Route) -> ServedCollection? {
        all.first { $0.route == route }
    }

    /// The prefixes of the collection's record ids, as the store declares them.
    var idPrefixes: [String] { collection.idPrefixes }

    /// The versions table's key for the count (`counts_widgetFamilies`, flattened from `counts`).
    var countKey: String { "counts_" + collection.key }

    /// The count's CSV column name (`widget_families_count`).
    var countCSVName: String { segment.replacingOccurrences(of: "-", with: "_") + "_count" }
}

extension SpecCollection {
    /// The collection's entry in ``ServedCollection/all``; the switch is exhaustive, so a new
    /// collection of the store does not compile until it has one.
    fileprivate var served: ServedCollection {
        switch self {
        case .devices:
            ServedCollection(
                collection: self, route: .devices, recordRoute: .device, segment: "devices", listSchema: "DeviceList",
                itemSchema: "Device", countHeading: "Devices",
                everyRow: { snapshot throws(QueryError) in try snapshot.devices(matching: DeviceFilter()) },
                page: PageLayout(
                    lead: ["name"],
                    figures: ["points_width", "points_height", "scale", "pixels_width", "pixels_height", "caseSize"],
                    trailing: ["family"]))
        case .sizeClasses:
            ServedCollection(
                collection: self, route: .sizeClasses, recordRoute: .sizeClass, segment: "size-classes",
                listSchema: "SizeClassList", itemSchema: "SizeClass",
                countHeading: "Size classes",
                everyRow: { snapshot throws(QueryError) in try snapshot.sizeClasses(matching: SizeClassFilter()) },
                page: PageLayout(lead: ["device", "orientation"], figures: ["horizontal", "vertical"], trailing: []))
        case .widgets:
            ServedCollection(
                collection: self, route: .widgets, recordRoute: .widget, segment: "widgets", listSchema: "WidgetList",
                itemSchema: "Widget", countHeading: "Widgets",
                everyRow: { snapshot throws(QueryError) in try snapshot.widgets(matching: WidgetFilter()) },
                page: PageLayout(
                    lead: ["family", "variant"],
                    figures: [
                        "screen_width", "screen_height", "caseSize", "width", "height", "sizeMm_width", "sizeMm_height",
                    ],
                    trailing: ["platform"]))
        case .widgetFamilies:
            ServedCollection(
                collection: self, route: .widgetFamilies, recordRoute: .widgetFamily, segment: "widget-families",
                listSchema: "WidgetFamilyList",
                itemSchema: "WidgetFamilySupport",
                countHeading: "Widget families",
                everyRow: { snapshot throws(QueryError) in try snapshot.widgetFamilies(matching: WidgetFamilyFilter())
                },
                page: PageLayout(
                    lead: ["family"], figures: ["renderingMode", "supported"], trailing: ["platform", "platforms"]))
        case .dynamicType:
            ServedCollection(
                collection: self, route: .dynamicType, recordRoute: .dynamicTypeSize, segment: "dynamic-type",
                listSchema: "DynamicTypeList", itemSchema: "DynamicTypeRow",
                countHeading: "Dynamic Type rows",
                everyRow: { snapshot throws(QueryError) in try snapshot.dynamicType(matching: DynamicTypeFilter()) },
                page: PageLayout(
                    lead: ["label", "categoryLabel"], figures: ["weight", "size", "leading"], trailing: ["platform"]))
        case .textStyles:
            ServedCollection(
                collection: self, route: .textStyles, recordRoute: .textStyle, segment: "text-styles",
                listSchema: "TextStyleList", itemSchema: "TextStyle",
                countHeading: "Text styles",
                everyRow: { snapshot throws(QueryError) in try snapshot.textStyles(matching: TextStyleFilter()) },
                page: PageLayout(lead: ["label"], figures: ["weight", "size", "leading"], trailing: ["platform"]))
        case .tracking:
            ServedCollection(
                collection: self, route: .tracking, recordRoute: .trackingValue, segment: "tracking",
                listSchema: "TrackingList", itemSchema: "Tracking",
                countHeading: "Tracking rows",
                everyRow: { snapshot throws(QueryError) in try snapshot.tracking(matching: TrackingFilter()) },
                page: PageLayout(lead: ["font"], figures: ["size", "trackingEm", "trackingPt"], trailing: ["platform"]))
        case .metrics:
            ServedCollection(
                collection: self, route: .metrics, recordRoute: .metric, segment: "metrics", listSchema: "MetricList",
                itemSchema: "Metric", countHeading: "Metrics",
                everyRow: { snapshot throws(QueryError) in try snapshot.metrics(matching: MetricFilter()) },
                page: PageLayout(
                    lead: ["name"], figures: [FigureDisplay.key], trailing: ["topic", "platform", "platforms"]))
        case .rules:
            ServedCollection(
                collection: self, route: .rules, recordRoute: .rule, segment: "rules", listSchema: "RuleList",
                itemSchema: "Rule", countHeading: "Rules",
                everyRow: { snapshot throws(QueryError) in try snapshot.rules(matching: RuleFilter()) },
                page: PageLayout(lead: ["topic", "kind"], figures: ["quote"], trailing: ["platforms"]))
        case .myths:
            ServedCollection(
                collection: self, route: .myths, recordRoute: .myth, segment: "myths", listSchema: "MythList",
                itemSchema: "Myth", countHeading: "Myths",
                everyRow: { snapshot throws(QueryError) in try snapshot.myths(matching: MythFilter()) },
                page: PageLayout(lead: ["claim"], figures: ["verdict"], trailing: ["correction", "topic"]))
        case .colors:
            ServedCollection(
                collection: self, route: .colors, recordRoute: .color, segment: "colors", listSchema: "ColorList",
                itemSchema: "SystemColor", countHeading: "Colors",
                everyRow: { snapshot throws(QueryError) in try snapshot.colors(matching: ColorFilter()) },
                page: PageLayout(
                    lead: ["name"],
                    figures: [
                        "light_hex", "dark_hex", "increasedContrastLight_hex", "increasedContrastDark_hex", "value_hex",
                    ],
                    trailing: ["swiftUI", "uiKit"]))
        case .complications:
            ServedCollection(
                collection: self, route: .complications, recordRoute: .complication, segment: "complications",
                listSchema: "ComplicationList", itemSchema: "Complication", countHeading: "Complications",
                everyRow: { snapshot throws(QueryError) in try snapshot.complications(matching: ComplicationFilter()) },
                // Case size first: the rows are in case-size order, so the page reads one case at a time.
                page: PageLayout(
                    lead: ["caseSize", "family", "layout", "element"],
                    // Pixel ranges (twice the point ranges) and the text weight wait in the picker,
                    // so status and source stay in view at 1280 px.
                    figures: ["width", "minWidth", "maxWidth", "height", "pixelWidth", "pixelHeight", "size"],
                    trailing: ["asPublished"]))
        case .assetSizes: .assetSizes
        }
    }
}
