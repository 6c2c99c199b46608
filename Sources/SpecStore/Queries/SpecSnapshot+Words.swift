extension SpecSnapshot {
    /// The rows of `result` whose records match `words` as `/v1/search` matches them, best first,
    /// each with its `score` (higher is better): a collection's answer narrowed by `q=`, its other
    /// filters kept.
    ///
    /// A row matches when its id is a matching record's of `type`, or when it is one part of one
    /// (a size class's row per orientation). Rows of one record keep their order. An empty result
    /// says why: no record of the type matches the words, or none of the rows the other filters
    /// gave does. A result that was empty already is returned as it is, notes and all.
    ///
    /// Complexity: one search of the snapshot's index, then O(rows).
    public func rows(of result: QueryResult, type: RecordType, matching words: String) -> QueryResult {
        guard !result.items.isEmpty else { return result }
        let hits = searchHits(words, types: [type.rawValue]).hits
        var ranks: [String: Int] = [:]
        ranks.reserveCapacity(hits.count)
        for (rank, hit) in hits.enumerated() where ranks[hit.id] == nil { ranks[hit.id] = rank }
        var matched: [(rank: Int, row: JSONValue)] = []
        for row in result.items {
            guard case .object(var object) = row, let id = object["id"]?.stringValue else { continue }
            // A row of a record's (`metric.x.ios` of `metric.x`) ranks as its record; the id is
            // ASCII, so its last dot is found among its bytes, and only for a row not ranked itself.
            guard let rank = ranks[id] ?? id.utf8.lastIndex(of: UInt8(ascii: ".")).flatMap({ ranks[String(id[..<$0])] })
            else { continue }
            object.append("score", .number(JSONNumber(hits[rank].score)))
            matched.append((rank, .object(object)))
        }
        // A stable sort: the rows of one record stay in the collection's order.
        let items = matched.enumerated().sorted { ($0.element.rank, $0.offset) < ($1.element.rank, $1.offset) }
            .map(\.element.row)
        guard items.isEmpty else { return QueryResult(items: items, notes: result.notes) }
        let note: Note =
            hits.isEmpty
            ? "No \(type.noun) matches '\(words)'."
            : "No \(type.noun) of the \(result.items.count) these filters give matches '\(words)'; \(hits.count) \(hits.count == 1 ? type.noun : type.pluralNoun) \(hits.count == 1 ? "matches" : "match") it without them."
        return QueryResult(items: [], notes: [note])
    }
}
