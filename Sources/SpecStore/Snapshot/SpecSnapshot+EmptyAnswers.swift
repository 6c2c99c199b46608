import JSON

/// Why an answer is empty, in words a reader can act on: every query that can come back empty
/// for a reason the sources state says so in its notes, in every format.
extension SpecSnapshot {
    /// Apple's words on visionOS type, from HIG › Typography (the only statement it publishes there).
    static let visionOSTypeStatement: Note =
        "Apple publishes no visionOS text-style sizes. HIG › Typography says only: 'visionOS uses bolder versions of the Dynamic Type body and title styles and it introduces Extra Large Title 1 and Extra Large Title 2 for wide, editorial-style layouts.' visionOS shares the iOS, iPadOS tracking table (\(NoteReference.tracking(TrackingFilter()))) and has a default and a minimum text size (\(NoteReference.metrics(MetricFilter(platform: .visionos, topic: "typography"))))."

    /// Notes for an empty `/v1/dynamic-type` answer.
    func emptyDynamicTypeNotes(platform: Platform?, category: String?, style: String?) -> [Note] {
        switch platform {
        case .visionos:
            return [SpecSnapshot.visionOSTypeStatement]
        case .macos, .tvos:
            return [
                "Apple publishes no Dynamic Type size table for this platform, only one table of built-in text styles: see \(NoteReference.textStyles(TextStyleFilter(platform: platform)))."
            ]
        case .watchos where category != nil:
            return [
                "Apple's watchOS Dynamic Type tables have no \(category ?? "") category: watchOS has six standard categories (xSmall, small, large, xLarge, xxLarge, xxxLarge; no medium) and three larger accessibility sizes (accessibility1 to accessibility3)."
            ]
        default:
            return emptyFallback(style.map { "style \($0)" })
        }
    }

    /// Notes for an empty `/v1/text-styles` answer.
    func emptyTextStyleNotes(platform: Platform?) -> [Note] {
        switch platform {
        case .visionos:
            return [SpecSnapshot.visionOSTypeStatement]
        case .ios, .ipados, .watchos:
            return [
                "Apple publishes this platform's type as Dynamic Type tables, one per category: see \(NoteReference.dynamicType(DynamicTypeFilter(platform: platform)))."
            ]
        default:
            return emptyFallback(nil)
        }
    }

    /// Notes for an empty `/v1/tracking` answer: the nearest published rows, never an interpolation.
    func emptyTrackingNotes(platform: String?, font: String?, size: Double?) -> [Note] {
        guard let size else { return emptyFallback(nil) }
        let sizes = rows(.tracking).compactMap { entry -> Double? in
            guard SpecSnapshot.matches(platform: platform, entry.fields),
                font == nil || entry.fields["font"]?.stringValue == font
            else { return nil }
            return entry.fields["size"]?.doubleValue
        }
        let below = sizes.filter { $0 < size }.max()
        let above = sizes.filter { $0 > size }.min()
        let nearest = [below, above].compactMap { $0 }.map { "\(JSONNumber($0)) pt" }
        var note = "Apple's tracking table has no row for \(JSONNumber(size)) pt"
        if let font { note += " in \(font)" }
        note += nearest.isEmpty ? "." : "; the nearest published rows are \(nearest.joined(separator: " and "))."
        note += " Apple publishes no values between its rows, and this store does not interpolate."
        return [Note(note)]
    }

