/// What a citation's `section` and `page` may say: Apple's heading on that page, and the page's
/// own title, checked against the citation's URL.
///
/// A transcription labels figures ("Standard widget margin", "Tab bar height / top offset"); Apple's
/// pages do not. Apple's heading anchors are the heading's words joined by `-` (`#Item-groupings`,
/// `#iOS-iPadOS-device-size-classes`), so a section is a heading exactly when the URL's fragment is
/// the anchor of one of its levels (`Specifications › iOS dimensions` with `#Specifications`). A
/// section whose URL has no fragment cannot be shown to be a heading, and is left out.
enum AppleHeading {
    /// The site whose headings and page paths follow Apple's conventions.
    static let appleSite = "https://developer.apple.com/"

    /// Apple's anchor for a heading: its letters and digits, words joined by `-`.
    static func anchor(of heading: String) -> String {
        // Apple drops punctuation inside a word rather than splitting there: Top Shelf's "16:9"
        // is `#169`, while "iOS, iPadOS" is `#iOS-iPadOS`.
        heading.filter { $0.isLetter || $0.isNumber || $0.isWhitespace || $0 == "-" }
            .split { $0.isWhitespace || $0 == "-" }.joined(separator: "-")
    }

    /// Which field (`section` or `page`) disagrees with the citation's URL and why, or `nil` when
    /// they agree.
    static func problem(page: String, section: String?, url: String) -> (field: String, message: String)? {
        // The anchor and path conventions are Apple's: other sites' pages are not judged by them.
        guard url.hasPrefix(appleSite) else { return nil }
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let fragment = parts.count == 2 ? String(parts[1]) : nil
        if let section, !section.isEmpty {
            let levels = section.split(separator: "›").map(String.init)
            guard let fragment else {
                return (
                    "section",
                    "section '\(section)' is not shown to be Apple's heading: the URL has no #anchor; give the heading's anchor or leave the section out"
                )
            }
            // A transcription names a table by what it holds ("Dynamic Type sizes (xSmall..xxxLarge)
            // and …", "Grids (two- to nine-column)", "… (pt)"); Apple's headings and tab labels
            // carry no ranges or parenthesized glosses.
            if let label = levels.first(where: { $0.contains("(") || $0.contains("..") }) {
                return (
                    "section",
                    "section level '\(label.trimming(while: { $0 == " " }))' is a transcription's label (a range or a parenthesized gloss), not Apple's heading; cite Apple's heading or tab label, or only the levels that are Apple's"
                )
            }
            guard levels.contains(where: { anchor(of: $0) == fragment }) else {
                return (
                    "section",
                    "section '\(section)' is not Apple's heading at #\(fragment): a level of it must be the heading the anchor names (\(levels.map { "#" + anchor(of: $0) }.joined(separator: ", ")))"
                )
            }
        }
        return titleProblem(page: page, path: String(parts[0])).map { ("page", $0) }
    }

    /// A HIG page's title is its URL's last path component; a technote's number is in both.
    private static func titleProblem(page: String, path: String) -> String? {
        let components = path.split(separator: "/")
        if let index = components.firstIndex(of: "human-interface-guidelines") {
            let slug = index + 1 < components.count ? String(components[index + 1]) : ""
            guard page.hasPrefix("HIG › ") else {
                return "page '\(page)' is not a HIG page's title, though the URL is the HIG's page '\(slug)'"
            }
            let title = String(page.dropFirst("HIG › ".count))
            guard anchor(of: title).lowercased() == slug.lowercased() else {
                return "page '\(page)' does not match its URL, which is the HIG's page '\(slug)'"
            }
        } else if page.hasPrefix("TN"), let number = page.split(separator: ":").first {
            guard path.lowercased().contains("/\(number.lowercased())-") else {
                return "page '\(page)' is technote \(number), but the URL is not that technote's"
            }
        }
        return nil
    }
}
