import SpecStore

// How each store filter reads from a route's query string: its parameters, in the order the
// OpenAPI document lists them, and their decoding (in the order errors are reported).

extension FilterParameter {
    /// `platform`, as most filters take it.
    static let platform = FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform))
    /// `topic`.
    static let topic = FilterParameter(name: "topic", summary: "Topic.", value: .vocabulary(.topic))
    /// `style`, a text style or alias.
    static let style = FilterParameter(name: "style", summary: "Text style.", value: .vocabulary(.style))
    /// `device`, an id or a model name.
    static let device = FilterParameter(
        name: "device", summary: "Device id or model name.", value: .vocabulary(.device))
    /// `case`, an Apple Watch case size, on every collection with watch rows.
    static let caseSize = FilterParameter(
        name: "case", summary: "Apple Watch case size: 45mm (45, 45 mm accepted).", value: .vocabulary(.caseSize))
}

extension DeviceFilter: QueryFilter {
    /// `family`, `platform`, `width`, `height`, `sizeClass`.
    static let parameters = [
        FilterParameter(name: "family", summary: "Device family.", value: .vocabulary(.deviceFamily)),
        FilterParameter(name: "platform", summary: "Platform the device runs.", value: .vocabulary(.platform)),
        FilterParameter(name: "width", summary: "Portrait width in points.", value: .number),
        FilterParameter(name: "height", summary: "Portrait height in points.", value: .number),
        FilterParameter(
            name: "sizeClass",
            summary: "Size class as VALUE-AXIS[-ORIENTATION], e.g. regular-width-landscape or compact-height.",
            value: .vocabulary(.sizeClass)),
        FilterParameter.caseSize,
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(
            family: try reader.term("family"), platform: try reader.term("platform"), width: try reader.number("width"),
            height: try reader.number("height"), sizeClass: try reader.sizeClass("sizeClass"))
        caseSize = try reader.term("case")
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("family", family)
        written.term("platform", platform)
        written.number("width", width)
        written.number("height", height)
        written.spelled("sizeClass", sizeClass)
        written.term("case", caseSize)
        return written.pairs
    }
}