    /// Notes for an empty `/v1/size-classes` answer about a device Apple's size-class table omits.
    func emptySizeClassNotes(deviceID: String?) -> [Note] {
        guard let deviceID, let name = entry(id: deviceID)?.fields["name"]?.stringValue else {
            return emptyFallback(nil)
        }
        var note: Note =
            "Apple's size-class table has no row for \(name): it lists fewer models than the screen-size table (for example no iPad mini 8.3-inch, iPad Air 10.9-inch, 10.5-inch or 9.7-inch, iPad 10.2-inch or iPad Pro 9.7-inch), and this store does not infer one from the screen size."
        // The nearest model the table has, with its rows' values and where they are, so the reader
        // need not ask again; it is named as another screen, never as this device's.
        if let nearest = nearestSizeClassDevice(to: deviceID) {
            let sides = FilterVocabulary.orientations.compactMap { side -> String? in
                guard let pair = nearest.fields["sizeClasses"]?[side],
                    let horizontal = pair["horizontal"]?.stringValue, let vertical = pair["vertical"]?.stringValue
                else { return nil }
                return "\(side) \(horizontal) width, \(vertical) height"
            }
            let nearestName = nearest.fields["name"]?.stringValue ?? nearest.id
            let screen = nearest.fields["points"].flatMap { points -> String? in
                guard let width = points["width"]?.doubleValue, let height = points["height"]?.doubleValue else {
                    return nil
                }
                return "\(ScreenSize(width: width, height: height).description) pt, "
            }
            note +=
                " The nearest model in the table by screen size is \(nearestName) (\(screen ?? "")a different screen, not this one): \(sides.joined(separator: "; ")) (\(NoteReference.sizeClasses(SizeClassFilter(device: nearest.id))))."
        }
        return [note]
    }

