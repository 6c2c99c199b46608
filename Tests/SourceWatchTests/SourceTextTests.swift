import SourceWatchFixtures
import SpecStore
import Testing

@testable import SourceWatch

/// How Apple's wording and cells are compared with the store's.
@Suite struct SourceTextTests {
    @Test(arguments: [
        ("Don\u{2019}t  use\u{00A0}it", "Don't use it"),
        ("\u{201C}Done\u{201D}\n", "'Done'"),
        ("  a\t b ", "a b"),
    ])
    func textIsNormalisedByTheQuotationConvention(text: String, normalised: String) {
        #expect(SourceText.normalised(text) == normalised)
    }

    @Test func canonicallyEquivalentSpellingsMatch() {
        #expect(SourceText.contains("Caf\u{E9} menus", quote: "Cafe\u{301}"))
    }

    @Test(arguments: [
        ("170x170", "170x170", true), ("170 \u{D7} 170 pt", "170x170", true), ("171x170", "170x170", false),
        ("+41", "+41", true), ("-41", "+41", false), ("41", "+41", false), ("Semibold", "Bold", false),
        ("36.67\u{2013}45x36.67", "36.67-45x36.67", false), ("1024x1024 px", "1024x1024 px", true),
    ])
    func cellsOfSizesCompareByTheirNumbers(page: String, expected: String, same: Bool) {
        #expect(SourceText.sameCell(page, expected) == same)
    }
}
