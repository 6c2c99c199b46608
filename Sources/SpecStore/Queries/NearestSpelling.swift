/// The accepted values nearest a misspelt one, for an error's "did you mean".
///
/// Distance counts insertions, deletions, substitutions and swapped neighbours over the values' match keys
/// (``FilterVocabulary/matchKey(_:)``: case and separators ignored), so `Tab Bar` is `tab-bar`.
/// A value is offered only within a third of the longer word's length, at most 3 edits: a wild
/// guess is worse than the plain list. Inputs longer than ``maximumLength`` are not compared, so
/// a hostile value costs no more than a short one.
public enum NearestSpelling {
    /// The longest value compared, in UTF-8 bytes.
    public static let maximumLength = 120

    /// Up to `limit` values of `accepted` nearest `value`, nearest first (ties in `accepted` order).
    public static func suggestions(for value: String, among accepted: [String], limit: Int = 3) -> [String] {
        guard value.utf8.count <= 2 * maximumLength else { return [] }
        let key = Array(FilterVocabulary.matchKey(value).utf8)
        guard !key.isEmpty, key.count <= maximumLength else { return [] }
        var scored: [(distance: Int, position: Int, value: String)] = []
        for (position, candidate) in accepted.enumerated() {
            let other = Array(FilterVocabulary.matchKey(candidate).utf8)
            guard other.count <= maximumLength, other != key else { continue }
            let allowed = min(3, max(1, max(key.count, other.count) / 3))
            // A length difference alone past the allowance rules the candidate out unmeasured.
            guard abs(other.count - key.count) <= allowed else { continue }
            let distance = Self.distance(key, other)
            if distance <= allowed { scored.append((distance, position, candidate)) }
        }
        scored.sort { ($0.distance, $0.position) < ($1.distance, $1.position) }
        return scored.prefix(limit).map(\.value)
    }

    /// The edit distance between two byte strings: insertions, deletions, substitutions and
    /// swaps of neighbours (`iso` for `ios` is one edit), in three rows of memory.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var best = min(substitution, previous[j] + 1, current[j - 1] + 1)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    best = min(best, beforePrevious[j - 2] + 1)
                }
                current[j] = best
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// "Did you mean 'a' or 'b'? " for the hint's start, or "" when nothing is near.
    public static func didYouMean(_ value: String, among accepted: [String]) -> String {
        let near = suggestions(for: value, among: accepted)
        guard !near.isEmpty else { return "" }
        let quoted = near.map { "'\($0)'" }
        let list =
            quoted.count == 1
            ? quoted[0] : quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
        return "Did you mean \(list)? "
    }
}
