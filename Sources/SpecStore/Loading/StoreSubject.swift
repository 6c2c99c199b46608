/// A thing a fact can describe that did not always exist — a design language, an OS release's
/// APIs, a platform's support for widgets, a device model — and the store version it appeared in.
///
/// Declared once under the data file's `subjects`. A record names a subject by Apple's or the
/// store's words (`terms`), by its platform and topic (`scope`), or by id (`records`); no state of
/// a record may be present before every subject it names appeared (Docs/schema.md, "Subjects").
struct StoreSubject: Sendable {
    /// Where a record's platforms and topic place it inside the subject: a record of `topic` (the
    /// collection's own topic for widgets and widget families) that names `platform` describes it.
    struct Scope: Sendable {
        let platform: String
        let topic: String
    }

    let id: String
    let name: String
    /// Index of the store version the subject appeared in.
    let appeared: Int
    /// Words that name the subject, matched case-sensitively in a record's name, label, quote,
    /// reading, claim, correction, force and its citations' pages and quotes.
    let terms: [String]
    let scope: Scope?
    /// Records whose current state describes the subject without naming it in words.
    let records: [String]
    /// Where the subject is declared, for messages: `subjects.liquid-glass`, or the device row a
    /// model's subject is derived from.
    var declaration: String {
        records.isEmpty && terms.count == 1 && id.hasPrefix("device.") ? "the row \(id)" : "subjects.\(id)"
    }

    /// The first of the subject's terms found in `text`, if any.
    func term(in text: String) -> String? {
        terms.first { text.contains($0) }
    }

    /// Whether a record of `topic` for `platforms` falls inside the subject's scope.
    func covers(platforms: [String], topic: String?) -> Bool {
        guard let scope, let topic else { return false }
        return topic == scope.topic && platforms.contains(scope.platform)
    }
}

/// What one page covers (`sources.*.platforms`): the platforms, and for a platform the page gained
/// later, the store version from which it covers it (`sources.*.platformsSince`).
struct PageCoverage: Sendable {
    /// The source that declares the page's platforms.
    let source: String
    let platforms: [String]
    /// Index of the store version from which the page covers each platform it gained later.
    let since: [String: Int]
}
