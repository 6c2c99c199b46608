import JSON

/// The words a designer uses for one another in a search (`font` for `text`, `tap` for `hit`),
/// from the data file's `searchSynonyms`: a list of groups, each a list of single search words.
///
/// A query word also matches its group's other words, at ``weight`` of what the word itself
/// scores, so a record that uses the designer's own word still ranks first.
struct SearchSynonyms: Sendable {
    /// What a synonym's match counts, as a share of the query word's own.
    static let weight = 0.8

    /// Each word's group, without the word itself.
    private let alternatives: [String: [String]]

    /// No synonyms: a data file without `searchSynonyms`.
    static let none = SearchSynonyms(groups: [])

    /// A table of `groups`; each word belongs to one group at most.
    init(groups: [[String]]) {
        var alternatives: [String: [String]] = [:]
        for group in groups {
            for word in group { alternatives[word] = group.filter { $0 != word } }
        }
        self.alternatives = alternatives
    }

    /// The other words of `word`'s group, or none.
    func alternatives(of word: String) -> [String] { alternatives[word] ?? [] }

    /// Reads and checks `$.searchSynonyms`: an array of groups, each of two or more distinct
    /// lower-case words that search reads as one word each (`tap`, not `Tap` or `tap target`),
    /// and no word in two groups, as a word's synonyms would otherwise depend on group order.
    ///
    /// - Parameter fault: makes the loader's error for a code, a JSON path and a message.
    static func load(
        _ value: JSONValue?, fault: (SpecStoreError.Code, String, String) -> SpecStoreError
    ) throws(SpecStoreError) -> SearchSynonyms {
        guard let value else { return .none }
        let path = "$.searchSynonyms"
        guard case .array(let groups) = value else {
            throw fault(.wrongType, path, "expected an array of word groups, found \(value.typeName)")
        }
        var seen: [String: Int] = [:]
        var table: [[String]] = []
        for (number, group) in groups.enumerated() {
            let groupPath = "\(path)[\(number)]"
            guard case .array(let members) = group else {
                throw fault(.wrongType, groupPath, "expected an array of words, found \(group.typeName)")
            }
            guard members.count >= 2 else {
                throw fault(.badValue, groupPath, "a group needs two words at least; it has \(members.count)")
            }
            var words: [String] = []
            for (position, member) in members.enumerated() {
                let wordPath = "\(groupPath)[\(position)]"
                guard case .string(let word) = member else {
                    throw fault(.wrongType, wordPath, "expected a word, found \(member.typeName)")
                }
                guard SearchIndex.words(of: word) == [word] else {
                    throw fault(
                        .badValue, wordPath,
                        "'\(word)' is not one lower-case search word (letters, or digits, without spaces)")
                }
                if let earlier = seen[word] {
                    throw fault(
                        .duplicateID, wordPath,
                        "'\(word)' is already in \(path)[\(earlier)]; a word belongs to one group")
                }
                seen[word] = number
                words.append(word)
            }
            table.append(words)
        }
        return SearchSynonyms(groups: table)
    }
}
