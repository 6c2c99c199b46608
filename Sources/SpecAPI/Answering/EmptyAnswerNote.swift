import JSON
import SpecStore

/// Why a filtered collection answer is empty, when the store's own query gave no reason: the
/// filters that together match nothing, and for each one, what the rows matching the others have
/// in its place — the near misses ("those with status convention have topic bars (5)").
///
/// Only an empty answer pays for this (one more query per filter given), and the answer is
/// cached like any other, so a repeated empty query costs nothing more.
package enum EmptyAnswerNote {
    /// How many of a field's values a note lists, most frequent first.
    package static let valuesListed = 3

    /// The note for an empty answer of `route` to `request`, or `nil` when no filter was given.
    package static func note(
        route: Route, request: AnswerRequest, query: (AnswerRequest) throws -> AnswerContent
    ) -> Note? {
        let filters = request.filters.sorted { $0.key < $1.key }
        guard !filters.isEmpty else { return nil }
        let asked = describe(filters)
        var clauses: [String] = []
        for (name, _) in filters {
            let rest = filters.filter { $0.key != name }
            func clause() -> String? {
                var others = request
                others.filters[name] = nil
                guard let rows = try? rows(of: query(others)), !rows.isEmpty else { return nil }
                let subject = rest.isEmpty ? "its rows" : "those with \(describe(rest))"
                let values = distribution(of: name, in: rows)
                if values.isEmpty {
                    return "\(rows.count) \(rows.count == 1 ? "row matches" : "rows match") without \(name)"
                }
                return "\(subject) have \(name) \(values)"
            }
            // A collection's query reads its snapshot and filters alone, so one clause serves
            // every empty answer with the same other filters (a token file's `flat`, a form's
            // next choice of the same filter).
            guard case .collection = route else {
                if let clause = clause() { clauses.append(clause) }
                continue
            }
            // Each text with its length first, so no value's characters can pass for another's.
            var key = "\(route.position)|\(name)|"
            for text in [request.options.words ?? ""] + rest.flatMap({ [$0.key, $0.value] }) {
                key += "\(text.utf8.count):\(text)"
            }
            if let clause = request.snapshot.emptyAnswerClauses.value(for: key, clause) { clauses.append(clause) }
        }
        let version = request.options.version.map { " in version \($0)" } ?? ""
        let head = "Nothing in \(route.template)\(version) matches \(asked)"
        // The topic's coverage is the same for every empty answer naming it: kept with the clauses.
        let coverage =
            request.filters["topic"].map { topic in
                " "
                    + (request.snapshot.emptyAnswerClauses.value(for: "coverage|\(topic)") {
                        coverageSentence(topic: topic, request: request)
                    } ?? "")
            } ?? ""
        guard !clauses.isEmpty else {
            return Note(
                (filters.count == 1
                    ? "\(head): it has no rows at all."
                    : "\(head), and leaving out any one of those filters still matches nothing.") + coverage)
        }
        let body = clauses.joined(separator: "; ")
        return Note("\(head): \(body)\(body.hasSuffix("…") ? "" : ".")\(coverage)")
    }

    /// Whether the page a topic names publishes figures and whether the store holds them
    /// (`/v1/coverage`), so an empty answer says "not held here" apart from "Apple publishes none".
    package static func coverageSentence(topic: String, request: AnswerRequest) -> String {
        guard let row = request.store.coverage(of: topic, in: request.snapshot),
            let page = row["page"]?.stringValue
        else {
            return
                "No HIG page named '\(topic)' is in the coverage list (/v1/coverage): as far as the store knows, Apple publishes no figures on such a page."
        }
        switch row["status"]?.stringValue.flatMap(CoverageStatus.init) {
        case .notHeld?:
            return "Apple publishes figures on \(page); they are not held here (/v1/coverage)."
        case .nonePublished?:
            return "Apple publishes no figures on \(page) (/v1/coverage)."
        default:
            let count = row["records"]?.doubleValue.map { Int($0) } ?? 0
            return "Apple publishes figures on \(page); this version holds \(count) records citing it (/v1/coverage)."
        }
    }

    private static func rows(of content: AnswerContent) -> [JSONValue] {
        switch content {
        case .collection(let result): result.items
        case .page(let page): page.result.items
        default: []
        }
    }

    /// `topic tab-bars and status convention`.
    private static func describe(_ filters: [(key: String, value: String)]) -> String {
        filters.map { "\($0.key) \($0.value)" }.joined(separator: " and ")
    }

    /// The values rows have in the field a filter reads (`platform`, or its list `platforms`),
    /// most frequent first: `bars (5), layout (4), lists (3), …`. Empty when rows lack the field.
    package static func distribution(of name: String, in rows: [JSONValue]) -> String {
        var counts: [String: Int] = [:]
        for row in rows {
            let value = row[name] ?? row[name + "s"]
            switch value {
            case .array(let elements)?:
                for element in elements { if let text = text(element) { counts[text, default: 0] += 1 } }
            case let value?:
                if let text = text(value) { counts[text, default: 0] += 1 }
            case nil:
                break
            }
        }
        let ordered = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        var listed = ordered.prefix(valuesListed).map { "\($0.key) (\($0.value))" }
        if ordered.count > valuesListed { listed.append("…") }
        return listed.joined(separator: ", ")
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let string): string
        case .number(let number): "\(number)"
        case .bool(let bool): bool ? "true" : "false"
        default: nil
        }
    }
}
