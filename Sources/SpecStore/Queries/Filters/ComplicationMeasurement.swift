/// A complication image to judge (`/v1/check?family=…&case=…`): which family, case size and
/// element of Apple's tables, and the image's width and height in points or pixels.
public struct ComplicationMeasurement: Sendable, Hashable {
    /// The family or legacy template.
    public var family: ComplicationFamily?
    /// The watch case size.
    public var caseSize: WatchCaseSize?
    /// The element of the family's tables (`image`, `closed-gauge`, `extra-large-image`); `nil`
    /// where the family has one.
    public var measure: String?
    /// The measured width.
    public var width: Double?
    /// The measured height.
    public var height: Double?
    /// Whether the width and height are pixels (@2x) rather than points.
    public var inPixels: Bool

    /// Creates a measurement.
    public init(
        family: ComplicationFamily?, caseSize: WatchCaseSize?, measure: String? = nil, width: Double?,
        height: Double?, inPixels: Bool = false
    ) {
        self.family = family
        self.caseSize = caseSize
        self.measure = measure
        self.width = width
        self.height = height
        self.inPixels = inPixels
    }
}

extension ComplicationMeasurement: DeclaredFilter {
    /// `family`, `case`, `unit`; `element` (only `complication`, which names this check),
    /// `measure`, `width` and `height`, which a measurement's check takes too (its summaries are
    /// the ones the API description gives for them).
    public static let fields: [FilterField<ComplicationMeasurement>] = [
        .term(
            "family", "Complication check: the family or legacy template (circular, corner, inline, rectangular, …).",
            \.family),
        .caseSize(\.caseSize),
        FilterField(
            name: "unit", summary: "Complication check: pt (the default) or px (@2x) for width and height.",
            kind: .text, acceptedValues: units,
            store: { measurement, value in
                guard case .text(let text) = value, let inPixels = unitInPixels(text) else { return false }
                measurement.inPixels = inPixels
                return true
            },
            read: { measurement in measurement.inPixels ? "px" : nil }
        ).refusing { value in
            // The refused value is quoted as it matched (`PX!` as `px!`), as the check always has.
            guard case .text(let text) = value, unitInPixels(text) == nil else { return nil }
            return .unknownValue(FilterVocabulary.matchKey(text), for: "unit", accepted: units)
        },
        FilterField(
            name: "element", summary: "Only complication here: family and case ask for a complication check.",
            kind: .vocabulary(.element),
            store: { _, _ in true }, read: { _ in nil }
        ).refusing { value in
            guard case .text(let element) = value, !FilterVocabulary.matchKey(element).hasPrefix("complication")
            else { return nil }
            return QueryError(
                code: .invalidValue, parameter: "element", value: element,
                message: "element does not apply here: family and case ask for a complication check.",
                hint: "Leave element out, or give element=complication.")
        },
        .text(
            "measure", "The element of the family's tables (image, closed-gauge), where the family has several.",
            \.measure),
        .number("width", "Measured width, in unit.", \.width).refusing(nonNegative("width")),
        .number("height", "Measured height, in unit.", \.height).refusing(nonNegative("height")),
    ]

    /// `element`, `unit`, `width` and `height` first, in the order the check has always reported
    /// them.
    public static var decodedFirst: [String] { ["element", "unit", "width", "height"] }

    /// A measurement of nothing.
    public init() { self.init(family: nil, caseSize: nil, width: nil, height: nil) }

    /// What `unit` takes: points, or pixels at @2x (`points` and `pixels` too).
    private static let units = ["pt", "px"]

    /// Whether `unit` is pixels (`px`, `pixels`) or points (`pt`, `points`); `nil` for neither.
    private static func unitInPixels(_ unit: String) -> Bool? {
        switch FilterVocabulary.matchKey(unit) {
        case "pt", "points": false
        case "px", "pixels": true
        default: nil
        }
    }

    /// Refuses a negative size of `name`.
    private static func nonNegative(_ name: String) -> @Sendable (FilterValue) -> QueryError? {
        { value in
            guard case .number(let size) = value, size < 0 else { return nil }
            return .invalid("\(size)", for: name, expected: "a size of 0 or more")
        }
    }
}