    /// The device of the same family nearest `deviceID`'s screen (by the sum of the width and
    /// height differences in points) that Apple's size-class table has rows for.
    private func nearestSizeClassDevice(to deviceID: String) -> Entry? {
        guard let device = entry(id: deviceID), let width = device.fields["points"]?["width"]?.doubleValue,
            let height = device.fields["points"]?["height"]?.doubleValue
        else { return nil }
        let family = device.fields["family"]
        var best: (Entry, Double)? = nil
        for candidate in rows(.devices) where candidate.fields["family"] == family && candidate.id != deviceID {
            guard candidate.row["sizeClasses"]?.objectValue != nil,
                let otherWidth = candidate.fields["points"]?["width"]?.doubleValue,
                let otherHeight = candidate.fields["points"]?["height"]?.doubleValue
            else { continue }
            let distance = abs(otherWidth - width) + abs(otherHeight - height)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Notes for an empty `/v1/widgets` answer for a platform: whether the platform has widgets
    /// at all in Apple's family table, and if it has, that no dimension table for it is in the
    /// sources.
    func emptyWidgetNotes(platform: String) -> [Note] {
        let withWidgets = rows(.widgetFamilies).reduce(into: [String]()) { platforms, entry in
            for value in entry.fields["platforms"]?.arrayValue ?? [] {
                if let name = value.stringValue, !platforms.contains(name) { platforms.append(name) }
            }
        }
        guard withWidgets.contains(platform) else {
            return [
                "Apple's widget family table lists widgets for \(withWidgets.joined(separator: ", ")) in version \(version.id); \(platform) has none, so it has no widget dimensions."
            ]
        }
        return [
            "The sources hold no widget dimension table for \(platform) in version \(version.id); Apple's widget family table does list \(platform), with its families and rendering modes."
        ]
    }

    /// Notes for an empty `/v1/metrics` answer for a platform and topic: the platforms the topic's
    /// figures are for, so a platform without the feature (tvOS and widgets) reads as such.
    func emptyMetricNotes(platform: String, topic: String) -> [Note] {
        let platforms = metricTopicPlatforms.value { topicPlatforms() }[topic] ?? []
        guard !platforms.isEmpty else { return emptyFallback("topic \(topic)") }
        return [
            "Apple gives no \(topic) figure for \(platform) in version \(version.id); the store's \(topic) figures are for \(platforms.joined(separator: ", "))."
        ]
    }

    /// Notes for an answer for one platform holding figures Apple scopes on it: Apple's statement,
    /// quoted with the page and section that say it (the rows' citations carry the URL), so a macOS answer with the iOS Live Activity dimensions says
    /// that Apple tells the Mac to use them.
    ///
    /// `metrics` are rows chosen among this snapshot's metrics; which metric quotes which statement
    /// is found once per snapshot (``statementQuoters``), not by a substring search per query.
    func platformStatementNotes(platform: String, metrics chosen: CollectionRows) -> [Note] {
        var quoted: Set<String> = []
        let quoters = statementQuoters.value { quotingMetrics() }
        return statements.indices.filter { index in
            let statement = statements[index]
            guard statement.platform == platform, quoted.insert(statement.quote).inserted else { return false }
            let quoting = quoters[index]
            guard let positions = chosen.positions else { return quoting.contains(true) }
            return positions.contains { quoting[Int($0)] }
        }
        .map { statements[$0] }
        .map { statement in
            let citation = statement.citation
            let section = citation["section"]?.stringValue.flatMap { $0.isEmpty ? nil : " › \($0)" } ?? ""
            let name = Self.platformNames[platform] ?? platform
            return
                "On \(name), Apple says: '\(statement.quote)' (\(citation["page"]?.stringValue ?? "")\(section)). The figures here that quote it cite it and apply on \(name) as Apple scopes them."
        }
    }

    /// For each topic of this snapshot's metrics, the platforms its figures are for, as their
    /// rows first name them (`all` left out).
    private func topicPlatforms() -> [String: [String]] {
        var byTopic: [String: [String]] = [:]
        for entry in rows(.metrics) {
            guard let topic = entry.fields["topic"]?.stringValue else { continue }
            var platforms = byTopic[topic] ?? []
            for value in entry.fields["platforms"]?.arrayValue ?? [] {
                if let name = value.stringValue, name != "all", !platforms.contains(name) { platforms.append(name) }
            }
            byTopic[topic] = platforms
        }
        return byTopic
    }

    /// For each statement, in ``statements``' order, which of this snapshot's metrics (by
    /// position) quote it in a citation.
    private func quotingMetrics() -> [[Bool]] {
        let quotes = rows(.metrics).map { entry in
            (entry.row["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }
        }
        return statements.map { statement in
            quotes.map { citations in citations.contains { $0.contains(statement.quote) } }
        }
    }

    private func emptyFallback(_ detail: String?) -> [Note] {
        [
            "No row of Apple's tables in version \(version.id) matches every filter given\(detail.map { " (\($0))" } ?? "")."
        ]
    }
}

// MARK: - Joins between Apple's tables

extension SpecSnapshot {
    /// A device whose joining field is a probable Apple erratum is not joined to widget rows: the
    /// answer is empty and says why.
    func widgetJoinRefusal(_ device: Entry) -> QueryResult? {
        guard device.fields["erratum"]?.stringValue == "points" else { return nil }
        let name = device.fields["name"]?.stringValue ?? device.id
        let points = device.fields["points"]
        let size =
            "\(points?["width"]?.doubleValue.map { "\(JSONNumber($0))" } ?? "?")x\(points?["height"]?.doubleValue.map { "\(JSONNumber($0))" } ?? "?")"
        return QueryResult(
            items: [],
            notes: [
                "Apple's screen table gives \(name) \(size) pt, which the sources show to be a probable Apple erratum (see the device's notes), so it is not joined to the widget rows of that screen. Apple's widget table does not say which of its rows is this device's."
            ])
    }

    /// Notes on a join Apple's tables do not vouch for: widget rows older than the device they are
    /// joined to were written before Apple listed the device, and Apple has not said they apply.
    func annotatingWidgetJoin(_ device: Entry, _ result: QueryResult) -> QueryResult {
        guard !result.items.isEmpty, let deviceSince = versionPosition(device.fields["since"]?.stringValue) else {
            return result
        }
        let rowSince = result.items.compactMap { versionPosition($0["since"]?.stringValue) }.max() ?? 0
        guard rowSince < deviceSince else { return result }
        var annotated = result
        let name = device.fields["name"]?.stringValue ?? device.id
        annotated.notes.append(
            "Apple's widget table had these rows before it listed \(name) (added to Apple's screen table in store version \(versions[deviceSince].id)); the store joins them by \(device.fields["points"]?.isNull == false ? "screen size" : "case size"), and Apple has not said they apply to this device."
        )
        return annotated
    }

    private func versionPosition(_ id: String?) -> Int? {
        guard let id else { return nil }
        return versions.firstIndex { $0.id == id }
    }
}
