import JSON

extension SpecSnapshot {
    /// The prefix and suffix of the figure that gives a visionOS button shape's sizes
    /// (`metric.buttons.visionos.circular-sizes`): Apple's table of button sizes marks, per shape,
    /// the sizes it comes in, and the figure holds the smallest and largest of them.
    private static let shapeFigurePrefix = "metric.buttons.visionos."
    private static let shapeFigureSuffix = "-sizes"
    /// The prefix of the figures of the sizes themselves (`metric.buttons.visionos.size-regular`).
    private static let sizeFigurePrefix = "metric.buttons.visionos.size-"

    /// The visionOS button shapes this version's data gives sizes for, as `buttonShape` takes
    /// them (`circular`, `capsule-text-only`, …): the shape figures' ids, in the data's order.
    public var buttonShapes: [String] { shapeFigures().map(\.shape) }

    /// The shape `raw` names in this version, as ``buttonShapes`` spells it.
    ///
    /// - Throws: ``QueryError`` `unknown_value` listing the shapes of this version.
    public func buttonShape(matching raw: String) throws(QueryError) -> String { try shapeFigure(raw).shape }

    /// The shape figures of this version, each with the shape's name as `buttonShape` takes it.
    private func shapeFigures() -> [(shape: String, entry: Entry)] {
        rows(.metrics).compactMap { entry in
            guard entry.id.hasPrefix(Self.shapeFigurePrefix), entry.id.hasSuffix(Self.shapeFigureSuffix),
                !entry.id.hasPrefix(Self.sizeFigurePrefix)
            else { return nil }
            let shape = entry.id.dropFirst(Self.shapeFigurePrefix.count).dropLast(Self.shapeFigureSuffix.count)
            return (String(shape), entry)
        }
    }

    /// The shape figure `raw` names, by the shape's id (`capsule-text-only`) or Apple's name for it
    /// in this version (`Capsule (text only)`, in 2023 `Pill (text only)`), any case and separators.
    ///
    /// - Throws: ``QueryError`` `unknown_value` listing the shapes of this version.
    func shapeFigure(_ raw: String) throws(QueryError) -> (shape: String, entry: Entry) {
        let key = FilterVocabulary.matchKey(Self.slug(raw))
        let figures = shapeFigures()
        let found = figures.first { figure in
            if FilterVocabulary.matchKey(figure.shape) == key { return true }
            // Apple's name for the shape, as the figure's name gives it in this version.
            let name = figure.entry.fields["name"]?.stringValue ?? ""
            guard let start = name.firstRange(of: "for the "), let end = name.ranges(of: " shape").last,
                start.upperBound < end.lowerBound
            else { return false }
            return FilterVocabulary.matchKey(Self.slug(String(name[start.upperBound..<end.lowerBound]))) == key
        }
        guard let found else { throw QueryError.unknownValue(raw, for: "buttonShape", accepted: figures.map(\.shape)) }
        return found
    }

    /// Refuses what a shape check cannot judge: a shape beside anything but a visionOS button's
    /// width and height. Returns the shape's figure.
    func checkShapeApplies(_ measurement: Measurement, shape raw: String) throws(QueryError) -> (
        shape: String, entry: Entry
    ) {
        let hint = "Give buttonShape with element=button, platform=visionos, width and height."
        if let asset = measurement.asset {
            throw QueryError.inapplicable(
                "buttonShape", value: raw, because: "asset '\(asset)' is judged by its own published size", hint: hint)
        }
        guard let element = measurement.element else {
            throw QueryError.inapplicable(
                "buttonShape", value: raw, because: "Apple's sizes per shape are a visionOS button's", hint: hint)
        }
        guard FilterVocabulary.matchKey(element) == "button" else {
            throw QueryError.inapplicable(
                "buttonShape", value: raw,
                because: "Apple publishes sizes per shape for buttons only, not '\(element)'",
                hint: hint)
        }
        if let platform = measurement.platform, platform != .visionos {
            throw QueryError.inapplicable(
                "buttonShape", value: raw,
                because:
                    "Apple's sizes per shape are visionOS's (HIG › Buttons › visionOS), not \(platform.rawValue)'s",
                hint: hint, suggestion: [.init("platform", "visionos")])
        }
        if let measure = measurement.measure, FilterVocabulary.matchKey(measure) != "size" {
            throw QueryError.inapplicable(
                "measure", value: measure, because: "a button shape's sizes are judged against the button's size",
                hint: "Leave measure out, or give measure=size.")
        }
        if let value = measurement.value {
            throw QueryError.inapplicable(
                "value", value: "\(JSONNumber(value))",
                because: "a button shape's sizes are judged by the button's width and height",
                hint: "Give width and height instead of value.")
        }
        let found = try shapeFigure(raw)
        for (name, given) in [("width", measurement.width), ("height", measurement.height)] where given == nil {
            throw QueryError.missing(
                name, expected: "a number, with \(name == "width" ? "height" : "width")",
                because: "a button shape's sizes are judged by the button's width and height")
        }
        return found
    }

