import JSON
import SystemSupport

/// A word index over every state of every record, for ranked text search.
///
/// Each record contributes weighted fields (a title-like field weighs most). A query's words
/// score by the best field they occur in: a whole word counts fully, a word prefix (`acc` for
/// `accessibility`, three letters at least) counts 0.6. Records that match fewer than all words
/// are scaled down by the square of the share they match, and the whole query appearing as a
/// phrase in a record matching every word adds its field's weight.
///
/// A query word also matches the words the data file's ``SearchSynonyms`` give it (`font` finds
/// `text`), at ``SearchSynonyms/weight`` of its own score. Filters by record type, status and
/// platform are read from each document, computed once when the index is built.
///
/// Words map to postings (document, best weight, field), and the vocabulary is kept sorted so a
/// prefix is a binary search: a query costs its postings, not a scan of every record.
struct SearchIndex: Sendable {
    struct Field: Sendable {
        let weight: Double
        let text: String
        /// Whether the field is the record's figures (``figureText(of:)``): only there does a
        /// number followed by a unit (`44 pt`) also count as one word, `44pt`.
        let isFigures: Bool
        /// What a word of the field scores: its weight, and in a title-like field (weight 3 or
        /// more) of over four words (platform names aside) a share of it in proportion, so
        /// "Default control size" outranks "Minimum Sign in with Apple button size" for
        /// "button size", the designer's general question. Made once, with the index.
        let wordWeight: Double

        init(weight: Double, text: String, isFigures: Bool = false) {
            self.weight = weight
            self.text = text
            self.isFigures = isFigures
            if weight >= 3 {
                let count = SearchIndex.words(of: text).filter { !FilterVocabulary.platforms.contains($0) }.count
                self.wordWeight = weight * min(1, 4 / Double(max(count, 1)))
            } else {
                self.wordWeight = weight
            }
        }
    }

    /// A class: a search reads many documents, and a struct of strings and lists is retained
    /// member by member at each copy where an object is retained once.
    final class Document: Sendable {
        let type: String
        let id: String
        let title: String
        let fields: [Field]
        /// The store versions this state of the record holds in.
        let versions: Range<Int>
        /// The record's platforms (`all` stands for every one).
        let platforms: [String]
        /// The record's figure, unit and status as a hit shows them (``SearchIndex/Summary``).
        let summary: Summary
        /// Added to the score of a match: a Dynamic Type row at the default size (Large) ranks
        /// before the same style at other sizes.
        let prior: Double

        init(
            type: String, id: String, title: String, fields: [Field], versions: Range<Int>, platforms: [String],
            summary: Summary, prior: Double = 0
        ) {
            (self.type, self.id, self.title, self.fields) = (type, id, title, fields)
            (self.versions, self.platforms, self.summary, self.prior) = (versions, platforms, summary, prior)
        }
    }

    /// What a hit shows of its record beside the title: its figure, unit and status, each `nil`
    /// where the record has none (a myth has no status, a widget family no figure).
    struct Summary: Sendable, Hashable {
        /// The figure as a designer writes it: `44x44`, `17`, `10–20`, `xSmall–AX5`.
        var value: String?
        var unit: String?
        /// `published` or `convention` for a figure, `published` or `reading` for a rule.
        var status: String?
        /// The record's first citation's page, section and URL (`nil` where it has none): what
        /// an answer cites without reading the record.
        var citation: JSONValue?
    }

    /// Which documents a search keeps, besides those matching its words at its version.
    struct Filter: Sendable {
        var types: Set<String>? = nil
        var status: String? = nil
        var platform: String? = nil

        func keeps(_ document: Document) -> Bool {
            if let types, !types.contains(document.type) { return false }
            if let status, document.summary.status != status { return false }
            if let platform, !document.platforms.contains(where: { $0 == platform || $0 == "all" }) { return false }
            return true
        }
    }

    struct Posting: Sendable {
        let document: Int32
        let field: Int16
        let weight: Float
    }

