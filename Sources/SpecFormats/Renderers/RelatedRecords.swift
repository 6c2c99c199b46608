import JSON
import SpecStore

/// What a metric's page links besides its own fields, derived from the data alone: the other
/// figures of its topic on its platform (a default size beside its minimum), the rules that quote
/// a sentence it cites (or name it among their related figures), and the myths whose related
/// records name it. No list of pairs is kept by hand: a new figure, rule or myth joins the
/// groups its topic, platform and citations put it in.
package struct RelatedRecords: Sendable, Equatable {
    /// One group of links under its heading.
    package struct Group: Sendable, Equatable {
        package var heading: String
        package var links: [Link]
        /// Where every record of the group is listed, when the group shows only the first ones.
        package var more: Link?
    }

    /// A link to a record's page, with words that say what it holds.
    package struct Link: Sendable, Equatable {
        package var label: String
        package var path: String
        /// The figure or Apple's sentence, after the label.
        package var detail: String?
    }

    /// The most links a group shows; `more` lists the rest.
    package static let linksPerGroup = 12

    /// A quote shorter than this is too common a phrase to tie two records together.
    package static let shortestSharedQuote = 20

    package var groups: [Group]

    /// The related records of the metric `item` in `snapshot`; empty for another kind of record.
    package static func ofMetric(_ item: JSONValue, in snapshot: SpecSnapshot, site: Site) -> RelatedRecords {
        guard let id = item["id"]?.stringValue, id.hasPrefix("metric.") else { return RelatedRecords(groups: []) }
        var groups: [Group] = []
        if let topic = item["topic"]?.stringValue, let platform = item["platform"]?.stringValue {
            let filter = MetricFilter(platform: Platform(rawValue: platform), topic: topic)
            let others = ((try? snapshot.metrics(matching: filter))?.items ?? []).filter { $0["id"]?.stringValue != id }
            let platformName = HTMLRenderer.platformName(platform)
            let all = "/v1/metrics?" + RecordLink.query([("topic", topic), ("platform", platform)])
            groups.append(
                group(
                    "Other \(topic.replacing("-", with: " ")) figures on \(platformName)", others, all: all,
                    label: { $0["name"]?.stringValue }, detail: { $0[FigureDisplay.key]?.stringValue }, site: site))
        }
        let quotes = (item["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }.map(normalised)
            .filter { $0.count >= shortestSharedQuote }
        let rules = ((try? snapshot.rules(matching: RuleFilter()))?.items ?? []).filter { rule in
            if names(rule, id) { return true }
            guard let quote = rule["quote"]?.stringValue.map(normalised), quote.count >= shortestSharedQuote else {
                return false
            }
            return quotes.contains { $0.contains(quote) || quote.contains($0) }
        }
        groups.append(
            group(
                "Rules that quote its sentence or name it", rules, all: nil,
                label: { HTMLRenderer.recordTitle($0) }, detail: { $0["quote"]?.stringValue }, site: site))
        let myths = ((try? snapshot.myths(matching: MythFilter()))?.items ?? []).filter { names($0, id) }
        groups.append(
            group(
                "Myths about it", myths, all: nil, label: { $0["claim"]?.stringValue },
                detail: { $0["verdict"]?.stringValue.map { "verdict: " + $0 } }, site: site))
        return RelatedRecords(groups: groups.filter { !$0.links.isEmpty })
    }

    private static func group(
        _ heading: String, _ rows: [JSONValue], all: String?, label: (JSONValue) -> String?,
        detail: (JSONValue) -> String?, site: Site
    ) -> Group {
        let links = rows.prefix(linksPerGroup).compactMap { row -> Link? in
            guard let id = row["id"]?.stringValue, let path = site.recordPath(for: id) else { return nil }
            return Link(label: label(row) ?? id, path: path, detail: detail(row))
        }
        let more = rows.count > linksPerGroup ? all.map { Link(label: "All \(rows.count)", path: $0) } : nil
        return Group(heading: heading, links: links, more: more)
    }

    /// Whether `row`'s `related` names the record `id`.
    private static func names(_ row: JSONValue, _ id: String) -> Bool {
        (row["related"]?.arrayValue ?? []).contains { $0.stringValue == id }
    }

    /// A quote compared without case, ellipses or the punctuation around it.
    private static func normalised(_ quote: String) -> String {
        String(quote.lowercased().replacing("…", with: "").trimming { !$0.isLetter && !$0.isNumber })
    }
}
