import JSON

extension SpecStore {
    /// What `snapshot` holds of each HIG page that publishes figures (`/v1/coverage`): one row per
    /// page of ``coverage``, in its order, with `page`, `url`, `publishes`, `records` (the records
    /// of this version citing the page), `counts` (those records per collection, by data-file key)
    /// and `status`: `held`, `not-held` (Apple publishes figures there, and this version holds no
    /// record citing the page) or `none-published` (Apple publishes no figures on the page, whatever
    /// the store cites it for).
    ///
    /// `basis` (what the entry rests on, `null` where the data gives none) comes before `counts`.
    ///
    /// A record counts for every page one of its citations names, whatever the section.
    public func coverageRows(of snapshot: SpecSnapshot) -> QueryResult {
        snapshot.coverageRows.value(orBuild: { countCoverage(of: snapshot) })
    }

    /// The rows of ``coverageRows(of:)``, counted.
    private func countCoverage(of snapshot: SpecSnapshot) -> QueryResult {
        var counts: [String: [String: Int]] = [:]
        for collection in SpecCollection.allCases {
            for entry in snapshot.rows(collection) {
                var pages: Set<String> = []
                for citation in entry.fields["citations"]?.arrayValue ?? [] {
                    guard let url = citation["url"]?.stringValue else { continue }
                    pages.insert(StoreLoader.page(of: url))
                }
                for page in pages { counts[page, default: [:]][collection.key, default: 0] += 1 }
            }
        }
        let items = coverage.map { page -> JSONValue in
            let held = counts[page.url] ?? [:]
            let total = held.values.reduce(0, +)
            var perCollection = JSONObject()
            for collection in SpecCollection.allCases {
                if let count = held[collection.key] { perCollection.append(collection.key, .number(JSONNumber(count))) }
            }
            let status: CoverageStatus = page.publishes == "none" ? .nonePublished : total > 0 ? .held : .notHeld
            var row = JSONObject()
            row.append("page", .string(page.page))
            row.append("url", .string(page.url))
            row.append("publishes", .string(page.publishes))
            row.append("status", .string(status.rawValue))
            row.append("records", .number(JSONNumber(total)))
            // On every row, before the counts, so a table's columns keep one order whichever
            // collections a page's records come from.
            row.append("basis", page.basis.map(JSONValue.string) ?? .null)
            row.append("counts", .object(perCollection))
            return .object(row)
        }
        return QueryResult(items: items, notes: [Self.coverageNote])
    }

    /// What a coverage answer's status means, on every answer.
    static let coverageNote = Note(
        "Every HIG page known to publish figures (the reference transcriptions' pages and every page the store cites), with the records this version holds citing it. not-held: Apple publishes figures there that this store does not hold. none-published: Apple publishes no figures on the page; the store cites it for Apple's words. A page not listed publishes no figures, as far as this list knows."
    )

    /// The coverage row of a HIG page named by its title or its URL's last path component
    /// (`HIG › Wallet`, `wallet`), in `snapshot`, or `nil` when the page is not listed.
    public func coverage(of name: String, in snapshot: SpecSnapshot) -> JSONValue? {
        let wanted = name.lowercased()
        let lastComponent = "/" + wanted
        let title = "hig › " + wanted
        guard
            let index = coverageNames.firstIndex(where: {
                $0.url.hasSuffix(lastComponent) || $0.page == wanted || $0.page == title
            })
        else { return nil }
        return coverageRows(of: snapshot).items[index]
    }
}
