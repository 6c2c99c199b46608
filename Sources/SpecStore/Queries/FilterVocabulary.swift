/// The accepted values of every filter parameter, canonical spelling first, and the aliases each
/// accepts. One place, so the queries and the server's OpenAPI document list the same values.
///
/// Matching ignores case and the separators space, `-`, `_` and `.`: `Title 1`, `title-1` and
/// `TITLE1` are all `title1`. Vocabularies that come from the data (styles, topics, fonts, devices)
/// are listed by ``SpecSnapshot/acceptedValues(for:)``.
public enum FilterVocabulary {
    /// A vocabulary a parameter draws from.
    public enum Kind: String, Sendable, CaseIterable {
        /// ``FilterVocabulary/platforms``.
        case platform
        /// ``FilterVocabulary/deviceFamilies``.
        case deviceFamily
        /// ``FilterVocabulary/widgetFamilies``.
        case widgetFamily
        /// ``FilterVocabulary/renderingModes``.
        case renderingMode
        /// ``FilterVocabulary/categories``.
        case category
        /// Text styles present in the data (the Dynamic Type styles plus e.g. tvOS `subtitle1`).
        case style
        /// ``FilterVocabulary/orientations``.
        case orientation
        /// ``FilterVocabulary/sizeClassValues``.
        case sizeClassValue
        /// ``FilterVocabulary/sizeClassConditions``.
        case sizeClass
        /// ``FilterVocabulary/statuses``.
        case status
        /// ``FilterVocabulary/ruleKinds``.
        case ruleKind
        /// ``FilterVocabulary/ruleStatuses``.
        case ruleStatus
        /// ``FilterVocabulary/searchTypes``.
        case searchType
        /// ``FilterVocabulary/searchStatuses``.
        case searchStatus
        /// Topics present in the data.
        case topic
        /// Fonts present in the tracking table.
        case font
        /// Device ids present in the data (names are accepted too).
        case device
        /// Interface elements declared in the data's `elements`.
        case element
        /// ``FilterVocabulary/appearances``.
        case appearance
        /// ``FilterVocabulary/caseSizes``.
        case caseSize
        /// ``FilterVocabulary/complicationFamilies``.
        case complicationFamily
        /// ``FilterVocabulary/complicationKinds``.
        case complicationKind
        /// ``AssetTable``: the tables of `/v1/asset-sizes`.
        case assetTable
        /// ``AssetScale``: the scales of `/v1/asset-sizes`' pixel sizes.
        case assetScale
        /// The assets of `/v1/asset-sizes` a check judges (drawn from the data).
        case asset
        /// The visionOS button shapes Apple's table gives sizes for (drawn from the data).
        case buttonShape
    }

    /// Platform ids. `all` in a record's `platforms` matches every one of them.
    public static let platforms = Platform.spellings
    /// Device families.
    public static let deviceFamilies = DeviceFamily.spellings
    /// WidgetKit family names.
    public static let widgetFamilies = WidgetFamily.spellings
    /// Widget rendering modes.
    public static let renderingModes = WidgetRenderingMode.spellings
    /// Dynamic Type categories, smallest first.
    public static let categories = DynamicTypeCategory.spellings
    /// Orientations.
    public static let orientations = Orientation.spellings
    /// Size-class values.
    public static let sizeClassValues = SizeClassValue.spellings
    /// The `sizeClass` filter of `/v1/devices`: `VALUE-AXIS[-ORIENTATION]` where VALUE is `compact`
    /// or `regular`, AXIS is `width` (alias `horizontal`, `w`) or `height` (alias `vertical`, `h`),
    /// and ORIENTATION, optional, is `portrait` or `landscape`; without it either orientation matches.
    public static let sizeClassConditions: [String] = {
        var all: [String] = []
        for value in sizeClassValues {
            for axis in ["width", "height"] {
                all.append("\(value)-\(axis)")
                for orientation in orientations { all.append("\(value)-\(axis)-\(orientation)") }
            }
        }
        return all
    }()
    /// Figure statuses.
    public static let statuses = FigureStatus.spellings
    /// Rule kinds: what Apple's sentence does (Docs/schema.md). `reading` is kept as a filter
    /// value meaning `status=reading`, so scripts written before rules had a status still work.
    public static let ruleKinds = RuleKind.spellings
    /// Rule statuses: Apple's words (`published`) or the store's reading of them (`reading`).
    public static let ruleStatuses = RuleStatus.spellings
    /// Record types, as `type` in search results and diffs.
    public static let searchTypes = RecordType.spellings
    /// Statuses search filters by: a figure's or a rule's.
    public static let searchStatuses = SearchStatus.spellings
    /// The appearances a system color has a value for.
    public static let appearances = ColorAppearance.spellings
    /// Apple Watch case sizes.
    public static let caseSizes = WatchCaseSize.spellings
    /// Complication families and legacy templates.
    public static let complicationFamilies = ComplicationFamily.spellings
    /// What a complication row gives: an image size, or a default text size.
    public static let complicationKinds = ComplicationKind.spellings

