/// Where a record sits in the data file.
struct RecordLocation: Sendable {
    let collection: SpecCollection
    let position: Int

    var path: String { "$.\(collection.key)[\(position)]" }
}

/// Checks a parsed data file against Docs/schema.md and turns it into records.
///
/// Every refusal names the JSON path of the offending value. Checks run in file order, so the first
/// fault in the file is the one reported.
struct StoreLoader {
    static let knownSchemaVersions = ["1", "2"]

    let file: String
    private var versions: [StoreVersion] = []
    private var versionIndex: [String: Int] = [:]
    private var idLocations: [String: RecordLocation] = [:]
    private var records: [[StoredRecord]] = Array(repeating: [], count: SpecCollection.allCases.count)
    /// Schema version 2: citation sources by id, and per-collection defaults.
    private var sources: [String: JSONObject] = [:]
    /// Schema version 2: the platforms each cited page covers, by the page's URL without its
    /// fragment, and the source that declares them.
    private var pageCoverage: [String: (source: String, platforms: [String])] = [:]
    /// Schema version 2: per source, Apple's statements that scope its figures on a platform.
    private var sourceQualifiers: [String: [PlatformStatement]] = [:]
    private var defaults: [JSONObject?] = Array(repeating: nil, count: SpecCollection.allCases.count)
    /// Schema version 2: what records may describe, and the version each appeared in.
    private var subjects: [StoreSubject] = []
    /// Schema version 2: the element vocabulary and the figures that apply to each element.
    private var elements: [UIElement] = []
    private var layouts = SpecCollection.allCases.map { collection in
        KeyLayout(names: CollectionSchema.allFields[collection.rawValue].map(\.name))
    }

    init(file: String) {
        self.file = file
    }

    struct Output {
        let schemaVersion: Int
        let title: String
        let versions: [StoreVersion]
        let records: [[StoredRecord]]
        let locations: [String: RecordLocation]
        let elements: [UIElement]
        /// Apple's statements that scope a page's figures on one platform (`qualifiers`).
        var statements: [PlatformStatement] = []
        /// The words search reads for one another (`searchSynonyms`, optional).
        var synonyms = SearchSynonyms.none
    }

    mutating func load(_ root: JSONValue) throws(SpecStoreError) -> Output {
        guard case .object(let top) = root else {
            throw fault(.wrongType, "$", "the file must hold a JSON object, not \(root.typeName)")
        }
        guard let schemaVersion = top["schemaVersion"] else {
            throw fault(
                .missingField, "$.schemaVersion", "schemaVersion is missing; this library reads schemaVersion 1 and 2")
        }
        guard case .number(let number) = schemaVersion, StoreLoader.knownSchemaVersions.contains(number.literal) else {
            throw fault(
                .schemaVersion, "$.schemaVersion",
                "schemaVersion \(schemaVersion.serialized()) is not one this library knows (it reads \(StoreLoader.knownSchemaVersions.joined(separator: ", ")))"
            )
        }
        let isVersion2 = number.literal == "2"
        let allowed =
            ["schemaVersion", "title", "versions", "searchSynonyms"]
            + (isVersion2 ? ["sources", "defaults", "subjects", "elements"] : [])
            + SpecCollection.allCases.map(\.key)
        for key in top.keys where !allowed.contains(key) {
            throw fault(
                .unknownKey, "$.\(key)", "unknown top-level key '\(key)'; expected \(allowed.joined(separator: ", "))")
        }
        try checkRecordCounts(top)
        var title = ""
        if let value = top["title"] {
            guard case .string(let string) = value else { throw wrongType("$.title", value, "a string") }
            title = string
        }
        try loadVersions(top["versions"])
        if isVersion2 {
            try loadSources(top["sources"])
            try loadDefaults(top["defaults"])
            try loadSubjects(top["subjects"])
        }
        let synonyms = try SearchSynonyms.load(top["searchSynonyms"], fault: fault)
        for collection in SpecCollection.allCases {
            let path = "$.\(collection.key)"
            guard let value = top[collection.key] else {
                if collection.mayBeAbsent { continue }
                throw fault(.missingField, path, "collection '\(collection.key)' is missing; give [] if it is empty")
            }
            guard case .array(let elements) = value else { throw wrongType(path, value, "an array") }
            records[collection.rawValue].reserveCapacity(elements.count)
            for (position, element) in elements.enumerated() {
                let expanded =
                    isVersion2 ? try expand(element, in: collection, path: "\(path)[\(position)]") : element
                let record = try loadRecord(expanded, in: collection, position: position)
                records[collection.rawValue].append(record)
            }
        }
        try checkReferences()
        try checkSubjects()
        try checkFigureKinds()
        try checkPlatformCoverage()
        if isVersion2 { try loadElements(top["elements"]) }
        return Output(
            schemaVersion: isVersion2 ? 2 : 1, title: title, versions: versions, records: records,
            locations: idLocations, elements: elements,
            statements: sourceQualifiers.keys.sorted().flatMap { sourceQualifiers[$0] ?? [] },
            synonyms: synonyms)
    }

    /// Refuses a file with more records than ``DataFileLimits`` allows before any is validated.
    private func checkRecordCounts(_ top: JSONObject) throws(SpecStoreError) {
        var total = 0
        for collection in SpecCollection.allCases {
            guard case .array(let records)? = top[collection.key] else { continue }
            if records.count > DataFileLimits.maximumRecordsPerCollection {
                throw fault(
                    .tooLarge, "$.\(collection.key)",
                    "\(records.count) records, over the limit of \(DataFileLimits.maximumRecordsPerCollection) per collection"
                )
            }
            total += records.count
        }
        if total > DataFileLimits.maximumRecords {
            throw fault(.tooLarge, "$", "\(total) records, over the limit of \(DataFileLimits.maximumRecords) in all")
        }
    }

    // MARK: - Versions

