/// A word index over every record of one snapshot, for ranked text search.
///
/// Each record contributes weighted fields (a title-like field weighs most). A query's words
/// score by the best field they occur in: a whole word counts fully, a word prefix (`acc` for
/// `accessibility`) counts 0.6. Records that match fewer than all words are scaled down by the
/// share they match, and the whole query appearing as a phrase adds its field's weight.
struct SearchIndex: Sendable {
    struct Field: Sendable {
        let weight: Double
        let text: String
        let lowered: String
        let words: [String]
    }

    struct Document: Sendable {
        let type: String
        let id: String
        let title: String
        let fields: [Field]
    }

    struct Hit: Sendable {
        let type: String
        let id: String
        let title: String
        let snippet: String
        let score: Double
    }

    let documents: [Document]

    init(snapshot: SpecSnapshot) {
        var documents: [Document] = []
        for collection in SpecCollection.allCases {
            for entry in snapshot.rows(collection) {
                documents.append(SearchIndex.document(for: entry, in: collection))
            }
        }
        self.documents = documents
    }

    private static func document(for entry: SpecSnapshot.Entry, in collection: SpecCollection) -> Document {
        let fields = entry.fields
        func text(_ key: String) -> String { fields[key]?.stringValue ?? "" }
        func number(_ key: String) -> String { fields[key].flatMap { value -> String? in
            if case .number(let number) = value { return number.literal }
            return nil
        } ?? "" }
        let platforms = (fields["platforms"]?.arrayValue ?? []).compactMap(\.stringValue).joined(separator: " ")
        let title: String
        var weighted: [(Double, String)]
        switch collection {
        case .rules:
            title = text("quote")
            weighted = [(1.0, text("quote")), (2.0, text("topic")), (0.5, platforms)]
        case .myths:
            title = text("claim")
            weighted = [(3.0, text("claim")), (1.0, text("correction")), (2.0, text("topic")), (1.0, text("verdict"))]
        case .metrics:
            title = text("name")
            weighted = [(3.0, text("name")), (2.0, text("topic")), (1.0, platforms), (0.5, text("notes"))]
        case .devices:
            title = text("name")
            weighted = [(3.0, text("name")), (1.0, text("family")), (1.0, platforms)]
        case .sizeClasses:
            title = "Size classes: \(text("device"))"
            weighted = [(3.0, text("device")), (1.0, "size class size classes")]
        case .widgets:
            let screen = fields["screen"].flatMap { value -> String? in
                guard let width = value["width"], let height = value["height"] else { return nil }
                return "\(width.serialized())x\(height.serialized())"
            } ?? text("caseSize")
            title = "\(text("family")) \(screen) (\(platforms))"
            weighted = [(3.0, "\(text("family")) widget"), (1.0, screen), (1.0, platforms)]
        case .dynamicType, .textStyles:
            title = "\(text("label")) \(text("categoryLabel")) (\(platforms))"
            weighted = [
                (3.0, "\(text("label")) \(text("style"))"), (1.0, "\(text("category")) \(text("categoryLabel"))"),
                (1.0, platforms), (1.0, collection == .dynamicType ? "dynamic type" : "text style"),
            ]
        case .tracking:
            title = "\(text("font")) \(number("size")) pt tracking"
            weighted = [(3.0, "\(text("font")) tracking"), (1.0, number("size")), (1.0, platforms)]
        }
        weighted.append((1.5, entry.id))
        return Document(
            type: collection.recordType, id: entry.id, title: title,
            fields: weighted.filter { !$0.1.isEmpty }.map { weight, text in
                let lowered = text.lowercased()
                return Field(weight: weight, text: text, lowered: lowered, words: SearchIndex.words(of: lowered))
            })
    }

