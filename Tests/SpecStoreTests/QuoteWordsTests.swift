import Testing

@testable import SpecStore

/// The loader's comparison of a rule's quote with a metric's: the byte search it takes for plain
/// text finds exactly what the character search finds.
@Suite("Quote words")
struct QuoteWordsTests {
    @Test("on every rule and metric quote of the data file, the byte search agrees with the character search")
    func bytesAgreeWithCharacters() throws {
        let latest = try SpecStore.load(contentsOf: StoreFixtures.repositoryRoot + "/Data/specs.json").latest
        let rules = latest.rows(.rules).compactMap { $0.fields["quote"]?.stringValue }
        let metrics = latest.rows(.metrics).flatMap { entry in
            (entry.fields["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }
        }
        var plain = 0
        var shared = 0
        for rule in rules.map({ StoreLoader.QuoteWords(text: StoreLoader.quoteText($0)) }) {
            for metric in metrics.map({ StoreLoader.QuoteWords(text: StoreLoader.quoteText($0)) }) {
                let characters =
                    rule.halves.contains { metric.text.contains($0) }
                    || metric.halves.contains { rule.text.contains($0) }
                #expect(rule.shares(with: metric) == characters, "\(rule.text) | \(metric.text)")
                if rule.plain != nil && metric.plain != nil { plain += 1 }
                if characters { shared += 1 }
            }
        }
        // Most pairs take the byte search, and some share a sentence.
        #expect(plain > rules.count * metrics.count / 2, "\(plain)")
        #expect(shared >= 10, "\(shared)")
    }

    @Test("text with a combining mark or another canonical spelling takes the character search")
    func canonicalSpellingsMatch() {
        let composed = StoreLoader.QuoteWords(text: "Use the caf\u{E9} layout for every screen you design today.")
        let decomposed = StoreLoader.QuoteWords(text: "Use the cafe\u{301} layout for every screen you design today.")
        #expect(composed.plain == nil && decomposed.plain == nil)
        #expect(composed.shares(with: decomposed))
        let other = StoreLoader.QuoteWords(text: "Nothing of this sentence is in the other one at all.")
        #expect(!composed.shares(with: other))
        #expect(other.plain != nil)
    }
}