    private mutating func loadVersions(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { throw fault(.missingField, "$.versions", "versions is missing") }
        guard case .array(let elements) = value else { throw wrongType("$.versions", value, "an array") }
        guard !elements.isEmpty else {
            throw fault(.missingField, "$.versions", "versions is empty; the store needs at least one")
        }
        for (position, element) in elements.enumerated() {
            let path = "$.versions[\(position)]"
            guard case .object(let object) = element else { throw wrongType(path, element, "an object") }
            for key in object.keys where !["id", "date", "title", "notes"].contains(key) {
                throw fault(
                    .unknownKey, "\(path).\(key)", "unknown key '\(key)' in a version; expected id, date, title, notes")
            }
            let id = try requiredString(object, "id", path)
            let date = try requiredString(object, "date", path)
            let title = try requiredString(object, "title", path)
            let notes = try requiredString(object, "notes", path)
            guard StoreLoader.isVersionID(id) else {
                throw fault(
                    .badID, "\(path).id", "version id '\(id)' must be lower-case letters, digits, dots and dashes")
            }
            guard StoreLoader.isDate(date) else {
                throw fault(.badValue, "\(path).date", "date '\(date)' must be YYYY-MM-DD, YYYY-MM or YYYY")
            }
            if versionIndex[id] != nil {
                throw fault(.duplicateID, "\(path).id", "version id '\(id)' appears twice")
            }
            if let previous = versions.last, date < previous.date {
                throw fault(
                    .badOrder, "\(path).date",
                    "version '\(id)' (\(date)) comes after '\(previous.id)' (\(previous.date)); versions must be in chronological order"
                )
            }
            versionIndex[id] = versions.count
            versions.append(StoreVersion(id: id, date: date, title: title, notes: notes, index: versions.count))
        }
    }

    // MARK: - Schema version 2: sources and defaults

    /// `sources`: citation sources declared once, `{"id": {"page", "section", "url"}}`.
    private mutating func loadSources(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { return }
        guard case .object(let object) = value else { throw wrongType("$.sources", value, "an object") }
        // Qualifiers are citations themselves, so they are resolved once every source is known.
        var pendingQualifiers: [(String, JSONValue)] = []
        for (id, source) in object {
            let path = "$.sources.\(id)"
            guard StoreLoader.isRecordID(id) else {
                throw fault(.badID, path, "source id '\(id)' must be lower-case [a-z0-9] words separated by '.' or '-'")
            }
            try checkObject(source, path, StoreLoader.sourceFields)
            try checkCitationTarget(source, path)
            guard var citation = source.objectValue else { continue }
            if let platforms = citation["platforms"] {
                try check(platforms, .platforms, "\(path).platforms")
                // A page covers named platforms; "all" would say nothing a check could hold it to.
                for (offset, name) in (platforms.arrayValue ?? []).enumerated() where name == "all" {
                    throw fault(
                        .badValue, "\(path).platforms[\(offset)]", "a page names the platforms it covers, not all")
                }
                let page = StoreLoader.page(of: citation["url"]?.stringValue ?? "")
                if let other = pageCoverage[page] {
                    throw fault(
                        .duplicateID, "\(path).platforms",
                        "the platforms of \(page) are already declared by sources.\(other.source); a page declares them once"
                    )
                }
                pageCoverage[page] = (id, platforms.arrayValue?.compactMap(\.stringValue) ?? [])
            }
            let qualifiers = citation["qualifiers"]
            // A citation made from a source holds where Apple says it, not what the page covers.
            citation["platforms"] = nil
            citation["qualifiers"] = nil
            sources[id] = citation
            if let qualifiers { pendingQualifiers.append((id, qualifiers)) }
        }
        for (id, qualifiers) in pendingQualifiers {
            try loadQualifiers(qualifiers, of: id)
        }
    }

    /// `qualifiers`: `{"platform": citation}`, Apple's statement that scopes the source's figures on
    /// that platform. The statement is a citation with Apple's quote.
    private mutating func loadQualifiers(_ value: JSONValue, of id: String) throws(SpecStoreError) {
        let path = "$.sources.\(id).qualifiers"
        guard case .object(let object) = value else { throw wrongType(path, value, "an object") }
        for (platform, member) in object {
            try check(.string(platform), .oneOf(FilterVocabulary.platforms), "\(path).\(platform)")
            guard case .array(let resolved) = try resolveCitations(.array([member]), "\(path).\(platform)"),
                let citation = resolved.first
            else { continue }
            try checkObject(citation, "\(path).\(platform)", StoreLoader.citationFields)
            guard let statement = citation["quote"]?.stringValue, !statement.isEmpty,
                let object = citation.objectValue
            else {
                throw fault(
                    .missingField, "\(path).\(platform).quote", "a qualifier quotes Apple's statement for \(platform)")
            }
            sourceQualifiers[id, default: []].append(
                PlatformStatement(platform: platform, quote: statement, citation: object))
        }
    }

    /// `defaults`: per collection, field values every record of it has unless it says otherwise.
    private mutating func loadDefaults(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { return }
        guard case .object(let object) = value else { throw wrongType("$.defaults", value, "an object") }
        for (key, fields) in object {
            let path = "$.defaults.\(key)"
            guard let collection = SpecCollection.allCases.first(where: { $0.key == key }) else {
                throw fault(
                    .unknownKey, path,
                    "'\(key)' is not a collection; expected \(SpecCollection.allCases.map(\.key).joined(separator: ", "))"
                )
            }
            guard case .object(var defaults) = fields else { throw wrongType(path, fields, "an object") }
            for name in defaults.keys where name == "id" || name == "history" {
                throw fault(.unknownKey, "\(path).\(name)", "\(name) is never a default: every record has its own")
            }
            if let citations = defaults["citations"] {
                defaults["citations"] = try resolveCitations(citations, "\(path).citations")
            }
            self.defaults[collection.rawValue] = defaults
        }
    }

