import SpecStore
import Testing

/// `/v1/coverage`, and the empty answer's note that tells "not held here" from "Apple publishes
/// none".
@Suite("Coverage route")
struct CoverageRouteTests {
    let app = APIHarness.shared

    @Test("/v1/coverage lists every page of the coverage list with its status")
    func route() throws {
        let answer = app.request(.get, "/v1/coverage")
        try #require(answer.status == 200)
        let items = try #require(answer.json?["items"]?.arrayValue)
        #expect(items.count > 50)
        #expect(items.allSatisfy { ["held", "not-held", "none-published"].contains($0["status"]?.stringValue ?? "") })
        let popovers = try #require(items.first { $0["page"] == "HIG › Popovers" })
        #expect(popovers["status"] == "none-published")
    }

    @Test("an empty answer for a page's topic says whether Apple publishes figures there and the store holds them")
    func emptyAnswerNotes() throws {
        let wallet = app.request(.get, "/v1/metrics?topic=wallet&status=convention")
        try #require(wallet.status == 200)
        let walletNote = wallet.json?["notes"]?.arrayValue?.first?.stringValue ?? ""
        #expect(walletNote.contains("Apple publishes figures on HIG › Wallet; this version holds"), "\(walletNote)")
        let popovers = app.request(.get, "/v1/metrics?topic=popovers&status=published")
        try #require(popovers.status == 200)
        let popoverNote = popovers.json?["notes"]?.arrayValue?.first?.stringValue ?? ""
        #expect(popoverNote.contains("Apple publishes no figures on HIG › Popovers"), "\(popoverNote)")
        // A topic of the store's own that is no HIG page: the forms conventions.
        let forms = app.request(.get, "/v1/metrics?topic=forms&status=published")
        let formsNote = forms.json?["notes"]?.arrayValue?.first?.stringValue ?? ""
        #expect(formsNote.contains("No HIG page named 'forms' is in the coverage list"), "\(formsNote)")
    }

    @Test("status keeps the pages of one status, and an unknown status is a 400 naming the three")
    func statusFilter() throws {
        // Every page that publishes figures holds some today; before the Activity ring colors, one did not.
        #expect(app.request(.get, "/v1/coverage?status=not-held").json?["items"]?.arrayValue?.isEmpty == true)
        let notHeld = app.request(.get, "/v1/coverage?status=not-held&version=2024-02-02")
        let items = notHeld.json?["items"]?.arrayValue ?? []
        #expect(!items.isEmpty && items.allSatisfy { $0["status"] == "not-held" })
        #expect(items.contains { $0["page"] == "HIG › Activity rings" })
        let all = app.request(.get, "/v1/coverage").json?["items"]?.arrayValue ?? []
        #expect(items.count < all.count)
        let wrong = app.request(.get, "/v1/coverage?status=zz")
        #expect(wrong.status == 400)
        #expect(wrong.text.contains("held, not-held, none-published"))
    }
}
