import JSON

/// One Apple sentence, one presence: a figure and the rule that quote the same words are on
/// Apple's page in the same versions.
extension StoreLoader {
    /// A rule whose quote holds a metric's quoted words (or whose quote the metric's holds) is
    /// present from the same version as that metric, and seen in the first dated copy that shows
    /// every figure its words give: the latest `seen` of those metrics. The copy that shows a
    /// sentence shows both halves of it, so neither is uncertain where the other is not.
    ///
    /// Rules are checked in file order, so the first offending rule is the one reported.
    func checkSharedSentences() throws(SpecStoreError) {
        // Each quote's words and sentence halves are made once: comparing every rule with every
        // metric's quotes made them again per pair, 75 % of a load's CPU.
        let metrics = records[SpecCollection.metrics.rawValue].compactMap { record -> (StoredRecord, [QuoteWords])? in
            guard record.until == nil else { return nil }
            let quotes = (record.object["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }
            return (record, quotes.map { QuoteWords(text: StoreLoader.quoteText($0)) })
        }
        for (position, rule) in records[SpecCollection.rules.rawValue].enumerated() {
            guard let quote = rule.object["quote"]?.stringValue, rule.until == nil else { continue }
            let words = QuoteWords(text: Self.quoteText(quote))
            let halves = metrics.filter { _, quotes in quotes.contains { $0.shares(with: words) } }
            guard !halves.isEmpty else { continue }
            let since = halves.map(\.0.since).min() ?? rule.since
            // nil: a metric the baseline holds for certain, so the rule is certain too.
            let seen = halves.map(\.0.seen).reduce(Int?.none) { latest, seen in
                guard let seen else { return latest }
                return max(latest ?? seen, seen)
            }
            guard rule.since != since || rule.seen != seen else { continue }
            let ids = halves.map(\.0.id).joined(separator: ", ")
            throw fault(
                .badValue, "$.rules[\(position)]\(rule.seen != seen ? ".seen" : ".since")",
                "'\(rule.id)' quotes the sentence \(ids) quote\(halves.count == 1 ? "s" : ""), but is present from '\(versions[rule.since].id)'\(rule.seen.map { ", seen in '\(versions[$0].id)'" } ?? "") where \(halves.count == 1 ? "it is" : "they are") present from '\(versions[since].id)'\(seen.map { ", seen in '\(versions[$0].id)'" } ?? ""): both halves of one sentence have one presence"
            )
        }
    }

    /// A quote's words as `sharesWords` compares them: the text and its parts long enough to be a
    /// sentence's half.
    struct QuoteWords {
        let text: String
        let halves: [Substring]
        /// The text's and the halves' UTF-8, where every scalar of the text is its own character
        /// and has no other canonical spelling (`isPlain`): there, a character match is a byte
        /// match, and the byte search is 25 times cheaper.
        let plain: (text: [UInt8], halves: [[UInt8]])?

        init(text: String) {
            self.text = text
            halves = text.split(separator: "…").flatMap { $0.split(separator: ". ") }
                .map { $0.trimming(while: { $0 == " " || $0 == "." }) }.filter { $0.count > 25 }
            plain = Self.isPlain(text) ? (Array(text.utf8), halves.map { Array($0.utf8) }) : nil
        }

        /// Whether a half of either quote is in the other.
        func shares(with other: QuoteWords) -> Bool {
            if let mine = plain, let theirs = other.plain {
                return mine.halves.contains { Self.bytes(theirs.text, contain: $0) }
                    || theirs.halves.contains { Self.bytes(mine.text, contain: $0) }
            }
            return halves.contains { other.text.contains($0) } || other.halves.contains { text.contains($0) }
        }

        /// The punctuation and signs the data file's texts use beyond ASCII (no-break space, degree,
        /// middle dot, ×, dashes, quote marks, bullet, ellipsis, ›, ≈, ≤, ≥).
        static let plainPunctuation: Set<UInt32> = [
            0xA0, 0xB0, 0xB7, 0xD7, 0x2013, 0x2014, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2026, 0x203A, 0x2248,
            0x2264, 0x2265,
        ]

        /// ASCII but a carriage return (which joins a line feed into one character), and
        /// `plainPunctuation`: none combines with its neighbour or has another canonical spelling.
        static func isPlain(_ text: String) -> Bool {
            text.unicodeScalars.allSatisfy { scalar in
                (scalar.value < 0x80 && scalar.value != 0x0D)
                    || plainPunctuation.contains(scalar.value)
            }
        }

        static func bytes(_ haystack: [UInt8], contain needle: [UInt8]) -> Bool {
            guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
            var start = 0
            let last = haystack.count - needle.count
            while start <= last {
                if haystack[start] == first, haystack[start..<start + needle.count].elementsEqual(needle) {
                    return true
                }
                start += 1
            }
            return false
        }
    }

    /// A quote's words as the seeds' convention reads them: apostrophes and quote marks alike.
    static func quoteText(_ quote: String) -> String {
        String(
            quote.map { character -> Character in
                switch character {
                case "\u{2019}", "\u{2018}", "\u{201C}", "\u{201D}", "\"": "'"
                default: character
                }
            })
    }

    /// Whether two quotes share words: a sentence (or a part between ellipses) of one, long
    /// enough to be a sentence's half and not a phrase, is in the other.
    static func sharesWords(_ one: String, _ other: String) -> Bool {
        QuoteWords(text: one).shares(with: QuoteWords(text: other))
    }

    /// A published figure carries Apple's words: a citation quoting Apple, or a citation of a
    /// table under Apple's heading (a source with a section, whose cells the reference tables
    /// check). A page cited without either is the store's or a source's reading of it, which is
    /// not served as Apple's.
    ///
    /// Records are checked in file order, so the first offending record is the one reported.
    func checkPublishedWords() throws(SpecStoreError) {
        for (position, record) in records[SpecCollection.metrics.rawValue].enumerated() {
            for variant in 0..<record.variantCount {
                let object = record.object(variant: variant)
                guard (object["status"]?.stringValue ?? "published") == "published" else { continue }
                let citations = object["citations"]?.arrayValue ?? []
                let words = citations.contains { citation in
                    !(citation["quote"]?.stringValue ?? "").isEmpty || !(citation["section"]?.stringValue ?? "").isEmpty
                }
                guard !words else { continue }
                throw fault(
                    .missingCitation, "$.metrics[\(position)].citations",
                    "'\(record.id)' is published, but no citation gives Apple's words: quote Apple's sentence, cite the table under Apple's heading, or make it a convention whose basis says whose reading it is"
                )
            }
        }
    }
}
