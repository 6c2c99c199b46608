import JSON
import SpecAPI
import SpecStore
import Testing

/// The query string decoded into the store's typed filters: spellings, aliases, and the errors
/// that name the parameter at fault.
@Suite struct QueryFilterTests {
    @Test(
        "values decode in any case, with aliases, into the typed filter",
        arguments: [
            (["family": "apple watch"], DeviceFilter(family: .watch)),
            (["family": "iPhone", "platform": "iPadOS"], DeviceFilter(family: .iphone, platform: .ipados)),
            (["width": " 430 ", "height": "932"], DeviceFilter(width: 430, height: 932)),
            (
                ["sizeClass": "RegularWidthPortrait"],
                DeviceFilter(sizeClass: SizeClassCondition(parsing: "regular-width-portrait"))
            ),
            (["width": ""], DeviceFilter()),
        ] as [([String: String], DeviceFilter)])
    func deviceFilters(parameters: [String: String], filter: DeviceFilter) throws {
        #expect(try DeviceFilter(parameters: parameters) == filter)
    }

    /// Every parameter a route's filter decodes is written back by its canonical form, which
    /// decodes to the same spelling again: a parameter the form left out would let two different
    /// queries share one cache entry.
    @Test(arguments: Route.allCases.filter { $0.endpoint.filter != nil })
    func theCanonicalFormWritesEveryParameter(_ route: Route) throws {
        let filter = try #require(route.endpoint.filter)
        let required = filter.parameters.filter(\.isRequired).map { ($0.name, Self.sample(of: $0)) }
        for parameter in filter.parameters {
            let given = Dictionary(required + [(parameter.name, Self.sample(of: parameter))]) { first, _ in first }
            let canonical = try filter.init(parameters: given).canonicalParameters
            #expect(canonical.contains { $0.name == parameter.name }, "\(route): \(parameter.name) is not written")
            let again = try filter.init(parameters: Dictionary(canonical) { first, _ in first }).canonicalParameters
            #expect(again.map(\.name) == canonical.map(\.name))
            #expect(again.map(\.value) == canonical.map(\.value))
        }
    }

    /// A filter's field table names each field once, a filter that filters nothing writes no
    /// value, and the fields it decodes first are its own: a misspelt name there would quietly
    /// decode in the declared order instead.
    @Test(arguments: Route.allCases.filter { $0.endpoint.filter != nil })
    func theFieldTableIsConsistent(_ route: Route) throws {
        let filter = try #require(route.endpoint.filter)
        let names = filter.parameters.map(\.name)
        #expect(Set(names).count == names.count, "\(route): a field is declared twice")
        #expect(Set(filter.decodedFirst).isSubset(of: names), "\(route): decodedFirst names no field")
        if !filter.parameters.contains(where: \.isRequired) {
            #expect(try filter.init(parameters: [:]).canonicalParameters.isEmpty)
        }
    }

    /// The checks' field tables, which no route has as its filter (the contrast check's, the
    /// complication check's), name each field once and decode first only their own fields too;
    /// the route lists each of their fields, the ones a measurement shares once.
    @Test(arguments: [ContrastMeasurement.self, ComplicationMeasurement.self] as [any DeclaredFilter.Type])
    func aCheckFieldTableIsConsistent(_ filter: any DeclaredFilter.Type) {
        let names = filter.parameters.map(\.name)
        #expect(Set(names).count == names.count, "\(filter): a field is declared twice")
        #expect(Set(filter.decodedFirst).isSubset(of: names), "\(filter): decodedFirst names no field")
        let listed = Route.check.endpoint.filters.map(\.name)
        #expect(Set(names).isSubset(of: listed), "\(filter): a field the check route does not list")
        #expect(Set(listed).count == listed.count, "the check route lists a parameter twice")
    }

    /// A value the parameter accepts, spelled as a client might (not canonically).
    private static func sample(of parameter: FilterParameter) -> String {
        switch parameter.value {
        case .text: "Some Words"
        case .number: "17.0"
        case .screen: "430×932"
        case .flag: "TRUE"
        case .vocabulary(let kind): (FilterVocabulary.values(of: kind)?.first ?? "Any Value").uppercased()
        }
    }

