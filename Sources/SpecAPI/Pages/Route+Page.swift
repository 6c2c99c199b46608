import JSON
import SpecFormats
import SpecStore

extension Route {
    /// What a page of the route shows of it (``PageRoute``): the renderers read these values and
    /// know no route.
    package var page: PageRoute { Self.pages[position] }

    /// Every route's page facts, made once: its columns among them, which made anew for each
    /// table were about a sixth of a never-seen Markdown page.
    private static let pages: [PageRoute] = allCases.map(\.makePage)

    private var makePage: PageRoute {
        let kind: PageRoute.Kind =
            switch self {
            case .collection(let collection): .collection(collection)
            case .record(let collection): .record(collection)
            case .check: .check
            case .diff: .diff
            case .search: .search
            default: .other
            }
        var page = PageRoute(kind: kind, template: template, title: title)
        page.columns = TableLayout.columns(for: self)
        page.layout = PageLayout.layout(for: self)
        page.omittedFields = collection.map { ServedCollection.of($0).omittedFields } ?? []
        page.swift = collection.flatMap { ServedCollection.of($0).swift }
        page.formats = endpoint.formats
        page.canSort = parameters.contains("sort")
        page.canPage = parameters.contains("limit") && parameters.contains("offset")
        page.picksFields = parameters.contains("fields")
        page.takesWords = endpoint.common.contains(.q)
        page.recordNoun = endpoint.recordType?.pluralNoun
        return page
    }
}

extension Site {
    /// The application's site: the header links each collection, the versions and the search;
    /// each record id's prefix names its collection (``ServedCollection``); a record path links
    /// when a route answers it.
    package static let application = Site(
        navigation: (ServedCollection.all.map(\.route) + [.versions, .search]).map {
            (label: $0 == .search ? "Search" : $0.title, template: $0.template)
        },
        collections: ServedCollection.all.flatMap { served in
            served.idPrefixes.map { (prefix: $0, segment: served.segment, route: served.route.page) }
        },
        answers: { Route.match(path: $0) != nil })
}

extension PageContext {
    /// A page of `route` in the application's site.
    package init(route: Route, parameter: String? = nil) {
        self.init(route: route.page, parameter: parameter, site: .application)
    }

    /// Reads the request's filters and, for a page that shows the route's filter form
    /// (`withForm`: HTML), the route's filter definitions with their value lists; other formats
    /// never read them, so a CSV or Markdown answer does not pay for them.
    package init(
        route: Route, parameter: String?, filters: [(name: String, value: String)], pinnedVersion: String?,
        snapshot: SpecSnapshot?, withForm: Bool = true
    ) {
        self.init(route: route, parameter: parameter)
        self.pinnedVersion = pinnedVersion
        read(filters)
        guard withForm else { return }
        fields = route.endpoint.filters.map { parameter in
            var choices: [String] = []
            var labels: [String: String] = [:]
            var isNumber = false
            switch parameter.value {
            case .filter(.vocabulary(let kind)): choices = snapshot?.acceptedValues(for: kind) ?? []
            case .filter(.number): isNumber = true
            case .filter(.flag): choices = ["true", "false"]
            case .oneOf(let values): choices = values
            case .metricID:
                // A picker of every figure, by name, rather than an id to type.
                for item in (try? snapshot?.metrics(matching: MetricFilter()))?.items ?? [] {
                    guard let id = item["id"]?.stringValue else { continue }
                    choices.append(id)
                    labels[id] = item["name"]?.stringValue
                }
            case .filter(.text), .filter(.screen), .storeVersion: break
            }
            var field = Field(
                name: parameter.name, summary: Self.help[route]?[parameter.name] ?? parameter.summary,
                choices: choices, isNumber: isNumber, isRequired: parameter.isRequired)
            field.choiceLabels = labels
            return field
        }
    }