    /// Lower-cased runs of letters and digits.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                words.append(current)
                current = ""
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The documents matching `query`, best first (ties: file order); `types` limits the record types.
    func search(_ query: String, types: Set<String>? = nil) -> [Hit] {
        let terms = Array(Set(SearchIndex.words(of: query)))
        guard !terms.isEmpty else { return [] }
        let phrase = query.lowercased().trimmingSpaces
        var hits: [(Hit, Int)] = []
        for (position, document) in documents.enumerated() {
            if let types, !types.contains(document.type) { continue }
            var score = 0.0
            var matched = 0
            var bestField: Field? = nil
            var bestFieldScore = 0.0
            var bestTerm = ""
            for term in terms {
                var termScore = 0.0
                var termField: Field? = nil
                for field in document.fields {
                    var fieldScore = 0.0
                    for word in field.words {
                        if word == term {
                            fieldScore = field.weight
                            break
                        }
                        if term.count >= 3, word.hasPrefix(term) { fieldScore = max(fieldScore, field.weight * 0.6) }
                    }
                    if fieldScore > termScore {
                        termScore = fieldScore
                        termField = field
                    }
                }
                if termScore > 0 {
                    matched += 1
                    score += termScore
                    if termScore > bestFieldScore {
                        bestFieldScore = termScore
                        bestField = termField
                        bestTerm = term
                    }
                }
            }
            guard matched > 0 else { continue }
            let share = Double(matched) / Double(terms.count)
            score *= share * share
            if terms.count > 1, let phraseField = document.fields.first(where: { $0.lowered.contains(phrase) }) {
                score += phraseField.weight
                bestField = phraseField
                bestTerm = phrase
            }
            let rounded = (score * 1000).rounded() / 1000
            let snippet = bestField.map { SearchIndex.snippet(of: $0, around: bestTerm) } ?? document.title
            hits.append((Hit(type: document.type, id: document.id, title: document.title, snippet: snippet, score: rounded), position))
        }
        hits.sort { left, right in
            left.0.score != right.0.score ? left.0.score > right.0.score : left.1 < right.1
        }
        return hits.map(\.0)
    }

    /// About 160 characters of the field around the first occurrence of `term`, with `…` where cut.
    static func snippet(of field: Field, around term: String) -> String {
        let characters = Array(field.text)
        guard characters.count > 160 else { return field.text }
        let lowered = Array(field.lowered)
        var start = 0
        if !term.isEmpty, lowered.count == characters.count {
            let needle = Array(term)
            search: for index in 0...(lowered.count - needle.count) where lowered[index] == needle[0] {
                for offset in 1..<needle.count where lowered[index + offset] != needle[offset] { continue search }
                start = max(0, index - 60)
                break
            }
        }
        let end = min(characters.count, start + 160)
        var snippet = String(characters[start..<end])
        if start > 0 { snippet = "…" + snippet }
        if end < characters.count { snippet += "…" }
        return snippet
    }
}

extension SpecSnapshot {
    /// The search index, built on first use; every later query reuses it.
    var index: SearchIndex {
        searchIndex.withLock { cached in
            if let cached { return cached }
            let built = SearchIndex(snapshot: self)
            cached = built
            return built
        }
    }

    /// The most results ``search(_:)`` returns; the notes say how many more matched.
    public static let searchLimit = 50

    /// Records of every kind matching the words (`/v1/search`), best first.
    ///
    /// Rows: `type` (``FilterVocabulary/searchTypes``), `id`, `title`, `snippet` (the matching text,
    /// about 160 characters), `score` (higher is better; comparable within one answer only). At most
    /// ``searchLimit`` rows; `notes` says when more matched.
    public func search(_ query: SearchQuery) throws(QueryError) -> QueryResult {
        let type = try query.type.map { (raw) throws(QueryError) in
            try FilterVocabulary.resolve(raw, in: .searchType, parameter: "type")
        }
        let hits = index.search(query.q, types: type.map { [$0] })
        let items: [JSONValue] = hits.prefix(SpecSnapshot.searchLimit).map { hit in
            [
                "type": .string(hit.type), "id": .string(hit.id), "title": .string(hit.title),
                "snippet": .string(hit.snippet), "score": .number(JSONNumber(hit.score)),
            ]
        }
        var notes: [String] = []
        if hits.count > SpecSnapshot.searchLimit {
            notes.append("\(hits.count) records match; the best \(SpecSnapshot.searchLimit) are shown. Add words or a type to narrow.")
        }
        if hits.isEmpty { notes.append("Nothing matches '\(query.q)'.") }
        return QueryResult(items: items, notes: notes)
    }
}
