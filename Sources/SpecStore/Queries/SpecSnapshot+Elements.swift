import JSON

extension SpecSnapshot {
    /// How the figure that governs an element's measurement is chosen, as the answer states it.
    public static let governingRule =
        "The governing figure is the first by: a published figure before a convention; a limit (minimum, maximum, exact or range) before a default or a figure Apple only describes; the more severe verdict (warning, advisory, info, none); Apple's stronger wording (requirement, recommendation, unstated, description); then the element's own order in the data, most specific first."

    /// The element named `raw` (its id or name, any case and separators), or `nil`.
    public func element(named raw: String) -> UIElement? {
        let key = FilterVocabulary.matchKey(raw)
        return elements.first { FilterVocabulary.matchKey($0.id) == key || FilterVocabulary.matchKey($0.name) == key }
    }

    /// Judges a measurement of an interface element against every figure that applies to it on
    /// the measurement's platform, for what was measured (`/v1/check?element=`).
    ///
    /// The element's figures are grouped by measure (`size`, `height`, `spacing`): a measurement is
    /// judged against one measure's figures, the one `measure` names, or else the one measure
    /// whose figures take the measurement's shape (width and height, a value, a category).
    ///
    /// The row is the governing figure's verdict, as ``check(_:)`` gives it (`figure`, `measured`,
    /// `result`, `severity`, `message`, `force`, `status`), plus `element`, `platform`, `governs`
    /// (why that figure, by ``governingRule``), `measure`, `verdicts` (every figure judged, each with its
    /// `bound` and `kind`, and its `metric` row) and `notJudged` (the figures that apply but take
    /// another shape of measurement) and `otherMeasures` (the element's other measures on the
    /// platform). Where no figure applies, or none
    /// takes this measurement, `figure` is `null`, `result` `no-applicable-figure`, and the
    /// message says so.
    ///
    /// - Throws: ``QueryError`` `unknown_value` for an unknown element, with the nearest names;
    ///   `missing_parameter` without a platform, or without a measure where several fit, or with
    ///   neither figure nor element; `invalid_value` for figure with element, or platform or
    ///   measure without element.
    public func checkElement(_ measurement: Measurement) throws(QueryError) -> JSONValue {
        // A visionOS button's shape adds the verdict on the sizes Apple gives that shape.
        let shape = try measurement.buttonShape.map { raw throws(QueryError) in
            try checkShapeApplies(measurement, shape: raw)
        }
        if measurement.asset != nil { return try checkAsset(measurement) }
        if let variant = measurement.variant {
            throw QueryError.inapplicable(
                "variant", value: variant, because: "it picks one size of an asset",
                hint: "Give variant with asset, not with figure or element.")
        }
        guard let name = measurement.element else {
            if let platform = measurement.platform {
                throw QueryError.inapplicable(
                    "platform", value: platform.rawValue, because: "a figure id names its platform already",
                    hint: "Give platform with element, not with figure.")
            }
            if let measure = measurement.measure {
                throw QueryError.inapplicable(
                    "measure", value: measure, because: "it names what was measured on an element",
                    hint: "Give measure with element and platform, not with figure.")
            }
            guard !measurement.figure.isEmpty else {
                throw QueryError.missing("figure", expected: "a metric id, or give element and platform")
            }
            return try check(measurement)
        }
        guard measurement.figure.isEmpty else {
            throw QueryError.inapplicable(
                "figure", value: measurement.figure, because: "element '\(name)' names the figures to judge against",
                hint: "Give figure, or element and platform, not both.")
        }
        guard let element = element(named: name) else {
            throw QueryError.unknownValue(name, for: "element", accepted: elements.map(\.id))
        }
        guard let platform = measurement.platform else {
            throw QueryError.missing("platform", expected: "a platform, e.g. ios")
        }
        // The element's figures on this platform, measure by measure.
        let present = element.measures.compactMap { measure -> (UIElement.Measure, [Entry])? in
            let entries = measure.figures.compactMap { id -> Entry? in
                guard collection(of: id) == .metrics, let entry = entry(id: id) else { return nil }
                let platforms = entry.fields["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? []
                return platforms.contains(platform.rawValue) || platforms.contains("all") ? entry : nil
            }
            return entries.isEmpty ? nil : (measure, entries)
        }
        let chosen: (UIElement.Measure, [Entry])?
        if let wanted = measurement.measure {
            guard
                let measure = element.measures.first(where: {
                    FilterVocabulary.matchKey($0.name) == FilterVocabulary.matchKey(wanted)
                })
            else {
                throw QueryError.unknownValue(wanted, for: "measure", accepted: element.measures.map(\.name))
            }
            chosen = present.first { $0.0.name == measure.name }
        } else {
            let fitting = present.filter { _, entries in entries.contains { Self.misfit($0.fields, measurement) == nil }
            }
            if fitting.count > 1 {
                throw QueryError(
                    code: .missingParameter, parameter: "measure",
                    message:
                        "measure is required: on \(platform.rawValue), \(fitting.count) measures of \(element.id) take this measurement (\(fitting.map(\.0.name).joined(separator: ", "))).",
                    hint: "Give measure as one of \(fitting.map(\.0.name).joined(separator: ", ")).",
                    suggestion: [.init("element", element.id), .init("measure", fitting[0].0.name)])
            }
            chosen = fitting.first
        }
        var judged: [(rank: [Int], row: JSONObject)] = []
        var notJudged: [JSONValue] = []
        for (order, entry) in (chosen?.1 ?? []).enumerated() {
            if let reason = Self.misfit(entry.fields, measurement) {
                notJudged.append(["figure": .string(entry.id), "reason": .string(reason)])
                continue
            }
            var single = measurement
            single.figure = entry.id
            single.element = nil
            single.platform = nil
            single.measure = nil
            guard case .object(let row) = try check(single) else { continue }
            judged.append((Self.rank(row, fields: entry.fields, order: order), row))
        }
        if let shape, let width = measurement.width, let height = measurement.height, chosen?.0.name == "size" {
            let row = shapeVerdict(shape, width: width, height: height)
            judged.append((Self.rank(row, fields: shape.entry.fields, order: judged.count), row))
        }
        let others = present.map(\.0.name).filter { $0 != chosen?.0.name }
        let platformName = Self.platformNames[platform.rawValue] ?? platform.rawValue
        var answer = JSONObject()
        answer.append("element", .string(element.id))
        answer.append("platform", .string(platform.rawValue))
        if let shape { answer.append("buttonShape", .string(shape.shape)) }
        answer.append("measure", chosen.map { .string($0.0.name) } ?? .null)
        // Exact figures of one measure are the sizes of one thing in different contexts (the
        // per-size app icon tables before June 2025): a measurement equal to one of them is that
        // size, and the others it differs from are other contexts', not verdicts on it.
        let metExact = judged.contains {
            $0.row["result"] == .string(CheckResult.ok.rawValue) && $0.row["metric"]?["bound"] == "exact"
        }
        let contenders = judged.filter {
            !(metExact && $0.row["metric"]?["bound"] == "exact" && $0.row["result"] != .string(CheckResult.ok.rawValue))
        }
        guard let governing = contenders.min(by: { $0.rank.lexicographicallyPrecedes($1.rank) })?.row else {
            answer.append("figure", .null)
            answer.append("measured", .object(Self.measured(measurement)))
            answer.append("result", .string(CheckResult.noApplicableFigure.rawValue))
            answer.append("severity", .string(CheckSeverity.none.rawValue))
            let elsewhere =
                others.isEmpty ? "" : " Its figures there measure \(others.joined(separator: ", ")): give measure."
            let message =
                present.isEmpty
                ? noFigureMessage(element, platform: platform.rawValue, platformName: platformName)
                : notJudged.isEmpty
                    ? "No figure for \(element.name) on \(platformName) takes this measurement.\(elsewhere)"
                    : "No figure of \(element.name)'s \(chosen?.0.name ?? "") on \(platformName) takes this measurement; notJudged says what each takes."
            answer.append("message", .string(message))
            answer.append("force", .null)
            answer.append("status", .null)
            answer.append("governs", .null)
            answer.append("verdicts", [])
            answer.append("notJudged", .array(notJudged))
            answer.append("otherMeasures", .array(others.map { .string($0) }))
            return .object(answer)
        }
        // Where Apple gives an either/or for what was measured (a 16 pt margin, or centers 60 pt
        // apart), a miss of the governing figure names the other branch, whichever figure of the
        // measure carries it: meeting either is enough.
        var governingRow = governing
        let result = governing["result"]?.stringValue.flatMap(CheckResult.init)
        if result?.isOutsidePublished == true,
            let message = governing["message"]?.stringValue, !message.contains("meeting either is enough"),
            let carrier = judged.first(where: { !($0.row["metric"]?["alternatives"]?.arrayValue ?? []).isEmpty })
        {
            governingRow["message"] = .string(message + alternativesText(of: carrier.row["metric"] ?? .null))
        }
        for (key, value) in governingRow where key != "metric" { answer.append(key, value) }
        let governingID = governing["figure"]?.stringValue ?? ""
        let rivals = contenders.count - 1
        answer.append(
            "governs",
            .string(
                "\(governingID) governs \(element.name) on \(platformName)"
                    + (rivals > 0 ? " over \(rivals) other figure\(rivals == 1 ? "" : "s")" : "") + ". "
                    + Self.governingRule))
        answer.append("verdicts", .array(judged.map { Self.verdict($0.row) }))
        answer.append("notJudged", .array(notJudged))
        answer.append("otherMeasures", .array(others.map { .string($0) }))
        return .object(answer)
    }

    /// What an element without figures on a platform answers, true of this version: "Apple
    /// publishes none" only where this version has no published figure of the element's topics
    /// for the platform; otherwise it names how many this version has, which measure none of.
    private func noFigureMessage(_ element: UIElement, platform: String, platformName: String) -> String {
        let topics = Set(element.figures.map(Self.topic(ofFigure:)))
        let published = rows(.metrics).filter { entry in
            let fields = entry.fields
            let platforms = fields["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return fields["status"] == "published" && topics.contains(fields["topic"]?.stringValue ?? "")
                && (platforms.contains(platform) || platforms.contains("all"))
        }
        guard !published.isEmpty else {
            return
                "The store holds no figure for \(element.name) on \(platformName): Apple publishes none there in version \(version.id), and the store records no convention."
        }
        let topicList = topics.sorted().joined(separator: ", ")
        return
            "The store holds no figure for \(element.name) on \(platformName) in version \(version.id); the version's \(published.count) published figure\(published.count == 1 ? "" : "s") of \(topicList) there measure\(published.count == 1 ? "s" : "") something else (\(published.prefix(3).map(\.id).joined(separator: ", "))\(published.count > 3 ? ", …" : ""))."
    }

    /// A figure's topic from its id (`metric.app-icons.ios.layout-size` is `app-icons`,
    /// `metric.convention.bars.…` is `bars`): an element lists ids of every version, some absent
    /// from this one.
    static func topic(ofFigure id: String) -> String {
        let parts = id.split(separator: ".")
        guard parts.count > 2 else { return "" }
        return String(parts[1] == "convention" ? parts[2] : parts[1])
    }

    /// Why a figure cannot judge the measurement, or `nil` when it can.
    private static func misfit(_ fields: JSONValue, _ measurement: Measurement) -> String? {
        if fields["minCategory"] != nil {
            return measurement.category == nil ? "a range of Dynamic Type categories: give category" : nil
        }
        if measurement.category != nil { return "a numeric figure, not a range of categories" }
        let isPair = fields["width"] != nil && fields["height"] != nil
        let givesPair = measurement.width != nil && measurement.height != nil && measurement.value == nil
        if isPair, !givesPair { return "a width × height figure: give width and height" }
        if !isPair, measurement.value == nil || measurement.width != nil || measurement.height != nil {
            return "a single figure: give value"
        }
        return nil
    }

    /// The sort key of ``governingRule``: smaller governs.
    private static func rank(_ row: JSONObject, fields: JSONValue, order: Int) -> [Int] {
        let published = row["status"]?.stringValue == "published" ? 0 : 1
        let kind = fields["kind"]?.stringValue
        let bound = fields["bound"]?.stringValue ?? "exact"
        let limit = bound != "default" && kind != "description" ? 0 : 1
        // The more severe first (a warning 0, none 3): the severities are declared mildest first.
        let severities = CheckSeverity.allCases
        let severity =
            (row["severity"]?.stringValue).flatMap(CheckSeverity.init).flatMap(severities.firstIndex).map {
                severities.count - 1 - $0
            } ?? 4
        let force = ["requirement", "recommendation"].firstIndex(of: kind ?? "") ?? (kind == "description" ? 3 : 2)
        return [published, limit, severity, force, order]
    }

    /// One figure's verdict in `verdicts`: the check row with the figure's `bound` and `kind`.
    private static func verdict(_ row: JSONObject) -> JSONValue {
        var verdict = JSONObject()
        for (key, value) in row {
            verdict.append(key, value)
            if key == "status" {
                verdict.append("bound", row["metric"]?["bound"] ?? .null)
                verdict.append("kind", row["metric"]?["kind"] ?? .null)
            }
        }
        return .object(verdict)
    }

    /// The measurement as given, for an answer no figure judged.
    private static func measured(_ measurement: Measurement) -> JSONObject {
        var measured = JSONObject()
        if let value = measurement.value { measured.append("value", .number(JSONNumber(value))) }
        if let width = measurement.width { measured.append("width", .number(JSONNumber(width))) }
        if let height = measurement.height { measured.append("height", .number(JSONNumber(height))) }
        if let category = measurement.category { measured.append("category", .string(category.rawValue)) }
        return measured
    }

    /// Platform names for messages.
    static let platformNames = [
        "ios": "iOS", "ipados": "iPadOS", "macos": "macOS", "tvos": "tvOS", "watchos": "watchOS",
        "visionos": "visionOS", "web": "the web", "carplay": "CarPlay",
    ]
}
