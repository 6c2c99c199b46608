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
