import JSON
import SpecStore

extension SwiftSource {
    /// SwiftUI's own `Color` members of Apple's system colors: a SwiftUI name outside this list
    /// (Apple's 2023 gray column printed `systemGray2` under SwiftUI API) is no `Color` member.
    package static let swiftUIColors: Set<String> = [
        "red", "orange", "yellow", "green", "mint", "teal", "cyan", "blue", "indigo", "purple", "pink", "brown",
        "gray",
    ]

    /// `/v1/colors` as Swift: `HIGColorValue`, a plain RGB value that compiles anywhere, and one
    /// `enum` per color under `HIGColors`. Where SwiftUI is, each color's `system` comes first:
    /// SwiftUI's own adaptive color (`Color.indigo`, or UIKit's `systemGray2` through
    /// `Color(uiColor:)`), which follows the appearance and Increase Contrast at run time; the
    /// constants after it are Apple's published reference values per appearance.
    package static func colors(_ rows: [JSONValue]) -> String {
        var out = """
            /// A color as Apple's HIG swatches give it: red, green and blue from 0 to 255 (Apple's
            /// table names no color space; `color` reads them as sRGB).
            public struct HIGColorValue: Sendable, Hashable {
                public let red: UInt8
                public let green: UInt8
                public let blue: UInt8
                /// `#RRGGBB`.
                public let hex: String
            }

            #if canImport(SwiftUI)
            extension HIGColorValue {
                /// The value as a fixed SwiftUI color (sRGB); prefer the adaptive `system` color in UI.
                public var color: Color {
                    Color(.sRGB, red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255)
                }
            }
            #endif

            /// Apple's system colors, one namespace per row of Apple's tables.
            public enum HIGColors {

            """
        var used: Set<String> = []
        for (index, row) in rows.enumerated() {
            guard let id = row["id"]?.stringValue else { continue }
            var segments = id.splitASCII(".")
            if segments.first == "color" { segments.removeFirst() }
            // The table for every platform needs no platform in its name: `HIGColors.Indigo`.
            if segments.first == "all" { segments.removeFirst() }
            var name = identifier(segments.joined(separator: "-"), upper: true)
            while used.contains(name) { name += "_" }
            used.insert(name)
            if index > 0 { out += "\n" }
            out += colorLines(row, id: id, name: name).map { $0.isEmpty ? "\n" : "    \($0)\n" }.joined()
        }
        out += "}\n"
        return out
    }

    private static func colorLines(_ row: JSONValue, id: String, name: String) -> [String] {
        let title = row["name"]?.stringValue ?? id
        let table = row["table"]?.stringValue ?? ""
        var lines = ["/// \(commentText(title)) (\(commentText(table))), `\(commentText(id))`."]
        lines.append("/// Status: \(commentText(row["status"]?.stringValue ?? "unknown")).")
        for citation in row["citations"]?.arrayValue ?? [] {
            let place = [citation["page"]?.stringValue, citation["section"]?.stringValue].compactMap { $0 }
            var line = "/// Source: \(commentText(place.joined(separator: " › ")))"
            if let url = citation["url"]?.stringValue { line += ", \(commentText(url))" }
            lines.append(line)
            if let quote = citation["quote"]?.stringValue { lines.append("/// Apple: \"\(commentText(quote))\"") }
        }
        lines.append("public enum \(name) {")
        if let system = systemColor(row) {
            lines += [
                "    \(system.condition)",
                "    /// \(system.words): it follows the appearance and Increase Contrast.",
                "    public static let system = \(system.expression)",
                "    #endif",
            ]
        }
        for appearance in ColorAppearance.allCases {
            lines += constantLines(
                row[appearance.field], name: identifier(appearance.field, upper: false), phrase: appearance.phrase)
        }
        lines += constantLines(
            row["value"], name: "value",
            phrase: row["sameInEveryAppearance"] == .bool(true)
                ? "Apple's one value, for every appearance" : "The one column of Apple's table (Default)")
        if let confidence = row["confidence"]?.stringValue {
            lines.insert("/// Confidence: \(commentText(confidence)).", at: 2)
        }
        lines.append("}")
        return lines
    }

    /// The SwiftUI expression for the color's adaptive system color and the `#if` it needs, or
    /// `nil` where Apple's table names no API SwiftUI or UIKit has.
    private static func systemColor(_ row: JSONValue) -> (condition: String, expression: String, words: String)? {
        if let swiftUI = row["swiftUI"]?.stringValue, swiftUIColors.contains(swiftUI) {
            return ("#if canImport(SwiftUI)", "Color.\(swiftUI)", "SwiftUI's own adaptive color")
        }
        for key in ["uiKit", "swiftUI"] {
            if let name = row[key]?.stringValue, name.hasPrefix("system"), name == identifier(name, upper: false) {
                return (
                    "#if canImport(SwiftUI) && canImport(UIKit)", "Color(uiColor: .\(name))",
                    "UIKit's adaptive \(name), in SwiftUI"
                )
            }
        }
        return nil
    }

    private static func constantLines(_ value: JSONValue?, name: String, phrase: String) -> [String] {
        guard let value, let red = value["red"], let green = value["green"], let blue = value["blue"],
            let hex = value["hex"]?.stringValue
        else {
            return []
        }
        return [
            "    /// \(commentText(phrase)): \(commentText(hex)).",
            "    public static let \(name) = HIGColorValue(red: \(red.serialized()), green: \(green.serialized()), blue: \(blue.serialized()), hex: \"\(commentText(hex))\")",
        ]
    }
}
