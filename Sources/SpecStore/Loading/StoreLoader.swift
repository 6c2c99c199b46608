import JSON

/// Checks a parsed data file against Docs/schema.md and turns it into records.
///
/// Every refusal names the JSON path of the offending value. Checks run in file order, so the first
/// fault in the file is the one reported.
struct StoreLoader {
    static let knownSchemaVersions = ["1", "2"]

    let file: String
    var versions: [StoreVersion] = []
    var versionIndex: [String: Int] = [:]
    var idLocations: [String: RecordLocation] = [:]
    var records: [[StoredRecord]] = Array(repeating: [], count: SpecCollection.allCases.count)
    /// Schema version 2: citation sources by id, and per-collection defaults.
    var sources: [String: JSONObject] = [:]
    /// Schema version 2: the platforms each cited page covers, by the page's URL without its
    /// fragment, and the source that declares them.
    var pageCoverage: [String: PageCoverage] = [:]
    /// Schema version 2: per source, Apple's statements that scope its figures on a platform.
    var sourceQualifiers: [String: [PlatformStatement]] = [:]
    var defaults: [JSONObject?] = Array(repeating: nil, count: SpecCollection.allCases.count)
    /// The member-name lists of the expanded records, each kept once (``sharedKeys(_:)``).
    var expandedKeyLists: [[String]: [String]] = [:]
    /// Schema version 2: what records may describe, and the version each appeared in.
    var subjects: [StoreSubject] = []
    /// Schema version 2: the element vocabulary and the figures that apply to each element.
    var elements: [UIElement] = []
    var layouts = SpecCollection.allCases.map { collection in
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
        /// The HIG pages that publish figures (`coverage`, optional).
        var coverage: [CoveragePage] = []
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
            + (isVersion2 ? ["sources", "defaults", "subjects", "elements", "coverage"] : [])
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
        try checkSharedSentences()
        try checkPublishedWords()
        try checkPlatformCoverage()
        if isVersion2 { try loadElements(top["elements"]) }
        let coverage = isVersion2 ? try loadCoverage(top["coverage"]) : []
        return Output(
            schemaVersion: isVersion2 ? 2 : 1, title: title, versions: versions, records: records,
            locations: idLocations, elements: elements,
            statements: sourceQualifiers.keys.sorted().flatMap { sourceQualifiers[$0] ?? [] },
            synonyms: synonyms, coverage: coverage)
    }

    /// Refuses a file with more records than ``DataFileLimits`` allows before any is validated.
    func checkRecordCounts(_ top: JSONObject) throws(SpecStoreError) {
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

    mutating func loadVersions(_ value: JSONValue?) throws(SpecStoreError) {
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

    // MARK: - Helpers

    func versionReference(_ id: String, _ path: String) throws(SpecStoreError) -> Int {
        guard let index = versionIndex[id] else {
            throw fault(
                .unknownVersion, path, "'\(id)' names no version; known: \(versions.map(\.id).joined(separator: ", "))")
        }
        return index
    }

    func requiredString(_ object: JSONObject, _ key: String, _ path: @autoclosure () -> String)
        throws(SpecStoreError) -> String
    {
        guard let value = object[key] else { throw fault(.missingField, "\(path()).\(key)", "\(key) is required") }
        guard case .string(let string) = value else { throw wrongType("\(path()).\(key)", value, "a string") }
        return string
    }

    func wrongType(_ path: String, _ value: JSONValue, _ expected: String) -> SpecStoreError {
        fault(.wrongType, path, "expected \(expected), found \(value.typeName)")
    }

    func fault(_ code: SpecStoreError.Code, _ path: String, _ message: String) -> SpecStoreError {
        SpecStoreError(code: code, file: file, jsonPath: path, message: message)
    }

    /// Refuses `id` unless it is a record id (``isRecordID(_:)``); `what` names it in the message
    /// (`source id`, `measure`).
    func checkRecordID(_ id: String, _ what: String, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        guard StoreLoader.isRecordID(id) else {
            throw fault(.badID, path(), "\(what) '\(id)' must be lower-case [a-z0-9] words separated by '.' or '-'")
        }
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
