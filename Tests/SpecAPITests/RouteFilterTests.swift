import SpecAPI
import SpecStore
import Testing

/// Each data route accepts exactly the filters the store defines for it, and no others.
@Suite struct RouteFilterTests {
    let app = APIHarness.shared

    @Test func aStyleOnlyTheOtherTypographyTableHasAnswersEmptyNotA400() throws {
        // Both routes declare the one style vocabulary (the OpenAPI enum); a style only Dynamic
        // Type has matches no text style, and the reverse.
        let store = app.store.latest
        let dynamicOnly = Set(
            try store.dynamicType(matching: DynamicTypeFilter()).items.compactMap { $0["style"]?.stringValue }
        )
        .subtracting(try store.textStyles(matching: TextStyleFilter()).items.compactMap { $0["style"]?.stringValue })
        let style = try #require(dynamicOnly.sorted().first)
        let answer = app.request(.get, "/v1/text-styles?style=" + style)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.json?["count"]?.doubleValue == 0)
        #expect(app.request(.get, "/v1/text-styles?style=title7").status == 400)
    }

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
