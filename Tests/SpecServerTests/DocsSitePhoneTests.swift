import SpecAPI
import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

/// What a reader meets on a phone and on the way into the site: JSON errors for browsers too, the
/// folded filter form, the chart that keeps a legible size, record headings in words, and the
/// CSV and Markdown columns each route fixes.
@Suite struct DocsSitePhoneTests {
    let app = ApplicationHarness.shared

    /// Errors are JSON whatever format was asked (API §1), a browser's `Accept` and `format=html`
    /// included: programs reading a page's URL get the error they can parse.
    @Test(arguments: [
        ("/v1/devices/device.no-such-device?format=html", 404, "not_found"),
        ("/v1/devices?family=banana&format=html", 400, "unknown_value"),
        ("/v1/nothing-here?format=html", 404, "not_found"),
        ("/nothing", 404, "not_found"),
    ])
    func aBrowserGetsJSONErrors(_ path: String, _ status: Int, _ code: String) {
        let browser = [("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8")]
        let answer = app.request(.get, path, headers: browser)
        #expect(answer.status == status)
        #expect(answer[header: "Content-Type"] == "application/json")
        #expect(answer.text.hasPrefix("{\"error\":{\"status\":\(status),\"code\":\"\(code)\""))
    }

    @Test func thePhoneFoldsTheFilterFormUntilFiltersApply() {
        let all = app.request(.get, "/v1/devices?format=html").text
        #expect(
            all.contains(
                "<input type=\"checkbox\" id=\"filters-shown\" class=\"hig-filter-toggle\"><label for=\"filters-shown\" class=\"hig-filter-toggle\">Show the filters and sort order</label>"
            ))
        let filtered = app.request(.get, "/v1/devices?family=iphone&format=html").text
        #expect(filtered.contains("class=\"hig-filter-toggle\" checked><label"))
        #expect(filtered.contains("Show the filters and sort order (1 applied)"))
        #expect(SiteStyle.css.contains("input.hig-filter-toggle:not(:checked)~form.hig-filters,"))
        let sorted = app.request(.get, "/v1/devices?sort=name&format=html").text
        #expect(sorted.contains("class=\"hig-filter-toggle\" checked><label"))
        // The search form is the search page's point: never folded.
        #expect(!app.request(.get, "/v1/search?q=body&format=html").text.contains("hig-filter-toggle\""))
    }

    @Test func theTypeScaleScrollsInItsOwnBoxAtALegibleSize() {
        let page = app.request(.get, "/v1/dynamic-type?format=html").text
        #expect(
            page.contains(
                "<div class=\"hig-chart\" role=\"region\" tabindex=\"0\" aria-label=\"Dynamic Type scale on iOS and iPadOS, scrolls sideways\"><svg"
            ))
        #expect(!page.contains("font-size=\"10\"") && !page.contains("font-size=\"11\""))
        #expect(SiteStyle.css.contains(".hig-chart svg{max-width:none}"))
    }

    @Test(arguments: [
        ("rule.tab-bars.navigation-not-actions", "Tab bars · navigation not actions"),
        ("widget.ios.430x932.system-small", "iOS · 430x932 · system small"),
    ])
    func aRecordWithoutANameIsHeadedByItsIdInWords(_ id: String, _ title: String) {
        #expect(HTMLRenderer.recordTitle(["id": .string(id)]) == title)
    }

    @Test(arguments: [
        ("/v1/tracking/tracking.ios.sf-pro.6", "SF Pro at 6 pt, iOS"),
        ("/v1/widgets/widget.ios.430x932.system-small", "Small widget, 430×932 pt screen, iOS"),
        ("/v1/size-classes/size-class.ipad-pro-12-9-inch.portrait", "iPad Pro 12.9-inch, portrait"),
        ("/v1/widget-families/widget-family.ios.system-small", "Small widget, iOS"),
    ])
    func aRecordWithoutANameIsHeadedByWhatTellsItApart(_ path: String, _ title: String) {
        #expect(app.request(.get, path + "?format=html").text.contains("<h1>\(title)</h1>"))
    }

    @Test func aDynamicTypeRecordNamesItsCategory() {
        let page = app.request(.get, "/v1/dynamic-type/type.ios.xsmall.large-title?format=html").text
        #expect(page.contains("<h1>Large Title, xSmall</h1>"))
    }

    /// The CSV headings of every route with a layout, as the layouts fixed them: a change here
    /// breaks every pipeline that reads the columns by position.
    @Test func csvColumnSetsStayAsPipelinesReadThem() {
        let expected: [Route: String] = [
            .collection(.sizeClasses):
                "id,device,devices,orientation,horizontal,vertical,status,citation_page,citation_section,citation_url,since,seen,notes",
            .collection(.textStyles):
                "id,platform,platforms,style,label,weight,size_pt,leading_pt,emphasizedWeight,status,citation_page,citation_section,citation_url,since,notes",
            .collection(.rules):
                "id,topic,platforms,kind,status,quote,reading,citation_page,citation_section,citation_url,related,since,seen,notes",
            .collection(.myths):
                "id,topic,claim,verdict,correction,citation_page,citation_section,citation_url,citation_quote,related,since,seen,notes",
            .collection(.widgetFamilies):
                "id,platform,platforms,family,renderingMode,supported,contexts,status,citation_page,citation_section,citation_url,citation_quote,since,seen,notes",
        ]
        for (route, header) in expected {
            #expect(TableLayout.columns(for: route)?.map(\.csvName).joined(separator: ",") == header, "\(route)")
        }
    }

    /// Every record route's ids link to it and its page's breadcrumb leads to its collection: a
    /// collection added without its id prefix in ``RecordLink`` fails here.
    @Test(arguments: Route.allCases.filter { $0.template.hasSuffix("/{id}") })
    func everyRecordRouteIsLinkedFromItsIds(_ route: Route) throws {
        let example = try #require(route.endpoint.example)
        let id = try #require(example.split(separator: "/").last.map(String.init))
        #expect(Site.application.recordPath(for: id) == example)
        let collection = try #require(Site.application.collectionRoute(for: id))
        #expect(collection.template + "/{id}" == route.template)
        let page = app.request(.get, example + "?format=html").text
        #expect(page.contains("<li><a href=\"\(collection.template)\">\(collection.title)</a></li>"))
        #expect(!page.contains("{id}"))
    }
}
