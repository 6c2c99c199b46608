import JSON

extension SpecSnapshot {
    /// Judges a complication image's size against Apple's published size for its family, element
    /// and case size (`/v1/check?family=circular&case=45mm&width=…&height=…`).
    ///
    /// The row: `figure` (the complication record's id), `measured` (`{width, height, unit}`),
    /// `published` (Apple's size in the same unit: `width` or `minWidth`/`maxWidth`, `height`),
    /// `result` (`ok`, `below-published`, `above-published`), `severity` (`none`, or `advisory`:
    /// Apple gives the size an image is drawn at, not a limit), `message`, `status`, and the record
    /// as `complication`. A width Apple gives as a range is met anywhere in it.
    ///
    /// - Throws: ``QueryError`` `missing_parameter` for a missing family, case, width or height,
    ///   or a measure where the family has several and no Image row; `unknown_value` for a measure the family lacks;
    ///   `invalid_value` for a case size Apple's tables for the family have no column for, or an
    ///   empty cell (Apple prints an en dash or N/A).
    public func checkComplication(_ measurement: ComplicationMeasurement) throws(QueryError) -> JSONValue {
        guard let family = measurement.family else {
            throw QueryError.missing(
                "family", expected: FilterVocabulary.complicationFamilies.joined(separator: ", "),
                because: "Apple's complication sizes differ per family")
        }
        guard let size = measurement.caseSize else {
            throw QueryError.missing(
                "case", expected: "a watch case size such as 45mm",
                because: "Apple's complication sizes differ per case size")
        }
        let images = rows(.complications).filter { entry in
            entry.fields["family"]?.stringValue == family.rawValue && entry.fields["kind"]?.stringValue == "image"
        }
        let candidates = images.filter { Self.covers($0.fields, size) }
        guard !candidates.isEmpty else {
            let sizes = Self.caseColumns(images).flatMap { $0.split(separator: "/").map(String.init) }
            throw QueryError(
                code: .invalidValue, parameter: "case", value: size.rawValue,
                accepted: FilterVocabulary.caseSizes.filter(sizes.contains),
                message: "Apple's \(family.rawValue) complication tables have no column for \(size.rawValue).",
                hint: "Give one of the case sizes they have: \(Self.caseColumns(images).joined(separator: ", ")).")
        }
        let keys = Self.caseColumns(candidates.map { Self.complicationMeasure($0.fields) })
        let entry: Entry
        if let raw = measurement.measure {
            let wanted = FilterVocabulary.matchKey(Self.slug(raw))
            guard
                let found = candidates.first(where: {
                    FilterVocabulary.matchKey(Self.complicationMeasure($0.fields)) == wanted
                })
            else { throw QueryError.unknownValue(raw, for: "measure", accepted: keys) }
            entry = found
        } else if candidates.count == 1, let only = candidates.first {
            entry = only
        } else if let image = candidates.first(where: { Self.complicationMeasure($0.fields) == "image" }) {
            // Apple's row headed Image is the family's image, unless another is named.
            entry = image
        } else {
            throw QueryError.missing(
                "measure", expected: "one of \(keys.joined(separator: ", "))",
                because: "Apple's \(family.rawValue) tables give \(keys.count) sizes for \(size.rawValue)")
        }
        guard let width = measurement.width, let height = measurement.height else {
            throw QueryError.missing(
                measurement.width == nil ? "width" : "height", expected: "a number",
                because: "a complication image is judged by its width and height")
        }
        let fields = entry.fields
        let unit = measurement.inPixels ? "px" : "pt"
        let keysOf =
            measurement.inPixels
            ? (width: "pixelWidth", min: "minPixelWidth", max: "maxPixelWidth", height: "pixelHeight")
            : (width: "width", min: "minWidth", max: "maxWidth", height: "height")
        let printed = fields["asPublished"]?.stringValue ?? ""
        guard let figureHeight = fields[keysOf.height]?.doubleValue else {
            throw QueryError(
                code: .invalidValue, parameter: "case", value: size.rawValue,
                message: "Apple's table gives no size for \(entry.id): its cell reads '\(printed)'.",
                hint: "Apple publishes no size for this element at \(size.rawValue); none is derived here.")
        }
        let low = fields[keysOf.width]?.doubleValue ?? fields[keysOf.min]?.doubleValue
        let high = fields[keysOf.width]?.doubleValue ?? fields[keysOf.max]?.doubleValue
        guard let low, let high else {
            throw QueryError(
                code: .invalidValue, parameter: "case", value: size.rawValue,
                message: "Apple's table gives no width for \(entry.id): its cell reads '\(printed)'.",
                hint: "Apple publishes no width for this element at \(size.rawValue).")
        }
        let over = width > high || height > figureHeight
        let under = width < low || height < figureHeight
        let result: CheckResult = over ? .abovePublished : under ? .belowPublished : .ok
        func text(_ number: Double) -> String { JSONNumber(number).literal }
        let widthText = low == high ? text(low) : "\(text(low))–\(text(high))"
        let subject =
            "\(family.rawValue) \(Self.complicationMeasure(fields)) at \(fields["caseSize"]?.stringValue ?? "")"
        var message =
            "Apple's size for the \(subject) is \(widthText)x\(text(figureHeight)) \(unit) (printed '\(printed)'); measured \(text(width))x\(text(height)) \(unit)"
        switch result {
        case .ok: message += ": as published."
        default:
            message +=
                over ? ": larger than published." : ": smaller than published."
            message += " Apple gives the size an image is drawn at, not a limit."
        }
        if let inconsistency = fields["inconsistency"]?.stringValue {
            message += " Apple's cell is inconsistent: \(inconsistency)"
        }
        var published = JSONObject()
        if low == high {
            published.append("width", .number(JSONNumber(low)))
        } else {
            published.append("minWidth", .number(JSONNumber(low)))
            published.append("maxWidth", .number(JSONNumber(high)))
        }
        published.append("height", .number(JSONNumber(figureHeight)))
        published.append("unit", .string(unit))
        var row = JSONObject()
        row.append("figure", .string(entry.id))
        row.append(
            "measured",
            .object(
                JSONObject([
                    ("width", .number(JSONNumber(width))), ("height", .number(JSONNumber(height))),
                    ("unit", .string(unit)),
                ])))
        row.append("published", .object(published))
        row.append("result", .string(result.rawValue))
        row.append("severity", .string((result == .ok ? CheckSeverity.none : .advisory).rawValue))
        row.append("message", .string(message))
        row.append("status", fields["status"] ?? .null)
        row.append("complication", entry.row)
        return .object(row)
    }

    /// The `measure` a complication row is judged by: its layout (other than regular size) and
    /// element, as one lower-case word joined by `-` (`image`, `extra-large-closed-gauge`,
    /// `placeholder-bezel`, `utilitarian-small-flat`).
    static func complicationMeasure(_ fields: JSONValue) -> String {
        var parts: [String] = []
        switch fields["layout"]?.stringValue {
        case nil, "regular size": break
        case "no-content placeholder": parts.append("placeholder")
        case let layout?: parts.append(slug(layout))
        }
        if let element = fields["element"]?.stringValue { parts.append(slug(element)) }
        return parts.isEmpty ? "image" : parts.joined(separator: "-")
    }

    /// Lower-case letters and digits, runs joined by `-`: `Stack (not text)` is `stack-not-text`.
    static func slug(_ raw: String) -> String {
        raw.lowercased().split { !($0.isLetter || $0.isNumber) }.joined(separator: "-")
    }
}
