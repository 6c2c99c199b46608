import JSON

extension SpecSnapshot {
    /// Apple's system colors (`/v1/colors`), in the data file's order: the table for every
    /// platform and the iOS, iPadOS grays, or in versions before June 9, 2025 Apple's per-platform
    /// tables.
    ///
    /// Rows: `id`, `name`, `platform`, `platforms`, `table`, `tab` (macOS 2023), `swiftUI`,
    /// `uiKit`, `light`, `dark`, `increasedContrastLight`, `increasedContrastDark` (each
    /// `{red, green, blue, hex}` or `null` where Apple's table has no such column), `value`
    /// (a table with one column), `sameInEveryAppearance` (the one value holds in every appearance:
    /// the Activity ring colors), `asPublished`, `confidence` (`single-copy` where one named copy of
    /// Apple's page shows the values), then the provenance fields. A visionOS answer
    /// carries Apple's note that visionOS uses the dark values; an empty one says why.
    ///
    /// A name no color of this version has is an empty answer whose note offers the nearest names
    /// and lists them all: `name` is free text, as a version's names differ from another's.
    public func colors(matching filter: ColorFilter) throws(QueryError) -> QueryResult {
        let wanted = filter.name.map(Self.colorNameKey)
        if let raw = filter.name, let wanted {
            let known = rows(.colors).contains { Self.colorNames(of: $0.fields).contains(wanted) }
            guard known else {
                var accepted: [String] = []
                for entry in rows(.colors) {
                    for key in ["name", "swiftUI", "uiKit"] {
                        if let name = entry.fields[key]?.stringValue, !accepted.contains(name) { accepted.append(name) }
                    }
                }
                return QueryResult(
                    items: [],
                    notes: [
                        Note(
                            "No color of version \(version.id) is named '\(raw)'. "
                                + NearestSpelling.didYouMean(raw, among: accepted)
                                + "Names: \(accepted.joined(separator: ", ")).")
                    ])
            }
        }
        let field = filter.appearance?.field
        let items = rowValues(.colors, platform: filter.platform?.rawValue, where: [:]) { entry in
            if let wanted, !Self.colorNames(of: entry.fields).contains(wanted) { return false }
            // A color Apple gives one value for every appearance has a value in each.
            if let field, entry.fields[field]?.isNull ?? true, entry.fields["sameInEveryAppearance"] != .bool(true) {
                return false
            }
            return true
        }
        var notes: [Note] = []
        if filter.platform == .visionos, !items.isEmpty, let note = visionOSDarkNote() { notes.append(note) }
        guard items.isEmpty else { return QueryResult(chosen: items, notes: notes) }
        return QueryResult(items: [], notes: [emptyColorNote(filter)])
    }

    /// Apple's statement that visionOS uses the Default (dark) values, where the answer holds a row
    /// of the table it is printed under.
    private func visionOSDarkNote() -> Note? {
        let cited = rows(.colors).contains { entry in
            SpecSnapshot.matches(platform: "visionos", entry.fields)
                && entry.fields["platforms"]?.arrayValue?.first?.stringValue == "all"
        }
        guard cited else { return nil }
        return Note(
            "Apple (HIG › Color › Specifications): \"visionOS system colors use the default dark color values.\" "
                + "Read the dark values for visionOS.")
    }

    /// Why nothing matches.
    private func emptyColorNote(_ filter: ColorFilter) -> Note {
        if filter.platform == .tvos {
            return Note(
                "Apple's change log records tvOS color swatches added on September 12, 2023, but no copy of that "
                    + "table is in the sources, so this version holds no tvOS colors; Apple's table of June 9, 2025 "
                    + "applies to every platform, tvOS included.")
        }
        if let appearance = filter.appearance {
            return Note(
                "No color here has a \(appearance.phrase) value: Apple's table for this platform in this version "
                    + "has one column (its 2023 visionOS table, headed Default), which the rows give as value.")
        }
        if let platform = filter.platform {
            return Note("Apple's color tables in this version have no row for \(platform.rawValue) with these filters.")
        }
        return Note("No color matches these filters in this version.")
    }

    /// The keys a color is found by: its name and API names, lower case, letters and digits only.
    static func colorNames(of fields: JSONValue) -> [String] {
        ["name", "swiftUI", "uiKit"].compactMap { fields[$0]?.stringValue }.map(colorNameKey)
    }

    /// `Gray (2)`, `gray-2` and `gray2` alike: lower case, letters and digits only.
    static func colorNameKey(_ raw: String) -> String {
        String(raw.lowercased().filter { $0.isLetter || $0.isNumber })
    }
}
