import JSON

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
        guard !result.isEmpty else { return result }
        // Only the hits' ids and scores are read: no snippets.
        let hits = searchHits(words, types: [type.rawValue], snippets: false).hits
        var ranks: [String: Int] = [:]
        ranks.reserveCapacity(hits.count)
        for (rank, hit) in hits.enumerated() where ranks[hit.id] == nil { ranks[hit.id] = rank }
        if let chosen = result.chosenRows {
            return rows(of: chosen, notes: result.notes, type: type, words: words, hits: hits, ranks: ranks)
        }
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
        return QueryResult(items: [], notes: [noMatch(type: type, words: words, hits: hits.count, rows: result.count)])
    }

    /// ``rows(of:type:matching:)`` for rows chosen among a collection's: the rows come from the
    /// hits through the collection's ``RowIDIndex`` (a few lookups per hit, not one per row),
    /// with the same ranks and order.
    private func rows(
        of chosen: CollectionRows, notes: [Note], type: RecordType, words: String, hits: [SearchIndex.Hit],
        ranks: [String: Int]
    ) -> QueryResult {
        let index = rowIDIndexes[chosen.collection.rawValue].value { RowIDIndex(chosen.entries) }
        var matched: [(rank: Int, position: Int32)] = []
        for (id, rank) in ranks {
            // A row ranks as itself; a row of a record's, whose own id is no hit, as its record.
            for position in index.byID[id] ?? [] { matched.append((rank, position)) }
            for position in index.byRecord[id] ?? [] where ranks[index.ids[Int(position)]] == nil {
                matched.append((rank, position))
            }
        }
        if let positions = chosen.positions {
            // Positions are ascending: a row the other filters kept is found by halving.
            matched.removeAll { match in
                var low = 0
                var high = positions.count
                while low < high {
                    let middle = (low + high) / 2
                    if positions[middle] < match.position { low = middle + 1 } else { high = middle }
                }
                return low == positions.count || positions[low] != match.position
            }
        }
        // The chosen rows are in the collection's order, so a row's position orders as its offset.
        matched.sort { ($0.rank, $0.position) < ($1.rank, $1.position) }
        let items = matched.map { match -> JSONValue in
            guard case .object(var object) = chosen.entries[Int(match.position)].row else { return .null }
            object.append("score", .number(JSONNumber(hits[match.rank].score)))
            return .object(object)
        }
        guard items.isEmpty else { return QueryResult(items: items, notes: notes) }
        return QueryResult(items: [], notes: [noMatch(type: type, words: words, hits: hits.count, rows: chosen.count)])
    }

    private func noMatch(type: RecordType, words: String, hits: Int, rows: Int) -> Note {
        hits == 0
            ? "No \(type.noun) matches '\(words)'."
            : "No \(type.noun) of the \(rows) these filters give matches '\(words)'; \(hits) \(hits == 1 ? type.noun : type.pluralNoun) \(hits == 1 ? "matches" : "match") it without them."
    }
}

/// A collection's rows of one snapshot by their `id`, and by their record's id (the id up to
/// its last dot: `metric.x` of `metric.x.ios`), so `q=` goes from a search's hits to its rows.
struct RowIDIndex: Sendable {
    /// Each row's id ("" for a row without one), by position.
    let ids: [String]
    /// The positions of the rows with each id, ascending.
    let byID: [String: [Int32]]
    /// The positions of the rows whose id's part before its last dot is each key, ascending.
    let byRecord: [String: [Int32]]

    init(_ entries: [SpecSnapshot.Entry]) {
        var ids: [String] = []
        var byID: [String: [Int32]] = [:]
        var byRecord: [String: [Int32]] = [:]
        for (position, entry) in entries.enumerated() {
            let id = entry.row["id"]?.stringValue
            ids.append(id ?? "")
            guard let id, case .object = entry.row else { continue }
            byID[id, default: []].append(Int32(position))
            if let dot = id.utf8.lastIndex(of: UInt8(ascii: ".")) {
                byRecord[String(id[..<dot]), default: []].append(Int32(position))
            }
        }
        self.ids = ids
        self.byID = byID
        self.byRecord = byRecord
    }
}