    /// A version-2 record as version 1 has it: the collection's defaults filled in and citations
    /// that name a source replaced by the source's page, section and URL (plus the quote given).
    private func expand(_ value: JSONValue, in collection: SpecCollection, path: @autoclosure () -> String)
        throws(SpecStoreError) -> JSONValue
    {
        guard case .object(var object) = value else { return value }
        if let defaults = defaults[collection.rawValue] {
            for (key, member) in defaults where object[key] == nil { object.append(key, member) }
        }
        try checkQualifiers(object, path: path())
        if let citations = object["citations"] {
            object["citations"] = try resolveCitations(citations, "\(path()).citations")
        }
        if case .array(var entries) = object["history"] {
            for (position, entry) in entries.enumerated() {
                guard case .object(var entryObject) = entry, case .object(var values) = entryObject["values"],
                    let citations = values["citations"]
                else { continue }
                values["citations"] = try resolveCitations(
                    citations, "\(path()).history[\(position)].values.citations")
                entryObject["values"] = .object(values)
                entries[position] = .object(entryObject)
            }
            object["history"] = .array(entries)
        }
        return .object(object)
    }

    /// Citations as written in version 2: a source id, `{"source": id, "quote": …}`, or a full
    /// citation object.
    private func resolveCitations(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecStoreError)
        -> JSONValue
    {
        guard case .array(let elements) = value else { return value }
        var resolved: [JSONValue] = []
        resolved.reserveCapacity(elements.count)
        for (position, element) in elements.enumerated() {
            let id: String
            var extra = JSONObject()
            switch element {
            case .string(let string):
                id = string
            case .object(let object) where object["source"] != nil:
                guard case .string(let string) = object["source"] else {
                    throw wrongType("\(path())[\(position)].source", object["source"] ?? .null, "a source id")
                }
                id = string
                for (key, member) in object where key != "source" { extra.append(key, member) }
            default:
                resolved.append(element)
                continue
            }
            guard var source = sources[id] else {
                throw fault(
                    .danglingReference, "\(path())[\(position)]",
                    "'\(id)' names no source; declare it under sources")
            }
            for (key, member) in extra { source[key] = member }
            resolved.append(.object(source))
        }
        return .array(resolved)
    }

    // MARK: - Records

    private mutating func loadRecord(_ value: JSONValue, in collection: SpecCollection, position: Int)
        throws(SpecStoreError) -> StoredRecord
    {
        // Paths are built only when a fault is reported: building one per field would cost more
        // than the checks themselves.
        func path() -> String { "$.\(collection.key)[\(position)]" }
        guard case .object(let object) = value else { throw wrongType(path(), value, "an object") }
        let specs = CollectionSchema.allFields[collection.rawValue]
        let specIndex = CollectionSchema.fieldIndex[collection.rawValue]
        let id = try requiredString(object, "id", path())
        guard StoreLoader.isRecordID(id) else {
            throw fault(.badID, "\(path()).id", "id '\(id)' must be lower-case [a-z0-9] words separated by '.' or '-'")
        }
        if let first = idLocations[id] {
            throw fault(.duplicateID, "\(path()).id", "id '\(id)' is already used at \(first.path)")
        }
        idLocations[id] = RecordLocation(collection: collection, position: position)
        let since = try versionReference(try requiredString(object, "since", path()), "\(path()).since")
        var until: Int? = nil
        var firstSeen: Int? = nil
        let positions = layouts[collection.rawValue].positions(in: object.keys)
        var seen: UInt64 = 0
        var covered: UInt64 = 0
        for (index, position) in positions.enumerated() where position >= 0 {
            seen |= 1 << UInt64(index)
            if position < 64 { covered |= 1 << UInt64(position) }
            try check(object.values[position], specs[index].kind, "\(path()).\(specs[index].name)")
        }
        // Members that are not the collection's own fields: the common ones, or a typo.
        for (position, key) in object.keys.enumerated() {
            if position < 64 ? covered & (1 << UInt64(position)) != 0 : specIndex[key] != nil { continue }
            let member = object.values[position]
            switch key {
            case "id", "since", "history":
                continue
            case "until":
                guard case .string(let string) = member else {
                    throw wrongType("\(path()).until", member, "a version id")
                }
                let index = try versionReference(string, "\(path()).until")
                guard index > since else {
                    throw fault(
                        .badOrder, "\(path()).until", "until '\(string)' must come after since '\(versions[since].id)'")
                }
                until = index
            case "seen":
                guard case .string(let string) = member else {
                    throw wrongType("\(path()).seen", member, "a version id")
                }
                let index = try versionReference(string, "\(path()).seen")
                guard index >= since else {
                    throw fault(
                        .badOrder, "\(path()).seen",
                        "seen '\(string)' (the first copy that shows the record) cannot come before since '\(versions[since].id)'"
                    )
                }
                firstSeen = index
            case "notes":
                if member.stringValue == nil { throw wrongType("\(path()).notes", member, "a string") }
            default:
                throw fault(
                    .unknownKey, "\(path()).\(key)",
                    "unknown key '\(key)' in a \(collection.key) record; expected \((["id", "since", "seen", "until", "history", "notes"] + specs.map(\.name)).joined(separator: ", "))"
                )
            }
        }
        for (index, spec) in specs.enumerated() where spec.isRequired && seen & (1 << UInt64(index)) == 0 {
            throw fault(
                .missingField, "\(path()).\(spec.name)", "\(spec.name) is required in a \(collection.key) record")
        }
        if let firstSeen, let until, firstSeen >= until {
            throw fault(
                .badOrder, "\(path()).seen",
                "seen '\(versions[firstSeen].id)' must come before until '\(versions[until].id)'")
        }
        if collection.carriesFigures { try checkStatus(object, path()) }
        if collection.declaration.requiresCitation, object["citations"]?.arrayValue?.isEmpty ?? true {
            throw fault(
                .missingCitation, "\(path()).citations", "a \(collection.recordType) needs at least one citation")
        }
        if collection == .metrics { try checkFigure(object, path()) }
        if collection == .rules { try checkRuleWords(object, path()) }
        let history = try loadHistory(object["history"], specs: specs, since: since, until: until, path: path())
        let record = StoredRecord(
            collection: collection, id: id, since: since, until: until, seen: firstSeen, history: history,
            object: object)
        if collection == .metrics {
            for variant in 0..<record.variantCount { try checkForce(record.object(variant: variant), path()) }
        }
        for variant in 0..<record.variantCount {
            try checkFigureSense(record.object(variant: variant), in: collection, path())
        }
        return record
    }

