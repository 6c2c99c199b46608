import JSON
import SpecAPI
import SpecStore
import Testing

@testable import SpecServer

/// `q=` on a collection of records: its rows narrowed to those whose records match the words, as
/// `/v1/search` matches them, with the other filters, the order and the paging kept.
@Suite struct CollectionWordsTests {
    let app = ApplicationHarness.shared

    private func items(_ target: String) -> [JSONValue] {
        app.request(.get, target).json?["items"]?.arrayValue ?? []
    }

    private func ids(_ target: String) -> [String] {
        items(target).compactMap { $0["id"]?.stringValue }
    }

    @Test func wordsKeepTheOtherFilters() {
        let all = ids("/v1/metrics?q=minimum")
        let ios = ids("/v1/metrics?q=minimum&platform=ios")
        #expect(!ios.isEmpty && ios.count < all.count)
        // The same rows in the same order: the filter only drops those not for iOS.
        #expect(ios == all.filter { ios.contains($0) })
        let platformRows = Set(ids("/v1/metrics?platform=ios&fields=id"))
        #expect(ios.allSatisfy { platformRows.contains($0) })
    }

    @Test func wordsKeepTheOrderAndThePaging() throws {
        let all = ids("/v1/metrics?q=minimum")
        #expect(all.count > 3)
        let page = try #require(app.request(.get, "/v1/metrics?q=minimum&limit=2&offset=1").json)
        #expect(page["total"]?.doubleValue == Double(all.count))
        #expect(page["count"]?.doubleValue == 2)
        #expect(page["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } == Array(all[1...2]))
        let answer = app.request(.get, "/v1/metrics?q=minimum&limit=2")
        #expect(answer.headers["link"]?.contains("q=minimum") == true, "\(answer.headers)")
        let sorted = items("/v1/metrics?q=minimum&sort=name").compactMap { $0["name"]?.stringValue }
        #expect(sorted.count == all.count)
        #expect(sorted == sorted.sorted { $0.lowercased() < $1.lowercased() })
    }

    @Test func aRecordListedInPartsMatchesWithEveryPart() {
        // A size class is one record, listed once per orientation.
        let rows = ids("/v1/size-classes?q=iphone%2016%20pro%20max")
        #expect(
            rows.prefix(2).sorted() == [
                "size-class.iphone-16-pro-max.landscape", "size-class.iphone-16-pro-max.portrait",
            ])
    }

    @Test func anEmptyAnswerSaysWhy() throws {
        let nothing = try #require(app.request(.get, "/v1/metrics?q=zzzzqqqq").json)
        #expect(nothing["count"]?.doubleValue == 0)
        #expect(nothing["notes"]?.arrayValue == ["No metric matches 'zzzzqqqq'."])
        // Words that match, but not among the rows the other filters give.
        let filtered = try #require(app.request(.get, "/v1/myths?q=widgets&topic=typography").json)
        #expect(filtered["count"]?.doubleValue == 0)
        let note = try #require(filtered["notes"]?.arrayValue?.first?.stringValue)
        #expect(note.hasPrefix("No myth of the "), "\(note)")
        #expect(note.contains("match it without them."), "\(note)")
        // Filters that give nothing say so as any empty answer does, words or not.
        let empty = try #require(
            app.request(.get, "/v1/metrics?q=minimum&topic=controls&platform=tvos&status=convention").json)
        #expect(empty["count"]?.doubleValue == 0)
        #expect(empty["notes"]?.arrayValue?.isEmpty == false)
    }

    @Test func theRulesKeepTheirWordsAsBefore() throws {
        let rules = items("/v1/rules?q=button")
        #expect(!rules.isEmpty)
        #expect(rules.allSatisfy { $0["score"]?.doubleValue != nil })
        #expect(app.request(.get, "/v1/rules?q=zzzz").json?["notes"]?.arrayValue == ["No rule matches 'zzzz'."])
    }

    @Test(arguments: [
        "/v1/versions?q=2025", "/v1/metrics/metric.controls.ios.minimum-size?q=size", "/v1/diff?from=2023&q=x",
    ])
    func aRouteWithoutRecordRowsRefusesWords(_ target: String) {
        let answer = app.request(.get, target)
        #expect(answer.status == 400, "\(target)")
        #expect(answer.json?["error"]?["parameter"]?.stringValue == "q", "\(answer.text)")
    }

    @Test func theSearchKeepsItsOwnRequiredWords() {
        #expect(app.request(.get, "/v1/search?q=hit%20target").status == 200)
        #expect(app.request(.get, "/v1/search").status == 400)
    }

    @Test func everyDerivedDescriptionDeclaresWordsOnCollectionsOfRecords() throws {
        let document = try #require(app.request(.get, "/openapi.json").json)
        for route in Route.allCases where route.endpoint.servesData && !route.template.contains("{") {
            let parameters = document["paths"]?[route.template]?["get"]?["parameters"]?.arrayValue ?? []
            let q = parameters.first { $0["name"]?.stringValue == "q" }
            switch route {
            case .search: #expect(q?["required"]?.boolValue == true)
            default:
                #expect((q != nil) == (route.endpoint.recordType != nil), "\(route.template)")
                if q != nil { #expect(q?["description"]?.stringValue == CommonParameter.q.summary) }
            }
        }
    }

    @Test func aPageWithWordsKeepsThemInItsForms() {
        let page = app.request(.get, "/v1/metrics?q=minimum&platform=ios&format=html").text
        // The search box shows the words and keeps the filter; the filter form keeps the words.
        #expect(page.contains("<input id=\"search-here\" name=\"q\" type=\"search\" value=\"minimum\" required>"))
        #expect(page.contains("<input type=\"hidden\" name=\"platform\" value=\"ios\">"))
        #expect(page.contains("<input type=\"hidden\" name=\"q\" value=\"minimum\">"))
        #expect(page.contains("href=\"/v1/metrics?platform=ios\">Every row</a>"))
    }
}
