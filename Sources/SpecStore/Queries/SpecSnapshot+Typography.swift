import JSON

extension SpecSnapshot {
    /// Dynamic Type rows (`/v1/dynamic-type`), in the data file's order.
    ///
    /// Rows: `id`, `platform`, `platforms`, `category`, `categoryLabel`, `isDefault`, `style`, `label`,
    /// `weight`, `size`, `leading`, `emphasizedWeight`, then the provenance fields. `category` and
    /// `style` accept aliases (`AX5`, `xs`, `L`; `Title 1`, `subhead`).
    public func dynamicType(matching filter: DynamicTypeFilter) throws(QueryError) -> QueryResult {
        // Apple's watchOS table has no case-size column: its rows apply to every case size.
        if let size = filter.caseSize {
            var every = filter
            every.caseSize = nil
            return narrowed(try dynamicType(matching: every), to: size, everyCase: true, noun: "Dynamic Type row")
        }
        let platform = filter.platform?.rawValue
        let category = filter.category?.rawValue
        let style = try filter.style.map { (raw) throws(QueryError) in
            try resolveStyle(raw, in: .dynamicType)
        }
        let items = rowValues(.dynamicType, platform: platform, where: ["category": category, "style": style])
        let notes =
            items.isEmpty ? emptyDynamicTypeNotes(platform: filter.platform, category: category, style: style) : []
        return QueryResult(chosen: items, notes: notes)
    }

    /// The other platforms' text styles (`/v1/text-styles`: macOS, tvOS), in the same row shape
    /// as Dynamic Type without `category`.
    public func textStyles(matching filter: TextStyleFilter) throws(QueryError) -> QueryResult {
        let platform = filter.platform?.rawValue
        let style = try filter.style.map { (raw) throws(QueryError) in
            try resolveStyle(raw, in: .textStyles)
        }
        let items = rowValues(.textStyles, platform: platform, where: ["style": style])
        return QueryResult(chosen: items, notes: items.isEmpty ? emptyTextStyleNotes(platform: filter.platform) : [])
    }

    /// Tracking values (`/v1/tracking`), in the data file's order.
    ///
    /// Rows: `id`, `platform`, `platforms`, `font`, `size`, `trackingEm`, `trackingPt`,
    /// `asPublished`, then the provenance fields. `font` matches ignoring case and separators.
    public func tracking(matching filter: TrackingFilter) throws(QueryError) -> QueryResult {
        let platform = filter.platform?.rawValue
        let font = try filter.font.map { (raw) throws(QueryError) in
            try resolve(raw, among: acceptedValues(for: .font), parameter: "font")
        }
        let size = filter.size
        let items = rowValues(
            .tracking, platform: platform, where: ["font": font],
            accept: size.map { size in { entry in entry.fields["size"]?.doubleValue == size } })
        let notes = items.isEmpty ? emptyTrackingNotes(platform: platform, font: font, size: filter.size) : []
        return QueryResult(chosen: items, notes: notes)
    }

    /// The style `raw` names in `collection`; a style only the other table has (both routes
    /// accept the one `style` vocabulary) matches no row here, so the answer is empty, not a 400.
    private func resolveStyle(_ raw: String, in collection: SpecCollection) throws(QueryError) -> String {
        let styles = collection == .dynamicType ? vocabulary.dynamicTypeStyles : vocabulary.textStyles
        do {
            return try resolve(raw, among: styles, parameter: "style", aliases: FilterVocabulary.styleAliases)
        } catch {
            guard
                let other = try? resolve(
                    raw, among: vocabulary.allStyles, parameter: "style", aliases: FilterVocabulary.styleAliases)
            else { throw error }
            return other
        }
    }
}
