/// One measurement to judge: a metric id and the value measured, or its width and height (or a
/// Dynamic Type category, for a figure that is a range of categories).
public struct Measurement: Sendable, Hashable {
    /// The metric id, e.g. `metric.accessibility.ios.minimum-control-size`.
    public var figure: String
    /// The measured value, for a metric with a single value (or a range).
    public var value: Double?
    /// The measured width, for a metric with width and height.
    public var width: Double?
    /// The measured height, for a metric with width and height.
    public var height: Double?
    /// The Dynamic Type category measured, for a metric whose figure is a range of categories.
    public var category: DynamicTypeCategory?

    /// Creates a measurement.
    public init(
        figure: String, value: Double? = nil, width: Double? = nil, height: Double? = nil,
        category: DynamicTypeCategory? = nil
    ) {
        self.figure = figure
        self.value = value
        self.width = width
        self.height = height
        self.category = category
    }

}
