import JSON
import SpecStore

/// `/v1/check` as a linter uses it: every measurement of a frame answered in order, a malformed
/// one with its own `error` beside the others' results. A measurement names a figure, or an
/// element and a platform (``SpecSnapshot/checkElement(_:)``: every figure that applies, and the
/// one that governs).
///
/// A result row is `index`, the caller's `id` (if sent), `figure` (the metric id), `measured`,
/// `result`, `severity`, `message`, `status`, `force` (Apple's own wording for that figure, where
/// the store has it), and the whole figure as `metric` only when the request asks
/// (`embed=figure`). A row that cannot be judged is `index`, `id`, `figure` (as sent) and
/// `error` (`status`, `code`, `message`, `hint`, `parameter`). An item naming a contrast member
/// (`foreground`, `background`, …) is a contrast check, its row as ``ContrastCheck`` answers the
/// `GET`, with `index` and `id`.
package enum CheckBatch {
    /// The members a measurement object may have.
    package static let members = ["id"] + Measurement.parameters.map(\.name) + ContrastCheck.parameters.map(\.name)

    /// The `embed` values: what a result carries in full besides the figure's id.
    package static let embedValues = ["figure", "none"]

    /// The query parameter that asks for the whole figure in every result.
    package static let embedParameter = "embed"

    /// What `embed` does, for the OpenAPI document.
    package static let embedSummary =
        "figure puts the whole figure (the metric record, with its citations) in each result as metric; none (the default) names it by id only."

    /// The form of a metric id, as the OpenAPI document states it: ids are a pattern, not an
    /// enumeration, so a client keeps working when a data reload adds figures.
    package static let figurePattern = "^metric\\.[a-z0-9][a-z0-9.-]*$"

    /// Whether `figure` has the form of ``figurePattern``.
    package static func isFigureID(_ figure: String) -> Bool {
        let prefix = "metric."
        guard figure.hasPrefix(prefix), let first = figure.utf8.dropFirst(prefix.utf8.count).first else { return false }
        func isAlphanumeric(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        return isAlphanumeric(first)
            && figure.utf8.dropFirst(prefix.utf8.count).allSatisfy {
                isAlphanumeric($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
            }
    }

    /// Whether `embed=` asks for the figure; `nil` means the default (no).
    package static func embedsFigure(_ raw: String?) throws(APIError) -> Bool {
        guard let raw else { return false }
        switch FilterVocabulary.matchKey(raw) {
        case "figure", "metric": return true
        case "none": return false
        default: throw APIError.unknownValue("embed", raw, accepted: embedValues)
        }
    }

    /// Judges a `POST` body. Only a body that is not a JSON array of objects, or holds more than
    /// `limit` items, is a whole-request error.
    package static func judge(body: [UInt8], snapshot: SpecSnapshot, embed: Bool, limit: Int) throws(APIError)
        -> QueryResult
    {
        let hint =
            "Send a JSON array of objects: {\"id\", \"figure\", \"value\"}, {\"id\", \"figure\", \"width\", \"height\"}, {\"id\", \"element\", \"platform\", \"width\", \"height\"} or {\"id\", \"foreground\", \"background\", \"textSize\"}."
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(body)
        } catch {
            throw APIError(status: 400, code: "bad_body", message: "The body is not JSON: \(error).", hint: hint)
        }
        guard let elements = parsed.arrayValue else {
            throw APIError(
                status: 400, code: "bad_body", message: "The body is a JSON \(parsed.typeName), not an array.",
                hint: hint)
        }
        if let index = elements.firstIndex(where: { $0.objectValue == nil }) {
            throw APIError(
                status: 400, code: "bad_body",
                message: "Item \(index) of the body is a JSON \(elements[index].typeName), not an object.", hint: hint)
        }
        // The bound the OpenAPI document states: a frame's measurements, not a bulk channel.
        guard elements.count <= limit else {
            throw APIError(
                status: 400, code: "bad_body",
                message: "The body holds \(elements.count) measurements; at most \(limit) are judged at once.",
                hint: "Split the measurements into requests of \(limit) or fewer.")
        }
        var items: [JSONValue] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            items.append(
                row(index: index, object: element.objectValue ?? JSONObject(), snapshot: snapshot, embed: embed))
        }
        return QueryResult(items: items)
    }

    /// Judges the measurement of a `GET`: the same row as one item of a batch.
    package static func judge(parameters: [String: String], snapshot: SpecSnapshot, embed: Bool) throws(APIError)
        -> JSONValue
    {
        // Parameters that are not a measurement at all are the request's fault: 400.
        let measurement: Measurement
        do {
            measurement = try Measurement(parameters: parameters)
        } catch {
            throw APIError(error)
        }
        // The OpenAPI document lists the elements as an enum: outside it, the request is at fault.
        if let element = measurement.element, snapshot.element(named: element) == nil {
            throw APIError(
                QueryError.unknownValue(element, for: "element", accepted: snapshot.elements.map(\.id)))
        }
        // One unknown asset is the request's fault too, as an unknown element is.
        if let asset = measurement.asset {
            do {
                _ = try snapshot.assetName(matching: asset)
            } catch {
                throw APIError(error)
            }
        }
        // A shape outside this version's list is the request's fault too (a shape beside what it
        // does not apply to is the item's, as the store judges it).
        if let shape = measurement.buttonShape, !snapshot.buttonShapes.isEmpty {
            do {
                _ = try snapshot.buttonShape(matching: shape)
            } catch {
                throw APIError(error)
            }
        }
        guard
            measurement.element != nil || measurement.asset != nil || measurement.figure.isEmpty
                || isFigureID(measurement.figure)
        else {
            throw APIError(
                status: 400, code: QueryError.Code.invalidValue.rawValue,
                message: "'\(measurement.figure)' is not a metric id (metric.<topic>.<platform>.<name>).",
                hint: "GET /v1/metrics lists every figure id.", parameter: "figure")
        }
        for (name, given) in [
            ("value", measurement.value), ("width", measurement.width), ("height", measurement.height),
        ] {
            if let given, given < 0 || !given.isFinite {
                throw APIError(
                    status: 400, code: QueryError.Code.invalidValue.rawValue,
                    message: "'\(name)' is \(parameters[name] ?? ""); a size cannot be negative.",
                    hint: "Give \(name) as a number of 0 or more.", parameter: name)
            }
        }
        // One measurement is not a batch: a figure id the version does not know is the request's
        // fault, a 400 as an unknown value is on every other route.
        if measurement.element == nil, !measurement.figure.isEmpty, snapshot.record(id: measurement.figure) == nil {
            let ids =
                (try? snapshot.metrics(matching: MetricFilter()))?.items.compactMap { $0["id"]?.stringValue } ?? []
            throw APIError(
                status: 400, code: QueryError.Code.unknownValue.rawValue,
                message: "'\(measurement.figure)' is not a known value of figure in version \(snapshot.version.id).",
                hint: NearestSpelling.didYouMean(measurement.figure, among: ids)
                    + "GET /v1/metrics lists every figure id (the metric ids).",
                parameter: "figure")
        }
        return judged(measurement, index: nil, id: nil, snapshot: snapshot, embed: embed)
    }

    /// One item of a batch: its error, or its result.
    private static func row(index: Int, object: JSONObject, snapshot: SpecSnapshot, embed: Bool) -> JSONValue {
        // Echoed only as the strings the schema promises; a wrong type is named in the error.
        let id = object["id"].flatMap(\.stringValue).map(JSONValue.string)
        let figure = object["figure"].flatMap(\.stringValue).map(JSONValue.string)
        let element = object["element"].flatMap(\.stringValue).map(JSONValue.string)
        func failure(_ error: QueryError) -> JSONValue {
            errorRow(index: index, id: id, figure: figure, element: element, error: error)
        }
        if ComplicationCheck.isComplication(object), object["id"].map({ $0.stringValue != nil }) ?? true {
            return ComplicationCheck.row(index: index, object: object, snapshot: snapshot, embed: embed)
        }
        for key in object.keys where !members.contains(key) {
            return failure(
                QueryError(
                    code: .unknownParameter, parameter: key, accepted: members,
                    message: "'\(key)' is not a member of a measurement.",
                    hint: NearestSpelling.didYouMean(key, among: members)
                        + "A measurement has \(members.joined(separator: ", ")) (id optional)."))
        }
        if let given = object["id"], given.stringValue == nil {
            return failure(
                invalid(given, for: "id", expected: "a JSON string, e.g. a Figma node id \"12:34\""))
        }
        for name in ["value", "width", "height"] {
            guard let given = object[name] else { continue }
            guard case .number = given, let number = given.doubleValue else {
                return failure(invalid(given, for: name, expected: "a JSON number, e.g. 44"))
            }
            if number < 0 {
                return failure(
                    QueryError(
                        code: .invalidValue, parameter: name, value: given.serialized(),
                        message: "'\(name)' is \(given.serialized()); a size cannot be negative.",
                        hint: "Give \(name) as a number of 0 or more."))
            }
        }
        var measurementObject = object
        measurementObject["id"] = nil
        // An item naming a contrast member is a contrast check, answered as the GET answers it.
        if ContrastCheck.parameters.contains(where: { measurementObject[$0.name] != nil }) {
            do {
                let judged = try ContrastCheck.judge(item: measurementObject, snapshot: snapshot, embed: embed)
                var row = JSONObject()
                row.append("index", JSONValue(integerLiteral: index))
                if let id { row.append("id", id) }
                for (key, value) in judged.objectValue ?? JSONObject() { row.append(key, value) }
                return .object(row)
            } catch {
                return failure(error)
            }
        }
        let measurement: Measurement
        do {
            measurement = try Measurement(json: .object(measurementObject))
        } catch {
            return failure(error)
        }
        return judged(measurement, index: index, id: id, snapshot: snapshot, embed: embed)
    }

    /// The store's judgement of one well-formed measurement, as a result or an error row.
    private static func judged(
        _ measurement: Measurement, index: Int?, id: JSONValue?, snapshot: SpecSnapshot, embed: Bool
    ) -> JSONValue {
        let judgement: JSONValue
        do {
            judgement = try snapshot.checkElement(measurement)
        } catch {
            return errorRow(
                index: index, id: id,
                figure: measurement.element == nil && measurement.asset == nil ? .string(measurement.figure) : nil,
                element: measurement.element.map(JSONValue.string), error: error)
        }
        guard case .object(let fields) = judgement else { return judgement }
        var row = JSONObject()
        if let index { row.append("index", JSONValue(integerLiteral: index)) }
        if let id { row.append("id", id) }
        for (key, value) in fields where key != "metric" {
            // An element's verdicts carry their figures' rows only when asked, as a figure's does.
            if key == "verdicts", !embed, let verdicts = value.arrayValue {
                row.append(
                    key,
                    .array(
                        verdicts.map { verdict in
                            var object = verdict.objectValue ?? JSONObject()
                            object["metric"] = nil
                            return .object(object)
                        }))
                continue
            }
            row.append(key, value)
            // Apple's own wording for this figure, read from the figure itself.
            if key == "severity", fields["force"] == nil, let force = fields["metric"]?["force"], !force.isNull {
                row.append("force", force)
            }
        }
        if embed, let metric = fields["metric"] {
            row.append("metric", metric)
        } else if let first = (fields["metric"] ?? governing(fields))?["citations"]?.arrayValue?.first?.objectValue {
            // What the verdict cites, without the whole figure: its first citation's page,
            // section and URL.
            row.append(
                "citation",
                .object(
                    JSONObject(first.filter { ["page", "section", "url"].contains($0.key) }.map { ($0.key, $0.value) }))
            )
        }
        return .object(row)
    }

    /// An element's governing figure: the metric row of the verdict on the figure the result names.
    private static func governing(_ fields: JSONObject) -> JSONValue? {
        guard let figure = fields["figure"], !figure.isNull else { return nil }
        return fields["verdicts"]?.arrayValue?.first { $0["figure"] == figure }?["metric"]
    }

    private static func invalid(_ value: JSONValue, for name: String, expected: String) -> QueryError {
        QueryError(
            code: .invalidValue, parameter: name, value: value.serialized(),
            message: "'\(name)' is \(value.serialized()), not \(expected).", hint: "Give \(name) as \(expected).")
    }

    private static func errorRow(
        index: Int?, id: JSONValue?, figure: JSONValue?, element: JSONValue? = nil, error: QueryError
    ) -> JSONValue {
        var row = JSONObject()
        if let index { row.append("index", JSONValue(integerLiteral: index)) }
        if let id { row.append("id", id) }
        if let figure { row.append("figure", figure) }
        if let element { row.append("element", element) }
        var body = APIError.itemJSON(error).objectValue ?? JSONObject()
        // Every metric id would be hundreds of entries per bad row; the hint points to the list,
        // after the nearest ids to a misspelt one.
        if error.accepted.count > 20 {
            body["accepted"] = nil
            let near = error.value.map { NearestSpelling.didYouMean($0, among: error.accepted) } ?? ""
            body["hint"] = .string(near + "GET /v1/metrics lists every figure id (the metric ids).")
        }
        row.append("error", .object(body))
        return .object(row)
    }
}
