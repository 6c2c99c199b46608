import SpecStore

/// What the server adds to each of the store's collections (``SpecCollection``), declared once:
/// its two routes, its path, its schema names and its column in the
/// versions table. Record links, the site's navigation, the versions table's counts and the
/// OpenAPI schema names read this table; `ServedCollectionTests` fails when a collection of the
/// store has no entry or a surface leaves one out.
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
                itemSchema: "Device", countHeading: "Devices")
        case .sizeClasses:
            ServedCollection(
                collection: self, route: .sizeClasses, recordRoute: .sizeClass, segment: "size-classes",
                listSchema: "SizeClassList", itemSchema: "SizeClass",
                countHeading: "Size classes")
        case .widgets:
            ServedCollection(
                collection: self, route: .widgets, recordRoute: .widget, segment: "widgets", listSchema: "WidgetList",
                itemSchema: "Widget", countHeading: "Widgets")
        case .widgetFamilies:
            ServedCollection(
                collection: self, route: .widgetFamilies, recordRoute: .widgetFamily, segment: "widget-families",
                listSchema: "WidgetFamilyList",
                itemSchema: "WidgetFamilySupport",
                countHeading: "Widget families")
        case .dynamicType:
            ServedCollection(
                collection: self, route: .dynamicType, recordRoute: .dynamicTypeSize, segment: "dynamic-type",
                listSchema: "DynamicTypeList", itemSchema: "DynamicTypeRow",
                countHeading: "Dynamic Type rows")
        case .textStyles:
            ServedCollection(
                collection: self, route: .textStyles, recordRoute: .textStyle, segment: "text-styles",
                listSchema: "TextStyleList", itemSchema: "TextStyle",
                countHeading: "Text styles")
        case .tracking:
            ServedCollection(
                collection: self, route: .tracking, recordRoute: .trackingValue, segment: "tracking",
                listSchema: "TrackingList", itemSchema: "Tracking",
                countHeading: "Tracking rows"
            )
        case .metrics:
            ServedCollection(
                collection: self, route: .metrics, recordRoute: .metric, segment: "metrics", listSchema: "MetricList",
                itemSchema: "Metric", countHeading: "Metrics")
        case .rules:
            ServedCollection(
                collection: self, route: .rules, recordRoute: .rule, segment: "rules", listSchema: "RuleList",
                itemSchema: "Rule", countHeading: "Rules")
        case .myths:
            ServedCollection(
                collection: self, route: .myths, recordRoute: .myth, segment: "myths", listSchema: "MythList",
                itemSchema: "Myth", countHeading: "Myths")
        }
    }
}
