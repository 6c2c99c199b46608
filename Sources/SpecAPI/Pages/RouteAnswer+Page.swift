import JSON
import SpecFormats
import SpecStore

/// The page around a table: what an HTML, Markdown or CSV answer shows beside its rows.
extension RouteAnswer {
    /// What the page around a table needs: the filters as answered, its order and paging, and
    /// the route's filter form (for HTML, with its value lists and counts), all from the snapshot
    /// that answered.
    static func pageContext(
        content: AnswerContent, store: SpecStore, snapshot: SpecSnapshot, route: Route, parameter: String?,
        filters: [String: String], query: [(name: String, value: String)], options: RequestOptions, format: Format,
        pagedByDefault: Bool, catalogues: FieldCatalogues?
    ) -> PageContext {
        let version = snapshot.version.id
        let paging = query.filter { pair in
            (CommonParameter.rows + CommonParameter.words).contains { $0.rawValue == pair.name }
                && route.endpoint.common.contains { $0.rawValue == pair.name }
        }
        // Only an HTML page shows the route's filter form and so needs its value lists.
        var page = PageContext(
            route: route, parameter: parameter,
            filters: filters.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } + paging,
            pinnedVersion: options.version, snapshot: format == .html ? snapshot : nil, withForm: format == .html)
        if pagedByDefault { page.defaultLimit = HTMLRenderer.pageSize }
        if route == .diff, format == .html, !options.fragment, case .diff(let result, _) = content {
            page.versionSteps = versionSteps(store: store, diff: result, version: version)
        }
        if route == .record(.devices), format == .html, !options.fragment, case .record(let record) = content {
            page.nearestWidgetScreen = nearestWidgetScreen(
                store: store, device: record.item, snapshot: snapshot, version: options.version,
                catalogues: catalogues)
        }
        if route == .record(.metrics), format == .html, !options.fragment, case .record(let record) = content {
            page.related = RelatedRecords.ofMetric(record.item, in: snapshot, site: .application)
        }
        if format == .html, !options.fragment, route.endpoint.selectsRows, parameter == nil {
            page.counts = facetCounts(
                store: store, snapshot: snapshot, route: route, filters: filters, fields: page.fields,
                version: options.version, words: options.words, catalogues: catalogues)
        }
        if case .page(let rows) = content { page.total = rows.total }
        // A collection's filter form, or the search's, is the same for every page of one filter
        // (and the same words) in one version.
        let keepsForm =
            switch route {
            case .collection, .search: true
            default: false
            }
        if keepsForm, parameter == nil, format == .html, !options.fragment, let catalogues {
            page.keptPart = { name, make in catalogues.pagePart(for: version + "\u{0}" + name, make) }
        }
        // A page writes many links, each keeping the same pairs: they are encoded once.
        if format == .html { page.keepLinkPairs() }
        return page
    }

    /// A diff's change log, version by version: each store version after `from` up to `to`, with
    /// its title and what changed from the version before it.
    package static func versionSteps(store: SpecStore, diff: DiffResult, version: String) -> [PageContext.VersionStep] {
        let ids = store.versions.map(\.id)
        guard let from = ids.firstIndex(of: diff.from), let to = ids.firstIndex(of: diff.to), from < to else {
            return []
        }
        return (from + 1...to).compactMap { index in
            let step = store.versions[index]
            guard let changes = try? store.diff(from: ids[index - 1], to: step.id) else { return nil }
            return PageContext.VersionStep(
                id: step.id, title: step.title,
                changes: AnswerContent.diff(changes).table(route: .diff, version: version))
        }
    }

    /// For a device whose screen Apple's widget table has no row for, the nearest screen it has
    /// one for on the device's platforms (`393x852`), as the widgets' note measures it: the least
    /// sum of the differences in width and height. `nil` when the device has widget rows.
    package static func nearestWidgetScreen(
        store: SpecStore, device: JSONValue, snapshot: SpecSnapshot, version: String?, catalogues: FieldCatalogues?
    ) -> String? {
        guard (device["widgets"]?["items"]?.arrayValue ?? []).isEmpty,
            let width = device["points"]?["width"]?.doubleValue, let height = device["points"]?["height"]?.doubleValue
        else { return nil }
        var options = RequestOptions()
        options.version = version
        var best: (screen: String, distance: Double)?
        for platform in device["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
            guard
                case (.page(let rows), _)? = try? RouteQueries.content(
                    store: store, route: .collection(.widgets), parameter: nil, filters: ["platform": platform],
                    options: options,
                    snapshot: snapshot, catalogues: catalogues)
            else { continue }
            for row in rows.result.items {
                guard let w = row["screen"]?["width"]?.doubleValue, let h = row["screen"]?["height"]?.doubleValue
                else { continue }
                let distance = abs(w - width) + abs(h - height)
                if best == nil || distance < best!.distance {
                    best = ("\(JSONNumber(w).literal)x\(JSONNumber(h).literal)", distance)
                }
            }
        }
        return best?.screen
    }

    /// How many rows each choice of each filter would give, the other filters as they are: the
    /// counts a page's filter form shows beside each choice (`controls (13)`). Only for filters
    /// with a short list of choices; a choice the route refuses is left without a count.
    package static func facetCounts(
        store: SpecStore, snapshot: SpecSnapshot, route: Route, filters: [String: String],
        fields: [PageContext.Field], version: String?, words: String? = nil, catalogues: FieldCatalogues?
    ) -> [String: [String: Int]] {
        guard let catalogues else {
            return countFacets(
                store: store, snapshot: snapshot, route: route, filters: filters, fields: fields, version: version,
                words: words, catalogues: nil)
        }
        let key = FieldCatalogues.key(route: route, version: version ?? "", words: words, filters: filters)
        return catalogues.pageCounts(for: key) {
            countFacets(
                store: store, snapshot: snapshot, route: route, filters: filters, fields: fields, version: version,
                words: words, catalogues: catalogues)
        }
    }

    /// The counts of ``facetCounts(store:snapshot:route:filters:fields:version:words:catalogues:)``:
    /// where the route's filters combine as intersections (``FacetLaw``), the rows the other
    /// filters give, once per field, against each choice's own rows, made once; elsewhere one
    /// query per choice. Only how many rows each gives is read, so an empty one is not explained.
    /// `byQueries` counts every choice by its own query (what the intersections must equal).
    package static func countFacets(
        store: SpecStore, snapshot: SpecSnapshot, route: Route, filters: [String: String],
        fields: [PageContext.Field], version: String?, words: String?, catalogues: FieldCatalogues?,
        byQueries: Bool = false
    ) -> [String: [String: Int]] {
        var counts: [String: [String: Int]] = [:]
        var options = RequestOptions()
        options.version = version
        options.words = words
        options.rows.limit = 1
        // The rows of the other filters, by the field left out ("" for none): fields the page
        // does not filter on share the rows of all its filters.
        var others: [String: RowBits?] = [:]
        func rows(_ filters: [String: String]) -> RowBits? {
            guard case .query(let query) = route.endpoint.answer,
                case .collection(let result)? = try? query(
                    AnswerRequest(
                        store: store, snapshot: snapshot, pathValue: nil, filters: filters, options: options))
            else { return nil }
            return RowBits(result)
        }
        // 64: the metrics' topics, one per HIG page with prose figures, are about 55.
        for field in fields where !field.choices.isEmpty && field.choices.count <= 64 {
            var rest = filters
            rest[field.name] = nil
            var restRows: RowBits? = nil
            if !byQueries, words == nil, let catalogues, FacetLaw.combines(field.name, with: rest.keys, on: route) {
                let key = filters[field.name] == nil ? "" : field.name
                if let made = others[key] {
                    restRows = made
                } else {
                    // The same rest on every page that differs only in this field: kept.
                    let kept = FieldCatalogues.key(route: route, version: snapshot.version.id, filters: rest)
                    restRows = catalogues.filterRows(for: kept) { rows(rest) }
                    others[key] = .some(restRows)
                }
            }
            // A choice counted by its own query, as every choice was before row sets.
            func queried(_ choice: String) -> Int? {
                var asked = filters
                asked[field.name] = RouteParameters.normalise(choice)
                func count() -> Int? {
                    guard
                        case (.page(let rows), _)? = try? RouteQueries.content(
                            store: store, route: route, parameter: nil, filters: asked, options: options,
                            snapshot: snapshot, catalogues: catalogues, explainsEmpty: false)
                    else { return nil }
                    return rows.total
                }
                if byQueries { return count() }
                // One choice's count is the same on every page that shows it: kept by its query.
                let key = FieldCatalogues.key(route: route, version: version ?? "", words: words, filters: asked)
                return catalogues?.choiceCount(for: key, count) ?? count()
            }
            var fieldCounts: [String: Int] = [:]
            fieldCounts.reserveCapacity(field.choices.count)
            if let restRows, let catalogues {
                // Each choice's own rows in this version, the same for every page that shows them.
                let choiceRows = catalogues.choiceRows(
                    for: "\(route.position)|\(snapshot.version.id)|\(field.name)", choices: field.choices
                ) { rows([field.name: RouteParameters.normalise($0)]) }
                for choice in field.choices {
                    if let own = choiceRows[choice] ?? nil, let total = restRows.countInCommon(with: own) {
                        fieldCounts[choice] = total
                    } else if let total = queried(choice) {
                        fieldCounts[choice] = total
                    }
                }
            } else {
                for choice in field.choices {
                    if let total = queried(choice) { fieldCounts[choice] = total }
                }
            }
            if !fieldCounts.isEmpty { counts[field.name] = fieldCounts }
        }
        return counts
    }
}
