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
        let metrics = records[SpecCollection.metrics.rawValue].map { record in
            (record, (record.object["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue })
        }
        for (position, rule) in records[SpecCollection.rules.rawValue].enumerated() {
            guard let quote = rule.object["quote"]?.stringValue, rule.until == nil else { continue }
            let words = Self.quoteText(quote)
            let halves = metrics.filter { record, quotes in
                record.until == nil
                    && quotes.contains { Self.sharesWords(Self.quoteText($0), words) }
            }
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
        func parts(_ text: String) -> [Substring] {
            text.split(separator: "…").flatMap { $0.split(separator: ". ") }.map {
                $0.trimming(while: { $0 == " " || $0 == "." })
            }
        }
        return parts(one).contains { $0.count > 25 && other.contains($0) }
            || parts(other).contains { $0.count > 25 && one.contains($0) }
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
