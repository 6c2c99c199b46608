import JSON

/// The schema-2 tables a record leans on: citation sources, their platform qualifiers, and per-collection defaults a record is expanded with.
extension StoreLoader {
    /// `sources`: citation sources declared once, `{"id": {"page", "section", "url"}}`.
    mutating func loadSources(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { return }
        guard case .object(let object) = value else { throw wrongType("$.sources", value, "an object") }
        // Qualifiers are citations themselves, so they are resolved once every source is known.
        var pendingQualifiers: [(String, JSONValue)] = []
        for (id, source) in object {
            let path = "$.sources.\(id)"
            try checkRecordID(id, "source id", path)
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
                let covered = platforms.arrayValue?.compactMap(\.stringValue) ?? []
                var since: [String: Int] = [:]
                if let value = citation["platformsSince"] {
                    guard case .object(let dates) = value else {
                        throw wrongType("\(path).platformsSince", value, "an object")
                    }
                    guard citation["platformsBasis"]?.stringValue?.isEmpty == false else {
                        throw fault(
                            .missingField, "\(path).platformsBasis",
                            "platformsSince needs platformsBasis: the source that dates each platform's start")
                    }
                    for (platform, version) in dates {
                        guard covered.contains(platform) else {
                            throw fault(
                                .badValue, "\(path).platformsSince.\(platform)",
                                "\(platform) is not one of the platforms the page covers (\(covered.joined(separator: ", ")))"
                            )
                        }
                        since[platform] = try versionReference(
                            version.stringValue ?? "", "\(path).platformsSince.\(platform)")
                    }
                }
                pageCoverage[page] = PageCoverage(source: id, platforms: covered, since: since)
            }
            let qualifiers = citation["qualifiers"]
            // A citation made from a source holds where Apple says it, not what the page covers.
            citation["platforms"] = nil
            citation["platformsSince"] = nil
            citation["platformsBasis"] = nil
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
    mutating func loadQualifiers(_ value: JSONValue, of id: String) throws(SpecStoreError) {
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
    mutating func loadDefaults(_ value: JSONValue?) throws(SpecStoreError) {
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
    mutating func expand(_ value: JSONValue, in collection: SpecCollection, path: @autoclosure () -> String)
        throws(SpecStoreError) -> JSONValue
    {
        guard case .object(var object) = value else { return value }
        if let defaults = defaults[collection.rawValue] {
            // The record is kept as expanded for the life of the store: room for exactly the
            // defaults it lacks, not the doubling that appending one by one would leave.
            let missing = defaults.keys.reduce(0) { count, key in object[key] == nil ? count + 1 : count }
            object.reserveCapacity(object.count + missing)
            for (key, member) in defaults where object[key] == nil { object.append(key, member) }
            object = JSONObject(uncheckedKeys: sharedKeys(object.keys), values: object.values)
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

    /// One array for every expanded record with these member names in this order: the records
    /// of a collection mostly share their layout, so most keep no key list of their own.
    mutating func sharedKeys(_ keys: [String]) -> [String] {
        if let shared = expandedKeyLists[keys] { return shared }
        expandedKeyLists[keys] = keys
        return keys
    }

    /// Citations as written in version 2: a source id, `{"source": id, "quote": …}`, or a full
    /// citation object.
    func resolveCitations(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecStoreError)
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
}