    struct Hit: Sendable {
        let type: String
        let id: String
        let title: String
        let snippet: String
        let score: Double
        let summary: Summary
        /// The versions the record holds in (every state of it), in a search of every version;
        /// `nil` in a search of one version.
        var held: Range<Int>? = nil
    }

    let documents: [Document]
    /// Each document's record, numbered by id in the order first met: a search of every version
    /// keeps one hit per record without hashing ids.
    private let recordOfDocument: [Int32]
    /// Per record, the versions any of its states holds in: what a hit in a search of every
    /// version says it holds in.
    private let recordSpans: [Range<Int>]
    private let postings: [String: [Posting]]
    private let vocabulary: [String]
    private let synonyms: SearchSynonyms
    /// Each search's ranked candidates, kept by its words, filter and version for its other pages
    /// (``Ranking``): at most ``rankingLimit``, emptied when full.
    private let rankings = KeptValues<Ranking?>(limit: SearchIndex.rankingLimit)
    /// The most searches whose rankings are kept: one holds every matching document once (about
    /// 600 for the broadest word in the data), so all of them take about a megabyte.
    static let rankingLimit = 64

    /// Indexes every state of every record once; a search at a version skips the states that do
    /// not hold in it, so all versions share one index.
    init(records: [[StoredRecord]], versionCount: Int, synonyms: SearchSynonyms = .none) {
        var documents: [Document] = []
        for collection in SpecCollection.allCases {
            for record in records[collection.rawValue] {
                let end = record.until ?? versionCount
                for variant in 0..<record.variantCount {
                    let first = variant == 0 ? record.since : max(record.since, record.history[variant - 1].until)
                    let last = variant < record.history.count ? min(end, record.history[variant].until) : end
                    guard first < last else { continue }
                    documents.append(
                        SearchIndex.document(
                            id: record.id, fields: .object(record.object(variant: variant)), in: collection,
                            versions: first..<last))
                }
            }
        }
        var postings: [String: [Posting]] = [:]
        for (number, document) in documents.enumerated() {
            var best: [String: Posting] = [:]
            for (fieldNumber, field) in document.fields.enumerated() {
                let weight = Float(field.wordWeight)
                for word in SearchIndex.indexWords(of: field.text, joiningUnits: field.isFigures)
                where (best[word]?.weight ?? 0) < weight {
                    best[word] = Posting(document: Int32(number), field: Int16(fieldNumber), weight: weight)
                }
            }
            for (word, posting) in best { postings[word, default: []].append(posting) }
        }
        var recordNumbers: [String: Int32] = [:]
        var recordOfDocument: [Int32] = []
        var recordSpans: [Range<Int>] = []
        recordOfDocument.reserveCapacity(documents.count)
        for document in documents {
            if let number = recordNumbers[document.id] {
                let span = recordSpans[Int(number)]
                recordSpans[Int(number)] =
                    min(
                        span.lowerBound, document.versions.lowerBound)..<max(
                        span.upperBound, document.versions.upperBound)
                recordOfDocument.append(number)
            } else {
                let number = Int32(recordSpans.count)
                recordNumbers[document.id] = number
                recordSpans.append(document.versions)
                recordOfDocument.append(number)
            }
        }
        self.documents = documents
        self.recordOfDocument = recordOfDocument
        self.recordSpans = recordSpans
        self.postings = postings
        self.vocabulary = postings.keys.sorted()
        self.synonyms = synonyms
    }

