import JSON
import SpecFormats
import SpecStore
import SystemSupport

/// What a data route answers, before it is written in a format.
package enum AnswerContent: Sendable {
    /// Rows in the envelope.
    case collection(QueryResult)
    /// One page of a collection route's rows: the envelope with `total` (API.md §6).
    case page(Page)
    /// One record (`/v1/devices/{id}`).
    case record(RecordResult)
    /// What changed between two versions.
    case diff(DiffResult, notes: [String] = [])
    /// A whole JSON document served as is (export, tokens, the index, OpenAPI).
    /// `notes` say why a document holds nothing (a token file of an empty selection).
    case document(JSONValue, rows: [JSONValue], notes: [String] = [])

    /// Writes the content in `format`.
    ///
    /// - Parameter version: the store version that answered, for the envelope and the headings.
    package func encoded(
        as format: Format, options: RequestOptions, route: Route, version: String, page: PageContext? = nil
    ) -> [UInt8] {
        switch format.body {
        case .json:
            var bytes: [UInt8]
            if !options.pretty, options.shape != .array, let (result, total) = envelopeRows {
                bytes = []
                result.appendEnvelope(version: version, total: total, to: &bytes)
            } else {
                bytes = json(options: options, version: version).serializedBytes(pretty: options.pretty)
            }
            bytes.append(UInt8(ascii: "\n"))
            return bytes
        case .text(let render):
            let page = page ?? PageContext(route: route)
            if let lines = format.rowLines, page.projection == nil, let columns = page.route.columns,
                let key = page.route.columnsKey, let (result, _) = envelopeRows
            {
                return Self.written(result, lines: lines, format: format, columns: columns, key: key)
            }
            let record: JSONValue? = if case .record(let result) = self { result.item } else { nil }
            // The table carries the answer's notes already worded (``notes``), so they are worded once.
            let table =
                format.readsTable
                ? table(route: route, version: version)
                : FlatTable(title: route.title, version: version, records: [], notes: notes)
            var input = FormatInput(
                table: table, page: page, fragment: options.fragment, record: record, rows: rows, notes: table.notes)
            if format.readsTable, let (result, _) = envelopeRows {
                input.keptTexts = { layout, make in result.rowTexts(layout: layout, make: make) }
            }
            return Array(render(input).utf8)
        }
    }

    /// The rows in a format written row by row under the route's fixed columns: each row's
    /// line kept with the snapshot for every later page in that layout, so a never-seen page
    /// flattens and writes none of its rows again; the rows are flattened only for a line not
    /// kept yet.
    private static func written(
        _ result: QueryResult, lines: RowLines, format: Format, columns: [TableColumn], key: String
    ) -> [UInt8] {
        let keys = columns.map(\.key)
        var records: [FlatRecord]?
        let texts = result.rowTexts(layout: format.rawValue + "\u{0}" + key) { index in
            if records == nil { records = flatRecords(result) }
            return lines.line(records![index], keys)
        }
        var bytes = lines.head(columns, key: key)
        bytes.reserveCapacity(bytes.count + texts.reduce(0) { $0 + $1.count })
        for text in texts { bytes.append(contentsOf: text) }
        return bytes
    }

    /// The rows of a collection's or a page's envelope, and the page's total.
    private var envelopeRows: (QueryResult, total: Int?)? {
        switch self {
        case .collection(let result): (result, nil)
        case .page(let page): (page.result, page.total)
        case .record, .diff, .document: nil
        }
    }

    /// The rows a source format (Swift, CSS) writes: a collection's or a page's, or the one record.
    package var rows: [JSONValue] {
        switch self {
        case .collection(let result): result.items
        case .page(let page): page.result.items
        case .record(let result): [result.item]
        case .diff, .document: []
        }
    }

    /// Why the answer is what it is (e.g. why it is empty): the envelope's `notes`, which every
    /// format carries (``NoteField``), CSV in its header fields only, worded by ``NoteWording``.
    package var notes: [String] {
        switch self {
        case .collection(let result): NoteWording.texts(result.notes)
        case .page(let page): NoteWording.texts(page.result.notes)
        case .record(let result): NoteWording.texts(result.notes)
        case .diff(_, let notes): notes
        case .document(_, _, let notes): notes
        }
    }

    package func json(options: RequestOptions, version: String) -> JSONValue {
        switch self {
        case .collection(let result):
            return options.shape == .array ? .array(result.items) : result.envelope(version: version)
        case .page(let page):
            return options.shape == .array
                ? .array(page.result.items) : page.result.envelope(version: version, total: page.total)
        case .record(let result):
            if options.shape == .array { return .array([result.item]) }
            var object = JSONObject()
            object.append("version", .string(version))
            object.append("item", result.item)
            if !result.notes.isEmpty {
                object.append("notes", .array(NoteWording.texts(result.notes).map { .string($0) }))
            }
            return .object(object)
        case .diff(let result, let notes):
            if options.shape == .array { return .array(Self.diffRows(result)) }
            guard !notes.isEmpty, case .object(var object) = result.json else { return result.json }
            object.append("notes", .array(notes.map { .string($0) }))
            return .object(object)
        case .document(let document, _, _):
            return document
        }
    }

    // A metric's range or size as one figure (`2–5`, `44×44 pt`) is the row's own `display`
    // (``FigureDisplay``), so every tabular format has it with no work per request.
    package func table(route: Route, version: String) -> FlatTable {
        switch self {
        case .collection(let result):
            return FlatTable(
                title: route.title, version: version, flattened: Self.flatRecords(result), notes: notes)
        case .page(let page):
            // A page of a collection's rows flattens each row once a snapshot, not once a page.
            return FlatTable(
                title: route.title, version: version, flattened: Self.flatRecords(page.result), notes: notes)
        case .record(let result):
            return FlatTable(title: route.title, version: version, records: [result.item], notes: notes)
        case .diff(let result, let notes):
            return FlatTable(
                title: "Changes from \(result.from) to \(result.to)", version: version, records: Self.diffRows(result),
                notes: notes)
        case .document(_, let rows, let notes):
            return FlatTable(title: route.title, version: version, records: rows, notes: notes)
        }
    }

    /// The rows flattened, each once a snapshot for a choice among a collection's rows: the one
    /// form this module keeps per row (``QueryResult/rowForms(_:)``).
    private static func flatRecords(_ result: QueryResult) -> [FlatRecord] {
        // A choice among a collection's rows keeps each row's form for later pages; other rows
        // (search hits) are flattened for this answer alone.
        let kept = result.collectionPositions != nil
        return result.rowForms { FlatRecord($0, sharingNames: kept) }.map { $0 as! FlatRecord }
    }

    /// A diff as one list: `{"change": "added"|"removed"|"changed"|"first-seen", …}` per row.
    package static func diffRows(_ diff: DiffResult) -> [JSONValue] {
        func tagged(_ rows: [JSONValue], _ change: String) -> [JSONValue] {
            rows.map { row in
                var object = JSONObject()
                object.append("change", .string(change))
                for (key, value) in row.objectValue ?? JSONObject() { object.append(key, value) }
                return .object(object)
            }
        }
        return tagged(diff.added, "added") + tagged(diff.removed, "removed") + tagged(diff.changed, "changed")
            + tagged(diff.firstSeen, "first-seen")
    }
}

