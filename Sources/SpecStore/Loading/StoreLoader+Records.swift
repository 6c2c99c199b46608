import JSON

/// One record of a collection: its fields, status, rule words, figure sense and history, checked in file order.
extension StoreLoader {
    mutating func loadRecord(_ value: JSONValue, in collection: SpecCollection, position: Int)
        throws(SpecStoreError) -> StoredRecord
    {
        // Paths are built only when a fault is reported: building one per field would cost more
        // than the checks themselves.
        func path() -> String { "$.\(collection.key)[\(position)]" }
        guard case .object(let object) = value else { throw wrongType(path(), value, "an object") }
        let specs = CollectionSchema.allFields[collection.rawValue]
        let specIndex = CollectionSchema.fieldIndex[collection.rawValue]
        let id = try requiredString(object, "id", path())
        try checkRecordID(id, "id", "\(path()).id")
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

    func checkStatus(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
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
    func checkRuleWords(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
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
    func checkForce(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
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
    func checkFigureSense(
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

    func checkFigure(_ object: JSONObject, _ path: @autoclosure () -> String) throws(SpecStoreError) {
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

    func loadHistory(
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
}
