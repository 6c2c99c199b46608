import JSON
import SpecStore

/// What a page knows besides its rows: where it is, which filters produced it, and what the
/// route lets a reader change (its filters, order and paging), for the links and forms around
/// the table.
struct PageContext: Sendable {
    /// A filter as the form shows it.
    struct Field: Equatable, Sendable {
        var name: String
        var summary: String
        /// The accepted values, for a choice; empty for free text or a number.
        var choices: [String]
        var isNumber: Bool
        /// Whether the route answers `400` without it (`from` and `to` of a diff).
        var isRequired = false
        /// Words a person reads for a choice where its value is an id (a metric's name).
        var choiceLabels: [String: String] = [:]
    }

    var route: Route
    /// The record id of a record route (`/v1/devices/{id}`).
    var parameter: String?
    /// The filters as the request gave them, in its order (paging and order excluded).
    var applied: [(name: String, value: String)] = []
    /// The route's filters, for the form.
    var fields: [Field] = []
    /// The pinned store version, or `nil` for the latest.
    var pinnedVersion: String?
    /// `sort=` as given.
    var sort: String?
    var limit: Int?
    var offset = 0
    /// The page size a page for people takes when the request sets no `limit`; its links leave
    /// `limit` out so the default applies again, and its links to other formats (a CSV to
    /// download) leave out the paging too, so they hold every row.
    var defaultLimit: Int? {
        didSet { if let defaultLimit, limit == nil { limit = defaultLimit } }
    }
    /// For each filter with a short list of choices, how many rows each choice gives with the
    /// other filters as they are.
    var counts: [String: [String: Int]] = [:]
    /// One store version of a diff's range: its title and what changed from the version before.
    struct VersionStep: Sendable {
        var id: String
        var title: String
        var changes: FlatTable
    }

    /// On a diff's page, each version of the range with its own changes, oldest first.
    var versionSteps: [VersionStep] = []
    /// On a device's page with no widget rows, the nearest screen that has some (`393x852`).
    var nearestWidgetScreen: String?
    /// On a metric's page, the records its topic, platform and citations tie it to.
    var related = RelatedRecords(groups: [])
    /// `fields=` as given, split at commas: the columns a reader picked, or `nil` for the route's
    /// default columns.
    var projection: [String]?
    /// Rows before paging, where the answer says (`total` in the envelope).
    var total: Int?
    /// Whether the route takes `sort=` (API.md §6), so headings can be sort links.
    var canSort: Bool
    /// Whether the route takes `limit=` and `offset=`, so a page can link its neighbours.
    var canPage: Bool

    init(route: Route, parameter: String? = nil) {
        self.route = route
        self.parameter = parameter
        canSort = route.parameters.contains("sort")
        canPage = route.parameters.contains("limit") && route.parameters.contains("offset")
    }

