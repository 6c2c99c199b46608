import JSON

extension SpecSnapshot {
    /// Judges one measurement against a metric (`/v1/check`).
    ///
    /// The row: `figure` (the metric id), `measured` (`{value}`, `{width, height}` or `{category}`), `result`
    /// (`ok`, `deviates-from-convention`, `differs-from-published-default`, `below-published`,
    /// `above-published`), `severity` (`none`, `info`, `advisory`, `warning`), `message`, `force`
    /// (Apple's own words of force for this figure, quoted from its citation, or `null` where the
    /// citation states the figure without them), `status` (the metric's), and `metric` (the
    /// metric's full row, with citations or basis).
    ///
    /// - A published minimum: under it is `below-published`. A published maximum: over it is
    ///   `above-published`. A published range: either. A published exact figure: under or over.
    ///   A published default: any other value is `differs-from-published-default`. An `about`
    ///   figure (Apple's approximate one): under or over, with severity `advisory`.
    ///   Severity is `warning` beyond a minimum, maximum or range (a bounded figure), `advisory` for
    ///   a default or an exact figure (what Apple gives the thing as, not a limit), `info` outside a
    ///   figure Apple only describes; no result says "violation". The message quotes the figure's
    ///   own force, never another figure's.
    /// - A convention: any difference is `deviates-from-convention`, severity `info`, and the
    ///   message says it is not a HIG requirement.
    /// - Width and height are judged together: a minimum is missed if either is under it.
    /// - A range of Dynamic Type categories (`minCategory`, `maxCategory`) is judged with
    ///   `category`, by the categories' order: a smaller category is `below-published`, a larger
    ///   one `above-published`.
    ///
    /// - Throws: ``QueryError`` `unknown_value` for an unknown figure; `invalid_value` naming the
    ///   parameter when the measurement's shape does not fit the metric's (`value` for a width ×
    ///   height metric, `width` or `height` for a single figure), with a hint giving the right
    ///   parameters; `missing_parameter` when the measurement lacks what the metric needs.
    public func check(_ measurement: Measurement) throws(QueryError) -> JSONValue {
        guard collection(of: measurement.figure) == .metrics, let entry = entry(id: measurement.figure) else {
            throw QueryError.unknownValue(measurement.figure, for: "figure", accepted: rows(.metrics).map(\.id))
        }
        let fields = entry.fields
        let unit = fields["unit"]?.stringValue ?? "pt"
        let bound = fields["bound"]?.stringValue ?? "exact"
        let name = fields["name"]?.stringValue ?? entry.id
        let isPublished = fields["status"]?.stringValue == "published"
        let force = fields["force"]?.stringValue
        // Apple's sentence describes what happens or what is typical: outside it is worth
        // knowing, never a limit missed.
        let describes = fields["kind"]?.stringValue == "description"
        // Only a bounded figure (a minimum, a maximum or a range) is a limit: an exact figure is
        // what Apple gives the thing as (a layout's four symbols, a grid's column width), so
        // another value differs from it without crossing any limit Apple sets.
        let bounded = Self.isBounded(bound)
        let exclusive = fields["exclusive"]?.boolValue ?? false
        let page = fields["citations"]?.arrayValue?.first?["page"]?.stringValue ?? "Apple's page"
        let wording =
            force.map { "Apple's wording for it (\(page)): \"\($0)\"." }
            ?? "Apple's citation gives the figure without saying how strictly it applies."

        var measured = JSONObject()
        // Pairs of (measured, figure) to compare, and how to print both.
        var pairs: [(Double, Double)] = []
        let measuredText: String
        let figureText: String
        let order = FilterVocabulary.categories
        if let low = fields["minCategory"]?.stringValue, let high = fields["maxCategory"]?.stringValue {
            // A range of Dynamic Type categories: judged by the categories' order, smallest first.
            let shape = "\(entry.id) is a range of Dynamic Type categories (\(low)–\(high))"
            for (name, given) in [
                ("value", measurement.value), ("width", measurement.width), ("height", measurement.height),
            ] {
                if let given {
                    throw QueryError.inapplicable(
                        name, value: "\(JSONNumber(given))", because: shape,
                        hint: "Give category instead.", suggestion: [.init("figure", entry.id), .init("category", low)])
                }
            }
            guard let category = measurement.category else {
                throw QueryError.missing("category", expected: "a Dynamic Type category", because: shape)
            }
            measured.append("category", .string(category.rawValue))
            let position = Double(order.firstIndex(of: category.rawValue) ?? 0)
            pairs = [
                (position, Double(order.firstIndex(of: low) ?? 0)), (position, Double(order.firstIndex(of: high) ?? 0)),
            ]
            measuredText = category.rawValue
            figureText = "\(low)–\(high)"
        } else if let category = measurement.category {
            throw QueryError.inapplicable(
                "category", value: category.rawValue,
                because: "\(entry.id) is a numeric figure, not a range of categories",
                hint: "Give value, or width and height, as the figure's shape needs.")
        } else if let width = fields["width"]?.doubleValue, let height = fields["height"]?.doubleValue {
            // A single value says nothing about which side it measured; guessing (both sides,
            // the smaller) would judge a measurement the caller never made.
            let shape = "\(entry.id) is a width × height figure (\(JSONNumber(width))×\(JSONNumber(height)) \(unit))"
            let fitting: [QueryError.Setting] = [
                .init("figure", entry.id), .init("width", "\(JSONNumber(width))"),
                .init("height", "\(JSONNumber(height))"),
            ]
            if let value = measurement.value {
                throw QueryError.inapplicable(
                    "value", value: "\(JSONNumber(value))", because: shape,
                    hint: "Give width and height instead of value.", suggestion: fitting)
            }
            guard let measuredWidth = measurement.width else {
                throw QueryError.missing("width", expected: "a number, with height", because: shape)
            }
            guard let measuredHeight = measurement.height else {
                throw QueryError.missing("height", expected: "a number, with width", because: shape)
            }
            measured.append("width", .number(JSONNumber(measuredWidth)))
            measured.append("height", .number(JSONNumber(measuredHeight)))
            pairs = [(measuredWidth, width), (measuredHeight, height)]
            measuredText = "\(JSONNumber(measuredWidth))×\(JSONNumber(measuredHeight)) \(unit)"
            figureText = "\(JSONNumber(width))×\(JSONNumber(height)) \(unit)"
        } else {
            let shape = "\(entry.id) is a single figure, not a width × height one"
            for (name, given) in [("width", measurement.width), ("height", measurement.height)] {
                if let given {
                    throw QueryError.inapplicable(
                        name, value: "\(JSONNumber(given))", because: shape,
                        hint: "Give value instead.",
                        suggestion: [.init("figure", entry.id), .init("value", "\(JSONNumber(given))")])
                }
            }
            guard let value = measurement.value else {
                throw QueryError.missing("value", expected: "a number", because: shape)
            }
            measured.append("value", .number(JSONNumber(value)))
            if let min = fields["min"]?.doubleValue, let max = fields["max"]?.doubleValue {
                pairs = [(value, min), (value, max)]
                figureText = Self.quantityRange(min, max, unit: unit, figure: entry.id)
            } else {
                let figure = fields["value"]?.doubleValue ?? 0
                pairs = [(value, figure)]
                figureText = Self.quantity(figure, unit: unit, figure: entry.id)
            }
            measuredText = Self.quantity(value, unit: unit, figure: entry.id)
        }

        let below: Bool
        let above: Bool
        switch bound {
        case "range":
            below = pairs[0].0 < pairs[0].1
            above = pairs[1].0 > pairs[1].1
        default:
            // An exclusive figure ("under 15 characters") is itself outside the bound.
            below = pairs.contains { exclusive && bound == "minimum" ? $0.0 <= $0.1 : $0.0 < $0.1 }
            above = pairs.contains { exclusive && bound == "maximum" ? $0.0 >= $0.1 : $0.0 > $0.1 }
        }
        let result: CheckResult
        let severity: CheckSeverity
        var message: String
        if !isPublished {
            if below || above {
                result = .deviatesFromConvention
                severity = .info
                message =
                    "\(measuredText) differs from the convention of \(figureText) for \(name). This is a working convention, not found on Apple's pages: not a HIG requirement."
            } else {
                result = .ok
                severity = .none
                message =
                    "\(measuredText) matches the convention of \(figureText) for \(name) (a convention, not a HIG requirement)."
            }
        } else if describes, below || above {
            result = below ? .belowPublished : .abovePublished
            severity = .info
            message =
                "\(measuredText) is outside the \(figureText) Apple describes for \(name). Apple's sentence describes rather than sets a limit\(force.map { " (\(page)): \"\($0)\"" } ?? "")."
        } else if bound == "about", below || above {
            result = below ? .belowPublished : .abovePublished
            severity = .advisory
            message =
                "\(measuredText) differs from the about \(figureText) Apple gives for \(name). Apple gives an approximate figure, not a limit.\(force.map { " Apple's words (\(page)): \"\($0)\"." } ?? "")"
        } else if !bounded, bound != "default", below || above {
            result = below ? .belowPublished : .abovePublished
            severity = .advisory
            message =
                "\(measuredText) differs from the \(figureText) Apple gives for \(name). Apple gives the figure, not a limit: it is what \(name) is, and a design may differ from it.\(force.map { " Apple's words (\(page)): \"\($0)\"." } ?? "")"
        } else if exclusive, bound == "maximum", above {
            result = .abovePublished
            severity = .warning
            message = "\(measuredText) is not under \(figureText), Apple's published limit for \(name). \(wording)"
        } else if exclusive, bound == "minimum", below {
            result = .belowPublished
            severity = .warning
            message = "\(measuredText) is not over \(figureText), Apple's published limit for \(name). \(wording)"
        } else {
            switch bound {
            case "minimum" where below, "range" where below:
                result = .belowPublished
                severity = .warning
                message =
                    "\(measuredText) is under Apple's published \(bound == "minimum" ? "minimum" : "range") of \(figureText) for \(name). \(wording)"
            case "maximum" where above, "range" where above:
                result = .abovePublished
                severity = .warning
                message =
                    "\(measuredText) is over Apple's published \(bound == "maximum" ? "maximum" : "range") of \(figureText) for \(name). \(wording)"
            case "default" where below || above:
                result = .differsFromPublishedDefault
                severity = .advisory
                message =
                    "\(measuredText) differs from Apple's published default of \(figureText) for \(name). A default is a starting point, not a limit."
            case "about":
                result = .ok
                severity = .none
                message = "\(measuredText) is Apple's figure of about \(figureText) for \(name)."
            default:
                result = .ok
                severity = .none
                message = "\(measuredText) meets Apple's published \(bound) of \(figureText) for \(name)."
            }
        }
        if isPublished, result.isOutsidePublished {
            message += alternativesText(of: fields)
        }
        var row = JSONObject()
        row.append("figure", .string(entry.id))
        row.append("measured", .object(measured))
        row.append("result", .string(result.rawValue))
        row.append("severity", .string(severity.rawValue))
        row.append("message", .string(message))
        row.append("force", force.map { .string($0) } ?? .null)
        row.append("status", fields["status"] ?? .null)
        row.append("metric", entry.row)
        return .object(row)
    }

    /// Whether a figure's bound is a limit a measurement can cross: a minimum, a maximum or a
    /// range. An exact figure and a default are what Apple gives, not limits.
    static func isBounded(_ bound: String) -> Bool {
        bound == "minimum" || bound == "maximum" || bound == "range"
    }

    /// The other branches of an either/or, named with their figures: " Apple gives an alternative:
    /// …; meeting either is enough." Empty where the figure has none.
    func alternativesText(of fields: JSONValue) -> String {
        let others = (fields["alternatives"]?.arrayValue ?? []).compactMap { id -> String? in
            guard let id = id.stringValue, let other = entry(id: id)?.fields else { return nil }
            let unit = other["unit"]?.stringValue ?? "pt"
            let name = other["name"]?.stringValue ?? id
            let bound = other["bound"]?.stringValue ?? "exact"
            guard let value = other["value"]?.doubleValue else { return "\(name) (\(id))" }
            return "\(name), \(bound) \(Self.quantity(value, unit: unit, figure: id)) (\(id))"
        }
        guard !others.isEmpty else { return "" }
        return " Apple gives an alternative: \(others.joined(separator: "; or ")); meeting either is enough."
    }
}
