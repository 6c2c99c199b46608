import JSON
import SpecFormats
import SpecStore

/// What the server adds to each of the store's collections (``SpecCollection``), declared once:
/// its two routes (`/v1/{segment}` and `/v1/{segment}/{id}`: ``Route/collection(_:)`` and
/// ``Route/record(_:)``), their titles and summaries, its filter and query, the formats beyond the
/// tables, its schema names, its column in the versions table and the columns its page shows
/// first. The routes' declarations, routing, the index, the OpenAPI document, record links, the
/// site's navigation, the versions table's counts, record lookups, the pages, the Swift and CSS
/// renderers and the notes' URLs read this table; the fields themselves (units, meanings) are the
/// store's declaration. `ServedCollectionTests` fails when a collection of the store has no entry
/// or a surface leaves one out.
package struct ServedCollection: Sendable {
    package let collection: SpecCollection
    /// The collection's path segment: `/v1/{segment}` and `/v1/{segment}/{id}`.
    package let segment: String
    /// The collection route's heading and one-line summary (the index, OpenAPI, its MCP tool).
    package let title: String
    package let summary: String
    /// The record route's heading, the noun its `404` names, its summary and an example id.
    package let record: RecordWords
    /// The OpenAPI schema of the collection's envelope, and of one record.
    package let listSchema: String
    package let itemSchema: String
    /// The heading of the collection's count in the versions table.
    package let countHeading: String
    /// The columns the collection's HTML page shows first.
    package let page: PageLayout
    /// How the rows read as Swift source, for a collection whose figures a project compiles in
    /// (`format=swift` on both routes); `nil` for none.
    package let swift: SwiftSource.Style?
    /// Whether the rows are also a CSS style sheet (`format=css` on both routes, ``ColorStyleSheet``).
    package let styleSheet: Bool
    /// Fields of the records no table column holds on purpose, because the headings carry them
    /// (a `unit` of `pt` in `Width (pt)`).
    package let omittedFields: Set<String>
    /// The collection as the notes embedded in another answer name it ("Apple's tracking table").
    package let referenceName: String?
    /// The collection route's store filter.
    package let filter: any DeclaredFilter.Type
    /// The collection route's answer: the query with the filter the request decoded.
    package let answer: @Sendable (AnswerRequest) throws -> AnswerContent
    /// Every row of the collection, as its route lists them unfiltered (what a record route looks
    /// ids up in).
    package let everyRow: @Sendable (SpecSnapshot) throws -> QueryResult
    /// The record route's declaration where it is not a row of the collection (a device, with its
    /// widgets); `nil` for the one ``Endpoint/record(of:)`` makes.
    package let customRecord: Endpoint?

    /// What the record route says of itself.
    package struct RecordWords: Sendable {
        /// The record route's heading (`Widget size`).
        package var title: String
        /// What its `404` says is missing (`No widget size '…' in version …`).
        package var noun: String
        /// Its one-line summary.
        package var summary: String
        /// The id of a record the data holds, for the route's example and its parameter's words.
        package var example: String
        /// The route's name in identifiers (the OpenAPI `operationId` `getSizeClass`): the title
        /// in camel case unless given.
        package var name: String

        package init(title: String, noun: String, summary: String, example: String, name: String? = nil) {
            self.title = title
            self.noun = noun
            self.summary = summary
            self.example = example
            let words = title.split(separator: " ")
            self.name =
                name
                ?? (words.prefix(1).map { $0.lowercased() }
                + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() })
                .joined()
        }
    }

    /// An entry whose rows are one store query: `rows` gets the snapshot asked for and the
    /// collection's filter as the request decoded it (``AnswerRequest/filter(_:)``), and, with a
    /// filter that filters nothing, lists every row.
    package init<Filter: DeclaredFilter>(
        _ collection: SpecCollection, segment: String, title: String, summary: String, record: RecordWords,
        schemas: (list: String, item: String), countHeading: String, page: PageLayout,
        swift: SwiftSource.Style? = nil, styleSheet: Bool = false, omittedFields: Set<String> = [],
        referenceName: String? = nil, customRecord: Endpoint? = nil,
        filter: Filter.Type, rows: @escaping @Sendable (SpecSnapshot, Filter) throws -> QueryResult
    ) {
        self.collection = collection
        self.segment = segment
        self.title = title
        self.summary = summary
        self.record = record
        (listSchema, itemSchema) = schemas
        self.countHeading = countHeading
        self.page = page
        self.swift = swift
        self.styleSheet = styleSheet
        self.omittedFields = omittedFields
        self.referenceName = referenceName
        self.customRecord = customRecord
        self.filter = filter
        answer = { request in .collection(try rows(request.snapshot, request.filter(Filter.self))) }
        everyRow = { try rows($0, Filter()) }
    }

    /// Every collection, in the store's order.
    package static let all: [ServedCollection] = SpecCollection.allCases.map(\.served)

    /// The entry of `collection`.
    package static func of(_ collection: SpecCollection) -> ServedCollection {
        all[collection.rawValue]
    }

    /// The entry whose collection route is `route`.
    package static func of(_ route: Route) -> ServedCollection? {
        guard case .collection(let collection) = route else { return nil }
        return all[collection.rawValue]
    }

    /// The route of the collection, and of one record of it.
    package var route: Route { .collection(collection) }
    package var recordRoute: Route { .record(collection) }

    /// The collection route's path.
    package var template: String { "/v1/" + segment }

    /// The formats of both routes: the tables, then Swift source and CSS where the entry has them.
    package var formats: [Format] { Format.tables + (swift == nil ? [] : [.swift]) + (styleSheet ? [.css] : []) }

    /// The prefixes of the collection's record ids, as the store declares them.
    package var idPrefixes: [String] { collection.idPrefixes }

    /// The versions table's key for the count (`counts_widgetFamilies`, flattened from `counts`).
    package var countKey: String { "counts_" + collection.key }

    /// The count's CSV column name (`widget_families_count`).
    package var countCSVName: String { segment.replacingOccurrences(of: "-", with: "_") + "_count" }
}

