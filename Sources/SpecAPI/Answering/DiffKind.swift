import JSON
import SpecStore

/// A kind of row in a diff, as `kind=` names it and the array shape's `change` field says it.
package enum DiffKind: String, CaseIterable, Sendable {
    case added, removed, changed
    /// A record present in both versions whose first dated copy falls between them: a change of
    /// the evidence, not of Apple's pages.
    case firstSeen = "first-seen"

    /// The `kind=` value that keeps the changes of Apple's pages (added, removed and changed)
    /// and leaves out the first-seen rows, which date the evidence rather than a change.
    package static let changesOnly = "changes"

    /// Reads `kind=`: the name as the array shape writes it, or as the envelope's key
    /// (`firstSeen`), in any case and with `_` for `-`.
    package init?(spelling raw: String) {
        let key = FilterVocabulary.matchKey(raw)
        guard let kind = Self.allCases.first(where: { FilterVocabulary.matchKey($0.rawValue) == key }) else {
            return nil
        }
        self = kind
    }

    /// The rows of `diff` of this kind.
    package func rows(of diff: DiffResult) -> [JSONValue] {
        switch self {
        case .added: diff.added
        case .removed: diff.removed
        case .changed: diff.changed
        case .firstSeen: diff.firstSeen
        }
    }

    /// `diff` keeping only rows of record type `type` (when given) and of kind `kind` (when given).
    package static func filter(_ diff: DiffResult, type: String?, kind: DiffKind?) -> DiffResult {
        func keep(_ rows: [JSONValue], _ rowKind: DiffKind) -> [JSONValue] {
            guard kind == nil || kind == rowKind else { return [] }
            guard let type else { return rows }
            return rows.filter { $0["type"]?.stringValue == type }
        }
        return DiffResult(
            from: diff.from, to: diff.to, added: keep(diff.added, .added), removed: keep(diff.removed, .removed),
            changed: keep(diff.changed, .changed), firstSeen: keep(diff.firstSeen, .firstSeen))
    }

    /// Why a filtered diff is empty: the two versions do not differ at all, or the filters left
    /// out every row, in which case the note counts what they left out, by kind and by type, so
    /// the reader knows which filter to loosen.
    package static func notes(whole: DiffResult, kept: DiffResult, type: String?, kind: DiffKind?) -> [String] {
        let keptCount = allCases.reduce(0) { $0 + $1.rows(of: kept).count }
        guard keptCount == 0 else { return [] }
        let wholeCount = allCases.reduce(0) { $0 + $1.rows(of: whole).count }
        let span = "between \(whole.from) and \(whole.to)"
        if whole.from == whole.to { return ["\(whole.from) is compared with itself: nothing differs."] }
        if wholeCount == 0 { return ["Nothing differs \(span)."] }
        var asked: [String] = []
        if let kind { asked.append("of kind \(kind.rawValue)") }
        if let type { asked.append("of type \(type)") }
        var counts: [String] = []
        if let kind, type != nil {
            let ofKind = kind.rows(of: whole).count
            counts.append("\(ofKind) \(ofKind == 1 ? "row is" : "rows are") of kind \(kind.rawValue)")
        }
        if let type {
            let ofType = allCases.reduce(0) { sum, kind in
                sum + kind.rows(of: whole).count { $0["type"]?.stringValue == type }
            }
            counts.append("\(ofType) \(ofType == 1 ? "row is" : "rows are") of type \(type)")
        }
        let byKind = allCases.compactMap { kind -> String? in
            let count = kind.rows(of: whole).count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        counts.append("\(wholeCount) in all (\(byKind.joined(separator: ", ")))")
        return [
            "No row \(asked.joined(separator: " and ")) differs \(span); \(counts.joined(separator: "; "))."
        ]
    }
}
