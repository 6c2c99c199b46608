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

/// A record type, as `type` in search results and diffs.
public enum RecordType: String, VocabularyTerm {
    case rule, myth, metric, device
    case sizeClass = "size-class"
    case widget
    case widgetFamily = "widget-family"
    case dynamicType = "dynamic-type"
    case textStyle = "text-style"
    case tracking
    case color
    case complication
    case assetSize = "asset"
    public static let vocabulary = FilterVocabulary.Kind.searchType
}

extension RecordType {
    /// What one record of the type is called in a sentence: `size class`, `Dynamic Type row`.
    public var noun: String {
        switch self {
        case .rule: "rule"
        case .myth: "myth"
        case .metric: "metric"
        case .device: "device"
        case .sizeClass: "size class"
        case .widget: "widget size"
        case .widgetFamily: "widget family"
        case .dynamicType: "Dynamic Type row"
        case .textStyle: "text style"
        case .tracking: "tracking row"
        case .color: "color"
        case .complication: "complication"
        case .assetSize: "asset size"
        }
    }

    /// The plural of ``noun``.
    public var pluralNoun: String {
        switch self {
        case .sizeClass: "size classes"
        case .widgetFamily: "widget families"
        default: noun + "s"
        }
    }
}
