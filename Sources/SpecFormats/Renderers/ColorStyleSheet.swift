import JSON
import SpecStore

/// `format=css` on `/v1/colors` (a collection whose entry has a style sheet):
/// CSS custom properties, one per color, with the light values on `:root` and the others in
/// `prefers-color-scheme: dark` and `prefers-contrast: more` blocks (the two together last, so
/// the dark increased-contrast value wins where both hold).
///
/// A property is `--hig-color-` and the record id without `color.` and, for the table for every
/// platform, without `all.` (`--hig-color-red`, `--hig-color-ios-gray-2`). Each property's comment
/// gives the color, its status and citation. A row with only one value (Apple's 2023 visionOS
/// table, the Activity ring colors) sets it on `:root` alone, and says so.
package enum ColorStyleSheet {
    /// The style sheet for `rows`; `notes` (why an answer is empty) become comments.
    package static func render(rows: [JSONValue], version: String, notes: [String], request: String) -> String {
        var out = """
            /* Apple HIG system colors as CSS custom properties, store version \(comment(version)).
               From the HIG spec service, GET \(comment(request)).
               Each value is Apple's published swatch (0-255, written as hex); Apple's table names no
               color space. Light values on :root; dark, increased contrast, and both, in the blocks after. */

            """
        for note in notes { out += "/* Note: \(comment(note)) */\n" }
        out += ":root {\n  color-scheme: light dark;\n"
        let parts = rows.map { row in keptParts.value(for: row) { Parts(row) } }
        for part in parts {
            guard let property = part.property else { continue }
            out += "  /* \(part.described) */\n"
            if let light = part.light {
                out += "  \(property): \(light);\n"
            } else if let value = part.value {
                out +=
                    part.sameInEveryAppearance
                    ? "  /* Apple gives this color one value, for every appearance. */\n"
                    : "  /* Apple's table has one column (Default) for this row, the same in every appearance. */\n"
                out += "  \(property): \(value);\n"
            }
        }
        out += "}\n"
        out += block("@media (prefers-color-scheme: dark)", parts, \.dark)
        out += block("@media (prefers-contrast: more)", parts, \.increasedContrastLight)
        out += block("@media (prefers-color-scheme: dark) and (prefers-contrast: more)", parts, \.increasedContrastDark)
        return out
    }

    /// What the sheet writes of one row, which depends on the row alone: kept per row.
    private struct Parts: Sendable {
        let property: String?
        let described: String
        let light: String?
        let value: String?
        let sameInEveryAppearance: Bool
        let dark: String?
        let increasedContrastLight: String?
        let increasedContrastDark: String?

        init(_ row: JSONValue) {
            property = ColorStyleSheet.property(row)
            described = ColorStyleSheet.describe(row)
            light = ColorStyleSheet.hex(row, "light")
            value = ColorStyleSheet.hex(row, "value")
            sameInEveryAppearance = row["sameInEveryAppearance"] == .bool(true)
            dark = ColorStyleSheet.hex(row, "dark")
            increasedContrastLight = ColorStyleSheet.hex(row, "increasedContrastLight")
            increasedContrastDark = ColorStyleSheet.hex(row, "increasedContrastDark")
        }
    }

    private static let keptParts = KeptByRow<Parts>()

    /// `--hig-color-ios-gray-2`.
    package static func property(_ row: JSONValue) -> String? {
        guard let id = row["id"]?.stringValue else { return nil }
        var segments = id.utf8.split(separator: UInt8(ascii: "."))
        if segments.first?.elementsEqual("color".utf8) == true { segments.removeFirst() }
        if segments.first?.elementsEqual("all".utf8) == true { segments.removeFirst() }
        // An id is ASCII (lower-case words joined by dots or dashes): its letters and digits
        // are kept, in lower case, and anything else is a dash, byte by byte.
        guard id.utf8.allSatisfy({ $0 < 0x80 }) else {
            let name = segments.map { String(Substring($0)) }.joined(separator: "-").lowercased().map {
                character -> Character in
                character.isLetter || character.isNumber || character == "-" ? character : "-"
            }
            return "--hig-color-" + String(name)
        }
        var name = Array("--hig-color-".utf8)
        for (index, segment) in segments.enumerated() {
            if index > 0 { name.append(UInt8(ascii: "-")) }
            for byte in segment {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): name.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): name.append(byte + 0x20)
                default: name.append(UInt8(ascii: "-"))
                }
            }
        }
        return String(decoding: name, as: UTF8.self)
    }

    private static func block(_ query: String, _ parts: [Parts], _ field: KeyPath<Parts, String?>) -> String {
        var lines: [String] = []
        for part in parts {
            guard let property = part.property, let value = part[keyPath: field] else { continue }
            lines.append("    \(property): \(value);")
        }
        guard !lines.isEmpty else { return "" }
        return "\n\(query) {\n  :root {\n" + lines.joined(separator: "\n") + "\n  }\n}\n"
    }

    /// A color field's `#RRGGBB`, or `nil` where the row has none; only hex digits pass.
    private static func hex(_ row: JSONValue, _ field: String) -> String? {
        guard let hex = row[field]?["hex"]?.stringValue, hex.count == 7, hex.hasPrefix("#"),
            hex.dropFirst().allSatisfy(\.isHexDigit)
        else { return nil }
        return hex
    }

    private static func describe(_ row: JSONValue) -> String {
        var words = "\(row["name"]?.stringValue ?? "") (\(row["table"]?.stringValue ?? ""))"
        if let tab = row["tab"]?.stringValue { words += ", \(tab) tab" }
        words += ", \(row["id"]?.stringValue ?? "")"
        words += ": \(row["status"]?.stringValue ?? "unknown")"
        if let citation = row["citations"]?.arrayValue?.first {
            let place = [citation["page"]?.stringValue, citation["section"]?.stringValue].compactMap { $0 }
            words += ", \(place.joined(separator: " › "))"
            if let url = citation["url"]?.stringValue { words += ", \(url)" }
        }
        return comment(words)
    }

    /// Text safe inside a CSS comment: no `*/` (written `* /`), no control characters (each a
    /// space).
    package static func comment(_ text: String) -> String {
        CommentText.cleaned(text, splittingStarSlash: true)
    }
}