    @Test("other filters decode their own fields")
    func otherFilters() throws {
        #expect(
            try DynamicTypeFilter(parameters: ["category": "AX5", "style": "Large Title"])
                == DynamicTypeFilter(category: .accessibility5, style: "Large Title"))
        #expect(
            try WidgetFilter(parameters: ["screen": "430×932", "family": "small"])
                == WidgetFilter(screen: ScreenSize(width: 430, height: 932), family: .systemSmall))
        #expect(
            try SizeClassFilter(parameters: ["device": "iPhone 15 Pro Max", "orientation": "Landscape"])
                == SizeClassFilter(device: "iPhone 15 Pro Max", orientation: .landscape))
        #expect(try RuleFilter(parameters: ["kind": "should"]) == RuleFilter(kind: .recommendation))
        #expect(try MetricFilter(parameters: ["status": "Published"]) == MetricFilter(status: .published))
        #expect(
            try TrackingFilter(parameters: ["font": "SF Pro", "size": "17.5"])
                == TrackingFilter(font: "SF Pro", size: 17.5))
        #expect(
            try SearchQuery(parameters: ["q": "grabber", "type": "myths"]) == SearchQuery(q: "grabber", type: .myth))
        #expect(
            try WidgetFamilyFilter(parameters: ["platform": "iphoneos", "family": "extra-large"])
                == WidgetFamilyFilter(platform: .ios, family: .systemExtraLarge))
        #expect(
            try Measurement(parameters: ["figure": "metric.x", "width": "20", "height": "30"])
                == Measurement(figure: "metric.x", width: 20, height: 30))
        // Apple's 2023 tables headed the increased-contrast columns Accessible.
        #expect(
            try ColorFilter(parameters: ["platform": "mac", "name": " Gray (2) ", "appearance": "Accessible Dark"])
                == ColorFilter(platform: .macos, name: "Gray (2)", appearance: .increasedContrastDark))
        #expect(
            try ColorFilter(parameters: ["appearance": "increasedContrastLight"])
                == ColorFilter(appearance: .increasedContrastLight))
    }

    @Test(
        "bad values name the parameter and list accepted values",
        arguments: [
            (["family": "phablet"], "unknown_value", "family"), (["sizeClass": "wide"], "unknown_value", "sizeClass"),
            (["width": "wide"], "invalid_value", "width"), (["colour": "red"], "unknown_parameter", "colour"),
            (["platform": "android"], "unknown_value", "platform"), (["format": "csv"], "unknown_parameter", "format"),
        ])
    func badDeviceFilters(parameters: [String: String], code: String, parameter: String) {
        #expect {
            try DeviceFilter(parameters: parameters)
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.code.rawValue == code && error.parameter == parameter
                && (code != "unknown_value" || !error.accepted.isEmpty)
        }
    }

    @Test("each filter refuses what it does not define, and what its vocabulary lacks")
    func refusals() throws {
        #expect { try MythFilter(parameters: ["platform": "ios"]) } throws: {
            ($0 as? QueryError)?.code == .unknownParameter
        }
        #expect { try RuleFilter(parameters: ["status": "convention"]) } throws: {
            ($0 as? QueryError)?.parameter == "status"
        }
        #expect { try DynamicTypeFilter(parameters: ["category": "AX6"]) } throws: {
            ($0 as? QueryError)?.accepted == FilterVocabulary.categories
        }
        #expect { try WidgetFamilyFilter(parameters: ["mode": "tinted"]) } throws: {
            ($0 as? QueryError)?.parameter == "mode"
                && ($0 as? QueryError)?.accepted == ["fullColor", "accented", "vibrant"]
        }
        #expect { try ColorFilter(parameters: ["appearance": "sepia"]) } throws: {
            ($0 as? QueryError)?.parameter == "appearance"
                && ($0 as? QueryError)?.accepted == [
                    "light", "dark", "increased-contrast-light", "increased-contrast-dark",
                ]
        }
        #expect { try WidgetFilter(parameters: ["screen": "430"]) } throws: {
            ($0 as? QueryError)?.code == .invalidValue && ($0 as? QueryError)?.parameter == "screen"
        }
        #expect { try SearchQuery(parameters: [:]) } throws: { ($0 as? QueryError)?.code == .missingParameter }
        // Neither figure nor element is the measurement's own fault, judged in its result row
        // (ElementCheckTests): the query's schema cannot say "one or the other".
        let untargeted = try Measurement(parameters: ["value": "1"])
        #expect(untargeted.figure.isEmpty && untargeted.element == nil)
    }

    @Test(
        "screen sizes parse as WIDTHxHEIGHT",
        arguments: [
            ("430x932", ScreenSize(width: 430, height: 932)), ("430×932", ScreenSize(width: 430, height: 932)),
            ("1024X1366", ScreenSize(width: 1024, height: 1366)), ("430", nil), ("axb", nil), ("1x2x3", nil),
        ])
    func screens(raw: String, size: ScreenSize?) {
        #expect(ScreenSize(parsing: raw) == size)
    }

    @Test(
        "a measurement object holds a figure string and JSON numbers, nothing else",
        arguments: [
            #"{"figure":"metric.controls.ios.minimum-size","width":"20","height":30}"#,
            #"{"figure":"metric.typography.ios.minimum-text-size","value":"12"}"#,
            #"{"figure":7,"value":12}"#,
            #"{"figure":"metric.typography.ios.minimum-text-size","value":12,"version":"2023"}"#,
            #"{"figure":"metric.typography.ios.minimum-text-size","value":12,"unit":"pt"}"#,
            #"{"figure":"metric.widgets.ios.dynamic-type-range","category":3}"#,
            #"{"figure":"x","value":[1]}"#, #""x""#, #"{"element":7,"value":1}"#,
            #"{"platform":"iso","element":"button"}"#,
        ])
    func measurementJSONIsTyped(text: String) throws {
        let json = try JSONValue.parse(Array(text.utf8))
        #expect(throws: QueryError.self) { try Measurement(json: json) }
    }

    @Test("a measurement object takes the category as a JSON string, in any spelling")
    func measurementCategory() throws {
        let measurement = try Measurement(json: ["figure": "metric.widgets.ios.dynamic-type-range", "category": "ax1"])
        #expect(measurement == Measurement(figure: "metric.widgets.ios.dynamic-type-range", category: .accessibility1))
    }

    @Test("a suggested query is written as one in the hint; the store's own words stay as they are")
    func suggestionHint() {
        let error = QueryError(
            code: .invalidValue, parameter: "value", message: "m", hint: "Give value instead.",
            suggestion: [.init("figure", "metric.x"), .init("value", "20")])
        #expect(APIError.hint(of: error) == "Give value instead, e.g. figure=metric.x&value=20.")
        #expect(APIError(error).hint == "Give value instead, e.g. figure=metric.x&value=20.")
        #expect(APIError.itemJSON(error)["hint"] == "Give value instead, e.g. figure=metric.x&value=20.")
        let plain = QueryError(code: .invalidValue, message: "m", hint: "Give value.")
        #expect(APIError.hint(of: plain) == "Give value.")
        #expect(APIError.hint(of: QueryError(code: .notFound, message: "m")) == nil)
    }
}
