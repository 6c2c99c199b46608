import JSON

extension SpecSnapshot {
    /// Judges the contrast of two colors against Apple's published minimum contrast ratio for
    /// the text they set (`/v1/check?foreground=…&background=…`).
    ///
    /// The ratio is computed here (WCAG 2: the relative luminance of each color, then
    /// (L1 + 0.05) / (L2 + 0.05)); the minimum is Apple's, from the Accessibility page's table as
    /// the store holds it (the `text` element's `contrast`, `contrast-18pt` and `contrast-bold`
    /// figures): bold text of any size, else text up to 17 pt, else text of 18 pt and larger.
    /// The row is the metric check's (``check(_:)`` with the ratio as `value`) and a `contrast`
    /// object: each color as resolved (hex, and the record and appearance a named color came
    /// from), the `ratio` rounded to two decimals, `ratioIs` `computed`, `minimumIs` the figure's
    /// status, and the formula.
    ///
    /// - Throws: ``QueryError`` `invalid_value` for a color that is neither a hex value nor a
    ///   color of this version, or a text size between 17 and 18 pt (Apple's table names neither);
    ///   `missing_parameter` for a named color without an appearance, or when neither the text size,
    ///   `bold` nor a figure says which minimum applies.
    public func checkContrast(_ measurement: ContrastMeasurement) throws(QueryError) -> JSONValue {
        let foreground = try resolveColor(measurement.foreground, parameter: "foreground", measurement)
        let background = try resolveColor(measurement.background, parameter: "background", measurement)
        let figure = try contrastFigure(measurement)
        let ratio = foreground.value.contrastRatio(with: background.value)
        // Judged at the ratio rounded down to two decimals, as it is shown, so 4.499 never passes 4.5.
        let shown = (ratio * 100).rounded(.down) / 100
        let row = try check(Measurement(figure: figure, value: shown))
        guard case .object(var object) = row else { return row }
        var contrast = JSONObject()
        contrast.append("foreground", foreground.json)
        contrast.append("background", background.json)
        contrast.append("ratio", .number(JSONNumber(shown)))
        contrast.append("ratioIs", "computed")
        contrast.append("minimum", object["metric"]?["value"] ?? .null)
        contrast.append("minimumIs", object["status"] ?? .null)
        // Apple's words for the minimum, so the answer cites them whether or not the figure is embedded.
        contrast.append("minimumCitations", object["metric"]?["citations"] ?? .array([]))
        contrast.append(
            "formula",
            "WCAG 2 contrast ratio (L1 + 0.05) / (L2 + 0.05) of the relative luminances, the lighter over the darker; computed by this service, not published by Apple."
        )
        object.append("contrast", .object(contrast))
        return .object(object)
    }

    /// A color as a check reads it: its value and where it came from.
    private struct ResolvedColor {
        let value: ColorValue
        let json: JSONValue
    }

    private func resolveColor(_ raw: String, parameter: String, _ measurement: ContrastMeasurement)
        throws(QueryError) -> ResolvedColor
    {
        if let value = ColorValue(hex: raw) {
            return ResolvedColor(value: value, json: ["given": .string(raw), "hex": .string(value.hex)])
        }
        let key = Self.colorNameKey(raw)
        let candidates = rows(.colors).filter { entry in
            SpecSnapshot.matches(platform: measurement.platform?.rawValue, entry.fields)
                && (entry.id == raw || Self.colorNames(of: entry.fields).contains(key))
        }
        guard let entry = candidates.first else {
            throw QueryError(
                code: .invalidValue, parameter: parameter, value: raw,
                message: "'\(raw)' is neither a hex color nor a color of this version"
                    + (measurement.platform.map { " on \($0.rawValue)" } ?? "") + ".",
                hint: "Give #RRGGBB, or a color's name, API name or id as the colors collection lists them.")
        }
        guard candidates.count == 1 else {
            throw QueryError(
                code: .invalidValue, parameter: parameter, value: raw,
                accepted: candidates.map(\.id),
                message: "'\(raw)' names \(candidates.count) colors in this version, one per platform's table.",
                hint: "Give platform, or one of the record ids: \(candidates.map(\.id).joined(separator: ", ")).")
        }
        let field: String
        if let appearance = measurement.appearance, entry.fields["sameInEveryAppearance"] != .bool(true) {
            field = appearance.field
        } else if measurement.appearance != nil {
            // Apple gives the color one value for every appearance: that value is the asked one's.
            field = "value"
        } else if entry.fields["value"]?.objectValue != nil {
            // Apple's table has one column for this color: there is no appearance to choose.
            field = "value"
        } else {
            throw QueryError.missing(
                "appearance", expected: FilterVocabulary.appearances.joined(separator: ", "),
                because: "\(raw) is a system color, whose value depends on the appearance")
        }
        guard let value = ColorValue(entry.fields[field]) else {
            throw QueryError(
                code: .invalidValue, parameter: "appearance", value: measurement.appearance?.rawValue,
                message: "Apple's table gives \(entry.id) no \(measurement.appearance?.phrase ?? field) value.",
                hint: "Apple's table for it has one column (its value): leave appearance out.")
        }
        var json = JSONObject()
        json.append("given", .string(raw))
        json.append("hex", .string(value.hex))
        json.append("color", .string(entry.id))
        json.append("appearance", .string(measurement.appearance?.rawValue ?? "value"))
        return ResolvedColor(value: value, json: .object(json))
    }

    /// The figure the text's size and weight call for, as the `text` element declares them.
    private func contrastFigure(_ measurement: ContrastMeasurement) throws(QueryError) -> String {
        if let figure = measurement.figure { return figure }
        func figure(_ measure: String) throws(QueryError) -> String {
            guard let id = element(named: "text")?.measures.first(where: { $0.name == measure })?.figures.first else {
                throw QueryError(
                    code: .notFound, parameter: "figure",
                    message: "This version holds no figure for the text element's \(measure).",
                    hint: "Give figure: a contrast metric id.")
            }
            return id
        }
        if measurement.bold == true { return try figure("contrast-bold") }
        guard let size = measurement.textSize else {
            throw QueryError.missing(
                "textSize", expected: "the text size in points (or bold=true, or a figure)",
                because: "Apple's minimum contrast ratio depends on the text's size and weight")
        }
        if size <= 17 { return try figure("contrast") }
        if size >= 18 { return try figure("contrast-18pt") }
        throw QueryError(
            code: .invalidValue, parameter: "textSize", value: "\(JSONNumber(size))",
            message: "Apple's contrast table names text up to 17 pt and text of 18 pt, not \(JSONNumber(size)) pt.",
            hint: "Give the figure that applies (figure=), or a size of 17 or less, or 18 or more.")
    }
}
