import SpecStore

/// One column of a table as the CSV, Markdown and HTML forms show it: which flattened field it
/// holds, its heading in words with the unit, and its name in CSV.
package struct TableColumn: Equatable, Sendable {
    /// How a cell of the column is shown.
    package enum Kind: Equatable, Sendable {
        /// Text, left-aligned.
        case text
        /// A number, right-aligned with tabular figures.
        case number
        /// The record's own id: a link to its page.
        case id
        /// Ids of other records (`devices`, `related`, `figure`): each a link.
        case references
        /// Provenance: `status`, the citations and a convention's `basis`. HTML and Markdown show
        /// these together in one "Status and source" cell; CSV keeps them apart.
        case source
        /// A color as `#RRGGBB`: the HTML page shows a swatch of it beside the value.
        case color
    }

    /// The flattened field name (`points_width`, `citation_url`).
    package let key: String
    /// The heading in words, with the unit where the column has one (`Width (pt)`).
    package var header: String
    /// The CSV heading: the field name, with the unit appended where there is one (`points_width_pt`).
    package var csvName: String
    package var kind: Kind

    package init(_ key: String, _ header: String, csv: String? = nil, _ kind: Kind = .text) {
        self.key = key
        self.sortKey = Self.sortKey(of: key)
        self.header = header
        self.csvName = csv ?? key
        self.kind = kind
    }

    /// A number with a unit: `Width (pt)` in words, `points_width_pt` in CSV.
    package static func measure(_ key: String, _ words: String, unit: String, csvUnit: String? = nil) -> TableColumn {
        TableColumn(key, "\(words) (\(unit))", csv: "\(key)_\(csvUnit ?? unit)", .number)
    }

    /// A number of one of `collection`'s fields (`points_width` is of `points`), with the unit its
    /// declaration gives (``SpecCollection/fields``); `csvUnit` spells a unit CSV cannot (`1/1000
    /// em` is `thousandths_em`). A field without a fixed unit is a plain number column.
    package static func measure(_ key: String, _ words: String, of collection: SpecCollection, csvUnit: String? = nil)
        -> TableColumn
    {
        let field = String(key.prefix { $0 != "_" })
        guard case .fixed(let unit)? = collection.field(field)?.unit else { return TableColumn(key, words, .number) }
        return measure(key, words, unit: unit, csvUnit: csvUnit)
    }

    /// A field name in words, for a route without a layout: `measured_width` → `Measured width`,
    /// `categoryLabel` → `Category label`.
    package static func words(_ key: String) -> String {
        // A filter form words each field's name on every page: an ASCII name (every declared
        // one) is worded among its bytes, as the characters' loop was a fiftieth of a page.
        if key.utf8.allSatisfy({ $0 < 0x80 }) { return asciiWords(key) }
        var words: [String] = []
        var word = ""
        for character in key {
            if character == "_" || character == "." {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character.isUppercase, let last = word.last, last.isLowercase {
                words.append(word)
                word = String(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }
        return words.map { $0 == "id" ? "ID" : $0.lowercased() }.joined(separator: " ").capitalizedFirst
    }

    /// ``words(_:)`` of an ASCII name, byte by byte: the same words, as ASCII letters are the
    /// only characters that are upper or lower case there.
    private static func asciiWords(_ key: String) -> String {
        var text: [UInt8] = []
        text.reserveCapacity(key.utf8.count + 4)
        var word: [UInt8] = []
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func flush(_ word: inout [UInt8], into text: inout [UInt8]) {
            guard !word.isEmpty else { return }
            if !text.isEmpty { text.append(UInt8(ascii: " ")) }
            if word == Array("id".utf8) {
                text += "ID".utf8
            } else {
                for byte in word { text.append(isUpper(byte) ? byte + 0x20 : byte) }
            }
            word.removeAll(keepingCapacity: true)
        }
        for byte in key.utf8 {
            if byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") {
                flush(&word, into: &text)
            } else if isUpper(byte), let last = word.last, isLower(last) {
                flush(&word, into: &text)
                word.append(byte)
            } else {
                word.append(byte)
            }
        }
        flush(&word, into: &text)
        if let first = text.first, isLower(first) { text[0] = first - 0x20 }
        return String(decoding: text, as: UTF8.self)
    }

    /// The value `sort=` takes for this column: the field's dotted path (`points.width`), made
    /// with the key, as every sortable heading and picker entry of a page reads it.
    package let sortKey: String

    /// `key`'s dotted path.
    private static func sortKey(of key: String) -> String {
        // Most keys have no `_` and are their own, and an ASCII key is split among its bytes
        // (the split by characters and the join were a twentieth of a never-seen page).
        let underscore = UInt8(ascii: "_")
        guard key.utf8.contains(underscore) else { return key }
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return key.split(separator: "_").joined(separator: ".") }
        var path: [UInt8] = []
        path.reserveCapacity(key.utf8.count)
        var pending = false
        for byte in key.utf8 {
            if byte == underscore {
                pending = !path.isEmpty
            } else {
                if pending { path.append(UInt8(ascii: ".")) }
                pending = false
                path.append(byte)
            }
        }
        return String(decoding: path, as: UTF8.self)
    }
}

/// The columns of each route, fixed whatever the filter, so a pipeline reading the CSV or the
/// Markdown sees the same headings in the same order for `family=iphone` as for every device.
///
/// Only fields a record of the route can hold are listed, so no column is empty for the whole
/// collection; a field the store gains and no layout lists is still in JSON and on the HTML page.
/// Fields whose unit a heading carries (`unit` on devices, widgets, type rows) are left out:
/// the heading says it, column by column. `/v1/metrics` keeps its `unit` column because the unit
/// differs from row to row (pt, px, ratio, …).
package enum TableLayout {
    /// The record's own id, a link to its page; every layout but the versions' starts with it.
    package static let id = TableColumn("id", "ID", .id)
    /// The id and the platform columns most collections start with.
    package static let platformed: [TableColumn] = [
        id, TableColumn("platform", "Platform"), TableColumn("platforms", "Platforms"),
    ]
    /// Where a record's citation points: page, section and URL.
    package static let cited: [TableColumn] = [
        TableColumn("citation_page", "Cited page", .source),
        TableColumn("citation_section", "Cited section", .source),
        TableColumn("citation_url", "Citation URL", .source),
    ]
    /// The provenance columns every record has.
    package static let citations: [TableColumn] = [TableColumn("status", "Status", .source)] + cited
    /// Apple's words, quoted from the citation.
    package static let quote = TableColumn("citation_quote", "Apple's words", .source)
    package static let related = TableColumn("related", "Related records", .references)
    package static let since = TableColumn("since", "Since version")
    package static let notes = TableColumn("notes", "Notes")
    /// The first store version whose dated copy shows an undated record.
    package static let seen = TableColumn("seen", "First seen in version")
    /// The columns that close a layout: since, first seen (for collections whose records can be
    /// undated) and notes.
    package static func closing(seen withSeen: Bool) -> [TableColumn] {
        withSeen ? [since, seen, notes] : [since, notes]
    }
    /// A text style's columns, shared by the Dynamic Type rows and the other platforms' styles.
    package static let textStyle: [TableColumn] = [
        TableColumn("style", "Style"),
        TableColumn("label", "Style name"),
        TableColumn("weight", "Weight"),
        .measure("size", "Size", of: .textStyles),
        .measure("leading", "Leading", of: .textStyles),
        TableColumn("emphasizedWeight", "Emphasized weight"),
    ]

    /// A color field's columns: its hex, then its channels.
    package static func color(_ field: String, _ heading: String) -> [TableColumn] {
        [
            TableColumn("\(field)_hex", "\(heading) hex", .color),
            TableColumn("\(field)_red", "\(heading) red", .number),
            TableColumn("\(field)_green", "\(heading) green", .number),
            TableColumn("\(field)_blue", "\(heading) blue", .number),
        ]
    }

    /// A collection's columns, or `nil` for one without a layout, whose tables show the rows' own
    /// keys as columns: a layout is optional (a new collection needs none).
    package static func layout(of collection: SpecCollection) -> [TableColumn]? {
        switch collection {
        case .devices:
            [
                id,
                TableColumn("name", "Device"),
                TableColumn("family", "Family"),
                TableColumn("platforms", "Platforms"),
                .measure("points_width", "Width", of: .devices),
                .measure("points_height", "Height", of: .devices),
                TableColumn("scale", "Scale (×)", csv: "scale_x", .number),
                .measure("pixels_width", "Width", of: .devices),
                .measure("pixels_height", "Height", of: .devices),
                TableColumn("caseSize", "Case size"),
                TableColumn("sizeClasses_portrait_horizontal", "Portrait width class"),
                TableColumn("sizeClasses_portrait_vertical", "Portrait height class"),
                TableColumn("sizeClasses_landscape_horizontal", "Landscape width class"),
                TableColumn("sizeClasses_landscape_vertical", "Landscape height class"),
                TableColumn("asPublished", "As Apple prints it"),
                TableColumn("erratum", "Probable erratum in"),
                TableColumn("downsampled", "Rendered at the scale, then downsampled"),
            ] + citations + closing(seen: true)
        case .sizeClasses:
            [
                id,
                TableColumn("device", "Device"),
                TableColumn("devices", "Device records", .references),
                TableColumn("orientation", "Orientation"),
                TableColumn("horizontal", "Width class"),
                TableColumn("vertical", "Height class"),
            ] + citations + closing(seen: true)
        case .widgets:
            platformed + [
                .measure("screen_width", "Screen width", of: .widgets),
                .measure("screen_height", "Screen height", of: .widgets),
                TableColumn("caseSize", "Case size"),
                TableColumn("family", "Widget family"),
                TableColumn("variant", "Variant"),
                TableColumn("displayZoomMoreSpaceOnly", "Display Zoom More Space only"),
                .measure("width", "Width", of: .widgets),
                .measure("height", "Height", of: .widgets),
                .measure("sizeMm_width", "Width", of: .widgets),
                .measure("sizeMm_height", "Height", of: .widgets),
            ] + citations + closing(seen: false)
        case .widgetFamilies:
            platformed + [
                TableColumn("family", "Widget family"),
                TableColumn("renderingMode", "Rendering mode"),
                TableColumn("supported", "Supported"),
                TableColumn("contexts", "Where it appears"),
            ] + citations + [quote] + closing(seen: true)
        case .dynamicType:
            platformed + [
                TableColumn("category", "Category"),
                TableColumn("categoryLabel", "Category as Apple names it"),
                TableColumn("isDefault", "Default category"),
            ] + textStyle + citations + closing(seen: false)
        case .textStyles:
            platformed + textStyle + citations + closing(seen: false)
        case .tracking:
            platformed + [
                TableColumn("font", "Font"),
                .measure("size", "Size", of: .tracking),
                .measure("trackingEm", "Tracking", of: .tracking, csvUnit: "thousandths_em"),
                .measure("trackingPt", "Tracking", of: .tracking),
                TableColumn("asPublished_trackingEm", "Tracking as printed (1/1000 em)"),
                TableColumn("asPublished_trackingPt", "Tracking as printed (pt)"),
            ] + citations + closing(seen: true)
        case .metrics:
            [
                id,
                TableColumn("name", "Name"),
                TableColumn("topic", "Topic"),
                TableColumn("platform", "Platform"),
                TableColumn("platforms", "Platforms"),
                TableColumn("bound", "Bound"),
                TableColumn("exclusive", "Bound itself excluded"),
                TableColumn("kind", "What Apple's sentence does"),
                TableColumn("alternatives", "Or instead"),
                .measure("value", "Value", of: .metrics),
                .measure("min", "Minimum", of: .metrics),
                .measure("max", "Maximum", of: .metrics),
                TableColumn("minCategory", "Smallest category"),
                TableColumn("maxCategory", "Largest category"),
                .measure("width", "Width", of: .metrics),
                .measure("height", "Height", of: .metrics),
                TableColumn("unit", "Unit"),
            ] + citations + [
                quote,
                TableColumn("basis_reason", "Why a convention", .source),
                TableColumn("basis_searched", "Pages searched", .source),
                TableColumn("force", "How strictly Apple words it"),
            ] + closing(seen: true) + [
                // A watch figure's case size, after the others so they keep their places.
                TableColumn("caseSize", "Case size"),
                // Last, so a pipeline that reads the columns by position still finds the others
                // where they were.
                TableColumn(FigureDisplay.key, "Figure", csv: "figure_display"),
            ]
        case .colors:
            platformed + [
                TableColumn("name", "Color"),
                TableColumn("table", "Apple's table"),
                TableColumn("tab", "Tab"),
                TableColumn("swiftUI", "SwiftUI API"),
                TableColumn("uiKit", "UIKit API"),
            ]
                + ColorAppearance.allCases.flatMap { appearance in
                    TableLayout.color(appearance.field, appearance.phrase)
                } + TableLayout.color("value", "Single column (Default)") + [
                    TableColumn("asPublished_light", "As printed, Default (light)"),
                    TableColumn("asPublished_dark", "As printed, Default (dark)"),
                    TableColumn("asPublished_increasedContrastLight", "As printed, Increased contrast (light)"),
                    TableColumn("asPublished_increasedContrastDark", "As printed, Increased contrast (dark)"),
                    TableColumn("asPublished_value", "As printed, single column"),
                ] + citations + [quote] + closing(seen: false) + [
                    // Last, so a pipeline that reads the columns by position finds the others where they were.
                    TableColumn("sameInEveryAppearance", "Same in every appearance"),
                    TableColumn("confidence", "Confidence"),
                ]
        case .complications:
            [
                id,
                TableColumn("caseSize", "Case size"),
                TableColumn("family", "Family"),
                TableColumn("layout", "Layout"),
                TableColumn("element", "Element"),
                TableColumn("elementAsPublished", "Element as printed"),
                TableColumn("platforms", "Platforms"),
                TableColumn("kind", "Kind"),
                TableColumn("legacy", "Legacy template"),
                TableColumn("table", "Table"),
            ]
                + [
                    ("width", "Width"), ("minWidth", "Smallest width"), ("maxWidth", "Largest width"),
                    ("height", "Height"), ("pixelWidth", "Width"), ("minPixelWidth", "Smallest width"),
                    ("maxPixelWidth", "Largest width"), ("pixelHeight", "Height"), ("size", "Text size"),
                ].map { .measure($0.0, $0.1, of: .complications) } + [
                    TableColumn("scale", "Scale", .number),
                    TableColumn("textStyle", "Text design"),
                    TableColumn("weight", "Weight"),
                    TableColumn("asPublished", "As printed"),
                    TableColumn("normalised", "Normalised"),
                    TableColumn("typo", "Apple's typo"),
                    TableColumn("inconsistency", "Inconsistency"),
                    TableColumn("caseSizes", "Case sizes"),
                ] + citations + [quote] + closing(seen: false)
        case .rules:
            [
                id,
                TableColumn("topic", "Topic"),
                TableColumn("platforms", "Platforms"),
                TableColumn("kind", "Kind"),
                TableColumn("status", "Status", .source),
                TableColumn("quote", "Apple's words"),
                TableColumn("reading", "Reading (the store's interpretation)"),
            ] + cited + [related] + closing(seen: true)
        case .myths:
            [
                id,
                TableColumn("topic", "Topic"),
                TableColumn("claim", "Claim"),
                TableColumn("verdict", "Verdict"),
                TableColumn("correction", "Correction"),
            ] + cited + [quote, related] + closing(seen: true)
        default:
            nil
        }
    }

    /// The columns for a table of a route without a fixed layout: one per flattened field in
    /// first-seen order, headed by its name.
    package static func fieldColumns(_ table: FlatTable) -> [TableColumn] {
        table.columns.map { key in
            let kind: TableColumn.Kind =
                key == "figure" || key == "id" ? .references : table.isCitationColumn(key) ? .source : .text
            return TableColumn(key, TableColumn.words(key), csv: key, kind)
        }
    }
}

extension FlatTable {
    /// Whether a flattened field holds citations.
    package func isCitationColumn(_ key: String) -> Bool {
        key == "citations" || key.hasPrefix("citation_") || key.hasSuffix("_citations")
            || key.containsASCII("_citation_")
    }

    /// The cells of `column` for each row, `nil` where a row lacks the field.
    package func cells(of key: String) -> [String?] {
        guard let index = columns.firstIndex(of: key) else { return rows.map { _ in nil } }
        return rows.map { $0.cells[index] }
    }

    /// One row's cell for a field, `nil` when absent or empty.
    package func cell(_ row: Row, _ key: String) -> String? {
        cell(row, at: columns.firstIndex(of: key))
    }

    /// One row's cell in the column at `index` (a field's place, found once for many rows),
    /// `nil` when there is no such column or the cell is absent or empty.
    package func cell(_ row: Row, at index: Int?) -> String? {
        guard let index, let text = row.cells[index], !text.isEmpty else { return nil }
        return text
    }
}
