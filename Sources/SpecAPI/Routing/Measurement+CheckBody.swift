import JSON
import SpecStore

extension Measurement {
    /// Parses one element of a `POST /v1/check` body: an object with `figure` (a string) and
    /// `value`, or `width` and `height` (JSON numbers), and no other member.
    ///
    /// The body is JSON, so it is held to JSON's types: a number in a string (`"44"`) or a
    /// member the measurement does not define is refused, as the OpenAPI schema says, rather
    /// than read generously and judged as something the caller did not send.
    package init(json: JSONValue) throws(QueryError) {
        guard case .object(let object) = json else {
            throw QueryError(
                code: .invalidValue,
                message: "A measurement must be an object with figure and value, or figure, width and height.")
        }
        var parameters: [String: String] = [:]
        for (key, value) in object {
            guard let field = Self.fields.first(where: { $0.name == key }) else {
                throw QueryError.unknownParameter(key, accepted: Self.fields.map(\.name))
            }
            // Each member's JSON type follows its field's kind: a number is a JSON number, the
            // rest (text and vocabularies) a JSON string.
            switch (field.kind, value) {
            case (.number, .number(let number)): parameters[key] = number.literal
            case (.number, _):
                throw QueryError.invalid(value.serialized(), for: key, expected: "a JSON number, e.g. 44 or 17.5")
            case (_, .string(let string)): parameters[key] = string
            default:
                throw QueryError.invalid(
                    value.serialized(), for: key, expected: "a \(Self.noun(of: key)) as a JSON string")
            }
        }
        try self.init(parameters: parameters)
    }

    private static func noun(of member: String) -> String {
        switch member {
        case "figure": "metric id"
        case "element": "interface element"
        case "platform": "platform"
        case "measure": "measure of the element"
        case "asset": "asset name"
        case "variant": "variant of the asset"
        case "buttonShape": "button shape"
        default: "Dynamic Type category"
        }
    }
}
