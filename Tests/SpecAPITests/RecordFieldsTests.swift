import SpecAPI
import SpecStore
import Testing

/// `fields=` on record routes (`/v1/{collection}/{id}`, API.md §6): the record trimmed to the
/// fields asked for, checked against its collection's fields, in every format.
@Suite struct RecordFieldsTests {
    let app = APIHarness.shared

    static let recordRoutes = Route.allCases.filter { $0.template.hasSuffix("/{id}") }

    @Test(arguments: recordRoutes)
    func aRecordKeepsOnlyTheFieldsAskedFor(_ route: Route) throws {
        let example = try #require(route.endpoint.example)
        #expect(route.parameters.contains("fields"))
        let whole = try #require(app.request(.get, example).json?["item"])
        let answer = app.request(.get, example + "?fields=id")
        #expect(answer.status == 200, "\(example): \(answer.text)")
        let item = try #require(answer.json?["item"])
        #expect(item == ["id": whole["id"] ?? .null])
        #expect(answer.json?["version"] != nil)
    }

    @Test func nestedFieldsKeepOnlyThatMemberAndCSVFollowsTheFields() throws {
        let device = app.request(.get, "/v1/devices/device.iphone-15-pro-max?fields=name,points.width")
        #expect(device.json?["item"] == ["name": "iPhone 15 Pro Max", "points": ["width": 430]])
        let csv = app.request(.get, "/v1/rules/rule.tab-bars.navigation-not-actions?fields=id,quote&format=csv")
        #expect(csv.text.hasPrefix("id,quote\r\n") || csv.text.hasPrefix("id,quote\n"))
    }

    @Test func anUnknownFieldIsA400ListingTheCollectionsFields() throws {
        let answer = app.request(.get, "/v1/rules/rule.tab-bars.navigation-not-actions?fields=id,colour")
        #expect(answer.status == 400)
        let error = try #require(answer.json?["error"])
        #expect(error["parameter"] == "fields")
        #expect(error["hint"]?.stringValue?.contains("quote") == true)
        // A field of the collection that this record lacks is simply absent.
        let reading = app.request(.get, "/v1/rules/rule.tab-bars.navigation-not-actions?fields=id,reading")
        #expect(reading.status == 200)
        #expect(reading.json?["item"]?["reading"] == nil)
        // Paging and order stay collection parameters.
        #expect(app.request(.get, "/v1/rules/rule.tab-bars.navigation-not-actions?limit=1").status == 400)
    }

    @Test func withoutFieldsTheRecordIsWhole() throws {
        let plain = app.request(.get, "/v1/myths/myth.text-literal-not-localized")
        let listed = app.request(.get, "/v1/myths").json?["items"]?.arrayValue?.first {
            $0["id"] == "myth.text-literal-not-localized"
        }
        #expect(plain.json?["item"] == listed)
    }
}
