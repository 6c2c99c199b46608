import SpecStore

extension Route {
    /// `/v1/complications`: Apple's complication image sizes and default text sizes per case size.
    static var complicationsEndpoint: Endpoint {
        Endpoint.collection(
            "/v1/complications", title: "Complications",
            summary:
                "Apple's watchOS complication image sizes (pt and px) and default text sizes, per family and case size",
            filter: ComplicationFilter.self, records: .complication
        ) { try $0.complications(matching: $1) }
    }
}

extension ComplicationFilter: QueryFilter {
    /// `family`, `case`, `kind`.
    static let parameters = [
        FilterParameter(
            name: "family", summary: "Complication family or legacy template (circular, corner, modular-small, …).",
            value: .vocabulary(.complicationFamily)),
        FilterParameter.caseSize,
        FilterParameter(
            name: "kind", summary: "image (image sizes) or text (default SwiftUI text sizes).",
            value: .vocabulary(.complicationKind)),
    ]

    init(parameters: [String: String]) throws(QueryError) {
        let reader = try ParameterReader(parameters, defined: Self.parameters)
        let kind = try reader.text("kind").map { raw throws(QueryError) in
            guard let kind = FilterVocabulary.canonical(raw, in: .complicationKind) else {
                throw QueryError.unknownValue(raw, for: "kind", accepted: FilterVocabulary.complicationKinds)
            }
            return kind
        }
        self.init(family: try reader.term("family"), caseSize: try reader.term("case"), kind: kind)
    }

    var canonicalParameters: [(name: String, value: String)] {
        var written = CanonicalParameters()
        written.term("family", family)
        written.term("case", caseSize)
        written.text("kind", kind)
        return written.pairs
    }
}
