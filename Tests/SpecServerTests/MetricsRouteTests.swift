import Testing

@testable import SpecServer

/// `/metrics` counts a request under its route's template, as the route declares it.
@Suite struct MetricsRouteTests {
    @Test func anAnsweredRouteIsCountedUnderItsTemplate() {
        let app = ApplicationHarness.shared
        _ = app.request(.get, "/v1/versions")
        let exposition = app.request(.get, "/metrics").text
        #expect(exposition.contains("route=\"/v1/versions\""))
    }
}
