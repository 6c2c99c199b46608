import JSON
import SpecStore

/// The Tokens Studio single-file shape: one token set per Dynamic Type category, `$themes` with
/// one theme per category (a Figma mode each), and `$metadata` with the set order; then one set
/// per color appearance (`colors/dark`, the tokens of `/v1/tokens/colors/{appearance}`), each a
/// theme of its own group, `Appearance`, so a tool picks a category and an appearance apart.
///
/// Each set is the category's DTCG file without its file-level `$description` and `$extensions`
/// (Tokens Studio reads every top-level key but `$themes` and `$metadata` as a set), so its
/// tokens, aliases and provenance are those of `/v1/tokens/dynamic-type/{category}`.
package enum TokensStudio {
    /// - Parameters:
    ///   - files: the DTCG file of each category that has published sizes, in category order.
    ///   - absent: the categories without published sizes on this platform (no set, no theme).
    ///   - colors: the DTCG color file of each appearance, in the appearances' order.
    package static func document(
        files: [(category: String, file: JSONValue)], absent: [String], platform: String, version: String,
        colors: [(appearance: String, file: JSONValue)] = []
    ) -> JSONValue {
        var document = JSONObject()
        var themes: [JSONValue] = []
        var order: [JSONValue] = []
        for (category, file) in files {
            let name = setName(platform: platform, category: category)
            var set = JSONObject()
            for (key, value) in file.objectValue ?? JSONObject() where !key.hasPrefix("$") { set.append(key, value) }
            document.append(name, .object(set))
            order.append(.string(name))
            themes.append([
                "id": .string("\(platform)-\(category)"),
                "name": .string(category),
                "group": .string("Dynamic Type (\(platform))"),
                "selectedTokenSets": .object(JSONObject([(name, "enabled")])),
            ])
        }
        for (appearance, file) in colors {
            let name = "colors/\(appearance)"
            var set = JSONObject()
            for (key, value) in file.objectValue ?? JSONObject() where !key.hasPrefix("$") { set.append(key, value) }
            document.append(name, .object(set))
            order.append(.string(name))
            themes.append([
                "id": .string("colors-\(appearance)"),
                "name": .string(appearance),
                "group": "Appearance",
                "selectedTokenSets": .object(JSONObject([(name, "enabled")])),
            ])
        }
        var notes: [JSONValue] = []
        if !absent.isEmpty {
            notes.append(
                .string(
                    "Apple publishes no \(platform) Dynamic Type sizes for \(absent.joined(separator: ", ")), so those categories have no set and no theme."
                ))
        }
        var provenance = JSONObject()
        provenance.append("storeVersion", .string(version))
        provenance.append("platform", .string(platform))
        provenance.append("notes", .array(notes))
        document.append("$themes", .array(themes))
        document.append(
            "$metadata",
            .object(JSONObject([("tokenSetOrder", .array(order)), (DesignTokens.extensionKey, .object(provenance))])))
        return .object(document)
    }

    /// `ios/large`: Tokens Studio shows a `/` as a folder.
    package static func setName(platform: String, category: String) -> String { "\(platform)/\(category)" }
}
