import JSON
import SpecStore
import SystemSupport

/// `format=swift`: the rows of the metrics, Dynamic Type and text-style routes as Swift source,
/// an `enum` namespace of constants a project can add to its target.
///
/// Lengths in points or pixels are `CGFloat`; counts are `Int`; other quantities (ratios, seconds,
/// percentages) are `Double`, their unit in the name's comment. A type style carries its text style
/// and weights as plain enums named as SwiftUI names them (`.body`, `.semibold`), so the file
/// compiles wherever Swift does, Linux included; where SwiftUI exists, an extension under
/// `#if canImport(SwiftUI)` gives SwiftUI's own `Font.TextStyle`, `Font.Weight` and `Font`, so code
/// asks for `.body` (which Dynamic Type scales) rather than a fixed 17 pt. Every constant's comment
/// gives its status and citation: `published` figures quote the cited Apple page; `convention`
/// figures are working defaults not found on Apple's pages. The file imports SwiftUI where there is
/// one and Foundation (for `CGFloat`) elsewhere.
package enum SwiftSource {
    /// The source for `route`'s rows; `notes` (why an answer is empty) become comments.
    package static func render(route: PageRoute, rows: [JSONValue], version: String, notes: [String], request: String)
        -> String
    {
        var out = header(route: route, version: version, request: request)
        for note in notes { out += "// Note: \(commentText(note))\n" }
        if !notes.isEmpty { out += "\n" }
        // A record route answers as its collection does, with one row.
        switch route.swift {
        case .metrics: out += metrics(rows)
        case .typeStyles(let namespace, let byCategory):
            out += typeStyles(rows, namespace: namespace, byCategory: byCategory)
        case .colors: out += colors(rows)
        case nil: break
        }
        return out
    }

    /// How a collection's rows read as Swift (``PageRoute/swift``): the collections that answer in
    /// Swift say which.
    package enum Style: Sendable {
        /// An enum per topic, a constant per metric.
        case metrics
        /// Type styles in `namespace`: per category (Dynamic Type), or one table.
        case typeStyles(namespace: String, byCategory: Bool)
        /// Colors per appearance.
        case colors
    }

    private static func header(route: PageRoute, version: String, request: String) -> String {
        """
        // HIG figures as Swift constants: \(route.title), store version \(version).
        // From the HIG spec service, GET \(commentText(request)).
        // Each constant's comment gives its status and citation: "published" is Apple's figure on the
        // cited page; "convention" is a working default not found on Apple's pages, never a HIG rule.

        #if canImport(SwiftUI)
        import SwiftUI
        #else
        import Foundation
        #endif


        """
    }

    // MARK: - Metrics

    private static func metrics(_ rows: [JSONValue]) -> String {
        var topics: [(name: String, lines: [String])] = []
        var used: Set<String> = []
        for row in rows {
            guard let id = row["id"]?.stringValue else { continue }
            let topic = row["topic"]?.stringValue ?? "other"
            let names = keptNames(id: id, topic: topic)
            let typeName = names.type
            let base = uniqueName(names.member, in: typeName, used: &used)
            let lines = keptMetricLines(row, id: id, base: base)
            if let index = topics.firstIndex(where: { $0.name == typeName }) {
                topics[index].lines += lines
            } else {
                topics.append((typeName, lines))
            }
        }
        var out = "/// Apple's figures and the service's working defaults, by HIG topic.\n"
        out += "public enum HIGMetrics {\n"
        for (index, topic) in topics.enumerated() {
            if index > 0 { out += "\n" }
            out += "    public enum \(topic.name) {\n"
            for line in topic.lines.drop(while: \.isEmpty) { out += line.isEmpty ? "\n" : "        \(line)\n" }
            out += "    }\n"
        }
        out += "}\n"
        return out
    }

    /// A figure's type and member names, which depend on its id and topic alone: made once.
    private static func keptNames(id: String, topic: String) -> (type: String, member: String) {
        let key = topic + "\u{0}" + id
        if let kept = keptMetricNames.withLock({ $0[key] }) { return kept }
        let made = (type: identifier(topic, upper: true), member: memberName(id: id, topic: topic))
        keptMetricNames.withLock { kept in
            if kept.count >= keptLimit { kept.removeAll() }
            kept[key] = made
        }
        return made
    }

    /// ``metricLines(_:id:base:)``, which depend on the row and its member name alone: made once
    /// for each, and kept.
    private static func keptMetricLines(_ row: JSONValue, id: String, base: String) -> [String] {
        keptLines.value(for: row, name: base) { metricLines(row, id: id, base: base) }
    }

    private static let keptLines = KeptByRow<[String]>()
    private static let keptMetricNames = Locked<[String: (type: String, member: String)]>([:])
    /// The most names and figures kept; past it they are dropped and made again as asked.
    private static let keptLimit = 1024

    /// One figure's constants: one per number it carries (`value`; `width` and `height`;
    /// `min` and `max`), each under the figure's comment.
    private static func metricLines(_ row: JSONValue, id: String, base: String) -> [String] {
        let unit = row["unit"]?.stringValue ?? ""
        var lines = ["", "/// \(commentText(row["name"]?.stringValue ?? id)) (`\(id)`)."]
        lines += statusLines(row)
        let parts: [(key: String, suffix: String)] = [
            ("value", ""), ("width", "Width"), ("height", "Height"), ("min", "Minimum"), ("max", "Maximum"),
        ]
        var emitted = false
        for (key, suffix) in parts {
            guard case .number(let number)? = row[key] else { continue }
            let (type, literal) = swiftType(unit: unit, number: number)
            let unitNote = unit.isEmpty ? "" : " // \(unit)"
            lines.append("public static let \(base)\(suffix): \(type) = \(literal)\(unitNote)")
            emitted = true
        }
        if !emitted {
            // A range of Dynamic Type categories, say: no number to give, so the reader is told
            // where the figure is rather than handed an invented one.
            lines.append("// No number: see GET /v1/metrics/\(id).")
        }
        return lines
    }

    private static func swiftType(unit: String, number: JSONNumber) -> (String, String) {
        let literal = "\(number)"
        switch unit {
        case "pt", "px": return ("CGFloat", literal)
        case "count" where !literal.contains(".") && !literal.contains("e"): return ("Int", literal)
        default: return ("Double", literal)
        }
    }

    // MARK: - Type styles

    private static func typeStyles(_ rows: [JSONValue], namespace: String, byCategory: Bool) -> String {
        // platform → category (or one group) → rows, in the order the rows come.
        var platforms: [(name: String, groups: [(name: String, rows: [JSONValue])])] = []
        for row in rows {
            let platform = platformName(row["platform"]?.stringValue ?? "all")
            let group = byCategory ? identifier(row["category"]?.stringValue ?? "", upper: true) : ""
            if let p = platforms.firstIndex(where: { $0.name == platform }) {
                if let g = platforms[p].groups.firstIndex(where: { $0.name == group }) {
                    platforms[p].groups[g].rows.append(row)
                } else {
                    platforms[p].groups.append((group, [row]))
                }
            } else {
                platforms.append((platform, [(group, [row])]))
            }
        }
        var out = "/// Apple's \(byCategory ? "Dynamic Type sizes" : "built-in text styles"), by platform"
        out += byCategory ? " and category.\n" : ".\n"
        out += "public enum \(namespace) {\n"
        out += styleTypes
        for platform in platforms {
            out += "\n    public enum \(platform.name) {\n"
            for group in platform.groups {
                let indent = byCategory ? "            " : "        "
                if byCategory { out += "        public enum \(group.name) {\n" }
                var used: Set<String> = []
                let lines = group.rows.flatMap { styleLines($0, used: &used) }.drop(while: \.isEmpty)
                out += lines.map { $0.isEmpty ? "\n" : indent + $0 + "\n" }.joined()
                if byCategory { out += "        }\n" }
            }
            out += "    }\n"
        }
        out += "}\n"
        out += swiftUIExtensions(namespace)
        return out
    }

    /// The portable types every type-style file declares in its namespace: plain values, named as
    /// SwiftUI names them, that compile without SwiftUI.
    private static let styleTypes = """
            /// One text style as Apple's table gives it.
            public struct Style: Sendable {
                /// SwiftUI's text style, where Apple's style is one: use it (`.font(.body)`, or `font`
                /// below) rather than `size`, so the text follows the reader's Dynamic Type setting.
                public let textStyle: TextStyle?
                /// The point size.
                public let size: CGFloat
                /// The line height (leading), in points.
                public let leading: CGFloat
                /// The weight.
                public let weight: Weight
                /// The weight of the style's emphasized variant; `nil` where the table gives none.
                public let emphasizedWeight: Weight?
            }

            /// SwiftUI's text styles (`Font.TextStyle`), by SwiftUI's names; `swiftUI` is SwiftUI's own
            /// value where SwiftUI exists.
            public enum TextStyle: String, Sendable, CaseIterable {
                case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote
                case caption, caption2, extraLargeTitle, extraLargeTitle2
            }

            /// SwiftUI's font weights (`Font.Weight`), by SwiftUI's names; `swiftUI` is SwiftUI's own
            /// value where SwiftUI exists.
            public enum Weight: String, Sendable, CaseIterable {
                case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
            }

        """

    /// SwiftUI's own API for the portable types, compiled only where SwiftUI exists.
    private static func swiftUIExtensions(_ namespace: String) -> String {
        """

        #if canImport(SwiftUI)
        @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
        extension \(namespace).TextStyle {
            /// SwiftUI's text style of this name; `nil` for `extraLargeTitle` and `extraLargeTitle2`
            /// outside visionOS, whose SwiftUI alone has them.
            public var swiftUI: Font.TextStyle? {
                switch self {
                case .largeTitle: return .largeTitle
                case .title: return .title
                case .title2: return .title2
                case .title3: return .title3
                case .headline: return .headline
                case .subheadline: return .subheadline
                case .body: return .body
                case .callout: return .callout
                case .footnote: return .footnote
                case .caption: return .caption
                case .caption2: return .caption2
                case .extraLargeTitle:
                    #if os(visionOS)
                    return .extraLargeTitle
                    #else
                    return nil
                    #endif
                case .extraLargeTitle2:
                    #if os(visionOS)
                    return .extraLargeTitle2
                    #else
                    return nil
                    #endif
                }
            }
        }

        extension \(namespace).Weight {
            /// SwiftUI's weight of this name.
            public var swiftUI: Font.Weight {
                switch self {
                case .ultraLight: return .ultraLight
                case .thin: return .thin
                case .light: return .light
                case .regular: return .regular
                case .medium: return .medium
                case .semibold: return .semibold
                case .bold: return .bold
                case .heavy: return .heavy
                case .black: return .black
                }
            }
        }

        @available(iOS 14, macOS 11, tvOS 14, watchOS 7, *)
        extension \(namespace).Style {
            /// The style as a SwiftUI font: its text style, which Dynamic Type scales, at the table's
            /// weight; the fixed size where SwiftUI has no such text style.
            public var font: Font {
                if let style = textStyle?.swiftUI { return Font.system(style).weight(weight.swiftUI) }
                return Font.system(size: size, weight: weight.swiftUI)
            }
        }
        #endif

        """
    }

    private static func styleLines(_ row: JSONValue, used: inout Set<String>) -> [String] {
        let style = row["style"]?.stringValue ?? ""
        let name = uniqueName(identifier(style, upper: false), in: "", used: &used)
        let label = row["label"]?.stringValue ?? style
        let size = row["size"].map(number) ?? "0"
        let leading = row["leading"].map(number) ?? "0"
        var lines = [
            "", "/// \(commentText(label)): \(size) pt on \(leading) pt leading (`\(row["id"]?.stringValue ?? "")`).",
        ]
        lines += statusLines(row)
        let textStyle: String
        if let mapped = textStyles[style] {
            textStyle = ".\(mapped)"
        } else {
            textStyle = "nil"
            lines.append("// Apple's style \(style) has no SwiftUI text style of its own.")
        }
        lines.append("public static var \(name): Style {")
        lines.append(
            "    Style(textStyle: \(textStyle), size: \(size), leading: \(leading), weight: \(weight(row["weight"])), "
                + "emphasizedWeight: \(emphasizedWeight(row["emphasizedWeight"])))")
        lines.append("}")
        return lines
    }

    /// Apple's table names of text styles → SwiftUI's `Font.TextStyle` cases (the portable
    /// `TextStyle` enum's cases bear the same names). Styles Apple names
    /// on one platform only (watchOS `footnote1`, tvOS `subtitle1`) have none.
    package static let textStyles: [String: String] = [
        "largeTitle": "largeTitle", "title1": "title", "title2": "title2", "title3": "title3",
        "headline": "headline", "subheadline": "subheadline", "body": "body", "callout": "callout",
        "footnote": "footnote", "caption1": "caption", "caption2": "caption2",
        "extraLargeTitle": "extraLargeTitle", "extraLargeTitle2": "extraLargeTitle2",
    ]

    private static func weight(_ value: JSONValue?) -> String {
        let name = value?.stringValue?.lowercased().filter { $0.isLetter } ?? "regular"
        let known = ["ultralight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
        guard known.contains(name) else { return ".regular" }
        return name == "ultralight" ? ".ultraLight" : ".\(name)"
    }

    /// An emphasized weight, or `nil` where the row gives none (the tables before Apple added the
    /// column): never a weight the table does not state.
    private static func emphasizedWeight(_ value: JSONValue?) -> String {
        guard let value, value.stringValue != nil else { return "nil" }
        return weight(value)
    }

    private static func number(_ value: JSONValue) -> String {
        if case .number(let number) = value { return "\(number)" }
        return "0"
    }

    // MARK: - Comments and names

    /// `/// Status: …` and `/// Source: …` lines: the status, and each citation (page › section
    /// and URL) or, for a convention, why it is one.
    private static func statusLines(_ row: JSONValue) -> [String] {
        let status = row["status"]?.stringValue ?? "unknown"
        var lines: [String] = []
        if status == "convention" {
            let reason = row["basis"]?["reason"]?.stringValue ?? "a working default not found on Apple's pages"
            lines.append("/// Status: convention. \(commentText(reason))")
        } else {
            lines.append("/// Status: \(commentText(status)).")
        }
        for citation in row["citations"]?.arrayValue ?? [] {
            let place = [citation["page"]?.stringValue, citation["section"]?.stringValue].compactMap { $0 }
            var line = "/// Source: \(commentText(place.joined(separator: " › ")))"
            if let url = citation["url"]?.stringValue { line += ", \(commentText(url))" }
            lines.append(line)
            if let quote = citation["quote"]?.stringValue { lines.append("/// Apple: \"\(commentText(quote))\"") }
        }
        return lines
    }

    /// Text made safe for a line comment: no line breaks, no control characters.
    package static func commentText(_ text: String) -> String {
        CommentText.cleaned(text)
    }

    /// A metric's constant name: its id without `metric.` and its topic, camel-cased
    /// (`metric.controls.ios.minimum-size` → `iosMinimumSize`).
    private static func memberName(id: String, topic: String) -> String {
        var segments = id.splitASCII(".")
        if segments.first == "metric" { segments.removeFirst() }
        if let index = segments.firstIndex(of: topic), segments.count > 1 { segments.remove(at: index) }
        return identifier(segments.joined(separator: "-"), upper: false)
    }

    /// A Swift identifier from words separated by anything but letters and digits, camel-cased;
    /// one starting with a digit is prefixed with `_`, and a keyword is quoted in backticks.
    package static func identifier(_ text: String, upper: Bool) -> String {
        // Only ASCII letters and digits are kept, so the text is read as UTF-8 bytes: a byte of
        // a longer character is never one of them and separates words as the character would.
        var name: [UInt8] = []
        name.reserveCapacity(text.utf8.count)
        var wordStart = true
        for byte in text.utf8 {
            let isLetter = (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte)
            guard isLetter || (0x30...0x39).contains(byte) else {
                wordStart = true
                continue
            }
            if wordStart, isLetter {
                // A word's first letter: upper case, or lower case for the first word of a member.
                let lower = byte | 0x20
                name.append(name.isEmpty && !upper ? lower : lower - 0x20)
            } else {
                name.append(byte)
            }
            wordStart = false
        }
        if name.isEmpty { name = Array((upper ? "Other" : "value").utf8) }
        if (0x30...0x39).contains(name[0]) { name.insert(UInt8(ascii: "_"), at: 0) }
        let identifier = String(decoding: name, as: UTF8.self)
        return keywords.contains(identifier) ? "`\(identifier)`" : identifier
    }

    private static let keywords: Set<String> = [
        "default", "case", "class", "struct", "enum", "static", "let", "var", "func", "in", "is", "as", "if",
        "else", "for", "while", "repeat", "return", "switch", "where", "import", "init", "self", "Self", "Type",
        "true", "false", "nil", "public", "private", "internal", "extension", "protocol", "operator", "subscript",
        "throws", "try", "catch", "do", "guard", "defer", "break", "continue", "fallthrough", "inout", "super",
        "Any", "Protocol",
    ]

    /// A name not yet in `used` (within one namespace): `name`, else `name_2`, `name_3`, ….
    private static func uniqueName(_ name: String, in namespace: String, used: inout Set<String>) -> String {
        var candidate = name
        var counter = 2
        while used.contains(namespace + "." + candidate) {
            candidate = "\(name)_\(counter)"
            counter += 1
        }
        used.insert(namespace + "." + candidate)
        return candidate
    }

    /// A platform's type name as Apple writes it (`iOS`, `watchOS`).
    private static func platformName(_ id: String) -> String {
        let names = [
            "ios": "iOS", "ipados": "iPadOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS",
            "visionos": "visionOS", "carplay": "CarPlay", "web": "Web", "all": "All",
        ]
        return names[id] ?? identifier(id, upper: true)
    }
}