    private static func document(id: String, fields: JSONValue, in collection: SpecCollection, versions: Range<Int>)
        -> Document
    {
        let entry = collection.declaration.search(RecordText(fields: fields))
        let title = entry.title
        var weighted = entry.weighted
        weighted.append((1.5, id))
        var fieldList = weighted.filter { !$0.1.isEmpty }.map { weight, text in Field(weight: weight, text: text) }
        let figures = figureText(of: fields)
        if !figures.isEmpty { fieldList.append(Field(weight: 2.5, text: figures, isFigures: true)) }
        // A width × height figure is a size whatever its name calls it ("Button hit region"), so
        // "button size" finds the Buttons page's 44×44 pt region beside the control sizes.
        if collection == .metrics, fields["width"] != nil, fields["height"] != nil,
            !words(of: fields["name"]?.stringValue ?? "").contains("size")
        {
            fieldList.append(Field(weight: 2.5, text: "size"))
        }
        let declaration = collection.declaration
        var summary = Summary(value: displayValue(of: fields))
        if case .object(let first)? = fields["citations"]?.arrayValue?.first {
            summary.citation = .object(
                JSONObject(first.filter { ["page", "section", "url"].contains($0.key) }.map { ($0.key, $0.value) }))
        }
        if declaration.carriesFigures {
            summary.status = fields["status"]?.stringValue
            // As the record's row gives it: `pt` where the file leaves the unit out.
            if declaration.carriesUnit { summary.unit = fields["unit"]?.stringValue ?? "pt" }
        } else if collection == .rules {
            summary.status = fields["status"]?.stringValue ?? "published"
        } else if collection == .myths {
            // What a myth answers is its verdict (false, misleading, convention-not-rule).
            summary.value = fields["verdict"]?.stringValue
        }
        return Document(
            type: collection.recordType, id: id, title: title, fields: fieldList, versions: versions,
            platforms: (fields["platforms"]?.arrayValue ?? []).compactMap(\.stringValue), summary: summary,
            prior: fields["isDefault"] == .bool(true) ? 0.25 : 0)
    }

    /// A record's figure as one short string: its width × height, value, range, size or tracking,
    /// as its fields give it; `nil` for a record with no figure.
    static func displayValue(of fields: JSONValue) -> String? {
        func number(_ value: JSONValue?) -> String? {
            guard case .number(let number) = value else { return nil }
            return number.literal
        }
        func size(_ value: JSONValue?) -> String? {
            guard let width = number(value?["width"]), let height = number(value?["height"]) else { return nil }
            return "\(width)x\(height)"
        }
        if let size = size(fields) ?? size(fields["points"]) { return size }
        if let value = number(fields["value"]) { return value }
        switch (number(fields["min"]), number(fields["max"])) {
        case (let low?, let high?): return "\(low)–\(high)"
        case (let low?, nil): return "≥ \(low)"
        case (nil, let high?): return "≤ \(high)"
        case (nil, nil): break
        }
        if let low = fields["minCategory"]?.stringValue, let high = fields["maxCategory"]?.stringValue {
            return "\(low)–\(high)"
        }
        // A tracking row's `size` is the font size it is for; its figure is the tracking.
        return number(fields["trackingPt"]) ?? number(fields["size"]) ?? size(fields["pixels"])
    }

