import SpecAPI
import SpecStore
import Testing

/// `/v1/widget-families` through the API: declared once, filtered, in every format, with
/// its empty answers' reasons.
@Suite struct WidgetFamilyRouteTests {
    let app = APIHarness.shared

    @Test func theRouteIsDeclaredAndDescribed() throws {
        #expect(Route.match(path: "/v1/widget-families")?.route == .collection(.widgetFamilies))
        #expect(Route.collection(.widgetFamilies).filters == ["platform", "family", "mode"])
        let openAPI = try #require(app.request(.get, "/openapi.json").json)
        let parameters = openAPI["paths"]?["/v1/widget-families"]?["get"]?["parameters"]?.arrayValue ?? []
        let names = parameters.compactMap { $0["name"]?.stringValue }
        #expect(names.contains("mode") && names.contains("family") && names.contains("platform"))
        #expect(app.request(.get, "/").text.contains("/v1/widget-families"))
    }

    @Test func filtersAnswerRecordsWithStatusAndCitation() throws {
        let answer = app.request(.get, "/v1/widget-families?platform=iphoneos&family=xl")
        #expect(answer.status == 200)
        let json = try #require(answer.json)
        #expect(json["count"] == 1)
        let row = try #require(json["items"]?.arrayValue?.first)
        #expect(row["id"] == "widget-family.ios.system-extra-large")
        #expect(row["supported"] == .bool(false))
        #expect(row["status"] == "published")
        #expect(row["citations"]?.arrayValue?.first?["quote"] == "Not supported")
    }

    @Test func anEmptyAnswerSaysWhyInJSONAndTheTableFormats() throws {
        let path = "/v1/widget-families?platform=watchos&mode=accented"
        let json = try #require(app.request(.get, path).json)
        #expect(json["count"] == 0)
        let note = try #require(json["notes"]?.arrayValue?.first?.stringValue)
        #expect(note.contains("They say nothing of full-color or accented on watchOS."))
        for format in ["md", "html"] {
            let text = app.request(.get, path + "&format=" + format).text
            #expect(text.contains("They say nothing of full-color or accented on watchOS"), "\(format)")
        }
    }

    @Test func aBadModeIsA400NamingTheParameter() throws {
        let answer = app.request(.get, "/v1/widget-families?mode=tinted")
        #expect(answer.status == 400)
        #expect(answer.json?["error"]?["parameter"] == "mode")
    }

    @Test func csvListsTheContexts() {
        let text = app.request(.get, "/v1/widget-families?platform=ios&mode=vibrant&format=csv").text
        #expect(text.contains("Lock Screen; StandBy in low light"))
    }
}

/// `/v1/check` judges a Dynamic Type category against the widgets' range.
@Suite struct WidgetDynamicTypeCheckTests {
    let app = APIHarness.shared
    let figure = "metric.widgets.ios.dynamic-type-range"

    @Test func aCategoryIsJudgedAgainstTheRange() throws {
        let under = try #require(app.request(.get, "/v1/check?figure=\(figure)&category=small").json)
        let row = try #require(under["items"]?.arrayValue?.first)
        #expect(row["result"] == "below-published")
        #expect(row["measured"]?["category"] == "small")
        #expect(row["force"] == "widgets support Dynamic Type sizes from Large to AX5")
        let inside = try #require(app.request(.get, "/v1/check?figure=\(figure)&category=AX3").json)
        #expect(inside["items"]?.arrayValue?.first?["result"] == "ok")
    }

    @Test func aValueForTheRangeIsRefusedInItsRowNamingIt() {
        // Refused in the measurement's own row, as one item of a batch is (CheckBatch).
        let answer = app.request(.get, "/v1/check?figure=\(figure)&value=17")
        #expect(answer.status == 200)
        #expect(answer.json?["items"]?.arrayValue?.first?["error"]?["parameter"] == "value")
    }

    @Test func postTakesCategories() throws {
        let body = Array("[{\"figure\": \"\(figure)\", \"category\": \"xSmall\"}]".utf8)
        let answer = app.request(.post, "/v1/check", body: body)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(answer.json?["items"]?.arrayValue?.first?["result"] == "below-published")
    }
}
