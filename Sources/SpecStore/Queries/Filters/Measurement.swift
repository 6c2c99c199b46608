/// One measurement for `/v1/check`: a metric id and the value measured, or its width and height.
public struct Measurement: QueryFilter, Hashable {
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

    /// `figure` (required), `value`, `width`, `height`, `category`.
    public static let parameters = [
        FilterParameter(name: "figure", summary: "Metric id to judge against.", value: .text, isRequired: true),
        FilterParameter(
            name: "value",
            summary:
                "Measured value, for a single figure (a value or a range). A width × height figure refuses it (400 naming value): give width and height.",
            value: .number),
        FilterParameter(
            name: "width",
            summary:
                "Measured width, with height, for a width × height figure. A single figure refuses it (400): give value.",
            value: .number),
        FilterParameter(
            name: "height",
            summary:
                "Measured height, with width, for a width × height figure. A single figure refuses it (400): give value.",
            value: .number),
        FilterParameter(
            name: "category",
            summary:
                "Dynamic Type category, for a figure that is a range of categories (the widgets' Dynamic Type range). A numeric figure refuses it (400).",
            value: .vocabulary(.category)),
    ]

    /// Parses query parameters.
    public init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        guard let figure = reader.text("figure") else { throw QueryError.missing("figure", expected: "a metric id") }
        self.figure = figure
        value = try reader.number("value")
        width = try reader.number("width")
        height = try reader.number("height")
        category = try reader.term("category", DynamicTypeCategory.self)
    }

    /// Parses one element of a `POST /v1/check` body: an object with `figure` (a string) and
    /// `value`, or `width` and `height` (JSON numbers), and no other member.
    ///
    /// The body is JSON, so it is held to JSON's types: a number in a string (`"44"`) or a
    /// member the measurement does not define is refused, as the OpenAPI schema says, rather
    /// than read generously and judged as something the caller did not send.
    public init(json: JSONValue) throws(QueryError) {
        guard case .object(let object) = json else {
            throw QueryError(
                code: .invalidValue,
                message: "A measurement must be an object with figure and value, or figure, width and height.")
        }
        var parameters: [String: String] = [:]
        for (key, value) in object {
            guard Self.parameters.contains(where: { $0.name == key }) else {
                throw QueryError.unknownParameter(key, accepted: Self.parameters.map(\.name))
            }
            switch (key, value) {
            case ("figure", .string(let string)), ("category", .string(let string)): parameters[key] = string
            case ("figure", _), ("category", _):
                throw QueryError.invalid(
                    value.serialized(), for: key,
                    expected: "a \(key == "figure" ? "metric id" : "Dynamic Type category") as a JSON string")
            case (_, .number(let number)): parameters[key] = number.literal
            default:
                throw QueryError.invalid(value.serialized(), for: key, expected: "a JSON number, e.g. 44 or 17.5")
            }
        }
        try self.init(parameters: parameters)
    }
}
