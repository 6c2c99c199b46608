/// Builds the API row of a record: the JSON object the HTTP routes render.
///
/// Field order: `id`; the collection's own fields in Docs/schema.md order, with `platform` (the
/// record's first platform) just before `platforms` on widgets, type, tracking and metric rows,
/// and `sizeClasses` just after `pixels` on device rows; then `status`, `unit` (`pt` when the
/// file leaves it out), `citations`, `basis`, `notes`, `since` and `until`.
enum RecordRow {
    static func make(
        id: String, collection: SpecCollection, fields: JSONObject, since: String, until: String?,
        sizeClasses: JSONValue? = nil
    ) -> JSONValue {
        var row = JSONObject()
        row.append("id", .string(id))
        for spec in CollectionSchema.fields(of: collection) {
            if spec.name == "platforms", collection.hasPrimaryPlatform {
                row.append("platform", fields["platforms"]?.arrayValue?.first ?? .null)
            }
            if let value = fields[spec.name] { row.append(spec.name, value) }
            if spec.name == "pixels", collection == .devices { row.append("sizeClasses", sizeClasses ?? .null) }
        }
        if collection.carriesFigures {
            row.append("status", fields["status"] ?? .null)
            row.append("unit", fields["unit"] ?? "pt")
            row.append("citations", fields["citations"] ?? .array([]))
            if let basis = fields["basis"] { row.append("basis", basis) }
        }
        if let notes = fields["notes"] { row.append("notes", notes) }
        row.append("since", .string(since))
        if let until { row.append("until", .string(until)) }
        return .object(row)
    }
}
