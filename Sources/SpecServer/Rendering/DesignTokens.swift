import SpecStore

/// W3C Design Tokens (DTCG 2025.10) files built from store rows.
///
/// Dimensions are `{"value": 17, "unit": "px"}` because DTCG has no `pt`; px here means iOS
/// points, as every file's `$description` says. `flat` writes unitless numbers instead, for
/// native pipelines that cannot do arithmetic on unit objects. Provenance rides in `$extensions`
/// under one reverse-DNS key.
enum DesignTokens {
    /// The `$extensions` key that carries provenance.
    static let extensionKey = "org.hig-spec"

    static let unitNote =
        "Dimensions are in px as DTCG requires; 1 px here is 1 point (pt) on Apple platforms."

    /// One file per Dynamic Type category, each with the same token set: a style's field is
    /// included only if every category of the platform has it, so a tool that keeps only tokens
    /// present in every file (Figma's mode import) loses none.
    ///
    /// - Parameter rows: every Dynamic Type row of one platform in one store version.
    static func dynamicType(
        rows: [JSONValue], category: String, platform: String, version: String, flat: Bool
    ) -> JSONValue {
        let fields: [(source: String, token: String, kind: String)] = [
            ("size", "fontSize", "dimension"),
            ("leading", "lineHeight", "dimension"),
            ("weight", "fontWeight", "fontWeight"),
            ("emphasizedWeight", "emphasizedFontWeight", "fontWeight"),
        ]
        let categories = Set(rows.compactMap { $0["category"]?.stringValue })
        var styles: [String] = []
        for row in rows {
            if let style = row["style"]?.stringValue, !styles.contains(style) { styles.append(style) }
        }
        var typography = JSONObject()
        typography.append("$description", .string("Apple Dynamic Type text styles. " + unitNote))
        for style in styles {
            let styleRows = rows.filter { $0["style"]?.stringValue == style }
            guard Set(styleRows.compactMap { $0["category"]?.stringValue }) == categories,
                let row = styleRows.first(where: { $0["category"]?.stringValue == category })
            else { continue }
            var group = JSONObject()
            if let label = row["label"]?.stringValue { group.append("$description", .string(label)) }
            group.append(
                "fontFamily",
                token(type: "fontFamily", value: .string(fontFamily(platform: platform)), row: row, version: version))
            for field in fields {
                let everywhere = styleRows.allSatisfy { value(of: field.source, in: $0) != nil }
                guard everywhere, let raw = value(of: field.source, in: row) else { continue }
                let tokenValue: JSONValue
                let type: String
                switch (field.kind, flat) {
                case ("dimension", false):
                    tokenValue = ["value": raw, "unit": "px"]
                    type = "dimension"
                case ("dimension", true):
                    tokenValue = raw
                    type = "number"
                default:
                    guard let weight = fontWeight(raw) else { continue }
                    tokenValue = .number(JSONNumber(weight))
                    type = flat ? "number" : "fontWeight"
                }
                group.append(field.token, token(type: type, value: tokenValue, row: row, version: version))
            }
            typography.append(style, .object(group))
        }
        var file = JSONObject()
        file.append(
            "$description",
            .string("Apple HIG Dynamic Type, \(platform), category \(category), store version \(version). \(unitNote)"))
        file.append(
            "$extensions",
            [
                extensionKey: [
                    "storeVersion": .string(version), "platform": .string(platform), "category": .string(category),
                ]
            ])
        file.append("typography", .object(typography))
        return .object(file)
    }