    /// Reads the request's filters and, for a page that shows the route's filter form
    /// (`withForm`: HTML), the route's filter definitions with their value lists; other formats
    /// never read them, so a CSV or Markdown answer does not pay for them.
    init(
        route: Route, parameter: String?, filters: [(name: String, value: String)], pinnedVersion: String?,
        snapshot: SpecSnapshot?, withForm: Bool = true
    ) {
        self.init(route: route, parameter: parameter)
        self.pinnedVersion = pinnedVersion
        for (name, value) in filters {
            switch name {
            case "sort": sort = value
            case "limit": limit = Int(value)
            case "offset": offset = max(0, Int(value) ?? 0)
            case "fields": projection = value.split(separator: ",").map(String.init)
            default: applied.append((name, value))
            }
        }
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
    static let help: [Route: [String: String]] = [
        .check: [
            "figure": "The figure to check your measurement against.",
            "value": "What you measured, for a figure that is one number or a range.",
            "width": "What you measured across, for a figure given as width × height.",
            "height": "What you measured down, for a figure given as width × height.",
            "category": "The Dynamic Type category, for a figure that spans categories.",
            "embed": "Whole figure: each result carries the figure with its citation.",
        ]
    ]

    /// The route's path: the template with the record id filled in.
    var path: String {
        guard let parameter else { return route.template }
        // Every link of a page reads this: replaced among the bytes (a template and a
        // percent-encoded value are ASCII, so bytes and characters agree), as a search by
        // characters was a fifth of a never-seen record page.
        let encoded = PercentEncoding.encoded(parameter)
        return Self.replacingBytes(
            of: "{category}", in: Self.replacingBytes(of: "{id}", in: route.template, with: encoded), with: encoded)
    }

    /// `text` with every occurrence of the ASCII `target` replaced, compared byte by byte.
    private static func replacingBytes(of target: String, in text: String, with replacement: String) -> String {
        let bytes = Array(text.utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return text }
        var result: [UInt8] = []
        var index = 0
        var found = false
        while index < bytes.count {
            if index + pattern.count <= bytes.count, bytes[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement.utf8
                index += pattern.count
                found = true
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return found ? String(decoding: result, as: UTF8.self) : text
    }

    /// A link to this page with some parameters changed (`nil` removes one), keeping the filters,
    /// the pinned version, the order and the paging.
    func link(format: String? = nil, changing changes: [(String, String?)] = []) -> String {
        var pairs: [(String, String)] = applied.map { ($0.name, $0.value) }
        if let sort { pairs.append(("sort", sort)) }
        if let projection { pairs.append(("fields", projection.joined(separator: ","))) }
        let whole = defaultLimit != nil && format != nil
        if let limit, defaultLimit == nil { pairs.append(("limit", String(limit))) }
        if offset > 0, !whole { pairs.append(("offset", String(offset))) }
        if let pinnedVersion { pairs.append(("version", pinnedVersion)) }
        for (name, value) in changes {
            pairs.removeAll { $0.0 == name }
            if let value { pairs.append((name, value)) }
        }
        if let format { pairs.append(("format", format)) }
        let query = RecordLink.query(pairs)
        return query.isEmpty ? path : path + "?" + query
    }

    /// What the search box sends besides its words: the filters, the order, a page size asked
    /// for, the columns and the pinned version; never `offset`, as new words start a new list.
    var keptBySearch: [(String, String)] {
        var pairs: [(String, String)] = applied.filter { $0.name != CommonParameter.q.rawValue }.map {
            ($0.name, $0.value)
        }
        if let sort { pairs.append(("sort", sort)) }
        if let projection { pairs.append(("fields", projection.joined(separator: ","))) }
        if let limit, defaultLimit == nil { pairs.append(("limit", String(limit))) }
        if let pinnedVersion { pairs.append(("version", pinnedVersion)) }
        return pairs
    }

    /// The filters in words, for a caption: `family iphone, platform ios`.
    var filterSummary: String? {
        guard !applied.isEmpty else { return nil }
        return applied.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
    }

    /// A file name for a download: the route, its filters and a pinned version
    /// (`devices-family-iphone.csv`), in characters safe in any file system.
    func fileName(extension ext: String) -> String {
        var parts = [parameter ?? route.template.split(separator: "/").last.map(String.init) ?? "index"]
        for (name, value) in applied { parts += [name, value] }
        if let pinnedVersion { parts += ["version", pinnedVersion] }
        var name = ""
        for scalar in parts.joined(separator: "-").unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", ".", "_", "-": name.unicodeScalars.append(scalar)
            default: if !name.hasSuffix("-") { name += "-" }
            }
        }
        if name.count > 120 { name = String(name.prefix(120)) }
        if name.isEmpty || name.hasPrefix(".") { name = "hig" + name }
        return name + "." + ext
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension QueryParameters {
    /// The marker a page's filter form sends (a hidden field), so its blank fields can be told
    /// from a blank value typed into a URL.
    static let formMarker = (name: "_form", value: "filters")

    /// The query less its blank fields and the marker, when it comes from a page's filter form:
    /// a plain form sends every field, and a blank one there means "any value". Any other request
    /// keeps them, and a blank value stays the `400` it always was. (The marker is not in the
    /// OpenAPI document: it belongs to the page, not to the API.)
    func droppingBlankFormFields() -> QueryParameters {
        guard pairs.contains(where: { $0.name == Self.formMarker.name && $0.value == Self.formMarker.value }) else {
            return self
        }
        return QueryParameters(pairs: pairs.filter { !$0.value.isEmpty && $0.name != Self.formMarker.name })
    }
}
