import JSON
import SpecStore

/// DTCG 2025.10 `color` tokens from the `/v1/colors` rows: one file per appearance, each with the
/// same token set (a color is in it only if it has a value in every appearance, its own or the one
/// Apple gives for all of them), so a tool that imports one file per mode (Figma) loses none.
///
/// A token's path is its record id (`color.all.red`, `color.ios.gray-2`). Its value is the DTCG
/// color object (§8.1): `colorSpace` `srgb`, `components` 0–1, `alpha` 1 and the `hex` fallback.
/// Apple's swatches give channels 0–255 without naming a color space; the files say they read
/// them as sRGB, as a hex value is. Provenance rides in `$extensions` under
/// ``DesignTokens/extensionKey``.
package enum ColorTokens {
    /// What every color file says of its values.
    package static let colorNote =
        "Values are Apple's swatch channels (0-255) as DTCG sRGB colors; Apple's table names no color space, and the hex is the same value."

    /// The file of one appearance.
    ///
    /// - Parameters:
    ///   - rows: the color rows of one version (and platform, if one was asked for).
    package static func file(
        rows: [JSONValue], appearance: ColorAppearance, platform: String?, version: String
    ) -> JSONValue {
        var root = JSONObject()
        root.append(
            "$description",
            .string(
                "Apple HIG system colors, \(appearance.phrase)\(platform.map { ", \($0)" } ?? ""), store version \(version). \(colorNote)"
            ))
        var provenance = JSONObject()
        provenance.append("storeVersion", .string(version))
        provenance.append("appearance", .string(appearance.rawValue))
        if let platform { provenance.append("platform", .string(platform)) }
        let (kept, left) = partition(rows)
        if !left.isEmpty {
            provenance.append(
                "notes",
                [
                    .string(
                        "Left out, as Apple's table gives them no value in every appearance: \(left.joined(separator: ", "))."
                    )
                ])
        }
        root.append("$extensions", [DesignTokens.extensionKey: .object(provenance)])
        var tokens = JSONObject()
        for row in kept {
            guard let id = row["id"]?.stringValue, let value = value(of: row, in: appearance) else { continue }
            let path = id.splitASCII(".")
            insert(
                token(row: row, value: value, appearance: appearance, version: version), at: path.dropFirst(),
                into: &tokens)
        }
        root.append("color", .object(tokens))
        return .object(root)
    }

    /// The row's color in `appearance`: its own column, or the one value Apple gives for every
    /// appearance (`sameInEveryAppearance`); `nil` where it has neither.
    package static func value(of row: JSONValue, in appearance: ColorAppearance) -> JSONValue? {
        if let own = row[appearance.field], own.objectValue != nil { return own }
        guard row["sameInEveryAppearance"] == .bool(true), let one = row["value"], one.objectValue != nil else {
            return nil
        }
        return one
    }

    /// The rows with a value in every appearance, and the ids of the others.
    package static func partition(_ rows: [JSONValue]) -> (kept: [JSONValue], left: [String]) {
        var kept: [JSONValue] = []
        var left: [String] = []
        for row in rows {
            if ColorAppearance.allCases.allSatisfy({ value(of: row, in: $0) != nil }) {
                kept.append(row)
            } else if let id = row["id"]?.stringValue {
                left.append(id)
            }
        }
        return (kept, left)
    }

    /// The DTCG color of a store color object (`{red, green, blue, hex}`). `flat=true` changes
    /// nothing here: a color has no unit to leave out.
    package static func value(_ color: JSONValue) -> JSONValue {
        let hex = color["hex"] ?? .null
        let components = ["red", "green", "blue"].map { channel -> JSONValue in
            let value = color[channel]?.doubleValue ?? 0
            // Six decimals keep every 0-255 channel distinct and round-trip to it.
            return .number(JSONNumber((value / 255 * 1_000_000).rounded() / 1_000_000))
        }
        return [
            "colorSpace": "srgb", "components": .array(components), "alpha": 1,
            "hex": .string(hex.stringValue?.lowercased() ?? ""),
        ]
    }

    private static func token(row: JSONValue, value: JSONValue, appearance: ColorAppearance, version: String)
        -> JSONValue
    {
        var provenance = JSONObject()
        if let id = row["id"] { provenance.append("id", id) }
        if let status = row["status"] { provenance.append("status", status) }
        if let url = row["citations"]?.arrayValue?.first?["url"] { provenance.append("citation", url) }
        for key in ["swiftUI", "uiKit"] {
            if let name = row[key], !name.isNull { provenance.append(key, name) }
        }
        let one = row[appearance.field]?.objectValue == nil
        if let printed = row["asPublished"]?[one ? "value" : appearance.field] {
            provenance.append("asPublished", printed)
        }
        if let confidence = row["confidence"]?.stringValue { provenance.append("confidence", .string(confidence)) }
        provenance.append("storeVersion", .string(version))
        var token = JSONObject()
        token.append("$type", "color")
        token.append("$value", ColorTokens.value(value))
        let name = row["name"]?.stringValue ?? ""
        let table = row["table"]?.stringValue ?? ""
        token.append(
            "$description",
            .string("\(name) (\(table)), \(one ? "one value for every appearance" : appearance.phrase)."))
        token.append("$extensions", [DesignTokens.extensionKey: .object(provenance)])
        return .object(token)
    }

    private static func insert(_ leaf: JSONValue, at path: ArraySlice<String>, into group: inout JSONObject) {
        guard let first = path.first else { return }
        if path.count == 1 {
            group.append(first, leaf)
            return
        }
        var child = group[first]?.objectValue ?? JSONObject()
        insert(leaf, at: path.dropFirst(), into: &child)
        group[first] = .object(child)
    }
}
