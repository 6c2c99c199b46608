import JSON
import SpecFormats
import SpecStore
import SystemSupport

/// Paging, order and field selection of a collection route's rows (API.md §6): `limit`,
/// `offset`, `sort` and `fields`, read from the query and applied to the route's answer before it
/// is written in any format.
package struct RowSelection: Equatable, Sendable {
    /// The largest `limit`, and the rows a search answers at most per page.
    package static let maximumLimit = 1000
    /// The largest `offset` accepted (the OpenAPI document states the same bound).
    package static let maximumOffset = 1_000_000
    /// The longest `fields` value: room for every field of any collection, once each.
    package static let maximumFieldsLength = 1000

    /// At most this many rows; `nil` for all.
    package var limit: Int?
    /// Rows skipped first.
    package var offset = 0
    /// The field to order by, as the request named it; resolved against the route's fields.
    package var sort: String?
    /// Whether `sort` was given as `-field`.
    package var descending = false
    /// The fields to keep, as the request named them, each once.
    package var fields: [String]?

    /// No selection: every row, in the route's order, whole.
    package init() {}

    /// Reads `limit`, `offset`, `sort` and `fields`, checking their form (the fields' names are
    /// checked against the rows in ``apply(to:catalogue:defaultLimit:)``).
    package init(query: QueryParameters) throws(APIError) {
        if let raw = query["limit"] { limit = try Self.integer("limit", raw, in: 1...Self.maximumLimit) }
        if let raw = query["offset"] { offset = try Self.integer("offset", raw, in: 0...Self.maximumOffset) }
        if let raw = query["sort"] {
            descending = raw.hasPrefix("-")
            sort = String(descending ? raw.dropFirst() : raw[...])
            if sort?.isEmpty ?? true {
                throw APIError(
                    status: 400, code: "invalid_value", message: "'sort' names no field.",
                    hint: "Give sort=field for ascending order or sort=-field for descending.", parameter: "sort")
            }
        }
        if let raw = query["fields"] {
            var names: [String] = []
            // Split and trimmed as bytes: a comma, a space and a tab are one byte each in UTF-8.
            for member in raw.utf8.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                var trimmed = member[...]
                while let first = trimmed.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                    trimmed = trimmed.dropFirst()
                }
                while let last = trimmed.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
                    trimmed = trimmed.dropLast()
                }
                let name = String(Substring(trimmed))
                guard !name.isEmpty else {
                    throw APIError(
                        status: 400, code: "invalid_value", message: "'fields' holds an empty name.",
                        hint: "Give fields as names separated by commas: fields=id,name.", parameter: "fields")
                }
                guard !names.contains(name) else {
                    throw APIError(
                        status: 400, code: "invalid_value", message: "'fields' names '\(name)' twice.",
                        hint: "Name each field once: fields=id,name.", parameter: "fields")
                }
                names.append(name)
            }
            fields = names
        }
    }

    /// Whether nothing is selected.
    package var isEmpty: Bool { limit == nil && offset == 0 && sort == nil && fields == nil }

    /// Appends what the selection adds to a cache key to `bytes`: nothing when nothing is
    /// selected.
    package func appendKey(to bytes: inout [UInt8]) {
        guard !isEmpty else { return }
        // Each letter and separator is one byte, stored as one.
        func mark(_ first: Unicode.Scalar, _ second: Unicode.Scalar) {
            bytes.append(UInt8(ascii: first))
            bytes.append(UInt8(ascii: second))
        }
        mark("|", "l")
        if let limit { CLibrary.appendUTF8(of: String(limit), to: &bytes) }
        mark("|", "o")
        CLibrary.appendUTF8(of: String(offset), to: &bytes)
        mark("|", "s")
        if descending { bytes.append(UInt8(ascii: "-")) }
        if let sort { CLibrary.appendUTF8(of: sort, to: &bytes) }
        mark("|", "f")
        for (index, field) in (fields ?? []).enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            CLibrary.appendUTF8(of: field, to: &bytes)
        }
    }

    /// The page of `result` this selection asks for: ordered, sliced, trimmed to its fields.
    /// Only the page's rows are copied, whatever the number that match.
    ///
    /// - Parameters:
    ///   - catalogue: the fields the route's rows have, for checking `sort` and `fields`; read only
    ///     when one of them is given.
    ///   - defaultLimit: the page size when `limit` is absent (`nil`: every row).
    ///   - order: for rows of the route's query in one version (filtered or not), the order of
    ///     the route's unfiltered rows in that version by a path and direction, made once per
    ///     store (``FieldCatalogues/order(of:in:by:descending:)``); `nil` sorts the rows given.
    ///   - unfiltered: whether `result` is the route's unfiltered latest answer itself.
    package func apply(
        to result: QueryResult, catalogue: () -> FieldCatalogue, defaultLimit: Int?,
        order: ((_ path: [String], _ descending: Bool) -> [Int]?)? = nil, unfiltered: Bool = false
    ) throws(APIError) -> Page {
        var sortPath: [String]? = nil
        var fieldPaths: [[String]]? = nil
        if sort != nil || fields != nil {
            let catalogue = catalogue()
            if let sort {
                sortPath = try catalogue.resolve(sort, parameter: "sort", among: catalogue.sortable)
            }
            if let fields {
                var paths: [[String]] = []
                for name in fields {
                    paths.append(try catalogue.resolve(name, parameter: "fields", among: catalogue.paths))
                }
                fieldPaths = paths
            }
        }
        let total = result.count
        let limit = self.limit ?? defaultLimit
        let start = min(offset, total)
        let end = limit.map { min(total, start + $0) } ?? total
        // Unsorted rows stay a choice among the collection's rows, so a page without `fields` is
        // written as JSON from the rows' kept bytes.
        var page =
            if let sortPath {
                Self.rows(
                    start..<end, of: result, sortedBy: sortPath, descending: descending, order: order,
                    unfiltered: unfiltered)
            } else {
                result.slice(start..<end)
            }
        if let fieldPaths {
            // The trimmed rows' JSON is kept per set of fields, named by their resolved paths.
            let name = fieldPaths.map { $0.joined(separator: ".") }.joined(separator: "\u{0}")
            page = page.projecting(fields: name, notes: result.notes) { Self.keeping(fieldPaths, of: $0) }
        }
        return Page(result: page, total: total, offset: offset, limit: limit)
    }

    /// The rows at `range` of `result` ordered by the value at `path`, with its notes: taken
    /// from the store's order when there is one, still a choice among the collection's rows (so
    /// written from the bytes kept). A stable sort of some rows keeps them in the order the
    /// stable sort of every row gives them, so the rows a filter kept come in the store's order
    /// of all rows, less the others: no comparison per request.
    private static func rows(
        _ range: Range<Int>, of result: QueryResult, sortedBy path: [String], descending: Bool,
        order: ((_ path: [String], _ descending: Bool) -> [Int]?)?, unfiltered: Bool
    ) -> QueryResult {
        if let order, let (kept, collectionCount) = result.collectionPositions,
            let positions = order(path, descending), positions.count == collectionCount
        {
            guard let kept else {
                return result.choosing(positions[range]) ?? QueryResult(items: [], notes: result.notes)
            }
            var isKept = [Bool](repeating: false, count: collectionCount)
            for position in kept { isKept[Int(position)] = true }
            var ordered: [Int] = []
            ordered.reserveCapacity(range.upperBound)
            for position in positions where isKept[position] {
                ordered.append(position)
                if ordered.count == range.upperBound { break }
            }
            return result.choosing(ordered[range]) ?? QueryResult(items: [], notes: result.notes)
        }
        let items = result.items
        if unfiltered, let positions = order?(path, descending), positions.count == items.count {
            return QueryResult(items: positions[range].map { items[$0] }, notes: result.notes)
        }
        return QueryResult(
            items: sortedPositions(items, by: path, descending: descending)[range].map { items[$0] },
            notes: result.notes)
    }

    // MARK: - Reading

    private static func integer(_ name: String, _ raw: String, in range: ClosedRange<Int>) throws(APIError) -> Int {
        guard !raw.isEmpty, raw.utf8.count <= 9, raw.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let value = Int(raw), range.contains(value)
        else {
            throw APIError(
                status: 400, code: "invalid_value",
                message:
                    "'\(raw)' is not a valid value of \(name): expected a whole number from \(range.lowerBound) to \(range.upperBound).",
                hint: "Give \(name) as a whole number from \(range.lowerBound) to \(range.upperBound).",
                parameter: name)
        }
        return value
    }

    // MARK: - Ordering

    /// A row's value for ordering.
    private enum SortValue {
        case number(Double)
        case text(String)
        case missing

        init(_ value: JSONValue?) {
            switch value {
            case nil, .null?: self = .missing
            case .number(let number)?: self = .number(number.double)
            case .bool(let flag)?: self = .number(flag ? 1 : 0)
            case let value?:
                let text = FlatTable.scalarText(value)
                self = text.isEmpty ? .missing : .text(text.lowercased())
            }
        }

        /// -1, 0 or 1; numbers before text.
        func compare(_ other: SortValue) -> Int {
            switch (self, other) {
            case (.number(let a), .number(let b)): a < b ? -1 : a > b ? 1 : 0
            case (.text(let a), .text(let b)): a < b ? -1 : a > b ? 1 : 0
            case (.number, .text): -1
            case (.text, .number): 1
            default: 0
            }
        }

        var isMissing: Bool {
            if case .missing = self { return true }
            return false
        }
    }

    /// A stable sort by the value at `path`; rows without it come last either way.
    package static func sorted(_ items: [JSONValue], by path: [String], descending: Bool) -> [JSONValue] {
        sortedPositions(items, by: path, descending: descending).map { items[$0] }
    }

    /// The positions of `items` in the order ``sorted(_:by:descending:)`` gives them.
    package static func sortedPositions(_ items: [JSONValue], by path: [String], descending: Bool) -> [Int] {
        let keys = items.map { SortValue(value(at: path, in: $0)) }
        return items.indices.sorted { left, right in
            let a = keys[left]
            let b = keys[right]
            if a.isMissing != b.isMissing { return b.isMissing }
            let comparison = descending ? b.compare(a) : a.compare(b)
            return comparison != 0 ? comparison < 0 : left < right
        }
    }

    package static func value(at path: [String], in row: JSONValue) -> JSONValue? {
        var current: JSONValue? = row
        for key in path { current = current?.objectValue?[key] }
        return current
    }

    // MARK: - Fields

    /// A record with only the members `fields` names (checked against `catalogue`'s paths, its
    /// collection's fields, so a field this record lacks is simply absent).
    package func trim(_ record: RecordResult, catalogue: () -> FieldCatalogue) throws(APIError) -> RecordResult {
        guard let fields else { return record }
        let catalogue = catalogue()
        var paths: [[String]] = []
        for name in fields {
            paths.append(try catalogue.resolve(name, parameter: "fields", among: catalogue.paths))
        }
        var trimmed = record
        trimmed.item = Self.keeping(paths, of: record.item)
        return trimmed
    }

    /// The row with only the members at `paths`, in their order.
    package static func keeping(_ paths: [[String]], of row: JSONValue) -> JSONValue {
        var kept = JSONObject()
        for path in paths {
            guard let value = value(at: path, in: row) else { continue }
            insert(value, at: path[...], into: &kept)
        }
        return .object(kept)
    }

    private static func insert(_ value: JSONValue, at path: ArraySlice<String>, into object: inout JSONObject) {
        guard let key = path.first else { return }
        if path.count == 1 {
            object[key] = value
            return
        }
        var nested = object[key]?.objectValue ?? JSONObject()
        if object[key] != nil, object[key]?.objectValue == nil { return }
        insert(value, at: path.dropFirst(), into: &nested)
        object[key] = .object(nested)
    }
}

