import JSON

/// What records may describe (schema 2): subjects, their qualifiers, platform coverage and figure kinds.
extension StoreLoader {
    /// `subjects`: what a fact can describe that did not always exist, and when it appeared:
    /// `{"id": {"name", "appeared", "basis", "terms", "scope", "records"}}`.
    mutating func loadSubjects(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { return }
        guard case .object(let object) = value else { throw wrongType("$.subjects", value, "an object") }
        for (id, member) in object {
            let path = "$.subjects.\(id)"
            try checkRecordID(id, "subject id", path)
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
    func checkSubjects() throws(SpecStoreError) {
        let subjects = self.subjects + deviceModels()
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
        // Terms and texts of plain characters are searched as bytes (`QuoteWords.isPlain`): every
        // record state against every subject by character was a fifth of a load's CPU.
        let plainTerms = subjects.map { subject in
            subject.terms.allSatisfy(QuoteWords.isPlain) ? subject.terms.map { Array($0.utf8) } : nil
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
                    let plainText = QuoteWords.isPlain(text) ? Array(text.utf8) : nil
                    let platforms = object["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? []
                    let topic = collectionTopic ?? object["topic"]?.stringValue
                    for (index, subject) in subjects.enumerated() where subject.appeared > start {
                        let reason: String
                        // A subject's `records` describe it in their current state: an earlier
                        // state may be the row before a model joined it (a relabel).
                        if variant == record.history.count, explicit.contains(index) {
                            reason = "is one of the records of"
                        } else if let term = Self.term(of: subject, plainTerms[index], in: text, plainText) {
                            reason = "names ('\(term)')"
                        } else if subject.covers(platforms: platforms, topic: topic) {
                            reason = "is a \(topic ?? "") record for a platform of"
                        } else {
                            continue
                        }
                        throw fault(
                            .anachronism, variant == 0 ? "\(path).since" : "\(path).history[\(variant - 1)].until",
                            "'\(record.id)' is present from '\(versions[start].id)' but \(reason) \(subject.name), which appeared in '\(versions[subject.appeared].id)' (\(subject.declaration)); start it there, or keep its earlier words in history"
                        )
                    }
                }
            }
        }
    }

    /// The subject's first term found in `text`, by bytes where both are plain.
    static func term(of subject: StoreSubject, _ plainTerms: [[UInt8]]?, in text: String, _ plainText: [UInt8]?)
        -> String?
    {
        guard let plainTerms, let plainText else { return subject.term(in: text) }
        return plainTerms.firstIndex { QuoteWords.bytes(plainText, contain: $0) }.map { subject.terms[$0] }
    }

    /// Every device model Apple's tables added after the store's first version, as a subject named
    /// by the model name its row first had and appeared where that row starts: a myth or rule that
    /// names iPhone Air is absent before iPhone Air's row is present. A later relabel of a row
    /// (`Apple Watch Ultra` → `… (1st and 2nd generations)`) names no new model, so only a row's
    /// first state counts; a model that joins a row by relabel is declared under `subjects`.
    func deviceModels() -> [StoreSubject] {
        records[SpecCollection.devices.rawValue].compactMap { record in
            guard record.since > 0, let name = record.object(variant: 0)["name"]?.stringValue else { return nil }
            return StoreSubject(
                id: record.id, name: name, appeared: record.since, terms: [name], scope: nil, records: [])
        }
    }

    /// A record citing a source for a platform Apple scopes on it also quotes Apple's statement for
    /// that platform (`qualifiers`), in every state of the record: the 16 pt widget margin for the
    /// Mac says that widgets use smaller margins on the desktop on Mac.
    func checkQualifiers(_ object: JSONObject, path: @autoclosure () -> String) throws(SpecStoreError) {
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
    func checkPlatformCoverage() throws(SpecStoreError) {
        guard !pageCoverage.isEmpty else { return }
        for collection in SpecCollection.allCases {
            for (position, record) in records[collection.rawValue].enumerated() {
                for variant in 0..<record.variantCount {
                    let object = record.object(variant: variant)
                    guard let listed = object["platforms"]?.arrayValue?.compactMap(\.stringValue) else { continue }
                    let platforms = listed.contains("all") ? FilterVocabulary.platforms : listed
                    let start = variant == 0 ? record.since : record.history[variant - 1].until
                    for citation in object["citations"]?.arrayValue ?? [] {
                        guard let url = citation["url"]?.stringValue,
                            let coverage = pageCoverage[StoreLoader.page(of: url)]
                        else { continue }
                        let owner = (variant..<record.history.count).first {
                            record.history[$0].values["platforms"] != nil
                        }
                        let path = "$.\(collection.key)[\(position)]"
                        if let early = platforms.first(where: { (coverage.since[$0] ?? 0) > start }),
                            !listed.contains("all") || coverage.platforms.contains(early)
                        {
                            throw fault(
                                .anachronism, variant == 0 ? "\(path).since" : "\(path).history[\(variant - 1)].until",
                                "'\(record.id)' is for \(early) from '\(versions[start].id)', but the page it cites, \(citation["page"]?.stringValue ?? url), covers \(early) from '\(versions[coverage.since[early] ?? 0].id)' (sources.\(coverage.source).platformsSince): a figure's platforms start where its source gives them; keep the state without \(early) in history"
                            )
                        }
                        guard let missing = platforms.first(where: { !coverage.platforms.contains($0) }) else {
                            continue
                        }
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

    /// Kind follows the figure's own sentence, by one criterion for every record and every state
    /// (``SentenceForce``): a metric whose `force` carries a softener ("In general, aim for") is a
    /// recommendation or a description, one whose `force` is a plain instruction a requirement;
    /// where its words do not decide, a metric quoting the sentence of a rule has that rule's
    /// `kind`. A published rule whose first instruction decides has the kind it decides.
    func checkFigureKinds() throws(SpecStoreError) {
        var kinds: [String: (id: String, kind: String)] = [:]
        for (position, record) in records[SpecCollection.rules.rawValue].enumerated() {
            guard let quote = record.object["quote"]?.stringValue, let kind = record.object["kind"]?.stringValue
            else { continue }
            kinds[quote] = (record.id, kind)
            let instruction = SentenceForce.firstInstruction(of: quote)
            if let allowed = SentenceForce.allowedKinds(of: instruction), !allowed.contains(kind) {
                throw fault(
                    .badValue, "$.rules[\(position)].kind",
                    "'\(record.id)' is '\(kind)', but its first instruction (\"\(instruction)\") \(Self.reason(instruction)): give it kind '\(allowed[0])'"
                )
            }
        }
        for (position, record) in records[SpecCollection.metrics.rawValue].enumerated() {
            for variant in 0..<record.variantCount {
                let object = record.object(variant: variant)
                let kind = object["kind"]?.stringValue
                // The path of the state that sets `kind`, where the fix belongs.
                let owner = (variant..<record.history.count).first { record.history[$0].values["kind"] != nil }
                let path =
                    owner.map { "$.metrics[\(position)].history[\($0)].values.kind" } ?? "$.metrics[\(position)].kind"
                if let force = object["force"]?.stringValue, let allowed = SentenceForce.allowedKinds(of: force) {
                    guard let kind, allowed.contains(kind) else {
                        throw fault(
                            .badValue, path,
                            "'\(record.id)' is '\(kind ?? "unstated")'\(variant < record.history.count ? " before '\(versions[record.history[variant].until].id)'" : ""), but its force (\"\(force)\") \(Self.reason(force)): kind follows the figure's own sentence; give it kind '\(allowed[0])'"
                        )
                    }
                    continue
                }
                for citation in object["citations"]?.arrayValue ?? [] {
                    guard let quote = citation["quote"]?.stringValue, let rule = kinds[quote], rule.kind != kind else {
                        continue
                    }
                    throw fault(
                        .badValue, path,
                        "'\(record.id)' quotes the sentence of \(rule.id), whose kind is \(rule.kind); a figure's force follows its citation: give it kind '\(rule.kind)'"
                    )
                }
            }
        }
    }

    /// Why a sentence decides its kind: the softener or the plain instruction it carries.
    private static func reason(_ sentence: String) -> String {
        if let softener = SentenceForce.softener(in: sentence) {
            return "leaves it to judgment ('\(softener)')"
        }
        return "is a plain instruction ('\(SentenceForce.obligation(in: sentence) ?? "")')"
    }

    /// A model added to an existing row is a relabel, not a new row: a record naming several
    /// models that starts when a later one appeared, though an earlier one appeared before, lost
    /// the versions in which the row held only the earlier models.
    func checkRelabel(_ record: StoredRecord, named: [Int], _ path: String) throws(SpecStoreError) {
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
    static func subjectText(_ object: JSONObject) -> String {
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

    static let scopeFields = [
        FieldSpec("platform", .oneOf(CollectionSchema.recordPlatforms), required: true),
        FieldSpec("topic", .string, required: true),
    ]
    static let elementFields = [
        FieldSpec("name", .string, required: true), FieldSpec("basis", .string, required: true),
        FieldSpec("measures", .any, required: true),
    ]

    static let subjectFields = [
        FieldSpec("name", .string, required: true), FieldSpec("appeared", .string, required: true),
        FieldSpec("basis", .string, required: true), FieldSpec("terms", .strings),
        FieldSpec("scope", .any), FieldSpec("records", .strings),
    ]
}