extension QueryResult {
    /// The API envelope: `{"version": …, "count": N, "items": […]}`, plus `"notes"` when there are
    /// any; a collection route's page has `"total"` after `"count"`: every matching row.
    package func envelope(version: String, total: Int? = nil) -> JSONValue {
        var object = JSONObject()
        object.append("version", .string(version))
        object.append("count", JSONValue(integerLiteral: items.count))
        if let total { object.append("total", JSONValue(integerLiteral: total)) }
        object.append("items", .array(items))
        if !notes.isEmpty { object.append("notes", .array(NoteWording.texts(notes).map { .string($0) })) }
        return .object(object)
    }
}

extension QueryResult {
    /// ``envelope(version:total:)`` as compact JSON, the same bytes its serialization gives,
    /// with the rows copied from the bytes a snapshot keeps of them
    /// (``QueryResult/appendCompactItems(to:)``).
    package func appendEnvelope(version: String, total: Int? = nil, to bytes: inout [UInt8]) {
        CLibrary.appendUTF8(of: #"{"version":"#, to: &bytes)
        JSONValue.writeString(version, into: &bytes)
        CLibrary.appendUTF8(of: #","count":"#, to: &bytes)
        CLibrary.appendUTF8(of: String(count), to: &bytes)
        if let total {
            CLibrary.appendUTF8(of: #","total":"#, to: &bytes)
            CLibrary.appendUTF8(of: String(total), to: &bytes)
        }
        CLibrary.appendUTF8(of: #","items":["#, to: &bytes)
        appendCompactItems(to: &bytes)
        bytes.append(UInt8(ascii: "]"))
        if !notes.isEmpty {
            CLibrary.appendUTF8(of: #","notes":"#, to: &bytes)
            JSONValue.array(NoteWording.texts(notes).map { .string($0) }).serialize(into: &bytes)
        }
        bytes.append(UInt8(ascii: "}"))
    }
}

extension DeviceRecord {
    /// The device page's record: the device's row with `widgets: {"count", "items", "notes"}`
    /// appended, the widget notes worded by collection name (``NoteWording/embeddedText(_:)``).
    package var record: RecordResult {
        guard case .object(var object) = item else { return RecordResult(item: item) }
        object.append("widgets", widgets.embeddedEnvelope)
        return RecordResult(item: .object(object), notes: notes)
    }
}

extension QueryResult {
    /// `{"count", "items", "notes"}` for rows embedded in another row: no version, and `notes`
    /// always present.
    package var embeddedEnvelope: JSONValue {
        [
            "count": JSONValue(integerLiteral: items.count), "items": .array(items),
            "notes": .array(notes.map { .string(NoteWording.embeddedText($0)) }),
        ]
    }
}

extension DiffResult {
    /// `{"from", "to", "counts": {"added", "removed", "changed", "firstSeen"}, "added", "removed",
    /// "changed", "firstSeen"}`.
    package var json: JSONValue {
        [
            "from": .string(from), "to": .string(to),
            "counts": [
                "added": JSONValue(integerLiteral: added.count), "removed": JSONValue(integerLiteral: removed.count),
                "changed": JSONValue(integerLiteral: changed.count),
                "firstSeen": JSONValue(integerLiteral: firstSeen.count),
            ],
            "added": .array(added), "removed": .array(removed), "changed": .array(changed),
            "firstSeen": .array(firstSeen),
        ]
    }
}
