/// How the source watch compares Apple's wording with the store's, following the seeds'
/// quotation convention.
///
/// Both sides are normalised the same way: every quote mark and apostrophe, typographic or
/// straight, single or double (' " ‘ ’ ‚ ‛ “ ” „ ‟ ′ ″), becomes a straight single one (the seeds
/// show a quotation nested in a quote in single marks where Apple has double ones), every run of white space (no-break spaces included) becomes one
/// space, and the ends are trimmed. Inline runs are joined before this. Unicode normalisation is
/// Swift's own: `String` compares by canonical equivalence, so an NFC and an NFD spelling of
/// the same text match.
package enum SourceText {
    /// The sentence the report prints to say how text was compared.
    package static let convention =
        "every quote mark and apostrophe (typographic or straight, single or double) read as a straight single one, inline runs joined, white space collapsed to one space, compared by Unicode canonical equivalence (NFC and NFD match)"

    /// `text` normalised for comparison.
    package static func normalised(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace {
                result.unicodeScalars.append(" ")
                pendingSpace = false
            }
            switch scalar.value {
            case 0x22, 0x27, 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x201C, 0x201D, 0x201E, 0x201F, 0x2033:
                result.unicodeScalars.append("'")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether `quote` occurs in `text`, both normalised.
    package static func contains(_ text: String, quote: String) -> Bool {
        let needle = normalised(quote)
        return needle.isEmpty || normalised(text).contains(needle)
    }

    /// A table row's key cell normalised for matching: Apple writes one screen `430×932` and the
    /// next `428x926`, and marks Display Zoom screens with an asterisk (`954x1373 *`).
    package static func key(_ text: String) -> String {
        normalised(text.replacing("\u{D7}", with: "x").replacing("*", with: "")).lowercased()
    }

    /// Whether a page cell reads as the store's: the same text, or, for a cell of sizes, the
    /// same numbers in the same order (`170x170` and `170 × 170 pt`). A sign makes a cell text,
    /// so `+41` never matches `-41`.
    package static func sameCell(_ page: String, _ expected: String) -> Bool {
        let page = normalised(page)
        let expected = normalised(expected)
        if page == expected { return true }
        let signs: Set<Character> = ["+", "-", "\u{2212}"]
        guard !page.contains(where: signs.contains), !expected.contains(where: signs.contains) else { return false }
        let numbers = self.numbers(expected)
        return !numbers.isEmpty && self.numbers(page) == numbers
    }

    /// The decimal numbers in `text`, in order (`36.67–45x36.67` gives 36.67, 45, 36.67).
    package static func numbers(_ text: String) -> [Double] {
        var numbers: [Double] = []
        var current = ""
        for character in text + " " {
            if character.isASCII, character.isNumber || (character == "." && !current.contains(".")) {
                current.append(character)
            } else if !current.isEmpty {
                if let number = Double(current) { numbers.append(number) }
                current = ""
            }
        }
        return numbers
    }
}