extension SizeClassFilter: QueryFilter {
    /// `device`, `orientation`, `horizontal`, `vertical`.
    static let parameters = [
        FilterParameter.device,
        FilterParameter(name: "orientation", summary: "Orientation.", value: .vocabulary(.orientation)),
        FilterParameter(name: "horizontal", summary: "Horizontal size class.", value: .vocabulary(.sizeClassValue)),
        FilterParameter(name: "vertical", summary: "Vertical size class.", value: .vocabulary(.sizeClassValue)),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(
            device: reader.text("device"), orientation: try reader.term("orientation"),
            horizontal: try reader.term("horizontal"), vertical: try reader.term("vertical"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.text("device", device)
        written.term("orientation", orientation)
        written.term("horizontal", horizontal)
        written.term("vertical", vertical)
        return written.pairs
    }
}

extension WidgetFilter: QueryFilter {
    /// `platform`, `screen`, `family`, `device`.
    static let parameters = [
        FilterParameter.platform,
        FilterParameter(name: "screen", summary: "Portrait screen size in points, WIDTHxHEIGHT.", value: .screen),
        FilterParameter(name: "family", summary: "WidgetKit family.", value: .vocabulary(.widgetFamily)),
        FilterParameter.device, FilterParameter.caseSize,
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        let platform: Platform? = try reader.term("platform")
        let family: WidgetFamily? = try reader.term("family")
        self.init(
            platform: platform, screen: try reader.screen("screen"), family: family, device: reader.text("device"))
        caseSize = try reader.term("case")
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.spelled("screen", screen)
        written.term("family", family)
        written.text("device", device)
        written.term("case", caseSize)
        return written.pairs
    }
}

extension WidgetFamilyFilter: QueryFilter {
    /// `platform`, `family`, `mode`.
    static let parameters = [
        FilterParameter.platform,
        FilterParameter(
            name: "family", summary: "WidgetKit family: where it is available.", value: .vocabulary(.widgetFamily)),
        FilterParameter(
            name: "mode", summary: "Rendering mode: where it is supported.", value: .vocabulary(.renderingMode)),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(
            platform: try reader.term("platform"), family: try reader.term("family"), mode: try reader.term("mode"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.term("family", family)
        written.term("mode", mode)
        return written.pairs
    }
}

extension ColorFilter: QueryFilter {
    /// `platform`, `name`, `appearance`.
    static let parameters = [
        FilterParameter.platform,
        FilterParameter(
            name: "name", summary: "Apple's name (Gray (2)) or a SwiftUI or UIKit API name (indigo, systemGray2).",
            value: .text),
        FilterParameter(
            name: "appearance", summary: "Appearance: only colors with a value for it.",
            value: .vocabulary(.appearance)),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(
            platform: try reader.term("platform"), name: reader.text("name"),
            appearance: try reader.term("appearance"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.text("name", name)
        written.term("appearance", appearance)
        return written.pairs
    }
}

extension DynamicTypeFilter: QueryFilter {
    /// `platform`, `category`, `style`.
    static let parameters = [
        FilterParameter.platform,
        FilterParameter(name: "category", summary: "Dynamic Type category.", value: .vocabulary(.category)),
        FilterParameter.style, FilterParameter.caseSize,
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(
            platform: try reader.term("platform"), category: try reader.term("category"), style: reader.text("style"))
        caseSize = try reader.term("case")
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.term("category", category)
        written.text("style", style)
        written.term("case", caseSize)
        return written.pairs
    }
}

extension TextStyleFilter: QueryFilter {
    /// `platform`, `style`.
    static let parameters = [FilterParameter.platform, FilterParameter.style]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(platform: try reader.term("platform"), style: reader.text("style"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.text("style", style)
        return written.pairs
    }
}

extension TrackingFilter: QueryFilter {
    /// `platform`, `font`, `size`.
    static let parameters = [
        FilterParameter.platform,
        FilterParameter(name: "font", summary: "Font family.", value: .vocabulary(.font)),
        FilterParameter(name: "size", summary: "Point size.", value: .number),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(platform: try reader.term("platform"), font: reader.text("font"), size: try reader.number("size"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.text("font", font)
        written.number("size", size)
        return written.pairs
    }
}

extension MetricFilter: QueryFilter {
    /// `platform`, `topic`, `status`.
    static let parameters = [
        FilterParameter.platform, FilterParameter.topic,
        FilterParameter(name: "status", summary: "published or convention.", value: .vocabulary(.status)),
        FilterParameter.caseSize,
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(platform: try reader.term("platform"), topic: reader.text("topic"), status: try reader.term("status"))
        caseSize = try reader.term("case")
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("platform", platform)
        written.text("topic", topic)
        written.term("status", status)
        written.term("case", caseSize)
        return written.pairs
    }
}

extension RuleFilter: QueryFilter {
    /// `topic`, `platform`, `kind`, `status` (`q` is every record collection's:
    /// ``CommonParameter/q``).
    static let parameters = [
        FilterParameter.topic, FilterParameter.platform,
        FilterParameter(
            name: "kind", summary: "What Apple's sentence does; reading means status=reading.",
            value: .vocabulary(.ruleKind)),
        FilterParameter(
            name: "status", summary: "Apple's words (published) or the store's reading.",
            value: .vocabulary(.ruleStatus)),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(
            topic: reader.text("topic"), platform: try reader.term("platform"), kind: try reader.term("kind"),
            status: try reader.term("status"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.text("topic", topic)
        written.term("platform", platform)
        written.term("kind", kind)
        written.term("status", status)
        return written.pairs
    }
}

extension MythFilter: QueryFilter {
    /// `topic`.
    static let parameters = [FilterParameter.topic]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        self.init(topic: reader.text("topic"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.text("topic", topic)
        return written.pairs
    }
}

extension SearchQuery: QueryFilter {
    /// `q` (required), `type`, `status`, `platform`.
    static let parameters = [
        FilterParameter(
            name: "q",
            summary:
                "Words to search for. A designer's synonyms count (font finds text, tap finds hit target), and a size or a number with its unit is one term (44x44, 44 pt).",
            value: .text, isRequired: true),
        FilterParameter(name: "type", summary: "Record type.", value: .vocabulary(.searchType)),
        FilterParameter(
            name: "status",
            summary:
                "A figure's status (published, convention) or a rule's (published, reading); myths and records without figures have none.",
            value: .vocabulary(.searchStatus)),
        FilterParameter(
            name: "platform", summary: "Platform the record is for (a record for all platforms counts).",
            value: .vocabulary(.platform)),
        FilterParameter(
            name: "history",
            summary:
                "true searches every store version, not only the one asked for: a record Apple removed is found, and each hit lists the versions that hold it (versions, since, until).",
            value: .flag),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        let history: Bool
        switch parameters["history"].map(FilterVocabulary.matchKey) {
        case nil, "false": history = false
        case "true": history = true
        case _?:
            throw QueryError.unknownValue(parameters["history"] ?? "", for: "history", accepted: ["true", "false"])
        }
        self.init(
            q: try reader.required("q", expected: "words to search for"), type: try reader.term("type"),
            status: try reader.term("status"), platform: try reader.term("platform"), history: history)
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.text("q", q)
        written.term("type", type)
        written.term("status", status)
        written.term("platform", platform)
        written.text("history", history ? "true" : nil)
        return written.pairs
    }
}

extension Measurement: QueryFilter {
    /// `figure`, or `element` and `platform`; `value`, `width`, `height`, `category`.
    static let parameters = [
        FilterParameter(
            name: "figure", summary: "Metric id to judge against. Give figure, or element and platform.",
            value: .text),
        FilterParameter(
            name: "element",
            summary:
                "Interface element to judge against every figure that applies to it on platform (in points or pixels, of the measurement's shape); the result names the figure that governs. Give figure, or element and platform.",
            value: .vocabulary(.element)),
        FilterParameter(
            name: "platform", summary: "The platform an element is judged on; required with element.",
            value: .vocabulary(.platform)),
        FilterParameter(
            name: "measure",
            summary:
                "What was measured on an element (size, height, spacing, …, as the element declares); needed only where several of its measures fit the measurement's shape.",
            value: .text),
        FilterParameter(
            name: "value",
            summary:
                "Measured value, for a single figure (a value or a range). A width × height figure refuses it (the result row's error names value): give width and height.",
            value: .number),
        FilterParameter(
            name: "width",
            summary:
                "Measured width, with height, for a width × height figure. A single figure refuses it (the result row's error names it): give value.",
            value: .number),
        FilterParameter(
            name: "height",
            summary:
                "Measured height, with width, for a width × height figure. A single figure refuses it (the result row's error names it): give value.",
            value: .number),
        FilterParameter(
            name: "category",
            summary:
                "Dynamic Type category, for a figure that is a range of categories (the widgets' Dynamic Type range). A numeric figure refuses it (400).",
            value: .vocabulary(.category)),
        FilterParameter.asset, FilterParameter.assetVariant, FilterParameter.buttonShape,
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        // Which of figure and element (with platform and measure) is given is the measurement's
        // own matter, judged by the store in the result row: the query's schema cannot say
        // "one or the other", so a request that has both is well-formed (SpecSnapshot.checkElement).
        let element = reader.text("element")
        let platform: Platform? = try reader.term("platform")
        let measure = reader.text("measure")
        let figure = reader.text("figure") ?? ""
        self.init(
            figure: figure, value: try reader.number("value"), width: try reader.number("width"),
            height: try reader.number("height"), category: try reader.term("category"), element: element,
            platform: platform, measure: measure, asset: reader.text("asset"), variant: reader.text("variant"),
            buttonShape: reader.text("buttonShape"))
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.text("figure", figure.isEmpty ? nil : figure)
        written.text("element", element)
        written.term("platform", platform)
        written.text("measure", measure)
        written.number("value", value)
        written.number("width", width)
        written.number("height", height)
        written.term("category", category)
        written.text("asset", asset)
        written.text("variant", variant)
        written.text("buttonShape", buttonShape)
        return written.pairs
    }

    /// Parses one element of a `POST /v1/check` body: an object with `figure` (a string) and
    /// `value`, or `width` and `height` (JSON numbers), and no other member.
    ///
    /// The body is JSON, so it is held to JSON's types: a number in a string (`"44"`) or a
    /// member the measurement does not define is refused, as the OpenAPI schema says, rather
    /// than read generously and judged as something the caller did not send.
    init(json: JSONValue) throws(QueryError) {
        guard case .object(let object) = json else {
            throw QueryError(
                code: .invalidValue,
                message: "A measurement must be an object with figure and value, or figure, width and height.")
        }
        var parameters: [String: String] = [:]
        for (key, value) in object {
            guard Self.parameters.contains(where: { $0.name == key }) else {
                throw QueryError.unknownParameter(key, accepted: Self.parameters.map(\.name))
            }
            switch (key, value) {
            case ("figure", .string(let string)), ("category", .string(let string)), ("element", .string(let string)),
                ("platform", .string(let string)), ("measure", .string(let string)), ("asset", .string(let string)),
                ("variant", .string(let string)), ("buttonShape", .string(let string)):
                parameters[key] = string
            case ("figure", _), ("category", _), ("element", _), ("platform", _), ("measure", _), ("asset", _),
                ("variant", _), ("buttonShape", _):
                throw QueryError.invalid(
                    value.serialized(), for: key, expected: "a \(Self.noun(of: key)) as a JSON string")
            case (_, .number(let number)): parameters[key] = number.literal
            default:
                throw QueryError.invalid(value.serialized(), for: key, expected: "a JSON number, e.g. 44 or 17.5")
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
