import JSON
import SpecStore

/// `/v1/check?foreground=…&background=…`: two colors judged against Apple's minimum contrast
/// ratio for the text they set (``SpecSnapshot/checkContrast(_:)``). A request that names one of
/// its parameters is a contrast check; its parameters are these, with `figure` and `platform` as the
/// metric check reads them. As a measurement's check does, it answers what it cannot judge (a
/// color it does not know, a missing one, a measurement's `value`, `width` or `height` beside
/// them) as the one item's error, and only a parameter the route does not have as a `400`.
package enum ContrastCheck {
    /// The contrast check's own parameters: its declared fields but `figure` and `platform`,
    /// which the route lists as a measurement's. None is required of the route, which judges
    /// measurements without them: the colors are required once a request is a contrast check.
    package static let parameters = ContrastMeasurement.parameters.filter { parameter in
        !Measurement.fields.contains { $0.name == parameter.name }
    }.map { FilterParameter(name: $0.name, summary: $0.summary, value: $0.value) }

    /// Whether the request asks for a contrast check: it names one of the contrast check's own
    /// parameters (a `textSize` alone is a contrast check missing its colors, not a measurement).
    package static func isContrast(_ parameters: [String: String]) -> Bool {
        Self.parameters.contains { parameters[$0.name] != nil }
    }

    /// Judges the contrast the parameters describe.
    package static func judge(parameters: [String: String], snapshot: SpecSnapshot, embed: Bool) throws(APIError)
        -> JSONValue
    {
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
    package static func judge(item: JSONObject, snapshot: SpecSnapshot, embed: Bool) throws(QueryError) -> JSONValue {
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
        try ContrastMeasurement.refuseUndeclared(
            parameters, accepted: Self.parameters.map(\.name) + Measurement.fields.map(\.name))
    }

    /// The judged contrast, with the whole figure only when asked (`embed=figure`).
    private static func row(_ parameters: [String: String], snapshot: SpecSnapshot, embed: Bool) throws(QueryError)
        -> JSONValue
    {
        let row = try snapshot.checkContrast(try ContrastMeasurement(parameters: parameters))
        guard case .object(var object) = row else { return row }
        if !embed { object["metric"] = nil }
        return .object(object)
    }
}
