import JSON
import SpecStore

/// W3C Design Tokens (DTCG 2025.10) files built from store rows.
///
/// Dimensions are `{"value": 17, "unit": "px"}` because DTCG has no `pt` (§8.2 allows only `px`
/// and `rem`); px here means Apple points for every figure the store gives in points, and real
/// pixels for the figures it gives in pixels, as each file's and token's `$description` says.
/// `flat` writes unitless numbers instead, for native pipelines that cannot do arithmetic on unit
/// objects. Provenance rides in `$extensions` under one reverse-DNS key.
package enum DesignTokens {
    /// The `$extensions` key that carries provenance.
    package static let extensionKey = "org.hig-spec"

    package static let unitNote =
        "Dimensions are in px as DTCG requires; 1 px here is 1 point (pt) on Apple platforms."

    package static let metricUnitNote =
        "Dimensions are in px as DTCG requires. A token whose $extensions unit is pt is in points (1 px here is 1 pt); a token whose unit is px (app icons, screenshots) is in real pixels, and its $description says so. Durations are DTCG durations in seconds."

    /// One file per Dynamic Type category, each with the same token set: a style's field is
    /// included only if every category of the platform has it, so a tool that keeps only tokens
    /// present in every file (Figma's mode import) loses none.
    ///
    /// - Parameters:
    ///   - rows: every Dynamic Type row of one platform in one store version.
    ///   - tracking: the tracking rows of that platform, for `letterSpacing`.
    package static func dynamicType(
        rows: [JSONValue], tracking: [JSONValue], category: String, platform: String, version: String, flat: Bool
    ) -> JSONValue {
        var typography = JSONObject()
        typography.append("$description", .string("Apple Dynamic Type text styles. " + unitNote))
        appendStyles(
            rows: rows, tracking: tracking, path: ["typography"], platform: platform, version: version, flat: flat,
            into: &typography
        ) { styleRows in
            let categories = Set(rows.compactMap { $0["category"]?.stringValue })
            guard Set(styleRows.compactMap { $0["category"]?.stringValue }) == categories else { return nil }
            return styleRows.first { $0["category"]?.stringValue == category }
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

    /// The text styles of the platforms without Dynamic Type (macOS, tvOS): one group per
    /// platform under `typography`.
    ///
    /// - Parameters:
    ///   - rows: the text-style rows of the platforms asked for.
    ///   - tracking: the tracking rows of those platforms.
    package static func textStyles(
        rows: [JSONValue], tracking: [JSONValue], platforms: [String], version: String, flat: Bool
    ) -> JSONValue {
        var typography = JSONObject()
        typography.append("$description", .string("Apple's built-in text styles per platform. " + unitNote))
        for platform in platforms {
            let platformRows = rows.filter { rowPlatforms($0).contains(platform) }
            guard !platformRows.isEmpty else { continue }
            let platformTracking = tracking.filter { rowPlatforms($0).contains(platform) }
            var group = JSONObject()
            group.append("$description", .string("\(platform) text styles, from Apple's \(platform) table."))
            appendStyles(
                rows: platformRows, tracking: platformTracking, path: ["typography", platform], platform: platform,
                version: version, flat: flat, into: &group
            ) { $0.first }
            typography.append(platform, .object(group))
        }
        var file = JSONObject()
        file.append(
            "$description",
            .string(
                "Apple HIG text styles (\(platforms.joined(separator: ", "))), store version \(version). \(unitNote)"))
        file.append(
            "$extensions",
            [
                extensionKey: [
                    "storeVersion": .string(version), "platforms": .array(platforms.map { .string($0) }),
                ]
            ])
        file.append("typography", .object(typography))
        return .object(file)
    }

    /// Appends one group per text style: its dimension, weight and family tokens, and a composite
    /// `typography` token (`style`) where every row of the style has a size, a leading, a weight
    /// and a tracking row for its size.
    ///
    /// - Parameter pick: the row of a style's rows that this file shows, or `nil` to leave the
    ///   style out.
    private static func appendStyles(
        rows: [JSONValue], tracking: [JSONValue], path: [String], platform: String, version: String, flat: Bool,
        into container: inout JSONObject, pick: ([JSONValue]) -> JSONValue?
    ) {
        let fields: [(source: String, token: String, kind: String)] = [
            ("size", "fontSize", "dimension"),
            ("leading", "lineHeight", "dimension"),
            ("weight", "fontWeight", "fontWeight"),
            ("emphasizedWeight", "emphasizedFontWeight", "fontWeight"),
        ]
        let family = fontFamily(platform: platform)
        var trackingBySize: [Double: JSONValue] = [:]
        for row in tracking where row["font"]?.stringValue == family {
            if let size = row["size"]?.doubleValue { trackingBySize[size] = row }
        }
        var styles: [String] = []
        for row in rows {
            if let style = row["style"]?.stringValue, !styles.contains(style) { styles.append(style) }
        }
        for style in styles {
            let styleRows = rows.filter { $0["style"]?.stringValue == style }
            guard let row = pick(styleRows) else { continue }
            var group = JSONObject()
            var description = row["label"]?.stringValue ?? style
            let composite = compositeGap(styleRows, trackingBySize: trackingBySize, family: family)
            if let gap = composite {
                description += ". No composite typography token: \(gap) No figure is interpolated."
            }
            group.append("$description", .string(description))
            group.append(
                "fontFamily", token(type: "fontFamily", value: .string(family), row: row, version: version))
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
            if composite == nil, let size = row["size"]?.doubleValue, let trackingRow = trackingBySize[size] {
                group.append(
                    "style",
                    typographyToken(
                        row: row, tracking: trackingRow,
                        reference: flat ? nil : (path + [style]).joined(separator: "."),
                        family: family, version: version))
            }
            container.append(style, .object(group))
        }
    }

    /// Why a style gets no composite token, or `nil` when every row has what one needs.
    private static func compositeGap(_ rows: [JSONValue], trackingBySize: [Double: JSONValue], family: String)
        -> String?
    {
        if trackingBySize.isEmpty {
            return "this store version has no \(family) tracking table for letterSpacing."
        }
        for row in rows {
            guard let size = row["size"]?.doubleValue, row["leading"]?.doubleValue != nil,
                let weight = row["weight"], fontWeight(weight) != nil
            else { return "a row lacks a size, leading or weight." }
            if trackingBySize[size] == nil {
                let category = row["category"]?.stringValue.map { " (\($0))" } ?? ""
                return "Apple's \(family) tracking table has no row for \(JSONNumber(size)) pt\(category)."
            }
        }
        return nil
    }

    /// The composite DTCG `typography` token (§9.8) of one style.
    ///
    /// `fontFamily`, `fontSize` and `fontWeight` refer to the style's own tokens (so an edit to
    /// one shows in the composite) unless `reference` is `nil` (flat files, whose sibling tokens
    /// are plain numbers). `lineHeight` is DTCG's multiplier of the font size: Apple's leading
    /// divided by the size. `letterSpacing` is the tracking table's point value at that size.
    private static func typographyToken(
        row: JSONValue, tracking: JSONValue, reference: String?, family: String, version: String
    ) -> JSONValue {
        let size = row["size"]?.doubleValue ?? 0
        let leading = row["leading"]?.doubleValue ?? 0
        let weight = row["weight"].flatMap(fontWeight) ?? 400
        var value = JSONObject()
        if let reference {
            value.append("fontFamily", .string("{\(reference).fontFamily}"))
            value.append("fontSize", .string("{\(reference).fontSize}"))
            value.append("fontWeight", .string("{\(reference).fontWeight}"))
        } else {
            value.append("fontFamily", .string(family))
            value.append("fontSize", ["value": .number(JSONNumber(size)), "unit": "px"])
            value.append("fontWeight", .number(JSONNumber(weight)))
        }
        value.append("letterSpacing", ["value": tracking["trackingPt"] ?? 0, "unit": "px"])
        value.append("lineHeight", .number(JSONNumber(leading / size)))
        var provenance = JSONObject()
        if let id = row["id"] { provenance.append("id", id) }
        if let status = row["status"] { provenance.append("status", status) }
        if let url = row["citations"]?.arrayValue?.first?["url"] { provenance.append("citation", url) }
        if let id = tracking["id"] { provenance.append("tracking", id) }
        if let url = tracking["citations"]?.arrayValue?.first?["url"] { provenance.append("trackingCitation", url) }
        provenance.append("leading", .number(JSONNumber(leading)))
        provenance.append("storeVersion", .string(version))
        var token = JSONObject()
        token.append("$type", "typography")
        token.append(
            "$description",
            .string(
                "\(row["label"]?.stringValue ?? "Text style"): \(JSONNumber(size)) pt on \(JSONNumber(leading)) pt leading (lineHeight is the multiplier \(JSONNumber(leading))/\(JSONNumber(size))), tracking \(tracking["trackingPt"].map { $0.serialized() } ?? "0") pt from Apple's tracking table at \(JSONNumber(size)) pt."
            ))
        token.append("$value", .object(value))
        token.append("$extensions", [extensionKey: .object(provenance)])
        return .object(token)
    }

    /// The metrics as tokens, grouped by the segments of their ids (`controls` › `ios` › …).
    package static func metrics(rows: [JSONValue], version: String, flat: Bool, filters: [String: String] = [:])
        -> JSONValue
    {
        var root = JSONObject()
        var description = "Apple HIG metrics, store version \(version)"
        if !filters.isEmpty {
            description +=
                " ("
                + filters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                    separator: ", ") + ")"
        }
        root.append("$description", .string(description + ". " + metricUnitNote))
        var provenance = JSONObject([("storeVersion", .string(version))])
        for (name, value) in filters.sorted(by: { $0.key < $1.key }) { provenance.append(name, .string(value)) }
        root.append("$extensions", [extensionKey: .object(provenance)])
        for row in rows {
            guard let id = row["id"]?.stringValue else { continue }
            var path = id.splitASCII(".")
            if path.first == "metric" { path.removeFirst() }
            guard !path.isEmpty else { continue }
            let unit = row["unit"]?.stringValue ?? "pt"
            let name = row["name"]?.stringValue ?? id
            let description = unit == "px" ? "\(name). In real pixels (px), not points." : name
            var leaves: [(String, JSONValue)] = []
            for field in ["value", "width", "height", "min", "max"] {
                guard let raw = row[field], case .number = raw else { continue }
                leaves.append((field, token(number: raw, unit: unit, row: row, version: version, flat: flat)))
            }
            guard !leaves.isEmpty else { continue }
            let leaf: JSONValue
            if leaves.count == 1 && leaves[0].0 == "value", case .object(var single) = leaves[0].1 {
                single.keysFirst("$description", .string(description))
                leaf = .object(single)
            } else {
                var group = JSONObject()
                group.append("$description", .string(description))
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
        if let index = group.index(forKey: name) {
            // The group is changed where it is: read out and set back, each insert copied every
            // group on its path, a third of a never-seen token file.
            let clashes = group.modifyValue(at: index) { existing in
                guard case .object(var nested) = existing, nested["$value"] == nil else { return true }
                existing = .null
                insert(leaf, at: path.dropFirst(), into: &nested)
                existing = .object(nested)
                return false
            }
            if clashes { group[path.joined(separator: "-")] = leaf }
        } else {
            var nested = JSONObject()
            insert(leaf, at: path.dropFirst(), into: &nested)
            group[name] = .object(nested)
        }
    }

    /// Seconds per unit, for the store's time units that DTCG's `duration` (§8.5: `ms` or `s`)
    /// does not name.
    private static let secondsPerUnit: [String: Double] = ["s": 1, "min": 60, "h": 3600]

    private static func token(number: JSONValue, unit: String, row: JSONValue, version: String, flat: Bool)
        -> JSONValue
    {
        if flat { return token(type: "number", value: number, row: row, version: version, unit: unit) }
        if unit == "pt" || unit == "px" {
            return token(
                type: "dimension", value: ["value": number, "unit": "px"], row: row, version: version, unit: unit)
        }
        if unit == "ms" {
            return token(
                type: "duration", value: ["value": number, "unit": "ms"], row: row, version: version, unit: unit)
        }
        if let factor = secondsPerUnit[unit], let amount = number.doubleValue {
            return token(
                type: "duration", value: ["value": .number(JSONNumber(amount * factor)), "unit": "s"], row: row,
                version: version, unit: unit, asPublished: number)
        }
        return token(type: "number", value: number, row: row, version: version, unit: unit)
    }

    private static func token(
        type: String, value: JSONValue, row: JSONValue, version: String, unit: String? = nil,
        asPublished: JSONValue? = nil
    ) -> JSONValue {
        var provenance = JSONObject()
        if let id = row["id"] { provenance.append("id", id) }
        if let status = row["status"] { provenance.append("status", status) }
        if let url = row["citations"]?.arrayValue?.first?["url"] { provenance.append("citation", url) }
        if let unit { provenance.append("unit", .string(unit)) }
        if let asPublished { provenance.append("asPublished", asPublished) }
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

    private static func rowPlatforms(_ row: JSONValue) -> [String] {
        row["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    /// The system font family Apple's Typography page names for a platform.
    package static func fontFamily(platform: String) -> String {
        platform == "watchos" ? "SF Compact" : "SF Pro"
    }

    /// A weight name (`Regular`, `Semibold`) as the CSS/DTCG number; numbers pass through.
    package static func fontWeight(_ value: JSONValue) -> Int? {
        if let number = value.doubleValue { return Int(number) }
        guard let name = value.stringValue else { return nil }
        let weights = [
            "ultralight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600,
            "bold": 700, "heavy": 800, "black": 900,
        ]
        return weights[FilterVocabulary.matchKey(name)]
    }
}

extension JSONObject {
    /// Puts a member first, replacing any member of that name.
    fileprivate mutating func keysFirst(_ key: String, _ value: JSONValue) {
        var first = JSONObject()
        first.reserveCapacity(count + 1)
        first.append(key, value)
        for (other, value) in self where other != key { first.append(other, value) }
        self = first
    }
}