    /// The metrics as tokens, grouped by the segments of their ids (`controls` › `ios` › …).
    static func metrics(rows: [JSONValue], version: String, flat: Bool) -> JSONValue {
        var root = JSONObject()
        root.append("$description", .string("Apple HIG metrics, store version \(version). \(unitNote)"))
        root.append("$extensions", [extensionKey: ["storeVersion": .string(version)]])
        for row in rows {
            guard let id = row["id"]?.stringValue else { continue }
            var path = id.split(separator: ".").map(String.init)
            if path.first == "metric" { path.removeFirst() }
            guard !path.isEmpty else { continue }
            let unit = row["unit"]?.stringValue ?? "pt"
            var leaves: [(String, JSONValue)] = []
            for field in ["value", "width", "height", "min", "max"] {
                guard let raw = row[field], case .number = raw else { continue }
                leaves.append((field, token(number: raw, unit: unit, row: row, version: version, flat: flat)))
            }
            guard !leaves.isEmpty else { continue }
            let leaf: JSONValue
            if leaves.count == 1 && leaves[0].0 == "value" {
                leaf = leaves[0].1
            } else {
                var group = JSONObject()
                if let name = row["name"]?.stringValue { group.append("$description", .string(name)) }
                for (name, value) in leaves { group.append(name, value) }
                leaf = .object(group)
            }
            insert(leaf, at: path[...], into: &root)
        }
        return .object(root)
    }

    /// Puts `leaf` at `path`, creating groups; a clash with an existing token keeps both by
    /// joining the rest of the path with `-`.
    private static func insert(_ leaf: JSONValue, at path: ArraySlice<String>, into group: inout JSONObject) {
        let name = path.first!
        if path.count == 1 {
            group[group.contains(key: name) ? name + "-value" : name] = leaf
            return
        }
        if let existing = group[name] {
            guard case .object(var nested) = existing, nested["$value"] == nil else {
                group[path.joined(separator: "-")] = leaf
                return
            }
            insert(leaf, at: path.dropFirst(), into: &nested)
            group[name] = .object(nested)
        } else {
            var nested = JSONObject()
            insert(leaf, at: path.dropFirst(), into: &nested)
            group[name] = .object(nested)
        }
    }

    private static func token(number: JSONValue, unit: String, row: JSONValue, version: String, flat: Bool)
        -> JSONValue
    {
        if flat { return token(type: "number", value: number, row: row, version: version, unit: unit) }
        switch unit {
        case "pt", "px":
            return token(
                type: "dimension", value: ["value": number, "unit": "px"], row: row, version: version, unit: unit)
        case "s":
            return token(
                type: "duration", value: ["value": number, "unit": "s"], row: row, version: version, unit: unit)
        default:
            return token(type: "number", value: number, row: row, version: version, unit: unit)
        }
    }

    private static func token(type: String, value: JSONValue, row: JSONValue, version: String, unit: String? = nil)
        -> JSONValue
    {
        var provenance = JSONObject()
        if let id = row["id"] { provenance.append("id", id) }
        if let status = row["status"] { provenance.append("status", status) }
        if let url = row["citations"]?.arrayValue?.first?["url"] { provenance.append("citation", url) }
        if let unit { provenance.append("unit", .string(unit)) }
        provenance.append("storeVersion", .string(version))
        var token = JSONObject()
        token.append("$type", .string(type))
        token.append("$value", value)
        token.append("$extensions", [extensionKey: .object(provenance)])
        return .object(token)
    }

    private static func value(of field: String, in row: JSONValue) -> JSONValue? {
        guard let value = row[field], !value.isNull else { return nil }
        return value
    }

    /// The system font family Apple's Typography page names for a platform.
    static func fontFamily(platform: String) -> String {
        platform == "watchos" ? "SF Compact" : "SF Pro"
    }

    /// A weight name (`Regular`, `Semibold`) as the CSS/DTCG number; numbers pass through.
    static func fontWeight(_ value: JSONValue) -> Int? {
        if let number = value.doubleValue { return Int(number) }
        guard let name = value.stringValue else { return nil }
        let weights = [
            "ultralight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
            "bold": 700, "heavy": 800, "black": 900,
        ]
        return weights[FilterVocabulary.matchKey(name)]
    }
}