    private func checkStatus(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        let status = object["status"]?.stringValue
        let citations = object["citations"]?.arrayValue ?? []
        if status == "published" {
            if object["basis"] != nil {
                throw fault(
                    .mixedStatus, "\(path()).basis",
                    "a published record has no basis; a figure that is partly convention must be split into two records"
                )
            }
            if citations.isEmpty {
                throw fault(
                    .missingCitation, "\(path()).citations",
                    "a published record needs at least one citation of Apple's page")
            }
        } else if object["basis"] == nil {
            throw fault(
                .missingBasis, "\(path()).basis",
                "a convention record needs a basis: why it is a convention and which Apple pages were searched")
        }
    }

    /// Apple's words and the store's words never share a field: a published rule has `quote`, a
    /// reading has `reading`.
    private func checkRuleWords(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        let isReading = object["status"]?.stringValue == "reading"
        let own = isReading ? "reading" : "quote"
        let other = isReading ? "quote" : "reading"
        if object[other] != nil {
            throw fault(
                .mixedStatus, "\(path()).\(other)",
                isReading
                    ? "a reading holds the store's words in reading, never in quote, which is for Apple's words"
                    : "a published rule holds Apple's words in quote; the store's reading of them is a separate rule with status reading"
            )
        }
        if object[own] == nil {
            throw fault(
                .missingField, "\(path()).\(own)",
                "\(own) is required in a rule with status \(isReading ? "reading" : "published")")
        }
    }