/// One page of a collection: its rows, and where it sits among all of them.
package struct Page: Sendable {
    /// The rows of this page, with the answer's notes.
    package var result: QueryResult
    /// Every matching row, before paging.
    package var total: Int
    package var offset: Int
    /// The page size, or `nil` when the page runs to the end.
    package var limit: Int?

    /// Whether rows follow this page.
    package var hasNext: Bool { limit.map { offset + $0 < total } ?? false }

    /// The `Link` field value (RFC 8288) for a page of `path` asked with `query`: `rel="next"`
    /// and `rel="prev"` where there are such pages, or `nil`.
    package func link(path: String, query: [(name: String, value: String)]) -> String? {
        let previous = offset > 0 ? limit.map { max(0, min(offset, total) - $0) } ?? 0 : nil
        let next = hasNext ? limit.map { offset + $0 } : nil
        guard next != nil || previous != nil else { return nil }
        // Written as bytes into one buffer: a never-seen page builds this for every answer. The
        // two targets share the path and the parameters other than paging, written once.
        var shared: [UInt8] = [UInt8(ascii: "<")]
        shared.reserveCapacity(
            path.utf8.count + query.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count + 2 } + 16)
        CLibrary.appendUTF8(of: path, to: &shared)
        var separator = UInt8(ascii: "?")
        for (name, value) in query where name != "offset" && name != "limit" {
            shared.append(separator)
            separator = UInt8(ascii: "&")
            Self.encode(name, into: &shared)
            shared.append(UInt8(ascii: "="))
            Self.encode(value, into: &shared)
        }
        var field: [UInt8] = []
        field.reserveCapacity(2 * shared.count + 80)
        func appendTarget(offset: Int, rel: String) {
            if !field.isEmpty { CLibrary.appendUTF8(of: ", ", to: &field) }
            field.append(contentsOf: shared)
            var separator = separator
            if let limit {
                field.append(separator)
                separator = UInt8(ascii: "&")
                CLibrary.appendUTF8(of: "limit=", to: &field)
                CLibrary.appendUTF8(of: String(limit), to: &field)
            }
            if offset > 0 {
                field.append(separator)
                CLibrary.appendUTF8(of: "offset=", to: &field)
                CLibrary.appendUTF8(of: String(offset), to: &field)
            }
            CLibrary.appendUTF8(of: ">; rel=\"", to: &field)
            CLibrary.appendUTF8(of: rel, to: &field)
            field.append(UInt8(ascii: "\""))
        }
        if let next { appendTarget(offset: next, rel: "next") }
        if let previous { appendTarget(offset: previous, rel: "prev") }
        return String(decoding: field, as: UTF8.self)
    }

    /// Percent-encodes a query name or value: unreserved characters and `,` stay, every other byte is `%XX`.
    package static func encode(_ text: String) -> String {
        PercentEncoding.encoded(text, keeping: isKept)
    }

    /// Whether ``encode(_:)`` writes `byte` as itself.
    private static func isKept(_ byte: UInt8) -> Bool {
        PercentEncoding.isUnreserved(byte) || byte == UInt8(ascii: ",")
    }

    /// ``encode(_:)``, appended to `bytes`.
    package static func encode(_ text: String, into bytes: inout [UInt8]) {
        PercentEncoding.append(text, to: &bytes, keeping: isKept)
    }
}

