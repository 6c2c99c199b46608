import JSON

extension SpecSnapshot {
    /// Which widget families and rendering modes each platform has (`/v1/widget-families`), in the
    /// data file's order.
    ///
    /// Rows: `id`, `platform`, `platforms`, `family` (`null` on a rendering mode's record),
    /// `renderingMode`, `supported` (`false` where Apple's cell says "Not supported"), `contexts`,
    /// then the provenance fields. An empty answer says in `notes` what the sources say instead.
    public func widgetFamilies(matching filter: WidgetFamilyFilter) throws(QueryError) -> QueryResult {
        let items = rowValues(
            .widgetFamilies, platform: filter.platform?.rawValue,
            where: ["family": filter.family?.rawValue, "renderingMode": filter.mode?.rawValue])
        guard items.isEmpty else { return QueryResult(chosen: items) }
        return QueryResult(items: [], notes: [emptyWidgetFamilyNote(filter)])
    }

    /// Why nothing matches: what the sources list instead.
    private func emptyWidgetFamilyNote(_ filter: WidgetFamilyFilter) -> Note {
        let platform = filter.platform?.rawValue
        let family = filter.family?.rawValue
        let mode = filter.mode?.rawValue
        if family != nil, mode != nil {
            return "A record is either a family's availability or a rendering mode's: give family or mode, not both."
        }
        let onPlatform = rows(.widgetFamilies).filter { SpecSnapshot.matches(platform: platform, $0.fields) }
        guard let platform else {
            return Note(
                "The sources list no platform for \(family ?? mode ?? "this"): Apple's family table, as the sources "
                    + "summarize it, does not name it.")
        }
        if onPlatform.isEmpty {
            return Note(
                "The sources say nothing of widget families or rendering modes on \(platform) in this version; "
                    + "no availability is inferred.")
        }
        if let family {
            let listed = onPlatform.compactMap { entry -> String? in
                guard let name = entry.fields["family"]?.stringValue else { return nil }
                return entry.fields["supported"] == .bool(false) ? "\(name) (not supported)" : name
            }
            var note = Note(
                "The sources' summary of Apple's family table does not list \(family) on \(platform)"
                    + (listed.isEmpty ? "." : "; it lists \(listed.joined(separator: ", ")).")
            )
            let dimensioned = rows(.widgets).contains { entry in
                entry.fields["family"]?.stringValue == family && SpecSnapshot.matches(platform: platform, entry.fields)
            }
            if dimensioned {
                note +=
                    " Apple's \(platform) widget dimension table has \(family) rows (\(NoteReference.widgets(WidgetFilter(platform: filter.platform, family: filter.family))))."
            }
            return note
        }
        let listed = onPlatform.compactMap { entry -> String? in
            guard let name = entry.fields["renderingMode"]?.stringValue else { return nil }
            return entry.fields["supported"] == .bool(false) ? "\(name) (not supported)" : name
        }
        return Note(
            "The sources name no \(mode ?? "") rendering mode on \(platform)"
                + (listed.isEmpty
                    ? "; they name no rendering mode for it at all." : "; they name \(listed.joined(separator: ", ")).")
                + (onPlatform.compactMap { $0.fields["notes"]?.stringValue }.first { $0.contains("say nothing of") }
                    .map { " \($0)" } ?? ""))
    }
}
