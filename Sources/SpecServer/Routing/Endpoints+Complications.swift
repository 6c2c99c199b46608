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