/// The fields a collection's rows have, as dotted paths (`points`, `points.width`): what `sort`
/// and `fields` accept, and what the OpenAPI document lists.
package struct FieldCatalogue: Sendable, Equatable {
    /// Every path, objects and their members, in first-seen order.
    package let paths: [String]
    /// The paths that hold a value to order by (not an object, not a list of objects).
    package let sortable: [String]

    /// The fields of `rows`.
    package init(rows: [JSONValue]) {
        var paths: [String] = []
        var sortable: [String] = []
        var seen = Set<String>()
        func walk(_ object: JSONObject, prefix: String) {
            for (key, value) in object {
                let path = prefix + key
                let isNew = seen.insert(path).inserted
                if isNew { paths.append(path) }
                switch value {
                case .object(let nested): walk(nested, prefix: path + ".")
                case .array(let elements) where elements.contains(where: { $0.objectValue != nil }): break
                default: if isNew { sortable.append(path) }
                }
            }
        }
        for row in rows { if case .object(let object) = row { walk(object, prefix: "") } }
        self.init(paths: paths, sortable: sortable.filter { path in !paths.contains { $0.hasPrefix(path + ".") } })
    }

    package init(paths: [String], sortable: [String]) {
        self.paths = paths
        self.sortable = sortable
        var exact: [String: (components: [String], isSortable: Bool)] = [:]
        let sortableSet = Set(sortable)
        for path in paths where exact[path] == nil {
            exact[path] = (path.split(separator: ".").map(String.init), sortableSet.contains(path))
        }
        for path in sortable where exact[path] == nil {
            exact[path] = (path.split(separator: ".").map(String.init), true)
        }
        self.exact = exact
    }

    /// Each path as a request names it exactly, split at its dots, and whether it orders rows:
    /// made once per store, so a `fields=` or `sort=` that names paths as they are costs a
    /// lookup per name, not a scan of every path and a split.
    private let exact: [String: (components: [String], isSortable: Bool)]

    package static func == (lhs: FieldCatalogue, rhs: FieldCatalogue) -> Bool {
        lhs.paths == rhs.paths && lhs.sortable == rhs.sortable
    }

    /// The fields of `route`'s rows in the latest version: its declared fields, or those of its
    /// unfiltered answer (for a record route, its collection's).
    package static func of(_ route: Route, store: SpecStore) -> FieldCatalogue {
        if let fields = route.endpoint.rowFields { return FieldCatalogue(paths: fields, sortable: fields) }
        // A record route's fields are its collection's: `/v1/rules/{id}` has those of `/v1/rules`.
        if case .record(let collection) = route {
            return of(.collection(collection), store: store)
        }
        guard let rows = unfilteredRows(of: route, store: store) else { return FieldCatalogue(paths: [], sortable: []) }
        return FieldCatalogue(rows: rows)
    }

    /// The rows of `route`'s unfiltered query in the latest version, or `nil` for a route that
    /// has no such query.
    package static func unfilteredRows(of route: Route, store: SpecStore) -> [JSONValue]? {
        unfilteredResult(of: route, store: store)?.items
    }

    /// The answer of `route`'s unfiltered query in `snapshot` (the latest version when `nil`),
    /// or `nil` for a route that has no such query.
    package static func unfilteredResult(of route: Route, store: SpecStore, snapshot: SpecSnapshot? = nil)
        -> QueryResult?
    {
        guard case .query(let query) = route.endpoint.answer,
            let content = try? query(
                AnswerRequest(
                    store: store, snapshot: snapshot ?? store.latest, pathValue: nil, filters: [:],
                    options: RequestOptions())),
            case .collection(let result) = content
        else { return nil }
        return result
    }

    /// The path `name` means among `accepted`: as the JSON nests it (`points.width`), as the CSV
    /// column names it (`points_width`), or either without regard to case.
    package func resolve(_ name: String, parameter: String, among accepted: [String]) throws(APIError) -> [String] {
        if let entry = exact[name], entry.isSortable || accepted.count == paths.count && accepted == paths {
            return entry.components
        }
        if let exact = accepted.first(where: { $0 == name }) { return exact.split(separator: ".").map(String.init) }
        let dotted = name.utf8.contains(UInt8(ascii: "_")) ? String(name.map { $0 == "_" ? "." : $0 }) : name
        let lowered = dotted.lowercased()
        let found = accepted.first { $0 == dotted } ?? accepted.first { $0.lowercased() == lowered }
        guard let found else {
            throw APIError.unknownValue(parameter, name, accepted: accepted)
        }
        return found.split(separator: ".").map(String.init)
    }
}
