import JSON
import SpecStore
import SystemSupport

/// What a page knows besides its rows: where it is, which filters produced it, and what the
/// route lets a reader change (its filters, order and paging), for the links and forms around
/// the table.
package struct PageContext: Sendable {
    /// A filter as the form shows it.
    package struct Field: Equatable, Sendable {
        package var name: String
        package var summary: String
        /// The accepted values, for a choice; empty for free text or a number.
        package var choices: [String]
        package var isNumber: Bool
        /// Whether the route answers `400` without it (`from` and `to` of a diff).
        package var isRequired = false
        /// Words a person reads for a choice where its value is an id (a metric's name).
        package var choiceLabels: [String: String] = [:]

        /// A filter's form field.
        package init(name: String, summary: String, choices: [String], isNumber: Bool, isRequired: Bool = false) {
            self.name = name
            self.summary = summary
            self.choices = choices
            self.isNumber = isNumber
            self.isRequired = isRequired
        }
    }

    package var route: PageRoute {
        didSet { path = Self.path(route, parameter) }
    }
    /// The site around the page: its header's links and where records live.
    package var site: Site
    /// The record id of a record route (`/v1/devices/{id}`).
    package var parameter: String? {
        didSet { path = Self.path(route, parameter) }
    }
    /// The route's path: the template with the record id filled in. Made once, when the route
    /// or the record is set, as each of a page's links reads it.
    package private(set) var path: String {
        didSet { keptPairs = nil }
    }
    /// The filters as the request gave them, in its order (paging and order excluded).
    package var applied: [(name: String, value: String)] = [] {
        didSet { keptPairs = nil }
    }
    /// The route's filters, for the form.
    package var fields: [Field] = []
    /// The pinned store version, or `nil` for the latest.
    package var pinnedVersion: String? {
        didSet { keptPairs = nil }
    }
    /// `sort=` as given.
    package var sort: String? {
        didSet { keptPairs = nil }
    }
    package var limit: Int? {
        didSet { keptPairs = nil }
    }
    package var offset = 0 {
        didSet { keptPairs = nil }
    }
    /// The page size a page for people takes when the request sets no `limit`; its links leave
    /// `limit` out so the default applies again, and its links to other formats (a CSV to
    /// download) leave out the paging too, so they hold every row.
    package var defaultLimit: Int? {
        didSet {
            if let defaultLimit, limit == nil { limit = defaultLimit }
            keptPairs = nil
        }
    }
    /// For each filter with a short list of choices, how many rows each choice gives with the
    /// other filters as they are.
    package var counts: [String: [String: Int]] = [:]
    /// One store version of a diff's range: its title and what changed from the version before.
    package struct VersionStep: Sendable {
        package var id: String
        package var title: String
        package var changes: FlatTable

        /// A version of the range, with what changed in it.
        package init(id: String, title: String, changes: FlatTable) {
            self.id = id
            self.title = title
            self.changes = changes
        }
    }

    /// On a diff's page, each version of the range with its own changes, oldest first.
    package var versionSteps: [VersionStep] = []
    /// On a device's page with no widget rows, the nearest screen that has some (`393x852`).
    package var nearestWidgetScreen: String?
    /// On a metric's page, the records its topic, platform and citations tie it to.
    package var related = RelatedRecords(groups: [])
    /// `fields=` as given, split at commas: the columns a reader picked, or `nil` for the route's
    /// default columns.
    package var projection: [String]? {
        didSet { keptPairs = nil }
    }
    /// Rows before paging, where the answer says (`total` in the envelope).
    package var total: Int?
    /// Keeps a part of the page many pages share, by a name the renderer gives that holds every
    /// input the part reads besides the store version's data, made by the function given on its
    /// first use (the filter form: the same for every page of one filter, whatever its paging).
    /// `nil` where nothing is kept: the part is written for each page.
    package var keptPart: (@Sendable (_ name: String, _ make: () -> [UInt8]) -> [UInt8])?
    /// Whether the route takes `sort=` (API.md §6), so headings can be sort links.
    package var canSort: Bool
    /// Whether the route takes `limit=` and `offset=`, so a page can link its neighbours.
    package var canPage: Bool
    /// The pairs every link of the page keeps, encoded once (``keepLinkPairs()``); `nil` until
    /// then, and again when a value they are made of changes.
    private var keptPairs: LinkPairs?

    /// The pairs of a page's links that it keeps, each `name=value` percent-encoded, in the
    /// order a link writes them (``appendLink(format:changing:forHTML:to:)``), and its path
    /// written for HTML.
    private final class LinkPairs: Sendable {
        let pairs: [(name: String, encoded: [UInt8], isPaging: Bool)]
        let escapedPath: [UInt8]

        init(pairs: [(name: String, encoded: [UInt8], isPaging: Bool)], escapedPath: [UInt8]) {
            self.pairs = pairs
            self.escapedPath = escapedPath
        }
    }

    /// Encodes the pairs the page's links keep, once, for a page about to write many links;
    /// until a value they are made of changes, each link copies them.
    package mutating func keepLinkPairs() {
        if keptPairs == nil { keptPairs = linkPairs }
    }

    /// The pairs links keep: those kept, or made now.
    private var linkPairs: LinkPairs {
        if let keptPairs { return keptPairs }
        func pair(_ name: String, _ value: String, isPaging: Bool = false) -> (
            name: String, encoded: [UInt8], isPaging: Bool
        ) {
            var bytes: [UInt8] = []
            PercentEncoding.append(name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
            PercentEncoding.append(value, to: &bytes)
            return (name, bytes, isPaging)
        }
        var pairs = applied.map { pair($0.name, $0.value) }
        if let sort { pairs.append(pair("sort", sort)) }
        if let projection {
            // The names joined with `,`, which is encoded.
            var bytes = Array("fields=".utf8)
            for (index, field) in projection.enumerated() {
                if index > 0 { bytes += "%2C".utf8 }
                PercentEncoding.append(field, to: &bytes)
            }
            pairs.append(("fields", bytes, false))
        }
        if let limit, defaultLimit == nil { pairs.append(pair("limit", String(limit))) }
        if offset > 0 { pairs.append(pair("offset", String(offset), isPaging: true)) }
        if let pinnedVersion { pairs.append(pair("version", pinnedVersion)) }
        var escapedPath: [UInt8] = []
        HTMLWriter.appendEscaped(path, to: &escapedPath)
        return LinkPairs(pairs: pairs, escapedPath: escapedPath)
    }

    /// A page of `route` (of the record `parameter` on a record route) in `site`; the request's
    /// filters, order and paging are set after.
    package init(route: PageRoute, parameter: String? = nil, site: Site) {
        self.route = route
        self.parameter = parameter
        path = Self.path(route, parameter)
        self.site = site
        canSort = route.canSort
        canPage = route.canPage
    }

    /// Reads the request's parameters as given: `sort`, `limit`, `offset` and `fields` set the
    /// order, the paging and the columns; every other pair is a filter.
    package mutating func read(_ parameters: [(name: String, value: String)]) {
        for (name, value) in parameters {
            switch name {
            case "sort": sort = value
            case "limit": limit = Int(value)
            case "offset": offset = max(0, Int(value) ?? 0)
            case "fields": projection = value.split(separator: ",").map(String.init)
            default: applied.append((name, value))
            }
        }
    }

    /// The marker a page's filter form sends (a hidden field), so its blank fields can be told
    /// from a blank value typed into a URL.
    package static let formMarker = (name: "_form", value: "filters")

    /// `route`'s path with the record `parameter` filled in.
    private static func path(_ route: PageRoute, _ parameter: String?) -> String {
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
    package func link(format: String? = nil, changing changes: [(String, String?)] = []) -> String {
        linkText(format: format, changing: changes, forHTML: false)
    }

    /// ``link(format:changing:)`` as an HTML attribute value, as `HTMLRenderer.escape` makes it:
    /// written with `&amp;` between its pairs, so a page's many links are neither written nor
    /// scanned twice (the pairs are percent-encoded, so nothing else in them needs escaping).
    package func escapedLink(format: String? = nil, changing changes: [(String, String?)] = []) -> String {
        linkText(format: format, changing: changes, forHTML: true)
    }

    /// The link's text into one byte buffer, made a string once.
    private func linkText(format: String?, changing changes: [(String, String?)], forHTML: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128)
        appendLink(format: format, changing: changes, forHTML: forHTML, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// ``link(format:changing:)`` (or, with `forHTML`, ``escapedLink(format:changing:)``)
    /// appended to `bytes`, so a page writes its links straight into its own buffer.
    ///
    /// - Returns: whether the link has a query (any pair after the path).
    @discardableResult
    package func appendLink(
        format: String? = nil, changing changes: [(String, String?)] = [], forHTML: Bool, to bytes: inout [UInt8]
    ) -> Bool {
        // The pairs in the order ``link(format:changing:)`` has always written them: the kept
        // ones (encoded once per page, ``linkPairs``), a change's name dropping every kept pair
        // of that name (and every earlier change of it), then the format.
        func changed(_ name: String) -> Bool { changes.contains { $0.0 == name } }
        var separator = UInt8(ascii: "?")
        func writeSeparator() {
            if separator == UInt8(ascii: "?") || !forHTML {
                bytes.append(separator)
            } else {
                bytes.append(contentsOf: Self.escapedAmpersand)
            }
            separator = UInt8(ascii: "&")
        }
        func name(_ name: String) {
            writeSeparator()
            PercentEncoding.append(name, to: &bytes)
            bytes.append(UInt8(ascii: "="))
        }
        let kept = linkPairs
        if forHTML { bytes.append(contentsOf: kept.escapedPath) } else { CLibrary.appendUTF8(of: path, to: &bytes) }
        // A link to the whole list in another format leaves the paging out.
        let whole = defaultLimit != nil && format != nil
        for pair in kept.pairs where !(whole && pair.isPaging) && (changes.isEmpty || !changed(pair.name)) {
            writeSeparator()
            bytes.append(contentsOf: pair.encoded)
        }
        for (index, (changedName, value)) in changes.enumerated() {
            guard let value, !changes[(index + 1)...].contains(where: { $0.0 == changedName }) else { continue }
            name(changedName)
            PercentEncoding.append(value, to: &bytes)
        }
        if let format {
            name("format")
            PercentEncoding.append(format, to: &bytes)
        }
        return separator != UInt8(ascii: "?")
    }

    private static let escapedAmpersand: [UInt8] = Array("&amp;".utf8)

    /// What the search box sends besides its words: the filters, the order, a page size asked
    /// for, the columns and the pinned version; never `offset`, as new words start a new list.
    package var keptBySearch: [(String, String)] {
        var pairs: [(String, String)] = applied.filter { $0.name != "q" }.map {
            ($0.name, $0.value)
        }
        if let sort { pairs.append(("sort", sort)) }
        if let projection { pairs.append(("fields", projection.joined(separator: ","))) }
        if let limit, defaultLimit == nil { pairs.append(("limit", String(limit))) }
        if let pinnedVersion { pairs.append(("version", pinnedVersion)) }
        return pairs
    }

    /// The filters in words, for a caption: `family iphone, platform ios`.
    package var filterSummary: String? {
        guard !applied.isEmpty else { return nil }
        return applied.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
    }

    /// A file name for a download: the route, its filters and a pinned version
    /// (`devices-family-iphone.csv`), in characters safe in any file system.
    package func fileName(extension ext: String) -> String {
        // On UTF-8 bytes: every character kept is ASCII, and each other character (its first
        // byte; a multi-byte character's other bytes are 0x80–0xBF) becomes one `-`. The parts
        // are joined with `-` as they are written, as joining them first was most of the cost.
        var name: [UInt8] = []
        name.reserveCapacity(64)
        func write(_ part: some StringProtocol) {
            for byte in part.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    name.append(byte)
                case 0x80..<0xC0: continue
                default: if name.last != UInt8(ascii: "-") { name.append(UInt8(ascii: "-")) }
                }
            }
        }
        var first = true
        func part(_ text: some StringProtocol) {
            if !first { write("-") }
            first = false
            write(text)
        }
        // A record's id, else the template's last non-empty segment.
        part(parameter.map { Substring($0) } ?? route.template.split(separator: "/").last ?? "index")
        for (name, value) in applied {
            part(name)
            part(value)
        }
        if let pinnedVersion {
            part("version")
            part(pinnedVersion)
        }
        if name.count > 120 { name.removeLast(name.count - 120) }
        if name.isEmpty || name.first == UInt8(ascii: ".") { name.insert(contentsOf: "hig".utf8, at: 0) }
        return String(decoding: name, as: UTF8.self) + "." + ext
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation-free).
    package func replacingOccurrences(of target: String, with replacement: String) -> String {
        // In ASCII text every character is one byte but CR LF, which a printable target cannot
        // match: the bytes are compared, as the search by characters was a fiftieth of a record
        // page.
        if !target.isEmpty, target.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), utf8.allSatisfy({ $0 < 0x80 }) {
            return replacingASCII(Array(target.utf8), with: replacement)
        }
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

    /// ``replacingOccurrences(of:with:)`` of a printable ASCII `target` in ASCII text.
    private func replacingASCII(_ target: [UInt8], with replacement: String) -> String {
        var result: [UInt8] = []
        var found = false
        var index = utf8.startIndex
        var copied = index
        while index != utf8.endIndex {
            if utf8[index...].starts(with: target) {
                if !found { result.reserveCapacity(utf8.count + replacement.utf8.count) }
                found = true
                result += utf8[copied..<index]
                result += replacement.utf8
                index = utf8.index(index, offsetBy: target.count)
                copied = index
            } else {
                index = utf8.index(after: index)
            }
        }
        guard found else { return self }
        result += utf8[copied...]
        return String(decoding: result, as: UTF8.self)
    }
}