    /// The statically known accepted values of `kind`, or `nil` for vocabularies drawn from the data.
    public static func values(of kind: Kind) -> [String]? {
        switch kind {
        case .platform: platforms
        case .deviceFamily: deviceFamilies
        case .widgetFamily: widgetFamilies
        case .renderingMode: renderingModes
        case .category: categories
        case .style: nil
        case .orientation: orientations
        case .sizeClassValue: sizeClassValues
        case .sizeClass: sizeClassConditions
        case .status: statuses
        case .ruleKind: ruleKinds
        case .ruleStatus: ruleStatuses
        case .searchType: searchTypes
        case .searchStatus: searchStatuses
        case .appearance: appearances
        case .caseSize: caseSizes
        case .complicationFamily: complicationFamilies
        case .complicationKind: complicationKinds
        case .assetTable: AssetTable.spellings
        case .assetScale: AssetScale.spellings
        case .topic, .font, .device, .element, .asset, .buttonShape: nil
        }
    }

    /// The canonical value `raw` stands for in a static vocabulary, or `nil` if it is not one
    /// (or `kind` is drawn from the data).
    public static func canonical(_ raw: String, in kind: Kind) -> String? {
        let key = matchKey(raw)
        switch kind {
        case .sizeClass:
            return SizeClassCondition(parsing: raw)?.description
        default:
            guard let table = aliasTables[kind] else { return nil }
            return table[key]
        }
    }

