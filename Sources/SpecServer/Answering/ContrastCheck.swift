import SpecStore

/// `/v1/check?foreground=…&background=…`: two colors judged against Apple's minimum contrast
/// ratio for the text they set (``SpecSnapshot/checkContrast(_:)``). A request that names one of
/// its parameters is a contrast check; its parameters are these, with `figure` and `platform` as the
/// metric check reads them. As a measurement's check does, it answers what it cannot judge (a
/// color it does not know, a missing one, a measurement's `value`, `width` or `height` beside
/// them) as the one item's error, and only a parameter the route does not have as a `400`.
enum ContrastCheck {
    /// The contrast check's own parameters.
    static let parameters = [
        FilterParameter(
            name: "foreground",
            summary:
                "Contrast check: the text color, #RRGGBB (or #RGB), or a color of /v1/colors by name, API name or id with appearance.",
            value: .text),
        FilterParameter(
            name: "background", summary: "Contrast check: the background color, spelled as foreground.", value: .text),
        FilterParameter(
            name: "appearance", summary: "Contrast check: the appearance whose value a named color gives.",
            value: .vocabulary(.appearance)),
        FilterParameter(
            name: "textSize",
            summary:
                "Contrast check: the text size in points; Apple's minimum is one figure up to 17 pt and another from 18 pt.",
            value: .number),
        FilterParameter(
            name: "bold", summary: "Contrast check: true for bold text, which Apple gives its own minimum at any size.",
            value: .text),
    ]

    /// Whether the request asks for a contrast check: it names one of the contrast check's own
    /// parameters (a `textSize` alone is a contrast check missing its colors, not a measurement).
    static func isContrast(_ parameters: [String: String]) -> Bool {
        Self.parameters.contains { parameters[$0.name] != nil }
    }

    /// Judges the contrast the parameters describe.
    static func judge(parameters: [String: String], snapshot: SpecSnapshot, embed: Bool) throws(APIError) -> JSONValue {
        // A parameter the route does not have, or a value not of its declared type (a text size
        // that is no number, an appearance outside the vocabulary), is the request's fault, as
        // for a measurement.
        do {
            try validate(parameters)
        } catch {
            throw APIError(error)
        }
        do {
            return try row(parameters, snapshot: snapshot, embed: embed)
        } catch {
            return .object(JSONObject([("error", APIError.itemJSON(error))]))
        }
    }

    /// One item of a `POST /v1/check` body that names a contrast member: the row the `GET` with
    /// the same parameters answers, or the error that `GET` gives (a `400`'s or the item's own),
    /// which the batch answers as the item's error. The body is JSON, so it is held to JSON's
    /// types: a text size is a number, bold a boolean, the rest strings.
    static func judge(item: JSONObject, snapshot: SpecSnapshot, embed: Bool) throws(QueryError) -> JSONValue {
        var parameters: [String: String] = [:]
        for (key, value) in item {
            switch (key, value) {
            case ("bold", .bool(let flag)): parameters[key] = flag ? "true" : "false"
            case ("bold", _):
                throw QueryError.invalid(value.serialized(), for: key, expected: "a JSON boolean, true or false")
            case (_, .number(let number)) where numbers.contains(key): parameters[key] = number.literal
            case (_, _) where numbers.contains(key):
                throw QueryError.invalid(value.serialized(), for: key, expected: "a JSON number, e.g. 17")
            case (_, .string(let text)): parameters[key] = text
            default:
                throw QueryError.invalid(value.serialized(), for: key, expected: "a JSON string")
            }
        }
        try validate(parameters)
        return try row(parameters, snapshot: snapshot, embed: embed)
    }

    /// The members a batch item gives as JSON numbers (a measurement's beside a contrast check's,
    /// so that an item mixing them is refused for the mix, not for a type).
    private static let numbers: Set<String> = ["textSize", "value", "width", "height"]

    /// Refuses a parameter neither check has and a value not of its declared type.
    private static func validate(_ parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters + Measurement.parameters)
        let _: ColorAppearance? = try reader.term("appearance")
        let _: Platform? = try reader.term("platform")
        _ = try reader.number("textSize")
    }

    /// The judged contrast, with the whole figure only when asked (`embed=figure`).
    private static func row(_ parameters: [String: String], snapshot: SpecSnapshot, embed: Bool) throws(QueryError)
        -> JSONValue
    {
        let row = try snapshot.checkContrast(try measurement(parameters))
        guard case .object(var object) = row else { return row }
        if !embed { object["metric"] = nil }
        return .object(object)
    }

    /// The contrast measurement the parameters describe.
    private static func measurement(_ parameters: [String: String]) throws(QueryError) -> ContrastMeasurement {
        let shared = Measurement.parameters.filter { $0.name == "figure" || $0.name == "platform" }
        let reader = try ParameterReader(parameters, defined: Self.parameters + shared)
        guard let foreground = reader.text("foreground") else {
            throw QueryError.missing("foreground", expected: "#RRGGBB or a color's name")
        }
        guard let background = reader.text("background") else {
            throw QueryError.missing("background", expected: "#RRGGBB or a color's name")
        }
        return ContrastMeasurement(
            foreground: foreground, background: background, appearance: try reader.term("appearance"),
            platform: try reader.term("platform"), textSize: try reader.number("textSize"),
            bold: try bold(reader.text("bold")), figure: reader.text("figure"))
    }

    private static func bold(_ raw: String?) throws(QueryError) -> Bool? {
        guard let raw else { return nil }
        switch raw.lowercased() {
        case "true", "yes", "1": return true
        case "false", "no", "0": return false
        default: throw QueryError.unknownValue(raw, for: "bold", accepted: ["true", "false"])
        }
    }
}
