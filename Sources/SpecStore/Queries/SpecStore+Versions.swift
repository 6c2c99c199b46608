import JSON

extension SpecStore {
    /// The store versions (`/v1/versions`), oldest first.
    ///
    /// Rows: `id`, `date`, `title`, `notes`, `counts` (records per collection in that version, keyed
    /// by the data file's collection names), `latest` (true on the newest).
    public func versionRows() -> QueryResult {
        QueryResult(
            items: versions.map { version in
                [
                    "id": .string(version.id), "date": .string(version.date), "title": .string(version.title),
                    "notes": .string(version.notes), "counts": snapshots[version.index].counts,
                    "latest": .bool(version.index == versions.count - 1),
                ]
            })
    }

    /// What changed between two versions (`/v1/diff`), field by field.
    ///
    /// Compares every record's fields as of `from` with its fields as of `to` (the data file's
    /// fields, not derived ones such as a device's joined size classes). Rows keep the data file's
    /// collection and record order. `from` may be newer than `to`; the diff then reads backwards.
    ///
    /// Additions and removals say how they are dated (`dating`); a record the sources do not date
    /// is present, marked uncertain, from the start of its evidence window, so the version of its
    /// first dated copy is no addition: it is listed in `firstSeen` instead.
    ///
    /// - Throws: ``QueryError`` `unknown_version`.
    public func diff(from: String, to: String) throws(QueryError) -> DiffResult {
        let old = try versionIndex(from, parameter: "from")
        let new = try versionIndex(to, parameter: "to")
        var added: [JSONValue] = []
        var removed: [JSONValue] = []
        var changed: [JSONValue] = []
        var firstSeen: [JSONValue] = []
        for collection in SpecCollection.allCases {
            let type = JSONValue.string(collection.recordType)
            for record in records[collection.rawValue] {
                let before = record.isPresent(at: old)
                let after = record.isPresent(at: new)
                switch (before, after) {
                case (false, false):
                    continue
                case (false, true):
                    added.append(entry(record, type, at: new, dating: record.dating))
                case (true, false):
                    // `until` is only ever an Apple-dated removal.
                    removed.append(entry(record, type, at: old, dating: "change-log"))
                case (true, true):
                    if record.isUncertain(at: old) != record.isUncertain(at: new), let seen = record.seen {
                        firstSeen.append([
                            "id": .string(record.id), "type": type,
                            "title": .string(SpecStore.title(of: record, at: new)),
                            "since": .string(versions[record.since].id), "seen": .string(versions[seen].id),
                        ])
                    }
                    // The same state of the record holds in both versions: nothing changed.
                    if record.variantIndex(at: old) == record.variantIndex(at: new) { continue }
                    let oldFields = record.fields(at: old)
                    let newFields = record.fields(at: new)
                    guard oldFields != newFields else { continue }
                    for (field, beforeValue, afterValue) in SpecStore.differences(oldFields, newFields, prefix: "") {
                        changed.append([
                            "id": .string(record.id), "type": type, "field": .string(field), "before": beforeValue,
                            "after": afterValue,
                        ])
                    }
                }
            }
        }
        return DiffResult(
            from: versions[old].id, to: versions[new].id, added: added, removed: removed, changed: changed,
            firstSeen: firstSeen)
    }

    private func entry(_ record: StoredRecord, _ type: JSONValue, at version: Int, dating: String) -> JSONValue {
        var object = JSONObject()
        object.append("id", .string(record.id))
        object.append("type", type)
        object.append("title", .string(SpecStore.title(of: record, at: version)))
        object.append("dating", .string(dating))
        if dating == "evidence-window", let seen = record.seen { object.append("seen", .string(versions[seen].id)) }
        return .object(object)
    }

    private func versionIndex(_ id: String, parameter: String) throws(QueryError) -> Int {
        guard let version = versions.first(where: { $0.id == id || $0.id == id.lowercased() }) else {
            throw unknownVersion(id, parameter: parameter)
        }
        return version.index
    }

    /// The `unknown_version` error for `id`: the known versions, and, when `id` is a date
    /// (`2024`, `2024-05`, `2024-05-01`) that is no version's id, the versions it could mean:
    /// those dated within it, and the one in force when it began.
    func unknownVersion(_ id: String, parameter: String) -> QueryError {
        let known = versions.map(\.id)
        return QueryError(
            code: .unknownVersion, parameter: parameter, value: id, accepted: known,
            message: "'\(id)' is not a store version.",
            hint: versionsMeant(by: id, parameter: parameter) + "Known versions: \(known.joined(separator: ", ")).")
    }

    /// "2024 holds versions …; the version in force when it began is 2023. " for a date, or "".
    /// Version dates are ISO 8601 of a year, month or day, so they compare as strings: a version
    /// is in force from its date until the next one's.
    private func versionsMeant(by id: String, parameter: String) -> String {
        let bytes = Array(id.utf8)
        func digits(_ range: Range<Int>) -> Bool { range.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 } }
        let isDate =
            switch bytes.count {
            case 4: digits(0..<4)
            case 7: digits(0..<4) && bytes[4] == 0x2D && digits(5..<7)
            case 10: digits(0..<4) && bytes[4] == 0x2D && digits(5..<7) && bytes[7] == 0x2D && digits(8..<10)
            default: false
            }
        guard isDate else { return "" }
        let within = versions.filter { $0.date.hasPrefix(id) }.map(\.id)
        let before = versions.last { $0.date < id }
        var text = ""
        if !within.isEmpty {
            let last = within[within.count - 1]
            let list = within.count == 1 ? last : within.dropLast().joined(separator: ", ") + " and " + last
            text += "\(id) holds version\(within.count == 1 ? "" : "s") \(list): give \(parameter)=\(last) for "
            text += "the HIG as \(id) left it. "
            if let before { text += "When \(id) began, \(before.id) was in force. " }
        } else if let before {
            let next = versions.first { $0.index == before.index + 1 }
            text += "On \(id) the version in force was \(before.id)"
            text += next.map { " (until \($0.id))" } ?? ", the latest"
            text += ": give \(parameter)=\(before.id). "
        } else if let first = versions.first {
            text += "\(id) is before the first version, \(first.id). "
        }
        return text
    }

    private static func title(of record: StoredRecord, at version: Int) -> String {
        let fields = record.fields(at: version)
        for key in ["name", "label", "claim", "quote", "reading", "device", "family", "font"] {
            if let text = fields[key]?.stringValue { return text }
        }
        return record.id
    }

    /// Field-level differences, recursing into objects (`points.width`); arrays compare whole.
    static func differences(_ old: JSONObject, _ new: JSONObject, prefix: String) -> [(String, JSONValue, JSONValue)] {
        var result: [(String, JSONValue, JSONValue)] = []
        var keys = old.keys
        for key in new.keys where !keys.contains(key) { keys.append(key) }
        for key in keys {
            let before = old[key]
            let after = new[key]
            guard before != after else { continue }
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            if case .object(let beforeObject) = before, case .object(let afterObject) = after {
                result += differences(beforeObject, afterObject, prefix: path)
            } else {
                result.append((path, before ?? .null, after ?? .null))
            }
        }
        return result
    }
}
