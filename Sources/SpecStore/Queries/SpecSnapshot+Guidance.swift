extension SpecSnapshot {
    /// Every other figure (`/v1/metrics`), in the data file's order.
    ///
    /// Rows: `id`, `name`, `topic`, `platform`, `platforms`, the figure (`value`, or `width` and
    /// `height`, or `min` and `max`), `bound`, then the provenance fields.
    public func metrics(matching filter: MetricFilter) throws(QueryError) -> QueryResult {
        if let size = filter.caseSize {
            var every = filter
            every.caseSize = nil
            return narrowed(try metrics(matching: every), to: size, everyCase: false, noun: "metric")
        }
        let platform = filter.platform?.rawValue
        let topic = try topic(filter.topic)
        let status = filter.status?.rawValue
        let items = rowValues(.metrics, platform: platform, where: ["topic": topic, "status": status])
        guard let platform else { return QueryResult(chosen: items) }
        guard items.isEmpty, let topic else {
            return QueryResult(
                chosen: items, notes: platformStatementNotes(platform: platform, metrics: items))
        }
        return QueryResult(chosen: items, notes: emptyMetricNotes(platform: platform, topic: topic))
    }

    /// Apple's rules in Apple's words (`/v1/rules`).
    ///
    /// Rows: `id`, `topic`, `platforms`, `status`, `kind`, `quote` (Apple's words; `reading` instead
    /// on the store's readings), `citations`, `related`, `notes`, `since`, `until`. With `q`, only
    /// rules matching the words, best first, each with a `score`.
    public func rules(matching filter: RuleFilter) throws(QueryError) -> QueryResult {
        let platform = filter.platform?.rawValue
        let topic = try topic(filter.topic)
        var kind = filter.kind?.rawValue
        var status = filter.status?.rawValue
        // `kind=reading` predates rule statuses: it keeps meaning the store's readings.
        if kind == "reading" {
            kind = nil
            status = status == nil || status == "reading" ? "reading" : "none"
        }
        let candidates = rows(.rules, platform: platform, where: ["topic": topic, "kind": kind, "status": status])
        let result = QueryResult(items: candidates.map(\.row))
        return filter.q.map { rows(of: result, type: .rule, matching: $0) } ?? result
    }

    /// Beliefs that produce false findings (`/v1/myths`).
    ///
    /// Rows: `id`, `topic`, `claim`, `verdict`, `correction`, `citations`, `related`, `notes`,
    /// `since`, `until`.
    public func myths(matching filter: MythFilter) throws(QueryError) -> QueryResult {
        let topic = try topic(filter.topic)
        let items = rowValues(.myths, platform: nil, where: ["topic": topic])
        return QueryResult(chosen: items)
    }
}