    /// A form's help in words for people where the API's summary speaks to programs.
    package static let help: [Route: [String: String]] = [
        .check: [
            "figure": "The figure to check your measurement against.",
            "value": "What you measured, for a figure that is one number or a range.",
            "width": "What you measured across, for a figure given as width × height.",
            "height": "What you measured down, for a figure given as width × height.",
            "category": "The Dynamic Type category, for a figure that spans categories.",
            "embed": "Whole figure: each result carries the figure with its citation.",
        ]
    ]
}

extension TableLayout {
    /// The route's columns, or `nil` for a route whose rows have no fixed shape (search mixes
    /// kinds, a diff mixes collections, a check echoes what was measured); read once per route
    /// into its ``PageRoute/columns``.
    package static func columns(for route: Route) -> [TableColumn]? {
        switch route {
        case .collection(let collection): layout(of: collection)
        case .record(let collection) where recordsShareLayout.contains(collection): layout(of: collection)
        case .versions:
            [
                TableColumn("id", "Version"),
                TableColumn("date", "Date"),
                TableColumn("title", "Title"),
                TableColumn("latest", "Latest"),
            ]
                + ServedCollection.all.map {
                    TableColumn($0.countKey, $0.countHeading, csv: $0.countCSVName, .number)
                } + [notes]
        case .search:
            [
                TableColumn("type", "Type"),
                TableColumn("id", "ID", .references),
                TableColumn("title", "Title"),
                TableColumn("value", "Value"),
                TableColumn("unit", "Unit"),
                TableColumn("status", "Status"),
                TableColumn("snippet", "Where it matches"),
                TableColumn("score", "Score", .number),
            ]
        default:
            nil
        }
    }

    /// The records whose record route shows its collection's layout (a device, a color, a
    /// complication); every other record's page shows the record's own fields.
    private static let recordsShareLayout: Set<SpecCollection> = [.devices, .colors, .complications]
}

extension PageLayout {
    /// The route's page layout, or `nil` for a route whose table is shown whole.
    package static func layout(for route: Route) -> PageLayout? {
        // A collection's page columns are its entry's (``ServedCollection/page``).
        if let served = ServedCollection.of(route) { return served.page }
        return switch route {
        case .versions:
            PageLayout(
                lead: ["id"],
                figures: ["date"] + ServedCollection.all.map(\.countKey),
                trailing: ["title", "notes"])
        case .coverage:
            // The page and its count; each collection's count waits in the picker.
            PageLayout(lead: ["page"], figures: ["records"], trailing: ["publishes"])
        case .search:
            // The status column's pill says published or convention; the score waits in the picker.
            PageLayout(lead: ["title"], figures: ["value", "unit"], trailing: ["type", "snippet"])
        case .check:
            // The caller's id first: it is how a design tool matches a row to its layer.
            PageLayout(
                lead: ["id", "element", "figure"],
                figures: ["measure", "measured_value", "measured_width", "measured_height", "result", "severity"],
                trailing: ["message", "force", "error_message"])
        default:
            nil
        }
    }
}

extension QueryParameters {
    /// The query less its blank fields and the marker (``PageContext/formMarker``), when it comes
    /// from a page's filter form: a plain form sends every field, and a blank one there means "any
    /// value". Any other request keeps them, and a blank value stays the `400` it always was. (The
    /// marker is not in the OpenAPI document: it belongs to the page, not to the API.)
    package func droppingBlankFormFields() -> QueryParameters {
        let marker = PageContext.formMarker
        guard pairs.contains(where: { $0.name == marker.name && $0.value == marker.value }) else { return self }
        return QueryParameters(pairs: pairs.filter { !$0.value.isEmpty && $0.name != marker.name })
    }
}

extension HTMLRenderer {
    /// `text` as a link to the record `id` names in the application's site (``Site/application``).
    package static func recordLink(_ id: String, text: String? = nil) -> String {
        recordLink(id, text: text, site: .application)
    }
}

extension SitePage {
    /// A complete page in the application's site (``Site/application``), the collection at
    /// `current` marked in its header.
    package static func render(
        title: String, crumbs: [(String, String?)], current: String?, version: String, body: String
    )
        -> String
    {
        render(title: title, crumbs: crumbs, current: current, version: version, body: body, site: .application)
    }
}