    /// The verdict on a visionOS button's size against the sizes Apple's table gives its shape,
    /// as a row of ``checkElement(_:)``'s `verdicts`: `figure` (the shape's figure), `measured`,
    /// `published` (`sizes` in points, each with Apple's name, and `judged`: which dimension),
    /// `result` (`ok` for one of the sizes; else `below-published` or `above-published` against the
    /// nearest), `severity` (`none`, or `advisory`: a button comes in these sizes, Apple sets no
    /// limit with them), `message`, `force` (`null`), `status`, and the figure as `metric`.
    ///
    /// A circular button's width and height are both judged (its size is its diameter, so a width
    /// other than the height falls short of it); another
    /// shape's height alone: Apple's table does not say which dimension its sizes are, and a
    /// capsule's or rounded rectangle's width follows its label (the store's reading, said in the
    /// message).
    func shapeVerdict(_ shape: (shape: String, entry: Entry), width: Double, height: Double) -> JSONObject {
        let fields = shape.entry.fields
        let low = fields["min"]?.doubleValue ?? 0
        let high = fields["max"]?.doubleValue ?? 0
        // The sizes Apple's table marks for the shape: its size figures from the smallest to the
        // largest the shape's figure holds (Apple's marks are contiguous).
        let sizes = rows(.metrics).compactMap { entry -> (name: String, value: Double)? in
            guard entry.id.hasPrefix(Self.sizeFigurePrefix), let value = entry.fields["value"]?.doubleValue,
                value >= low, value <= high
            else { return nil }
            let name = entry.fields["citations"]?.arrayValue?.first?["quote"]?.stringValue
            return (name ?? "\(JSONNumber(value)) pt", value)
        }.sorted { $0.value < $1.value }
        let circular = shape.shape == "circular"
        let judged: [(String, Double)] = circular ? [("width", width), ("height", height)] : [("height", height)]
        func text(_ number: Double) -> String { JSONNumber(number).literal }
        let apple = fields["name"]?.stringValue ?? shape.shape
        let list = sizes.map(\.name).joined(separator: ", ")
        var message = "\(apple): \(list). Measured \(text(width))×\(text(height)) pt"
        var result = CheckResult.ok
        if circular, width != height {
            // One figure is a circle's width and height: the smaller side falls short of the larger.
            let larger = max(width, height)
            let side = width < height ? "width" : "height"
            result = .belowPublished
            message +=
                ": its \(side), \(text(min(width, height))) pt, is not its \(side == "width" ? "height" : "width"), \(text(larger)) pt; a circular button's size is one figure, its width and its height."
        } else if let miss = judged.first(where: { _, given in !sizes.contains { $0.value == given } }) {
            let nearest = sizes.min { abs($0.value - miss.1) < abs($1.value - miss.1) }
            result = miss.1 < (nearest?.value ?? 0) ? .belowPublished : .abovePublished
            message +=
                ": its \(miss.0), \(text(miss.1)) pt, is none of these sizes"
                + (nearest.map { " (the nearest is \($0.name))" } ?? "")
                + ". A button comes in Apple's sizes; they are not a limit."
        } else if let size = sizes.first(where: { $0.value == height }) {
            message += ": \(size.name), as published."
        }
        if !circular {
            message +=
                " The height is judged: Apple's table does not say which dimension its sizes are, and this shape's width follows its content (the store's reading)."
        }
        var published = JSONObject()
        published.append(
            "sizes",
            .array(
                sizes.map { size in
                    .object(JSONObject([("name", .string(size.name)), ("value", .number(JSONNumber(size.value)))]))
                }))
        published.append("unit", "pt")
        published.append("judged", circular ? "width and height" : "height")
        var row = JSONObject()
        row.append("figure", .string(shape.entry.id))
        row.append(
            "measured",
            .object(JSONObject([("width", .number(JSONNumber(width))), ("height", .number(JSONNumber(height)))])))
        row.append("published", .object(published))
        row.append("result", .string(result.rawValue))
        row.append("severity", .string((result == .ok ? CheckSeverity.none : .advisory).rawValue))
        row.append("message", .string(message))
        row.append("force", .null)
        row.append("status", fields["status"] ?? .null)
        row.append("metric", shape.entry.row)
        return row
    }
}
