import JSON
import SpecStore

/// `/v1/check?family=circular&case=45mm&width=…&height=…`: a complication image judged against
/// Apple's published size for its family, element (`measure`) and case size
/// (``SpecSnapshot/checkComplication(_:)``). A request (or a batch item) naming `family`, `case` or `unit`,
/// or `element=complication`, is a complication check. As a measurement's check does, it answers
/// with `400` what names no figure (an unknown family, case size or element, a case size the
/// family has no column for) on a `GET`, and as the item's error what it cannot judge (a missing
/// size, an empty cell of Apple's).
package enum ComplicationCheck {
    /// The complication check's own parameters: its declared fields but `element`, `measure`,
    /// `width` and `height`, which the route lists as a measurement's.
    package static let parameters = ComplicationMeasurement.parameters.filter { parameter in
        !Measurement.fields.contains { $0.name == parameter.name }
    }

    /// Whether the parameters ask for a complication check.
    package static func isComplication(_ parameters: [String: String]) -> Bool {
        parameters["family"] != nil || parameters["case"] != nil || parameters["unit"] != nil
            || parameters["element"].map { FilterVocabulary.matchKey($0).hasPrefix("complication") } == true
    }

    /// Whether a batch item asks for a complication check.
    package static func isComplication(_ object: JSONObject) -> Bool {
        isComplication(strings(object))
    }

    /// Judges a `GET`: what names no figure is a `400`; what cannot be judged is the item's error.
    package static func judge(parameters: [String: String], snapshot: SpecSnapshot, embed: Bool) throws(APIError)
        -> JSONValue
    {
        let measurement: ComplicationMeasurement
        do {
            measurement = try ComplicationMeasurement(parameters: parameters)
        } catch {
            // A parameter of the route that another kind of check reads (a contrast check's
            // appearance beside family and case): the route knows it, so the request is valid,
            // and this one item cannot be judged, as a contrast check answers a measurement's value.
            // A unit other than pt or px is text the schema allows, so it is the item's error too.
            if error.code == .unknownParameter || error.parameter == "unit" {
                return .object(JSONObject([("error", APIError.itemJSON(error))]))
            }
            throw APIError(error)
        }
        do {
            return trimmed(try snapshot.checkComplication(measurement), embed: embed)
        } catch {
            if ["family", "case", "measure"].contains(error.parameter ?? ""), error.code != .missingParameter {
                throw APIError(error)
            }
            return .object(JSONObject([("error", APIError.itemJSON(error))]))
        }
    }

    /// One item of a `POST` batch: its result, or its error, with its index and the caller's id.
    package static func row(index: Int, object: JSONObject, snapshot: SpecSnapshot, embed: Bool) -> JSONValue {
        var row = JSONObject([("index", JSONValue(integerLiteral: index))])
        if let id = object["id"] { row.append("id", id) }
        var members = object
        members["id"] = nil
        do {
            let judged = try snapshot.checkComplication(try ComplicationMeasurement(parameters: strings(members)))
            for (key, value) in trimmed(judged, embed: embed).objectValue ?? JSONObject() { row.append(key, value) }
        } catch {
            row.append("error", APIError.itemJSON(error))
        }
        return .object(row)
    }

    /// A batch item's members as query parameters: strings as written, numbers as their literal.
    private static func strings(_ object: JSONObject) -> [String: String] {
        var parameters: [String: String] = [:]
        for (key, value) in object {
            switch value {
            case .string(let text): parameters[key] = text
            case .number(let number): parameters[key] = number.literal
            default: parameters[key] = value.serialized()
            }
        }
        return parameters
    }

    /// The row without the whole record unless asked (`embed=figure`); its citation either way.
    private static func trimmed(_ row: JSONValue, embed: Bool) -> JSONValue {
        guard case .object(var object) = row else { return row }
        if let first = object["complication"]?["citations"]?.arrayValue?.first?.objectValue {
            object.append(
                "citation",
                .object(
                    JSONObject(first.filter { ["page", "section", "url"].contains($0.key) }.map { ($0.key, $0.value) }))
            )
        }
        if !embed { object["complication"] = nil }
        return .object(object)
    }
}
