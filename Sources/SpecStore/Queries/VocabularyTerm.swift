/// A value of a closed vocabulary: the cases are every accepted value, the raw value is the
/// canonical spelling, and ``init(matching:)`` accepts what ``FilterVocabulary`` accepts
/// (any case, separators, aliases such as `mac` or `AX5`).
public protocol VocabularyTerm: ClosedValue {
    /// The vocabulary whose aliases ``init(matching:)`` accepts.
    static var vocabulary: FilterVocabulary.Kind { get }
}

extension VocabularyTerm {
    /// The term `raw` stands for, or `nil` if it stands for none.
    public init?(matching raw: String) {
        guard let canonical = FilterVocabulary.canonical(raw, in: Self.vocabulary) else { return nil }
        self.init(rawValue: canonical)
    }
}

/// A platform. `all` in a record's `platforms` matches every one of them.
public enum Platform: String, VocabularyTerm {
    case ios, ipados, macos, tvos, watchos, visionos, web, carplay
    public static let vocabulary = FilterVocabulary.Kind.platform
}

/// A device family.
public enum DeviceFamily: String, VocabularyTerm {
    case iphone, ipad, ipod, watch
    public static let vocabulary = FilterVocabulary.Kind.deviceFamily
}

/// A WidgetKit family.
public enum WidgetFamily: String, VocabularyTerm {
    case systemSmall, systemMedium, systemLarge, systemExtraLarge, systemExtraLargePortrait
    case accessoryCircular, accessoryRectangular, accessoryInline, accessoryCorner
    public static let vocabulary = FilterVocabulary.Kind.widgetFamily
}

/// A widget rendering mode, by WidgetKit's name (Apple's Widgets page: full-color, accented, vibrant).
public enum WidgetRenderingMode: String, VocabularyTerm {
    case fullColor, accented, vibrant
    public static let vocabulary = FilterVocabulary.Kind.renderingMode
}

/// An appearance a system color has a value for, as Apple's color table heads its columns:
/// Default (light), Default (dark), Increased contrast (light), Increased contrast (dark).
public enum ColorAppearance: String, VocabularyTerm {
    case light, dark
    case increasedContrastLight = "increased-contrast-light"
    case increasedContrastDark = "increased-contrast-dark"
    public static let vocabulary = FilterVocabulary.Kind.appearance

    /// The record field that holds the value: `increasedContrastLight`.
    public var field: String {
        switch self {
        case .light: "light"
        case .dark: "dark"
        case .increasedContrastLight: "increasedContrastLight"
        case .increasedContrastDark: "increasedContrastDark"
        }
    }

    /// Apple's column heading for it: `Increased contrast (dark)`.
    public var phrase: String {
        switch self {
        case .light: "Default (light)"
        case .dark: "Default (dark)"
        case .increasedContrastLight: "Increased contrast (light)"
        case .increasedContrastDark: "Increased contrast (dark)"
        }
    }
}

/// A Dynamic Type category, smallest first.
public enum DynamicTypeCategory: String, VocabularyTerm {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
    public static let vocabulary = FilterVocabulary.Kind.category
}

/// A screen orientation.
public enum Orientation: String, VocabularyTerm {
    case portrait, landscape
    public static let vocabulary = FilterVocabulary.Kind.orientation
}

/// A size-class value.
public enum SizeClassValue: String, VocabularyTerm {
    case compact, regular
    public static let vocabulary = FilterVocabulary.Kind.sizeClassValue
}

/// Whether Apple publishes a figure or it is a working convention.
public enum FigureStatus: String, VocabularyTerm {
    case published, convention
    public static let vocabulary = FilterVocabulary.Kind.status
}

/// What a rule's sentence does. `reading` is no kind a record has: as a filter value it keeps
/// meaning ``RuleStatus/reading``, as it did before rules had a status.
public enum RuleKind: String, VocabularyTerm {
    case requirement, recommendation, description, reading
    public static let vocabulary = FilterVocabulary.Kind.ruleKind

    /// The kinds a record holds (a rule's or a metric's `kind`): what Apple's sentence does;
    /// `reading` is a rule's status, not a kind.
    public static let recordKinds = allCases.filter { $0 != .reading }.map(\.rawValue)
}

/// Whose words a rule holds: Apple's (`published`) or the store's reading of them.
public enum RuleStatus: String, VocabularyTerm {
    case published, reading
    public static let vocabulary = FilterVocabulary.Kind.ruleStatus
}

/// A status as search filters by it: a figure's (`published`, `convention`) or a rule's
/// (`published`, `reading`).
public enum SearchStatus: String, VocabularyTerm {
    case published, convention, reading
    public static let vocabulary = FilterVocabulary.Kind.searchStatus
}

/// A record type, as `type` in search results and diffs: one per collection, declared with it
/// (``SpecCollection``), so a new collection's type needs no edit here.
public struct RecordType: VocabularyTerm, CustomStringConvertible {
    /// The type's spelling: `size-class`.
    public let rawValue: String
    /// What one record of the type is called in a sentence: `size class`, `Dynamic Type row`.
    public let noun: String
    /// The plural of ``noun``.
    public let pluralNoun: String

    /// A type as a collection's declaration names it; `pluralNoun` is `noun` and `s` unless given.
    init(_ rawValue: String, noun: String, pluralNoun: String? = nil) {
        self.rawValue = rawValue
        self.noun = noun
        self.pluralNoun = pluralNoun ?? noun + "s"
    }

    /// The declared type spelt `rawValue`, or `nil`.
    public init?(rawValue: String) {
        guard let type = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = type
    }

    public static let vocabulary = FilterVocabulary.Kind.searchType

    /// Every collection's type: those the API has always listed, in that order, then any other
    /// collection's in the store's order.
    public static let allCases: [RecordType] = {
        let listed: [RecordType] = [
            .rule, .myth, .metric, .device, .sizeClass, .widget, .widgetFamily, .dynamicType, .textStyle, .tracking,
            .color, .complication, .assetSize,
        ]
        let declared = SpecCollection.allCases.map(\.declaration.recordType)
        return listed.filter { declared.contains($0) } + declared.filter { !listed.contains($0) }
    }()

    public var description: String { rawValue }

    public static func == (left: RecordType, right: RecordType) -> Bool { left.rawValue == right.rawValue }

    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    public static let rule = RecordType("rule", noun: "rule")
    public static let myth = RecordType("myth", noun: "myth")
    public static let metric = RecordType("metric", noun: "metric")
    public static let device = RecordType("device", noun: "device")
    public static let sizeClass = RecordType("size-class", noun: "size class", pluralNoun: "size classes")
    public static let widget = RecordType("widget", noun: "widget size")
    public static let widgetFamily = RecordType("widget-family", noun: "widget family", pluralNoun: "widget families")
    public static let dynamicType = RecordType("dynamic-type", noun: "Dynamic Type row")
    public static let textStyle = RecordType("text-style", noun: "text style")
    public static let tracking = RecordType("tracking", noun: "tracking row")
    public static let color = RecordType("color", noun: "color")
    public static let complication = RecordType("complication", noun: "complication")
    public static let assetSize = RecordType("asset", noun: "asset size")
}
