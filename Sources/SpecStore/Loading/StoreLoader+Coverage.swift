import JSON

/// `coverage`: the HIG pages that publish figures, declared once, so an answer can tell a page the
/// store does not hold from a page that publishes none.
extension StoreLoader {
    /// The keys a coverage entry has.
    static let coverageFields = ["page", "url", "publishes", "basis"]

    /// Reads `coverage` (schema version 2, optional): an array of `{"page", "url", "publishes",
    /// "basis"}`, each page's title agreeing with its URL, no page twice, no anchor, and a page that
    /// publishes none saying in `basis` what that rests on.
    func loadCoverage(_ value: JSONValue?) throws(SpecStoreError) -> [CoveragePage] {
        guard let value else { return [] }
        guard case .array(let elements) = value else { throw wrongType("$.coverage", value, "an array") }
        var pages: [CoveragePage] = []
        var seen: Set<String> = []
        for (position, element) in elements.enumerated() {
            let path = "$.coverage[\(position)]"
            guard case .object(let object) = element else { throw wrongType(path, element, "an object") }
            for key in object.keys where !Self.coverageFields.contains(key) {
                throw fault(
                    .unknownKey, "\(path).\(key)",
                    "unknown key '\(key)' in a coverage entry; expected \(Self.coverageFields.joined(separator: ", "))")
            }
            let page = try requiredString(object, "page", path)
            let url = try requiredString(object, "url", path)
            let publishes = try requiredString(object, "publishes", path)
            guard CoveragePage.kinds.contains(publishes) else {
                throw fault(
                    .badValue, "\(path).publishes",
                    "'\(publishes)' is not one of \(CoveragePage.kinds.joined(separator: ", "))")
            }
            guard !url.contains("#") else {
                throw fault(.badValue, "\(path).url", "a coverage entry names a page, not a section: drop the #anchor")
            }
            if let problem = AppleHeading.problem(page: page, section: nil, url: url) {
                throw fault(.badCitation, "\(path).\(problem.field)", problem.message)
            }
            guard seen.insert(url).inserted else {
                throw fault(.duplicateID, "\(path).url", "\(url) is listed twice")
            }
            // "Apple publishes none" is a claim a reader must be able to weigh, as a convention's is.
            let basis = object["basis"].flatMap(\.stringValue)
            if object["basis"] != nil, basis?.isEmpty != false {
                throw fault(.badValue, "\(path).basis", "basis is a non-empty string: what the entry rests on")
            }
            if publishes == "none", basis == nil {
                throw fault(
                    .missingBasis, "\(path).basis",
                    "a page that publishes none says what that rests on: the sources searched and what they found")
            }
            pages.append(CoveragePage(page: page, url: url, publishes: publishes, basis: basis))
        }
        return pages
    }
}