    /// Lower-cased runs of letters, and runs of digits: `44x44` is `44`, `x`, `44`, so a figure
    /// is found by its number.
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        var currentIsDigits = false
        for scalar in text.lowercased().unicodeScalars {
            // ASCII decides by range; only other scalars pay for a Unicode property lookup.
            let isDigit =
                scalar.isASCII ? scalar.value >= 0x30 && scalar.value <= 0x39 : scalar.properties.numericType != nil
            let isLetter =
                scalar.isASCII ? scalar.value >= 0x61 && scalar.value <= 0x7A : scalar.properties.isAlphabetic
            if isDigit || isLetter, current.isEmpty || isDigit == currentIsDigits {
                current.append(scalar)
                currentIsDigits = isDigit
                continue
            }
            if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
            if isDigit || isLetter {
                current.append(scalar)
                currentIsDigits = isDigit
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    /// A record's figures as searchable text: each size as `141x141` (points, pixels, a widget's
    /// screen, a size in mm, or the record's own width and height), each single figure, and the
    /// unit, so a designer finds a record by the size or number they have in hand.
    static func figureText(of fields: JSONValue) -> String {
        guard case .object(let object) = fields else { return "" }
        func size(_ value: JSONValue?) -> String? {
            guard case .number(let width) = value?["width"], case .number(let height) = value?["height"] else {
                return nil
            }
            return "\(width.literal)x\(height.literal)"
        }
        let unit = object["unit"]?.stringValue ?? ""
        var parts: [String] = []
        // Each size as `WxH`, then each side with its unit (`44 pt`) for a search by one number.
        func add(_ value: JSONValue?, unit: String) {
            guard let size = size(value) else { return }
            parts.append(size)
            for side in ["width", "height"] {
                if case .number(let number) = value?[side] { parts.append("\(number.literal) \(unit)") }
            }
        }
        add(fields, unit: unit)
        add(object["points"], unit: "pt")
        add(object["pixels"], unit: "px")
        add(object["screen"], unit: "pt")
        add(object["sizeMm"], unit: "mm")
        // The watch case sizes a row is for (`45 mm`, one word `45mm`), so "circular 45mm" finds them.
        for case .string(let size) in object["caseSizes"]?.arrayValue ?? [] where size.hasSuffix("mm") {
            parts.append("\(size.dropLast(2)) mm")
        }
        for key in ["value", "min", "max"] {
            if case .number(let number) = object[key] { parts.append("\(number.literal) \(unit)") }
        }
        // A device's common name rounds its inches: "iPad Pro 13" is Apple's 12.9-inch row.
        if let name = object["name"]?.stringValue, let inches = roundedInches(in: name) { parts.append(inches) }
        return parts.joined(separator: " ")
    }

    /// `13` for a name with `12.9-inch`; `nil` where the name gives whole inches or none.
    static func roundedInches(in name: String) -> String? {
        let words = words(of: name)
        guard let inch = words.firstIndex(of: "inch"), inch >= 2, isNumber(words[inch - 2]),
            isNumber(words[inch - 1]), let whole = Int(words[inch - 2]), let tenth = words[inch - 1].first,
            let digit = tenth.wholeNumberValue
        else { return nil }
        return String(digit >= 5 ? whole + 1 : whole)
    }

    /// The units a number may carry in a search: `44 pt` is the one word `44pt`.
    static let units: Set<String> = ["pt", "px", "mm"]

    /// A size written `141x141`, `141 x 141` or `141×141` as one word, `141x141`, and with
    /// `joiningUnits` a number and its unit as one word, `44pt`: the words of `text` with each such
    /// run joined, and the joined words alone.
    private static func joiningSizes(_ words: [String], joiningUnits: Bool) -> (words: [String], sizes: [String]) {
        var joined: [String] = []
        var sizes: [String] = []
        var index = 0
        while index < words.count {
            if index + 2 < words.count, words[index + 1] == "x", isNumber(words[index]), isNumber(words[index + 2]) {
                let size = "\(words[index])x\(words[index + 2])"
                joined.append(size)
                sizes.append(size)
                index += 3
            } else if joiningUnits, index + 1 < words.count, isNumber(words[index]), units.contains(words[index + 1]) {
                let figure = words[index] + words[index + 1]
                joined.append(figure)
                sizes.append(figure)
                index += 2
            } else {
                joined.append(words[index])
                index += 1
            }
        }
        return (joined, sizes)
    }

    private static func isNumber(_ word: String) -> Bool {
        !word.isEmpty && word.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The words a field is indexed under: its words, and each size in it as one word too, so
    /// `44` and `44x44` both find `44x44 pt` (and, in the figures, `44 pt` as `44pt`).
    static func indexWords(of text: String, joiningUnits: Bool = false) -> [String] {
        let words = words(of: text.replacingMultiplicationSign)
        return words + joiningSizes(words, joiningUnits: joiningUnits).sizes
    }

    /// A query's terms: its words, with a size (`141x141`, `141 × 141`) as one term, so the `x` of
    /// a size does not match a name such as iPhone X, and a number with its unit (`44 pt`) as one,
    /// which only a record's figures hold.
    static func terms(of query: String) -> [String] {
        joiningSizes(words(of: query.replacingMultiplicationSign), joiningUnits: true).words
    }

    /// The documents matching `query` at `version`, best first (ties: index order), with snippets
    /// for the `limit` from `offset` on (only those pay for a snippet); `total` counts every match.
    /// With `version` `nil`, every version is searched: a record's best-matching state stands for
    /// it, and its hit says which versions hold the record (``Hit/held``). Without `snippets`
    /// every hit's snippet is empty: a caller that reads only ids and scores (`q=`) does not pay
    /// for them.
    func search(
        _ query: String, filter: Filter = Filter(), version: Int?, limit: Int = .max, offset: Int = 0,
        snippets: Bool = true
    ) -> (hits: [Hit], total: Int) {
        guard let ranking = ranking(query, filter: filter, version: version) else { return ([], 0) }
        let candidates = ranking.candidates
        let start = min(max(offset, 0), candidates.count)
        let end = limit >= candidates.count - start ? candidates.count : start + limit
        guard start < end else { return ([], candidates.count) }
        // Each position's snippet made once a ranking: a page reads those its neighbours made.
        var texts: [String?] = snippets ? ranking.snippets.withLock { Array($0[start..<end]) } : []
        var made = false
        let hits = (start..<end).map { position in
            let candidate = candidates[position]
            let document = documents[candidate.document]
            var snippet = ""
            if snippets {
                if let kept = texts[position - start] {
                    snippet = kept
                } else {
                    let term = candidate.term >= 0 ? ranking.terms[candidate.term] : ranking.phrase
                    snippet =
                        candidate.field >= 0
                        ? SearchIndex.snippet(of: document.fields[candidate.field], around: term) : document.title
                    texts[position - start] = snippet
                    made = true
                }
            }
            return Hit(
                type: document.type, id: document.id, title: document.title, snippet: snippet, score: candidate.score,
                summary: document.summary,
                held: version == nil ? recordSpans[Int(recordOfDocument[candidate.document])] : nil)
        }
        if made {
            ranking.snippets.withLock { kept in
                for (index, text) in texts.enumerated() where kept[start + index] == nil { kept[start + index] = text }
            }
        }
        return (hits, candidates.count)
    }

    /// A search's matching documents ranked, best first (ties: index order), with the terms and
    /// the phrase its snippets are cut around: worked out once for the words, filter and version,
    /// and kept, so a search's other pages rank nothing again. `nil` when the query has no word.
    private final class Ranking: Sendable {
        let terms: [String]
        let phrase: String
        let candidates: [Candidate]
        /// Each position's snippet, `nil` until a page shows it.
        let snippets: Locked<[String?]>

        init(terms: [String], phrase: String, candidates: [Candidate]) {
            self.terms = terms
            self.phrase = phrase
            self.candidates = candidates
            self.snippets = Locked(Array(repeating: nil, count: candidates.count))
        }
    }

    private func ranking(_ query: String, filter: Filter, version: Int?) -> Ranking? {
        var key = version.map { String($0) } ?? "every"
        key += "\u{0}" + (filter.types.map { $0.sorted().joined(separator: ",") } ?? "\u{1}")
        key += "\u{0}" + (filter.status ?? "\u{1}") + "\u{0}" + (filter.platform ?? "\u{1}") + "\u{0}" + query
        return rankings.value(for: key) { rank(query, filter: filter, version: version) }
    }

    /// ``ranking(_:filter:version:)`` worked out.
    private func rank(_ query: String, filter: Filter, version: Int?) -> Ranking? {
        let terms = Array(Set(SearchIndex.terms(of: query))).sorted()
        guard !terms.isEmpty else { return nil }
        // Each synonym stands in for one query word only, and never for a word the query has:
        // "tap target" must not match "iPod touch" twice, once for each of its words.
        var claimed = Set(terms)
        let alternatives = terms.map { term in
            let own = synonyms.alternatives(of: term).filter { !claimed.contains($0) }
            claimed.formUnion(own)
            return own
        }
        // Per document a term matched: summed score, terms matched, and the best-scoring field
        // and term; only those documents, not one slot for every document in the index.
        var slotOf: [Int32: Int] = [:]
        var found: [Accumulated] = []
        for (termNumber, term) in terms.enumerated() {
            let direct = postings[term] ?? []
            var termScores: [Int32: (Double, Int16)] = [:]
            termScores.reserveCapacity(direct.count)
            for posting in direct {
                termScores[posting.document] = (Double(posting.weight), posting.field)
            }
            for synonym in alternatives[termNumber] {
                for posting in postings[synonym] ?? [] {
                    let score = Double(posting.weight) * SearchSynonyms.weight
                    if score > termScores[posting.document]?.0 ?? 0 {
                        termScores[posting.document] = (score, posting.field)
                    }
                }
            }
            if term.count >= 3 {
                for word in words(withPrefix: term) where word != term {
                    for posting in postings[word] ?? [] {
                        let score = Double(posting.weight) * 0.6
                        if score > termScores[posting.document]?.0 ?? 0 {
                            termScores[posting.document] = (score, posting.field)
                        }
                    }
                }
            }
            if terms.count == 1 {
                found.reserveCapacity(termScores.count)
                for (document, (score, field)) in termScores {
                    found.append(Accumulated(document: document, score: score, field: field, term: termNumber))
                }
                break
            }
            for (document, (score, field)) in termScores {
                guard let slot = slotOf[document] else {
                    slotOf[document] = found.count
                    found.append(Accumulated(document: document, score: score, field: field, term: termNumber))
                    continue
                }
                found[slot].add(score, field: field, term: termNumber)
            }
        }
        let phrase = query.lowercased().trimmingWhitespace
        var candidates: [Candidate] = []
        candidates.reserveCapacity(found.count)
        for accumulated in found {
            let number = Int(accumulated.document)
            if let version, !documents[number].versions.contains(version) { continue }
            guard filter.keeps(documents[number]) else { continue }
            let share = Double(accumulated.matched) / Double(terms.count)
            var score = accumulated.score * share * share + documents[number].prior
            var field = Int(accumulated.bestField)
            var term = accumulated.bestTerm
            if terms.count > 1, accumulated.matched == terms.count,
                let phraseField = documents[number].fields.firstIndex(where: { $0.text.lowercased().contains(phrase) })
            {
                score += documents[number].fields[phraseField].wordWeight
                field = phraseField
                term = -1
            }
            candidates.append(
                Candidate(document: number, score: (score * 1000).rounded() / 1000, field: field, term: term))
        }
        if version == nil {
            // One hit per record: its best state (the latest among equals), and the span of
            // versions of every state it has, matched or not (``recordSpans``).
            var best = [Int32](repeating: -1, count: recordSpans.count)
            for (slot, candidate) in candidates.enumerated() {
                let record = Int(recordOfDocument[candidate.document])
                let kept = Int(best[record])
                if kept >= 0 {
                    let other = candidates[kept]
                    if candidate.score > other.score
                        || (candidate.score == other.score
                            && documents[candidate.document].versions.lowerBound
                                > documents[other.document].versions.lowerBound)
                    {
                        best[record] = Int32(slot)
                    }
                } else {
                    best[record] = Int32(slot)
                }
            }
            // The kept ones in the order they were found.
            var kept: [Candidate] = []
            for (slot, candidate) in candidates.enumerated()
            where best[Int(recordOfDocument[candidate.document])] == Int32(slot) {
                kept.append(candidate)
            }
            candidates = kept
        }
        // Every candidate in order once, so each page is a slice of it (the order the best
        // `end` of them had, as ranking is a total order).
        return Ranking(terms: terms, phrase: phrase, candidates: candidates.sorted(by: Candidate.ranks))
    }

    /// The indexed words starting with `prefix`, by binary search in the sorted vocabulary.
    /// What the terms of a search found in one document.
    private struct Accumulated {
        let document: Int32
        /// The summed score of the terms matched.
        var score: Double = 0
        /// How many terms matched.
        var matched = 0
        /// The field and term that scored best (-1: none scored above 0).
        var bestField: Int16 = -1
        var bestScore: Double = 0
        var bestTerm = 0

        init(document: Int32, score: Double, field: Int16, term: Int) {
            self.document = document
            add(score, field: field, term: term)
        }

        mutating func add(_ score: Double, field: Int16, term: Int) {
            matched += 1
            self.score += score
            if score > bestScore {
                bestScore = score
                bestField = field
                bestTerm = term
            }
        }
    }

    /// A document as a search ranks it: its best term by number (-1: the whole phrase), and its
    /// document by position, read where it lies rather than copied: a copy of a document retains
    /// each of its strings and lists, and sorting values that hold a string retains them at every move.
    private struct Candidate {
        let document: Int
        let score: Double
        let field: Int
        let term: Int

        /// Best first; ties in index order.
        static func ranks(_ a: Candidate, before b: Candidate) -> Bool {
            a.score != b.score ? a.score > b.score : a.document < b.document
        }
    }

    private func words(withPrefix prefix: String) -> ArraySlice<String> {
        var low = 0
        var high = vocabulary.count
        while low < high {
            let middle = (low + high) / 2
            if vocabulary[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        var end = low
        while end < vocabulary.count, vocabulary[end].hasPrefix(prefix) { end += 1 }
        return vocabulary[low..<end]
    }

    /// About 160 characters of the field around the first occurrence of `term`, with `…` where cut.
    static func snippet(of field: Field, around term: String) -> String {
        let characters = Array(field.text)
        guard characters.count > 160 else { return field.text }
        let lowered = Array(field.text.lowercased())
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

extension String {
    /// The text with `×` (U+00D7) read as `x`, as sizes are written both ways.
    fileprivate var replacingMultiplicationSign: String {
        guard unicodeScalars.contains("\u{00D7}") else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{00D7}" ? "x" : $0 }))
    }
}

/// The store's search index, built on first use under a lock and shared by every snapshot.
final class SearchIndexCache: Sendable {
    private let records: [[StoredRecord]]
    private let versionCount: Int
    private let synonyms: SearchSynonyms
    private let cache = BuiltOnce<SearchIndex>()

    init(records: [[StoredRecord]], versions: [StoreVersion], synonyms: SearchSynonyms = .none) {
        self.records = records
        self.versionCount = versions.count
        self.synonyms = synonyms
    }

    /// Whether the index has been built (``SpecStore/prepareSearch()``, or a first search).
    var isBuilt: Bool { cache.isBuilt }

    var index: SearchIndex {
        cache.value {
            SearchIndex(records: records, versionCount: versionCount, synonyms: synonyms)
        }
    }
}

extension SpecSnapshot {
    func searchHits(_ query: String, types: Set<String>? = nil, limit: Int = .max, snippets: Bool = true) -> (
        hits: [SearchIndex.Hit], total: Int
    ) {
        searchHits(query, filter: SearchIndex.Filter(types: types), limit: limit, snippets: snippets)
    }

    func searchHits(
        _ query: String, filter: SearchIndex.Filter, everyVersion: Bool = false, limit: Int = .max, offset: Int = 0,
        snippets: Bool = true
    ) -> (hits: [SearchIndex.Hit], total: Int) {
        searchIndex.index.search(
            query, filter: filter, version: everyVersion ? nil : version.index, limit: limit, offset: offset,
            snippets: snippets)
    }

    /// The most results ``search(_:)`` returns, a page a person reads whole; the notes say how
    /// many more matched, and `offset` pages on.
    public static let searchLimit = 10

    /// Records of every kind matching the words (`/v1/search`), best first.
    ///
    /// Rows: `type` (a ``RecordType``), `id`, `title`, `snippet` (the matching text,
    /// about 160 characters), `score` (higher is better; comparable within one answer only), and
    /// the record's `value` (its figure, e.g. `44x44`), `unit` and `status`, `null` where it has
    /// none. `type`, `status` and `platform` narrow the records searched. At most
    /// ``searchLimit`` rows; `notes` says when more matched.
    public func search(_ query: SearchQuery) throws(QueryError) -> QueryResult {
        try search(query, limit: SpecSnapshot.searchLimit).result
    }

    /// Records matching the words, best first: at most `limit` rows from `offset` on, and how many
    /// matched in all. `notingMore` adds a note when more matched than the first page shows.
    public func search(_ query: SearchQuery, limit: Int, offset: Int = 0, notingMore: Bool = true) throws(QueryError)
        -> (result: QueryResult, total: Int)
    {
        let filter = SearchIndex.Filter(
            types: query.type.map { [$0.rawValue] }, status: query.status?.rawValue,
            platform: query.platform?.rawValue)
        let (hits, total) = searchHits(
            query.q, filter: filter, everyVersion: query.history, limit: limit, offset: offset)
        func text(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        let items: [JSONValue] = hits.map { hit in
            var row = JSONObject([
                ("type", .string(hit.type)), ("id", .string(hit.id)), ("title", .string(hit.title)),
                ("snippet", .string(hit.snippet)), ("score", .number(JSONNumber(hit.score))),
                ("value", text(hit.summary.value)), ("unit", text(hit.summary.unit)),
                ("status", text(hit.summary.status)), ("citation", hit.summary.citation ?? .null),
            ])
            if let held = hit.held {
                // Where the record holds: the versions, its first, and the one that removed it.
                let ids = versions[held].map { JSONValue.string($0.id) }
                row["versions"] = .array(ids)
                row["since"] = ids.first ?? .null
                row["until"] = held.upperBound < versions.count ? .string(versions[held.upperBound].id) : .null
            }
            return .object(row)
        }
        var notes: [Note] = []
        // A record found by its size rounded to whole inches ("iPad Pro 13") says that Apple's
        // table names it otherwise: the row is Apple's, the rounded name is not.
        let terms = Set(SearchIndex.terms(of: query.q))
        var rounded = Set<String>()
        // Rounded inches are a whole number, so only words with a number among them can name
        // them: other searches skip splitting each hit's title into words (a tenth of a
        // never-seen search page).
        let namesANumber = terms.contains { term in
            !term.isEmpty && term.utf8.allSatisfy { $0 == UInt8(ascii: "-") || ($0 >= 0x30 && $0 <= 0x39) }
        }
        for hit in hits where namesANumber {
            // Only where the query names this row ("iPad Pro 13"), not another ("iPad Air 13").
            guard let inches = SearchIndex.roundedInches(in: hit.title), terms.contains(inches),
                terms.subtracting([inches]).isSubset(of: SearchIndex.terms(of: hit.title)),
                rounded.insert(hit.title).inserted
            else { continue }
            notes.append(
                "'\(inches)' finds \(hit.title) by its size rounded to whole inches: Apple's table has no \(inches)-inch row of that name; the figures are those of Apple's \(hit.title) row."
            )
        }
        if notingMore, offset == 0, total > limit {
            notes.append(
                "\(total) records match; the best \(limit) are shown. Add words, a type, status or platform to narrow, or page on with offset."
            )
        }
        if total == 0 {
            let narrowed = [
                query.type.map { "type \($0.rawValue)" }, query.status.map { "status \($0.rawValue)" },
                query.platform.map { "platform \($0.rawValue)" },
            ].compactMap { $0 }
            let unfiltered = narrowed.isEmpty ? 0 : searchHits(query.q, limit: 0).total
            if unfiltered == 0 {
                notes.append("Nothing matches '\(query.q)'.")
            } else {
                notes.append(
                    "Nothing with \(narrowed.joined(separator: ", ")) matches '\(query.q)'; \(unfiltered) records match without those filters."
                )
            }
        }
        return (QueryResult(items: items, notes: notes), total)
    }
}