    /// `raw` lower-cased without spaces, `-`, `_` and `.`: the form values are compared in.
    public static func matchKey(_ raw: String) -> String {
        // ASCII (every value a filter form sends): the same key byte by byte, without the
        // Unicode case mapping and character iteration below.
        if raw.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(raw.utf8.count)
            for byte in raw.utf8 where byte != 0x20 && byte != 0x2D && byte != 0x5F && byte != 0x2E {
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        var key = ""
        key.reserveCapacity(raw.utf8.count)
        for character in raw.lowercased() where !" -_.".contains(character) { key.append(character) }
        return key
    }

    /// Whether `matchKey(value) == key`, without building `value`'s key when it is ASCII (every
    /// vocabulary value Apple's tables use), so resolving a parameter builds one key, not one
    /// per accepted value.
    static func matchKey(of value: String, is key: String) -> Bool {
        guard value.utf8.allSatisfy({ $0 < 0x80 }) else { return matchKey(value) == key }
        var keyBytes = key.utf8.makeIterator()
        for byte in value.utf8 {
            // The separators matchKey drops: " -_.".
            if byte == 0x20 || byte == 0x2D || byte == 0x5F || byte == 0x2E { continue }
            let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            guard keyBytes.next() == lower else { return false }
        }
        return keyBytes.next() == nil
    }

    static func resolve(_ raw: String, in kind: Kind, parameter: String) throws(QueryError) -> String {
        if let value = canonical(raw, in: kind) { return value }
        throw QueryError.unknownValue(raw, for: parameter, accepted: values(of: kind) ?? [])
    }

    /// The other spellings `kind` accepts (`ax5`, `mac`, `small`), in their matching form
    /// (lower case, no separators; any case and separators are accepted too), sorted; none for
    /// kinds drawn from the data.
    public static func aliases(of kind: Kind) -> [String] {
        let table: [String: String]
        switch kind {
        case .style: table = styleAliases
        default: table = aliasTables[kind] ?? [:]
        }
        let canonical = Set((values(of: kind) ?? []).map(matchKey))
        return table.keys.filter { !canonical.contains($0) }.sorted()
    }

    /// Other spellings of text styles, which the data holds (``SpecSnapshot/acceptedValues(for:)``).
    static let styleAliases: [String: String] = [
        "subhead": "subheadline", "largetitle": "largeTitle",
    ]

    private static let aliasTables: [Kind: [String: String]] = {
        func table(_ canonical: [String], _ aliases: [String: String] = [:]) -> [String: String] {
            var table: [String: String] = [:]
            for value in canonical { table[matchKey(value)] = value }
            for (alias, value) in aliases { table[matchKey(alias)] = value }
            return table
        }
        var categoryAliases: [String: String] = [
            "xs": "xSmall", "extrasmall": "xSmall", "s": "small", "m": "medium", "l": "large", "default": "large",
            "largedefault": "large", "xl": "xLarge", "extralarge": "xLarge", "xxl": "xxLarge",
            "extraextralarge": "xxLarge", "xxxl": "xxxLarge", "extraextraextralarge": "xxxLarge",
        ]
        for level in 1...5 {
            categoryAliases["ax\(level)"] = "accessibility\(level)"
            categoryAliases["accessibilityax\(level)"] = "accessibility\(level)"
        }
        return [
            .platform: table(
                platforms,
                [
                    "iphoneos": "ios", "ipad": "ipados", "mac": "macos", "osx": "macos", "macosx": "macos",
                    "watch": "watchos", "applewatch": "watchos", "tv": "tvos", "appletv": "tvos", "vision": "visionos",
                    "visionpro": "visionos", "applevisionpro": "visionos", "xros": "visionos",
                ]),
            .deviceFamily: table(deviceFamilies, ["applewatch": "watch", "ipodtouch": "ipod"]),
            .widgetFamily: table(
                widgetFamilies,
                [
                    "small": "systemSmall", "medium": "systemMedium", "large": "systemLarge",
                    "extralarge": "systemExtraLarge", "xl": "systemExtraLarge",
                    "extralargeportrait": "systemExtraLargePortrait", "circular": "accessoryCircular",
                    "rectangular": "accessoryRectangular", "inline": "accessoryInline", "corner": "accessoryCorner",
                ]),
            .renderingMode: table(renderingModes, ["fullcolour": "fullColor"]),
            .category: table(categories, categoryAliases),
            .orientation: table(orientations),
            .sizeClassValue: table(sizeClassValues),
            .status: table(statuses),
            .ruleKind: table(ruleKinds, ["must": "requirement", "should": "recommendation"]),
            .ruleStatus: table(ruleStatuses),
            .searchStatus: table(searchStatuses),
            .assetTable: table(AssetTable.spellings, AssetTable.aliases),
            .assetScale: table(AssetScale.spellings, AssetScale.aliases),
            // Apple's 2023 tables headed the increased-contrast columns "Accessible"; the record
            // fields are camel case (matching ignores case and separators, so they need no alias).
            .appearance: table(
                appearances,
                [
                    "defaultlight": "light", "defaultdark": "dark", "darkmode": "dark",
                    "lightmode": "light", "accessiblelight": "increased-contrast-light",
                    "accessibledark": "increased-contrast-dark", "highcontrastlight": "increased-contrast-light",
                    "highcontrastdark": "increased-contrast-dark", "iclight": "increased-contrast-light",
                    "icdark": "increased-contrast-dark",
                ]),
            // A bare number is a case size in millimetres (`45`); `45 mm` and `45MM` need no alias.
            .caseSize: table(
                caseSizes, Dictionary(uniqueKeysWithValues: caseSizes.map { (String($0.dropLast(2)), $0) })),
            .complicationKind: table(complicationKinds, ["images": "image", "textsize": "text"]),
            .complicationFamily: table(
                complicationFamilies,
                [
                    "accessorycircular": "circular", "accessorycorner": "corner", "accessoryinline": "inline",
                    "accessoryrectangular": "rectangular", "utilitariansmall": "inline",
                    "utilitarianlarge": "inline", "xlarge": "extra-large",
                ]),
            // A collection's data-file key names its record type too (`myths`, `sizeClasses`).
            .searchType: table(
                searchTypes,
                Dictionary(uniqueKeysWithValues: SpecCollection.allCases.map { ($0.key, $0.recordType) })
                    .merging(["sizeclass": "size-class", "textstyle": "text-style"]) { first, _ in first }),
        ]
    }()
}

/// A size-class condition of the `sizeClass` filter, e.g. `regular-width-landscape`; see
/// ``FilterVocabulary/sizeClassConditions`` for the grammar.
public struct SizeClassCondition: Sendable, Hashable, CustomStringConvertible {
    /// `compact` or `regular`.
    public let value: String
    /// `true` for width (horizontal), `false` for height (vertical).
    public let isWidth: Bool
    /// `portrait`, `landscape`, or `nil` for either.
    public let orientation: String?

    /// Parses `VALUE-AXIS[-ORIENTATION]` case-insensitively (separators `-`, `_`, space or none,
    /// e.g. `regularWidthLandscape`); `nil` if it is not of that form.
    public init?(parsing raw: String) {
        var rest = FilterVocabulary.matchKey(raw)
        func take(_ prefixes: [String]) -> String? {
            for prefix in prefixes where rest.hasPrefix(prefix) {
                rest.removeFirst(prefix.count)
                return prefix
            }
            return nil
        }
        guard let value = take(["compact", "regular"]) else { return nil }
        guard let axis = take(["horizontal", "vertical", "width", "height", "w", "h"]) else { return nil }
        let orientation = take(["portrait", "landscape"])
        guard rest.isEmpty else { return nil }
        self.value = value
        self.isWidth = axis == "width" || axis == "horizontal" || axis == "w"
        self.orientation = orientation
    }

    /// The canonical spelling, e.g. `regular-width-landscape`.
    public var description: String {
        "\(value)-\(isWidth ? "width" : "height")" + (orientation.map { "-\($0)" } ?? "")
    }
}
