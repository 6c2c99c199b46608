import JSON

/// How a row leads with its figure: the fields that say where a figure comes from or restate it
/// are detail, left out where a row is embedded in a summary answer or listed by a tool.
package enum RowLead {
    /// The fields of a row that say where a figure comes from or restate it rather than what it
    /// is: MCP's collection tools leave them out unless `detail` or `fields` asks, so their rows
    /// lead with the figure, its unit, status and citations (every other field, a new collection's
    /// included, is kept). The notes (a paragraph a row), the display string (value, unit and
    /// bound again), every platform of a figure and Apple's wording strength made a topic's
    /// figures several times the size of the figures themselves.
    package static let detailFields: Set<String> = [
        "asPublished", "since", "seen", "erratum", "presence", "basis", "downsampled",
        "notes", "display", "platforms", "force", "related",
    ]

    /// Whether `field` is detail in rows that have `fields`: one of ``detailFields``, but
    /// `platforms` only beside a row's own `platform` (a device's platforms say what it runs).
    package static func isDetail(_ field: String, among fields: some Sequence<String>) -> Bool {
        guard detailFields.contains(field) else { return false }
        return field != "platforms" || fields.contains("platform")
    }

    /// `row` without its detail fields (``isDetail(_:among:)``): how a row embedded in a summary
    /// answer (a device profile) leads with its figure; its id reads it whole.
    package static func lead(_ row: JSONValue) -> JSONValue {
        guard case .object(let object) = row else { return row }
        let keys = object.keys
        return .object(JSONObject(object.filter { !isDetail($0.key, among: keys) }.map { ($0.key, $0.value) }))
    }
}