extension SpecCollection {
    /// The collection's entry in ``ServedCollection/all``; the switch is exhaustive, so a new
    /// collection of the store does not compile until it has one.
    fileprivate var served: ServedCollection {
        switch self {
        case .devices:
            ServedCollection(
                self, segment: "devices", title: "Devices", summary: "screen sizes, scale and size classes per device",
                record: .init(
                    title: "Device", noun: "device", summary: "one device, with the widget sizes for its screen",
                    example: "device.ipad-pro-11-inch"),
                schemas: ("DeviceList", "Device"), countHeading: "Devices",
                page: PageLayout(
                    lead: ["name"],
                    figures: ["points_width", "points_height", "scale", "pixels_width", "pixels_height", "caseSize"],
                    trailing: ["family"]),
                omittedFields: ["unit"],
                customRecord: Endpoint(
                    template: "/v1/devices/{id}", title: "Device",
                    summary: "one device, with the widget sizes for its screen", formats: Format.tables + [.svg],
                    answer: .query { .record(try $0.snapshot.device(id: $0.pathValue ?? "").record) },
                    common: CommonParameter.data + [.fields],
                    pathParameter: Endpoint.PathParameter(
                        name: "id", summary: "A device id, e.g. device.iphone-16-pro.",
                        values: { latest in
                            (try? latest.devices(matching: DeviceFilter()).items.compactMap { $0["id"]?.stringValue })
                                ?? []
                        }, listedBy: "GET /v1/devices lists the devices and their ids."),
                    prebuilt: .everyPathValue, schema: .record, example: "/v1/devices/device.ipad-pro-11-inch"),
                filter: DeviceFilter.self
            ) { try $0.devices(matching: $1) }
        case .sizeClasses:
            ServedCollection(
                self, segment: "size-classes", title: "Size classes", summary: "one row per model × orientation",
                record: .init(
                    title: "Size class", noun: "size class", summary: "one model × orientation of the size-class table",
                    example: "size-class.ipad-pro-12-9-inch.portrait"),
                schemas: ("SizeClassList", "SizeClass"), countHeading: "Size classes",
                page: PageLayout(lead: ["device", "orientation"], figures: ["horizontal", "vertical"], trailing: []),
                referenceName: "Apple's size-class table", filter: SizeClassFilter.self
            ) { try $0.sizeClasses(matching: $1) }
        case .widgets:
            ServedCollection(
                self, segment: "widgets", title: "Widget sizes", summary: "widget dimensions per screen and family",
                record: .init(
                    title: "Widget size", noun: "widget size", summary: "one widget size",
                    example: "widget.ios.430x932.system-small", name: "widget"),
                schemas: ("WidgetList", "Widget"), countHeading: "Widgets",
                page: PageLayout(
                    lead: ["family", "variant"],
                    figures: [
                        "screen_width", "screen_height", "caseSize", "width", "height", "sizeMm_width", "sizeMm_height",
                    ],
                    trailing: ["platform"]),
                omittedFields: ["unit"], referenceName: "Apple's widget table", filter: WidgetFilter.self
            ) { try $0.widgets(matching: $1) }
        case .widgetFamilies:
            ServedCollection(
                self, segment: "widget-families", title: "Widget families",
                summary: "which widget families and rendering modes each platform has",
                record: .init(
                    title: "Widget family", noun: "widget family", summary: "one widget family on one platform",
                    example: "widget-family.ios.system-small"),
                schemas: ("WidgetFamilyList", "WidgetFamilySupport"), countHeading: "Widget families",
                page: PageLayout(
                    lead: ["family"], figures: ["renderingMode", "supported"], trailing: ["platform", "platforms"]),
                filter: WidgetFamilyFilter.self
            ) { try $0.widgetFamilies(matching: $1) }
        case .dynamicType:
            ServedCollection(
                self, segment: "dynamic-type", title: "Dynamic Type",
                summary: "Dynamic Type sizes per category and style",
                record: .init(
                    title: "Dynamic Type size", noun: "Dynamic Type size",
                    summary: "one style's size in one Dynamic Type category", example: "type.ios.xsmall.large-title"),
                schemas: ("DynamicTypeList", "DynamicTypeRow"), countHeading: "Dynamic Type rows",
                page: PageLayout(
                    lead: ["label", "categoryLabel"], figures: ["weight", "size", "leading"], trailing: ["platform"]),
                swift: .typeStyles(namespace: "HIGDynamicType", byCategory: true), omittedFields: ["unit"],
                referenceName: "Apple's Dynamic Type tables", filter: DynamicTypeFilter.self
            ) { try $0.dynamicType(matching: $1) }
        case .textStyles:
            ServedCollection(
                self, segment: "text-styles", title: "Text styles", summary: "the other platforms' text styles",
                record: .init(
                    title: "Text style", noun: "text style", summary: "one text style",
                    example: "text-style.macos.large-title"),
                schemas: ("TextStyleList", "TextStyle"), countHeading: "Text styles",
                page: PageLayout(lead: ["label"], figures: ["weight", "size", "leading"], trailing: ["platform"]),
                swift: .typeStyles(namespace: "HIGTextStyles", byCategory: false), omittedFields: ["unit"],
                referenceName: "Apple's text-style table", filter: TextStyleFilter.self
            ) { try $0.textStyles(matching: $1) }
        case .tracking:
            ServedCollection(
                self, segment: "tracking", title: "Tracking", summary: "tracking values per font and size",
                record: .init(
                    title: "Tracking value", noun: "tracking value", summary: "one font size's tracking",
                    example: "tracking.ios.sf-pro.6"),
                schemas: ("TrackingList", "Tracking"), countHeading: "Tracking rows",
                page: PageLayout(
                    lead: ["font"], figures: ["size", "trackingEm", "trackingPt"], trailing: ["platform"]),
                omittedFields: ["unit"], referenceName: "Apple's tracking table", filter: TrackingFilter.self
            ) { try $0.tracking(matching: $1) }
        case .metrics:
            ServedCollection(
                self, segment: "metrics", title: "Metrics",
                summary: "every other figure: controls, margins, bars, icons, …",
                record: .init(
                    title: "Metric", noun: "metric", summary: "one figure", example: "metric.controls.ios.minimum-size"),
                schemas: ("MetricList", "Metric"), countHeading: "Metrics",
                page: PageLayout(
                    lead: ["name"], figures: [FigureDisplay.key], trailing: ["topic", "platform", "platforms"]),
                swift: .metrics, referenceName: "the metrics", filter: MetricFilter.self
            ) { try $0.metrics(matching: $1) }
        case .rules:
            ServedCollection(
                self, segment: "rules", title: "Rules", summary: "Apple's rules in Apple's words",
                record: .init(
                    title: "Rule", noun: "rule", summary: "one rule", example: "rule.tab-bars.navigation-not-actions"),
                schemas: ("RuleList", "Rule"), countHeading: "Rules",
                page: PageLayout(lead: ["topic", "kind"], figures: ["quote"], trailing: ["platforms"]),
                filter: RuleFilter.self
            ) { try $0.rules(matching: $1) }
        case .myths:
            ServedCollection(
                self, segment: "myths", title: "Myths", summary: "beliefs that produce false findings",
                record: .init(
                    title: "Myth", noun: "myth", summary: "one myth", example: "myth.text-literal-not-localized"),
                schemas: ("MythList", "Myth"), countHeading: "Myths",
                page: PageLayout(lead: ["claim"], figures: ["verdict"], trailing: ["correction", "topic"]),
                filter: MythFilter.self
            ) { try $0.myths(matching: $1) }
        case .colors:
            ServedCollection(
                self, segment: "colors", title: "Colors",
                summary: "Apple's system colors: RGB and hex per appearance, with their SwiftUI and UIKit names",
                record: .init(title: "Color", noun: "color", summary: "one system color", example: "color.all.indigo"),
                schemas: ("ColorList", "SystemColor"), countHeading: "Colors",
                page: PageLayout(
                    lead: ["name"],
                    figures: [
                        "light_hex", "dark_hex", "increasedContrastLight_hex", "increasedContrastDark_hex", "value_hex",
                    ],
                    trailing: ["swiftUI", "uiKit"]),
                swift: .colors, styleSheet: true, filter: ColorFilter.self
            ) { try $0.colors(matching: $1) }
        case .complications:
            ServedCollection(
                self, segment: "complications", title: "Complications",
                summary:
                    "Apple's watchOS complication image sizes (pt and px) and default text sizes, per family and case size",
                record: .init(
                    title: "Complication", noun: "complication", summary: "one complication size",
                    example: "complication.circular.image.45mm-49mm"),
                schemas: ("ComplicationList", "Complication"), countHeading: "Complications",
                // Case size first: the rows are in case-size order, so the page reads one case at a time.
                page: PageLayout(
                    lead: ["caseSize", "family", "layout", "element"],
                    // Pixel ranges (twice the point ranges) and the text weight wait in the picker,
                    // so status and source stay in view at 1280 px.
                    figures: ["width", "minWidth", "maxWidth", "height", "pixelWidth", "pixelHeight", "size"],
                    trailing: ["asPublished"]),
                filter: ComplicationFilter.self
            ) { try $0.complications(matching: $1) }
        case .assetSizes:
            ServedCollection(
                self, segment: "asset-sizes", title: "Asset sizes",
                summary:
                    "the size of each image Apple specifies (Top Shelf, Wallet, iMessage, CarPlay, Game Center, App Clip Codes, Apple Pay, watchOS video): pt and px per scale",
                record: .init(
                    title: "Asset size", noun: "asset size", summary: "one row of Apple's asset size tables",
                    example: "asset.imessage.sticker.large"),
                schemas: ("AssetSizeList", "AssetSize"), countHeading: "Asset sizes",
                // The table is each group's heading row, and the rarer sizes (@1x, a size without a
                // scale), aspect ratio and bound wait in the column picker: the page stays within 1280 px.
                page: PageLayout(
                    lead: ["asset", "variant", "attribute"],
                    figures: [
                        "sizePt_width", "sizePt_height", "px2x_width", "px2x_height", "px3x_width", "px3x_height",
                    ],
                    trailing: [],
                    group: (
                        "table",
                        Dictionary(
                            uniqueKeysWithValues: AssetTable.allCases.map {
                                ($0.rawValue, "\($0.phrase) (\($0.rawValue))")
                            })
                    )),
                filter: AssetSizeFilter.self
            ) { try $0.assetSizes(matching: $1) }
        }
    }
}
