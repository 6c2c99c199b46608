/// An Apple Watch case size, as Apple's watch tables head their columns (`45mm`). `case=` takes
/// it on every collection with watch rows; `45`, `45 mm` and `45MM` are the same size.
public enum WatchCaseSize: String, VocabularyTerm {
    case mm38 = "38mm"
    case mm40 = "40mm"
    case mm41 = "41mm"
    case mm42 = "42mm"
    case mm44 = "44mm"
    case mm45 = "45mm"
    case mm46 = "46mm"
    case mm49 = "49mm"
    public static let vocabulary = FilterVocabulary.Kind.caseSize

    /// Whether Apple's case-size label `label` covers this size: `45mm`, or a column for two
    /// sizes such as `45mm/49mm`.
    public func isCovered(by label: String) -> Bool {
        label.split(separator: "/").contains { $0.trimming(while: { $0 == " " }) == rawValue }
    }
}

/// A complication family, or a legacy template, as Apple's Complications page heads them.
public enum ComplicationFamily: String, VocabularyTerm {
    case circular, corner, inline, rectangular
    case circularSmall = "circular-small"
    case modularSmall = "modular-small"
    case modularLarge = "modular-large"
    case extraLarge = "extra-large"
    public static let vocabulary = FilterVocabulary.Kind.complicationFamily
}

/// What a complication row gives, as `kind` holds it and `kind=` takes it: an image size cell,
/// or a default SwiftUI text size.
public enum ComplicationKind: String, VocabularyTerm {
    case image, text
    public static let vocabulary = FilterVocabulary.Kind.complicationKind
}
