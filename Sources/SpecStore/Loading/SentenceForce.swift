/// What Apple's own sentence does, read by the one criterion Docs/schema.md gives for `kind`: its
/// softener, if it has one, or else its plain instruction.
///
/// The loader holds every figure's `kind`, in every state, and every rule's to this reading, so a
/// figure whose sentence says "In general, aim for a maximum of three" is never a requirement.
enum SentenceForce {
    /// Words with which Apple leaves an instruction to the reader's judgment (Docs/schema.md,
    /// `recommendation`), lower-case; matched at word starts.
    /// Phrases come first, so a message names "in general" rather than the "aim" after it.
    static let softeners = [
        "in general", "as a general rule", "whenever possible", "in most cases", "when doing so",
        "works well", "work well", "work best", "works best", "should", "prefer", "consider", "aim", "try",
        "strive", "recommended",
    ]

    /// Words with which Apple states what must be done, anywhere in the sentence.
    // "Items that need to remain available" describes items; only a singular subject's "needs to"
    // is read as an obligation.
    static let obligations = ["must", "needs to", "is required", "are required"]

    /// Plain imperatives a requirement opens with (Docs/schema.md, `requirement`).
    static let imperatives = [
        "use", "include", "make sure", "ensure", "keep", "don't", "don’t", "do not", "avoid", "never",
        "always", "adhere", "provide", "place", "put", "offer", "limit", "reserve", "write",
    ]

    /// The softener the sentence carries, if any.
    static func softener(in sentence: String) -> String? {
        let text = sentence.lowercased()
        return softeners.first { Self.contains(text, word: $0) }
    }

    /// The plain instruction the sentence gives, if it has no softener: an opening imperative or
    /// a word of obligation.
    static func obligation(in sentence: String) -> String? {
        guard softener(in: sentence) == nil else { return nil }
        let text = sentence.lowercased()
        if let opening = imperatives.first(where: { text.hasPrefix($0 + " ") }) { return opening }
        return obligations.first { Self.contains(text, word: $0) }
    }

    /// The kinds a sentence allows: a softened sentence is a recommendation or a description, a
    /// plain instruction a requirement; `nil` where its words alone do not decide.
    static func allowedKinds(of sentence: String) -> [String]? {
        if softener(in: sentence) != nil { return ["recommendation", "description"] }
        if obligation(in: sentence) != nil { return ["requirement"] }
        return nil
    }

    /// A rule's first instruction: its quote up to the first sentence end or the first ", and "
    /// that joins a second instruction (a fragment is judged by its own words).
    static func firstInstruction(of quote: String) -> String {
        var end = quote.endIndex
        for separator in [". ", "! ", "? ", "… ", "; ", ", and "] {
            if let range = quote.firstRange(of: separator), range.lowerBound < end { end = range.lowerBound }
        }
        return String(quote[..<end])
    }

    /// Whether `word` occurs in `text` where a word starts.
    private static func contains(_ text: String, word: String) -> Bool {
        text.ranges(of: word).contains { range in
            range.lowerBound == text.startIndex || !text[text.index(before: range.lowerBound)].isLetter
        }
    }
}