    /// A figure's force is Apple's wording for that figure: it must be found in the figure's own
    /// citations, so it cannot be borrowed from another figure.
    private func checkForce(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        guard let force = object["force"]?.stringValue else { return }
        let quotes = (object["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }
        guard quotes.contains(where: { $0.contains(force) }) else {
            throw fault(
                .badValue, "\(path()).force",
                "force '\(force)' must be Apple's words, found verbatim in a quote of this record's citations")
        }
    }

    /// Figures that cannot be Apple's: a size of zero or less, a device whose points × scale is
    /// not its pixels (unless the record says why), a range whose ends are swapped.
    private func checkFigureSense(
        _ object: JSONObject, in collection: SpecCollection, _ path: @autoclosure () -> String
    )
        throws(SpecStoreError)
    {
        for key in ["points", "pixels", "screen", "sizeMm"] {
            guard case .object(let size) = object[key] else { continue }
            for side in ["width", "height"] where (size[side]?.doubleValue ?? 1) <= 0 {
                throw fault(.badFigure, "\(path()).\(key).\(side)", "a \(side) must be more than 0")
            }
        }
        if collection == .metrics || collection == .widgets {
            for side in ["width", "height"] where (object[side]?.doubleValue ?? 1) <= 0 {
                throw fault(.badFigure, "\(path()).\(side)", "a \(side) must be more than 0")
            }
        }
        if let low = object["min"]?.doubleValue, let high = object["max"]?.doubleValue, low > high {
            throw fault(.badFigure, "\(path()).min", "min \(JSONNumber(low)) is more than max \(JSONNumber(high))")
        }
        guard collection == .devices, object["erratum"] == nil, let scale = object["scale"]?.doubleValue,
            case .object(let points) = object["points"], case .object(let pixels) = object["pixels"]
        else { return }
        guard scale > 0 else { throw fault(.badFigure, "\(path()).scale", "a scale must be more than 0") }
        let downsampled = object["downsampled"]?.boolValue ?? false
        for side in ["width", "height"] {
            let rendered = (points[side]?.doubleValue ?? 0) * scale
            let panel = pixels[side]?.doubleValue ?? 0
            guard downsampled ? panel < rendered : panel == rendered else {
                throw fault(
                    .badFigure, "\(path()).pixels.\(side)",
                    downsampled
                        ? "downsampled pixels must be fewer than points × scale (\(JSONNumber(rendered)))"
                        : "pixels \(JSONNumber(panel)) are not points × scale (\(JSONNumber(rendered))); if Apple's screen is downsampled, say \"downsampled\": true, and if Apple's cell is a probable erratum, say which in erratum"
                )
            }
        }
    }

    private func checkFigure(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        let hasValue = object["value"] != nil
        let hasSize = object["width"] != nil || object["height"] != nil
        let hasNumericRange = object["min"] != nil || object["max"] != nil
        let hasCategories = object["minCategory"] != nil || object["maxCategory"] != nil
        let hasRange = hasNumericRange || hasCategories
        let shapes = [hasValue, hasSize, hasNumericRange, hasCategories].filter { $0 }.count
        guard shapes == 1 else {
            throw fault(
                .badFigure, path(),
                shapes == 0
                    ? "a metric needs a figure: value, or width and height, or min and max, or minCategory and maxCategory"
                    : "a metric has exactly one shape of figure (value, width+height, min+max or minCategory+maxCategory); split it into records"
            )
        }
        if hasSize, object["width"] == nil || object["height"] == nil {
            throw fault(.badFigure, path(), "a metric with a size needs both width and height")
        }
        if hasNumericRange, object["min"] == nil || object["max"] == nil {
            throw fault(.badFigure, path(), "a metric with a range needs both min and max")
        }
        if hasCategories {
            let order = FilterVocabulary.categories
            guard let low = object["minCategory"]?.stringValue.flatMap(order.firstIndex(of:)),
                let high = object["maxCategory"]?.stringValue.flatMap(order.firstIndex(of:))
            else { throw fault(.badFigure, path(), "a range of categories needs both minCategory and maxCategory") }
            guard low <= high else {
                throw fault(.badFigure, path(), "minCategory must not be a larger category than maxCategory")
            }
            guard object["unit"]?.stringValue == "category" else {
                throw fault(.badFigure, "\(path()).unit", "a range of categories has unit 'category'")
            }
        }
        let isRange = object["bound"]?.stringValue == "range"
        if isRange != hasRange {
            throw fault(
                .badFigure, "\(path()).bound",
                isRange
                    ? "bound 'range' needs min and max, or minCategory and maxCategory"
                    : "min and max (or minCategory and maxCategory) need bound 'range'")
        }
    }

    private func loadHistory(
        _ value: JSONValue?, specs: [FieldSpec], since: Int, until: Int?, path: @autoclosure () -> String
    )
        throws(SpecStoreError) -> [StoredRecord.HistoryEntry]
    {
        guard let value else { return [] }
        let historyPath = "\(path()).history"
        guard case .array(let elements) = value else { throw wrongType(historyPath, value, "an array") }
        var entries: [StoredRecord.HistoryEntry] = []
        for (position, element) in elements.enumerated() {
            let entryPath = "\(historyPath)[\(position)]"
            guard case .object(let object) = element else { throw wrongType(entryPath, element, "an object") }
            for key in object.keys where key != "until" && key != "values" {
                throw fault(
                    .unknownKey, "\(entryPath).\(key)",
                    "unknown key '\(key)' in a history entry; expected until, values")
            }
            let name = try requiredString(object, "until", entryPath)
            let index = try versionReference(name, "\(entryPath).until")
            guard index > since else {
                throw fault(
                    .badOrder, "\(entryPath).until",
                    "history until '\(name)' must come after since '\(versions[since].id)'")
            }
            if let until, index > until {
                throw fault(.badOrder, "\(entryPath).until", "history until '\(name)' is after the record's until")
            }
            if let last = entries.last, index <= last.until {
                throw fault(.badOrder, "\(entryPath).until", "history entries must be in ascending until order")
            }
            guard let values = object["values"] else {
                throw fault(.missingField, "\(entryPath).values", "values is required")
            }
            guard case .object(let changes) = values else {
                throw wrongType("\(entryPath).values", values, "an object")
            }
            for (key, change) in changes {
                let changePath = "\(entryPath).values.\(key)"
                // Notes are versioned with their record: an earlier state may say something else.
                if key == "notes" {
                    if change.stringValue == nil, !change.isNull { throw wrongType(changePath, change, "a string") }
                    continue
                }
                guard let spec = specs.first(where: { $0.name == key }) else {
                    throw fault(
                        .unknownKey, changePath,
                        "history can only hold earlier values of the record's own fields and its notes")
                }
                if !change.isNull { try check(change, spec.kind, changePath) }
            }
            entries.append(StoredRecord.HistoryEntry(until: index, values: changes))
        }
        return entries
    }

    // MARK: - Field values

    private func check(_ value: JSONValue, _ kind: FieldKind, _ path: @autoclosure () -> String) throws(SpecStoreError)
    {
        switch kind {
        case .any:
            return
        case .string:
            guard case .string = value else { throw wrongType(path(), value, "a string") }
        case .number:
            guard case .number = value else { throw wrongType(path(), value, "a number") }
        case .bool:
            guard case .bool = value else { throw wrongType(path(), value, "true or false") }
        case .nullable(let inner):
            if case .null = value { return }
            try check(value, inner, path())
        case .oneOf(let choices):
            guard case .string(let string) = value else { throw wrongType(path(), value, "a string") }
            guard choices.contains(string) else {
                throw fault(.badValue, path(), "'\(string)' is not one of \(choices.joined(separator: ", "))")
            }
        case .strings, .references:
            guard case .array(let elements) = value else { throw wrongType(path(), value, "an array of strings") }
            for (position, element) in elements.enumerated() where element.stringValue == nil {
                throw wrongType("\(path())[\(position)]", element, "a string")
            }
        case .platforms:
            guard case .array(let elements) = value else { throw wrongType(path(), value, "an array of platform ids") }
            guard !elements.isEmpty else {
                throw fault(.badValue, path(), "platforms is empty; say [\"all\"] for every platform")
            }
            for (position, element) in elements.enumerated() {
                try check(element, .oneOf(CollectionSchema.recordPlatforms), "\(path())[\(position)]")
            }
        case .size:
            try checkObject(value, path(), StoreLoader.sizeFields)
        case .sizeClassPair:
            try checkObject(value, path(), StoreLoader.sizeClassPairFields)
        case .citations:
            guard case .array(let elements) = value else { throw wrongType(path(), value, "an array of citations") }
            for (position, element) in elements.enumerated() {
                try checkObject(element, "\(path())[\(position)]", StoreLoader.citationFields)
                try checkCitationTarget(element, "\(path())[\(position)]")
            }
        case .basis:
            try checkObject(value, path(), StoreLoader.basisFields)
        }
    }

    private func checkObject(_ value: JSONValue, _ path: @autoclosure () -> String, _ specs: [FieldSpec])
        throws(SpecStoreError)
    {
        guard case .object(let object) = value else { throw wrongType(path(), value, "an object") }
        for key in object.keys where !specs.contains(where: { $0.name == key }) {
            throw fault(
                .unknownKey, "\(path()).\(key)",
                "unknown key '\(key)'; expected \(specs.map(\.name).joined(separator: ", "))")
        }
        for spec in specs {
            guard let member = object[spec.name] else {
                if spec.isRequired { throw fault(.missingField, "\(path()).\(spec.name)", "\(spec.name) is required") }
                continue
            }
            try check(member, spec.kind, "\(path()).\(spec.name)")
        }
    }

    /// A citation's section is Apple's heading on the page its URL names, and its page is that
    /// page's title (``AppleHeading``).
    private func checkCitationTarget(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        guard case .object(let object) = value, let page = object["page"]?.stringValue,
            let url = object["url"]?.stringValue,
            let problem = AppleHeading.problem(page: page, section: object["section"]?.stringValue, url: url)
        else { return }
        throw fault(.badCitation, "\(path()).\(problem.field)", problem.message)
    }

    private static let sizeFields = [
        FieldSpec("width", .number, required: true), FieldSpec("height", .number, required: true),
    ]
    private static let sizeClassPairFields = [
        FieldSpec("horizontal", .oneOf(FilterVocabulary.sizeClassValues), required: true),
        FieldSpec("vertical", .oneOf(FilterVocabulary.sizeClassValues), required: true),
    ]
    private static let citationFields = [
        FieldSpec("page", .string, required: true), FieldSpec("section", .string),
        FieldSpec("url", .string, required: true),
        FieldSpec("quote", .string),
    ]
    private static let sourceFields = [
        FieldSpec("page", .string, required: true), FieldSpec("section", .string),
        FieldSpec("url", .string, required: true), FieldSpec("platforms", .any), FieldSpec("qualifiers", .any),
    ]
    private static let basisFields = [
        FieldSpec("reason", .string, required: true), FieldSpec("searched", .strings, required: true),
    ]

    // MARK: - Elements

    /// `elements`: `{"id": {"name", "basis", "measures": {"size": [metric ids], …}}}`. The keys
    /// are the element vocabulary; every figure named is a metric of some version, and none is
    /// named twice for one element.
    private mutating func loadElements(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { return }
        guard case .object(let object) = value else { throw wrongType("$.elements", value, "an object") }
        for (id, member) in object {
            let path = "$.elements.\(id)"
            guard StoreLoader.isRecordID(id) else {
                throw fault(
                    .badID, path, "element id '\(id)' must be lower-case [a-z0-9] words separated by '.' or '-'")
            }
            try checkObject(member, path, StoreLoader.elementFields)
            guard case .object(let measureObject) = member["measures"] ?? .null else {
                throw wrongType("\(path).measures", member["measures"] ?? .null, "an object")
            }
            guard !measureObject.isEmpty else {
                throw fault(.missingField, "\(path).measures", "element '\(id)' names no measure")
            }
            var measures: [UIElement.Measure] = []
            var named: Set<String> = []
            for (measure, list) in measureObject {
                let measurePath = "\(path).measures.\(measure)"
                guard StoreLoader.isRecordID(measure) else {
                    throw fault(
                        .badID, measurePath,
                        "measure '\(measure)' must be lower-case [a-z0-9] words separated by '.' or '-'")
                }
                try check(list, .strings, measurePath)
                let figures = list.arrayValue?.compactMap(\.stringValue) ?? []
                guard !figures.isEmpty else {
                    throw fault(.missingField, measurePath, "measure '\(measure)' of '\(id)' names no figure")
                }
                for (offset, figure) in figures.enumerated() {
                    guard idLocations[figure]?.collection == .metrics else {
                        throw fault(.danglingReference, "\(measurePath)[\(offset)]", "'\(figure)' names no metric")
                    }
                    guard named.insert(figure).inserted else {
                        throw fault(
                            .duplicateID, "\(measurePath)[\(offset)]", "'\(figure)' is named twice for '\(id)'")
                    }
                }
                measures.append(UIElement.Measure(name: measure, figures: figures))
            }
            elements.append(
                UIElement(
                    id: id, name: member["name"]?.stringValue ?? id, basis: member["basis"]?.stringValue ?? "",
                    measures: measures))
        }
    }

    // MARK: - Subjects

    /// `subjects`: what a fact can describe that did not always exist, and when it appeared:
    /// `{"id": {"name", "appeared", "basis", "terms", "scope", "records"}}`.
    private mutating func loadSubjects(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { return }
        guard case .object(let object) = value else { throw wrongType("$.subjects", value, "an object") }
        for (id, member) in object {
            let path = "$.subjects.\(id)"
            guard StoreLoader.isRecordID(id) else {
                throw fault(
                    .badID, path, "subject id '\(id)' must be lower-case [a-z0-9] words separated by '.' or '-'")
            }
            try checkObject(member, path, StoreLoader.subjectFields)
            guard case .object(let fields) = member else { continue }
            let appeared = try versionReference(fields["appeared"]?.stringValue ?? "", "\(path).appeared")
            let terms = fields["terms"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let records = fields["records"]?.arrayValue?.compactMap(\.stringValue) ?? []
            var scope: StoreSubject.Scope? = nil
            if let scopeValue = fields["scope"] {
                try checkObject(scopeValue, "\(path).scope", StoreLoader.scopeFields)
            }
            if case .object(let scopeFields) = fields["scope"], let platform = scopeFields["platform"]?.stringValue,
                let topic = scopeFields["topic"]?.stringValue
            {
                scope = StoreSubject.Scope(platform: platform, topic: topic)
            }
            guard !terms.isEmpty || scope != nil || !records.isEmpty else {
                throw fault(
                    .missingField, path, "subject '\(id)' needs terms, a scope or records: how a record names it")
            }
            subjects.append(
                StoreSubject(
                    id: id, name: fields["name"]?.stringValue ?? id, appeared: appeared, terms: terms, scope: scope,
                    records: records))
        }
    }

    /// No state of a record is present before a subject it names appeared, and a row that names
    /// several models starts no later than the first of them unless the sources say otherwise.
    ///
    /// Records are checked in file order, so the first offending record is the one reported.
    private func checkSubjects() throws(SpecStoreError) {
        guard !subjects.isEmpty else { return }
        var named: [String: [Int]] = [:]
        for (index, subject) in subjects.enumerated() {
            for (offset, id) in subject.records.enumerated() {
                guard idLocations[id] != nil else {
                    throw fault(
                        .danglingReference, "$.subjects.\(subject.id).records[\(offset)]", "'\(id)' names no record")
                }
                named[id, default: []].append(index)
            }
        }
        for collection in SpecCollection.allCases {
            // Widget rows and widget families carry no topic field: the collection is the topic.
            let collectionTopic: String? = collection == .widgets || collection == .widgetFamilies ? "widgets" : nil
            for (position, record) in records[collection.rawValue].enumerated() {
                let path = "$.\(collection.key)[\(position)]"
                let explicit = named[record.id] ?? []
                try checkRelabel(record, named: explicit, path)
                for variant in 0..<record.variantCount {
                    let start = variant == 0 ? record.since : record.history[variant - 1].until
                    let object = record.object(variant: variant)
                    let text = StoreLoader.subjectText(object)
                    let platforms = object["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? []
                    let topic = collectionTopic ?? object["topic"]?.stringValue
                    for (index, subject) in subjects.enumerated() where subject.appeared > start {
                        let reason: String
                        // A subject's `records` describe it in their current state: an earlier
                        // state may be the row before a model joined it (a relabel).
                        if variant == record.history.count, explicit.contains(index) {
                            reason = "is one of the records of"
                        } else if let term = subject.term(in: text) {
                            reason = "names ('\(term)')"
                        } else if subject.covers(platforms: platforms, topic: topic) {
                            reason = "is a \(topic ?? "") record for a platform of"
                        } else {
                            continue
                        }
                        throw fault(
                            .anachronism, variant == 0 ? "\(path).since" : "\(path).history[\(variant - 1)].until",
                            "'\(record.id)' is present from '\(versions[start].id)' but \(reason) \(subject.name), which appeared in '\(versions[subject.appeared].id)' (subjects.\(subject.id)); start it there, or keep its earlier words in history"
                        )
                    }
                }
            }
        }
    }

    /// A record citing a source for a platform Apple scopes on it also quotes Apple's statement for
    /// that platform (`qualifiers`), in every state of the record: the 16 pt widget margin for the
    /// Mac says that widgets use smaller margins on the desktop on Mac.
    private func checkQualifiers(_ object: JSONObject, path: @autoclosure () -> String) throws(SpecStoreError) {
        guard !sourceQualifiers.isEmpty else { return }
        let entries = object["history"]?.arrayValue?.map { $0["values"]?.objectValue ?? JSONObject() } ?? []
        for variant in 0...entries.count {
            // A state's fields are the earliest history entry from it on that sets them.
            let owner = (variant..<entries.count).first { entries[$0]["citations"] != nil }
            let citations = (owner.map { entries[$0]["citations"] } ?? object["citations"])??.arrayValue ?? []
            let platforms =
                ((variant..<entries.count).lazy.compactMap { entries[$0]["platforms"] }.first ?? object["platforms"])?
                .arrayValue?.compactMap(\.stringValue) ?? []
            let quotes = citations.compactMap { $0["quote"]?.stringValue }
            for citation in citations {
                guard let id = citation.stringValue ?? citation["source"]?.stringValue,
                    let statements = sourceQualifiers[id]
                else { continue }
                for statement in statements
                where platforms.contains(statement.platform) || platforms.contains("all") {
                    guard !quotes.contains(where: { $0.contains(statement.quote) }) else { continue }
                    throw fault(
                        .missingCitation,
                        owner.map { "\(path()).history[\($0)].values.citations" } ?? "\(path()).citations",
                        "'\(object["id"]?.stringValue ?? "")' cites sources.\(id) for \(statement.platform), where Apple scopes it: '\(statement.quote)'; quote that statement in a citation, or leave \(statement.platform) out"
                    )
                }
            }
        }
    }

    /// A record's platforms follow its citations: every cited page that declares the platforms it
    /// covers (`sources.*.platforms`) covers each platform the record is for, in every state. A
    /// widget figure is never served for tvOS, which has no widgets.
    ///
    /// Records are checked in file order, so the first offending record is the one reported.
    private func checkPlatformCoverage() throws(SpecStoreError) {
        guard !pageCoverage.isEmpty else { return }
        for collection in SpecCollection.allCases {
            for (position, record) in records[collection.rawValue].enumerated() {
                for variant in 0..<record.variantCount {
                    let object = record.object(variant: variant)
                    guard let listed = object["platforms"]?.arrayValue?.compactMap(\.stringValue) else { continue }
                    let platforms = listed.contains("all") ? FilterVocabulary.platforms : listed
                    for citation in object["citations"]?.arrayValue ?? [] {
                        guard let url = citation["url"]?.stringValue,
                            let coverage = pageCoverage[StoreLoader.page(of: url)],
                            let missing = platforms.first(where: { !coverage.platforms.contains($0) })
                        else { continue }
                        let owner = (variant..<record.history.count).first {
                            record.history[$0].values["platforms"] != nil
                        }
                        let path = "$.\(collection.key)[\(position)]"
                        throw fault(
                            .badValue, owner.map { "\(path).history[\($0)].values.platforms" } ?? "\(path).platforms",
                            "'\(record.id)' is for \(missing)\(listed.contains("all") ? " (it says all)" : ""), but the page it cites, \(citation["page"]?.stringValue ?? url), covers \(coverage.platforms.joined(separator: ", ")) (sources.\(coverage.source).platforms): a figure's platforms follow its citation; name only platforms the page covers"
                        )
                    }
                }
            }
        }
    }

    /// A page's URL without its `#fragment`: the page every section of it belongs to.
    static func page(of url: String) -> String {
        String(url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
    }

    /// A figure's force follows its citation: a metric quoting the sentence of a rule has that
    /// rule's `kind`, so a sentence Apple words as a description is never judged as a limit.
    private func checkFigureKinds() throws(SpecStoreError) {
        var kinds: [String: (id: String, kind: String)] = [:]
        for record in records[SpecCollection.rules.rawValue] {
            guard let quote = record.object["quote"]?.stringValue, let kind = record.object["kind"]?.stringValue
            else { continue }
            kinds[quote] = (record.id, kind)
        }
        for (position, record) in records[SpecCollection.metrics.rawValue].enumerated() {
            let kind = record.object["kind"]?.stringValue
            for citation in record.object["citations"]?.arrayValue ?? [] {
                guard let quote = citation["quote"]?.stringValue, let rule = kinds[quote], rule.kind != kind else {
                    continue
                }
                throw fault(
                    .badValue, "$.metrics[\(position)].kind",
                    "'\(record.id)' quotes the sentence of \(rule.id), whose kind is \(rule.kind); a figure's force follows its citation: give it kind '\(rule.kind)'"
                )
            }
        }
    }

    /// A model added to an existing row is a relabel, not a new row: a record naming several
    /// models that starts when a later one appeared, though an earlier one appeared before, lost
    /// the versions in which the row held only the earlier models.
    private func checkRelabel(_ record: StoredRecord, named: [Int], _ path: String) throws(SpecStoreError) {
        guard named.count >= 2, let earliest = named.min(by: { subjects[$0].appeared < subjects[$1].appeared }),
            subjects[earliest].appeared < record.since,
            let joining = named.first(where: { subjects[$0].appeared == record.since })
        else { return }
        throw fault(
            .relabelAsAddition, "\(path).since",
            "'\(record.id)' starts at '\(versions[record.since].id)', when \(subjects[joining].name) appeared, but it also describes \(subjects[earliest].name), which appeared in '\(versions[subjects[earliest].appeared].id)': a model added to an existing row is a relabel; start the record there and keep the earlier label in history"
        )
    }

    /// The words in a record state that can name a subject: Apple's and the store's, not notes.
    private static func subjectText(_ object: JSONObject) -> String {
        var text = ""
        for key in ["name", "label", "quote", "reading", "claim", "correction", "force"] {
            if let string = object[key]?.stringValue { text += string + "\n" }
        }
        for citation in object["citations"]?.arrayValue ?? [] {
            for key in ["page", "quote"] {
                if let string = citation[key]?.stringValue { text += string + "\n" }
            }
        }
        return text
    }

    private static let scopeFields = [
        FieldSpec("platform", .oneOf(CollectionSchema.recordPlatforms), required: true),
        FieldSpec("topic", .string, required: true),
    ]
    private static let elementFields = [
        FieldSpec("name", .string, required: true), FieldSpec("basis", .string, required: true),
        FieldSpec("measures", .any, required: true),
    ]

    private static let subjectFields = [
        FieldSpec("name", .string, required: true), FieldSpec("appeared", .string, required: true),
        FieldSpec("basis", .string, required: true), FieldSpec("terms", .strings),
        FieldSpec("scope", .any), FieldSpec("records", .strings),
    ]

    // MARK: - References

    private func checkReferences() throws(SpecStoreError) {
        for collection in SpecCollection.allCases {
            for spec in collection.declaration.fields {
                guard case .references(let targets) = spec.kind else { continue }
                try checkReferences(spec.name, of: collection, to: targets)
            }
        }
    }

    /// Every id in `field` of `collection`'s records names a record (of `targets`, if given).
    private func checkReferences(_ field: String, of collection: SpecCollection, to targets: SpecCollection?)
        throws(SpecStoreError)
    {
        for (position, record) in records[collection.rawValue].enumerated() {
            guard let ids = record.object[field]?.arrayValue else { continue }
            for (offset, idValue) in ids.enumerated() {
                let id = idValue.stringValue ?? ""
                let path = "$.\(collection.key)[\(position)].\(field)[\(offset)]"
                guard let target = idLocations[id] else {
                    throw fault(.danglingReference, path, "'\(id)' names no record")
                }
                if let targets, target.collection != targets {
                    throw fault(.danglingReference, path, "'\(id)' is not a \(targets.recordType) record")
                }
            }
        }
    }

    // MARK: - Helpers

    private func versionReference(_ id: String, _ path: String) throws(SpecStoreError) -> Int {
        guard let index = versionIndex[id] else {
            throw fault(
                .unknownVersion, path, "'\(id)' names no version; known: \(versions.map(\.id).joined(separator: ", "))")
        }
        return index
    }

    private func requiredString(_ object: JSONObject, _ key: String, _ path: @autoclosure () -> String)
        throws(SpecStoreError) -> String
    {
        guard let value = object[key] else { throw fault(.missingField, "\(path()).\(key)", "\(key) is required") }
        guard case .string(let string) = value else { throw wrongType("\(path()).\(key)", value, "a string") }
        return string
    }

    private func wrongType(_ path: String, _ value: JSONValue, _ expected: String) -> SpecStoreError {
        fault(.wrongType, path, "expected \(expected), found \(value.typeName)")
    }

    private func fault(_ code: SpecStoreError.Code, _ path: String, _ message: String) -> SpecStoreError {
        SpecStoreError(code: code, file: file, jsonPath: path, message: message)
    }

    /// `[a-z0-9]+` words joined by single `.` or `-`.
    static func isRecordID(_ id: String) -> Bool {
        var previousWasSeparator = true
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                previousWasSeparator = false
            case UInt8(ascii: "."), UInt8(ascii: "-"):
                if previousWasSeparator { return false }
                previousWasSeparator = true
            default:
                return false
            }
        }
        return !previousWasSeparator
    }

    static func isVersionID(_ id: String) -> Bool { isRecordID(id) }

    /// `YYYY`, `YYYY-MM` or `YYYY-MM-DD` with plausible month and day.
    static func isDate(_ date: String) -> Bool {
        let parts = date.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4, parts[0].allSatisfy(\.isASCII), Int(parts[0]) != nil
        else { return false }
        if parts.count >= 2 {
            guard parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return false }
        }
        if parts.count == 3 {
            guard parts[2].count == 2, let day = Int(parts[2]), (1...31).contains(day) else { return false }
        }
        return true
    }
}
