import SpecStore
import Testing

@testable import SpecServer

/// Each data route accepts exactly the filters the store defines for it, and no others.
@Suite struct RouteFilterTests {
    let app = ApplicationHarness.shared

    @Test func trackingFiltersByPointSize() throws {
        let envelope = try #require(app.request(.get, "/v1/tracking?font=sf%20pro&size=17").json)
        let items = try #require(envelope["items"]?.arrayValue)
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0["size"]?.doubleValue == 17 && $0["font"]?.stringValue == "SF Pro" })
    }

    @Test(arguments: [
        ("/v1/tracking?size=big", "size"),
        ("/v1/devices?colour=red", "colour"),
        ("/v1/metrics?topics=controls", "topics"),
    ])
    func aBadOrUnknownParameterIsA400ThatNamesIt(target: String, parameter: String) throws {
        let answer = app.request(.get, target)
        #expect(answer.status == 400)
        let message = try #require(answer.json?["error"]?["message"]?.stringValue)
        #expect(message.contains(parameter))
    }

    @Test func theUnknownParameterHintListsTheStoresFilters() throws {
        let answer = app.request(.get, "/v1/tracking?colour=red")
        let hint = try #require(answer.json?["error"]?["hint"]?.stringValue)
        for parameter in TrackingFilter.parameters.map(\.name) + Route.commonParameters {
            #expect(hint.contains(parameter), "hint lacks \(parameter): \(hint)")
        }
    }
}
