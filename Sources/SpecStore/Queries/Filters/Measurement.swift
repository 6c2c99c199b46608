/// One measurement to judge: a metric id, or an interface element and a platform, and the value
/// measured, or its width and height (or a Dynamic Type category, for a figure that is a range of
/// categories).
public struct Measurement: Sendable, Hashable {
    /// The metric id, e.g. `metric.accessibility.ios.minimum-control-size`; empty when ``element``
    /// names what to judge against.
    public var figure: String
    /// An interface element (`button`), judged against every figure that applies to it on ``platform``.
    public var element: String?
    /// The platform an ``element`` is judged on.
    public var platform: Platform?
    /// What was measured on an ``element`` (`size`, `height`, `spacing`); `nil` lets the shape of
    /// the measurement choose, where only one of the element's measures fits it.
    public var measure: String?
    /// The measured value, for a metric with a single value (or a range).
    public var value: Double?
    /// The measured width, for a metric with width and height.
    public var width: Double?
    /// The measured height, for a metric with width and height.
    public var height: Double?
    /// The Dynamic Type category measured, for a metric whose figure is a range of categories.
    public var category: DynamicTypeCategory?
    /// An asset of `/v1/asset-sizes` (`sticker`, `Wallet strip`), whose published size an image's
    /// pixel ``width`` and ``height`` are judged against (``SpecSnapshot/checkAsset(_:)``).
    public var asset: String?
    /// Which size of the ``asset``: a sticker size, a Top Shelf shape, a pass style.
    public var variant: String?
    /// A visionOS button's shape (`circular`, `capsule-text-only`, …), whose published sizes an
    /// ``element`` `button`'s width and height are judged against too.
    public var buttonShape: String?

    /// Creates a measurement.
    public init(
        figure: String, value: Double? = nil, width: Double? = nil, height: Double? = nil,
        category: DynamicTypeCategory? = nil, element: String? = nil, platform: Platform? = nil, measure: String? = nil,
        asset: String? = nil, variant: String? = nil, buttonShape: String? = nil
    ) {
        self.buttonShape = buttonShape
        self.asset = asset
        self.variant = variant
        self.measure = measure
        self.figure = figure
        self.element = element
        self.platform = platform
        self.value = value
        self.width = width
        self.height = height
        self.category = category
    }

}

extension Measurement: DeclaredFilter {
    /// `figure`, or `element` and `platform`; `measure`, `value`, `width`, `height`, `category`;
    /// `asset` and `variant`; `buttonShape` (not `shape`, which every route takes for the
    /// answer's form, `shape=array`).
    public static let fields: [FilterField<Measurement>] = [
        .text("figure", "Metric id to judge against. Give figure, or element and platform.", \.figure),
        .text(
            "element",
            "Interface element to judge against every figure that applies to it on platform (in points or pixels, of the measurement's shape); the result names the figure that governs. Give figure, or element and platform.",
            \.element, vocabulary: .element),
        .term("platform", "The platform an element is judged on; required with element.", \.platform),
        .text(
            "measure",
            "What was measured on an element (size, height, spacing, …, as the element declares); needed only where several of its measures fit the measurement's shape.",
            \.measure),
        .number(
            "value",
            "Measured value, for a single figure (a value or a range). A width × height figure refuses it (the result row's error names value): give width and height.",
            \.value),
        .number(
            "width",
            "Measured width, with height, for a width × height figure. A single figure refuses it (the result row's error names it): give value.",
            \.width),
        .number(
            "height",
            "Measured height, with width, for a width × height figure. A single figure refuses it (the result row's error names it): give value.",
            \.height),
        .term(
            "category",
            "Dynamic Type category, for a figure that is a range of categories (the widgets' Dynamic Type range). A numeric figure refuses it (400).",
            \.category),
        .text(
            "asset", "An asset of /v1/asset-sizes (sticker): judges width × height in px.", \.asset, vocabulary: .asset),
        .text("variant", "Which size of the asset (sticker size, pass style).", \.variant),
        .text(
            "buttonShape", "With element=button, platform=visionos: judges the size against the shape's.",
            \.buttonShape, vocabulary: .buttonShape),
    ]

    /// A measurement of nothing: no figure, element or value.
    public init() { self.init(figure: "") }
}
