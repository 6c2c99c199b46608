import SpecAPI
import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

/// What a docs team links to: collection pages with the name, figures and status in view, of a
/// readable length, in the shapes Apple prints; embeds that need no post-processing; the files
/// every site answers.
@Suite struct DocsSitePageLayoutTests {
    let app = ApplicationHarness.shared

    /// The header cells of the page's first table, in order.
    static func headings(_ page: String) -> [String] {
        guard let start = page.range(of: "<thead><tr>"), let end = page[start.upperBound...].range(of: "</tr>")
        else { return [] }
        return page[start.upperBound..<end.lowerBound].split(separator: "</th>").map { cell in
            var text = ""
            var inTag = false
            for character in cell {
                if character == "<" {
                    inTag = true
                } else if character == ">" {
                    inTag = false
                } else if !inTag {
                    text.append(character)
                }
            }
            return text
        }.filter { !$0.isEmpty }
    }

    // MARK: - What matters in view

    @Test(arguments: [
        ("/v1/devices?format=html", ["Device", "Width (pt)", "Height (pt)", "Scale (×)", "Width (px)", "Height (px)"]),
        ("/v1/metrics?format=html", ["Name", "Figure"]),
        ("/v1/widgets?format=html", ["Widget family"]),
        ("/v1/tracking?font=sf%20pro&format=html", ["Size (pt)", "Tracking (1/1000 em)", "Tracking (pt)"]),
    ])
    func theNameAndFiguresComeFirstThenTheStatus(_ path: String, _ first: [String]) {
        let columns = Self.headings(app.request(.get, path).text)
        let source = columns.firstIndex(of: "Status and source")
        #expect(source != nil, "\(path): \(columns)")
        for heading in first {
            let index = columns.firstIndex(of: heading)
            #expect(index != nil && index! < source!, "\(path): \(heading) not before the status in \(columns)")
        }
        // Prose and ids wait behind the picker and on the record page.
        for hidden in ["ID", "Notes", "Since version"] { #expect(!columns.contains(hidden), "\(path): \(columns)") }
    }

    @Test func aColumnTheSameInEveryRowIsSaidOnce() {
        let page = app.request(.get, "/v1/devices?family=iphone&limit=100&format=html").text
        #expect(!Self.headings(page).contains("Family"))
        #expect(page.contains("<p class=\"hig-constant\">The same in every row: "))
        #expect(page.contains("<span class=\"hig-same\"><span class=\"hig-same-name\">Family</span> iphone</span>"))
        // One page of several keeps its columns, so the next page lines up with it.
        let paged = app.request(.get, "/v1/devices?family=iphone&format=html").text
        #expect(Self.headings(paged).contains("Family"))
        #expect(!paged.contains("<p class=\"hig-constant\">"))
    }

    @Test func theColumnPickerAddsAColumnWithFields() throws {
        let page = app.request(.get, "/v1/metrics?topic=sheets&format=html").text
        #expect(page.contains("<details class=\"hig-columns\"><summary>Columns: "))
        // Each offered column is a link to the same page with it added to `fields=`.
        let marker = "\">Add <span class=\"hig-col\">Notes</span>"
        let end = try #require(page.range(of: marker))
        let start = try #require(page[..<end.lowerBound].range(of: "href=\"", options: .backwards))
        let link = String(page[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
        #expect(link.hasPrefix("/v1/metrics?topic=sheets&fields=id%2Cname%2C"))
        #expect(link.hasSuffix("%2Cnotes"))
        let picked = app.request(.get, link + "&format=html")
        #expect(picked.status == 200)
        #expect(Self.headings(picked.text).contains("Notes"))
        #expect(Self.headings(picked.text).contains("Status and source"))
        #expect(picked.text.contains(">The default columns</a>"))
    }

    @Test func aConventionsBasisFoldsAwayInItsRow() {
        let page = app.request(.get, "/v1/metrics?topic=sheets&format=html").text
        #expect(
            page.contains(
                "<details class=\"hig-basis\"><summary>Why a convention</summary>Not found on any Apple page searched"))
        // A fragment keeps it in plain sight: an embedding site may not style details.
        let fragment = app.request(.get, "/v1/metrics?topic=sheets&format=html&fragment=true").text
        #expect(fragment.contains("<span class=\"hig-basis\">Not found on any Apple page searched"))
    }

    // MARK: - Readable length

    @Test func aPageShowsTwentyFiveRowsUnlessAskedForMore() {
        let page = app.request(.get, "/v1/metrics?format=html").text
        #expect(page.components(separatedBy: "<td class=\"hig-name\"").count - 1 == HTMLRenderer.pageSize)
        #expect(page.contains("<a rel=\"next\" href=\"/v1/metrics?offset=25\">Next 25 →</a>"))
        // The other formats of the page hold every row.
        #expect(page.contains("href=\"/v1/metrics?format=csv\""))
        let asked = app.request(.get, "/v1/metrics?format=html&limit=30").text
        #expect(asked.components(separatedBy: "<td class=\"hig-name\"").count - 1 == 30)
        // Programs asking for data are not paged by the page's default.
        let json = app.request(.get, "/v1/metrics").json
        #expect((json?["count"]?.doubleValue ?? 0) > Double(HTMLRenderer.pageSize))
    }

    // MARK: - Apple's table shapes

    @Test func dynamicTypeIsStylesDownAndCategoriesAcross() throws {
        let page = app.request(.get, "/v1/dynamic-type?format=html").text
        #expect(page.contains("<h2 id=\"type-ios\">iOS and iPadOS</h2>"))
        #expect(page.contains("<a href=\"#type-watchos\">watchOS</a>"))
        #expect(page.contains("<th scope=\"col\" class=\"hig-num\">Large (default)</th>"))
        // Each cell is the store's size/leading for that style and category.
        let body = try #require(app.request(.get, "/v1/dynamic-type?platform=ios&category=large&style=body").json)
        let item = try #require(body["items"]?.arrayValue?.first)
        let size = try #require(item["size"]?.doubleValue)
        let leading = try #require(item["leading"]?.doubleValue)
        #expect(
            page.contains(
                "<th scope=\"row\" class=\"hig-name\">Body</th><td data-label=\"Weight\">Regular</td>"))
        #expect(
            page.contains(
                "<td class=\"hig-num hig-figure\" data-label=\"Large (default)\">\(Int(size))/\(Int(leading))</td>"))
        // One row per style and category stays a link away.
        #expect(page.contains("href=\"/v1/dynamic-type?limit=25\""))
    }

    @Test func theDiffIsAChangeLogVersionByVersion() {
        let page = app.request(.get, "/v1/diff?from=2023&to=2025-03-07&format=html").text
        #expect(page.contains("<p class=\"hig-constant\">Over the whole range: Added "))
        #expect(page.contains("<nav class=\"hig-jump\" aria-label=\"Versions\">Versions: <a href=\"#v-2024-02-02\">"))
        // Each version under its title, its changes by kind, and each kind of record a line of links.
        let title = app.application.current!.store.versions.first { $0.id == "2024-09-09" }?.title ?? "?"
        // Each version folded under its title and count, so a phone shows the log's outline first.
        #expect(
            page.contains(
                "<details class=\"hig-version\"><summary><h2 id=\"v-2024-09-09\">2024-09-09: "
                    + "\(HTMLRenderer.escape(title)) <span class=\"hig-count\">"))
        #expect(!page.contains("<details class=\"hig-version\" open"))
        #expect(page.contains("<h3 id=\"v-2025-01-17-changed\">Changed ("))
        #expect(page.contains("<th scope=\"col\">Before</th><th scope=\"col\">After</th>"))
        // Each record type folded in its turn, open when it holds a few rows.
        #expect(page.contains("<details class=\"hig-log\" open><summary>Device ("))
        let whole = app.request(.get, "/v1/diff?from=2023&format=html").text
        #expect(whole.contains("<details class=\"hig-log\"><summary>"), "a long type is folded")
        #expect(page.contains("<a href=\"/v1/devices/device.ipad-air-13-inch\">iPad Air 13-inch</a>"))
        // One version: its title, then the kinds of change.
        let one = app.request(.get, "/v1/diff?from=2025-01-17&to=2025-03-07&format=html").text
        #expect(one.contains("<p class=\"hig-constant\">Version 2025-03-07: "))
        #expect(one.contains("<nav class=\"hig-jump\" aria-label=\"Changes\"><a href=\"#added\">Added ("))
        #expect(one.contains("<h2 id=\"first-seen\">First seen ("))
    }

    /// The check page before anything is asked: what to do and the form, open on a phone too, and
    /// no error; the API's answer to the bare route is unchanged.
    @Test func theCheckPageOpensWithItsFormAndNoError() throws {
        let page = app.request(.get, "/v1/check?format=html")
        #expect(page.status == 200)
        #expect(page.text.contains("<h1>Check a measurement</h1>"))
        #expect(
            page.text.contains("<input type=\"checkbox\" id=\"filters-shown\" class=\"hig-filter-toggle\" checked>"))
        #expect(page.text.contains("<form class=\"hig-filters\" method=\"get\" action=\"/v1/check\""))
        #expect(!page.text.contains("is required"))
        #expect(!page.text.contains("Error message"))
        let json = try #require(app.request(.get, "/v1/check").json?["items"]?.arrayValue?.first)
        #expect(json["error"] != nil, "a program that forgets figure is still told")
        // Once asked, the page judges as before.
        let judged = app.request(
            .get, "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20&format=html")
        #expect(judged.text.contains("<h1>Check results</h1>"))
    }

    /// A label in the device drawing fits its box, the one-line accessory-inline box included.
    @Test func everyWidgetLabelFitsItsBoxHeight() throws {
        let svg = app.request(.get, "/v1/devices/device.iphone-15-pro-max?format=svg").text
        let rects = svg.components(separatedBy: "<rect ").dropFirst().filter { $0.contains("stroke-dasharray") }
        #expect(!rects.isEmpty)
        for rect in rects {
            func number(_ name: String, in text: Substring) -> Double? {
                guard let start = text.range(of: " \(name)=\"")?.upperBound else { return nil }
                return Double(text[start...].prefix { $0 != "\"" })
            }
            let text = rect[rect.range(of: "<text ")!.lowerBound...]
            let height = try #require(number("height", in: rect[...]))
            let top = try #require(number("y", in: rect[...]))
            let baseline = try #require(number("y", in: text))
            let size = try #require(number("font-size", in: text))
            #expect(baseline + size * 0.3 <= top + height, "\(text.prefix(120))")
        }
    }

    @Test func theChartHasColoursDirectLabelsAndALegendForAPhone() {
        let page = app.request(.get, "/v1/dynamic-type?format=html").text
        #expect(page.contains("<polyline class=\"hig-series-0\""))
        #expect(page.contains("<ul class=\"hig-legend\" aria-hidden=\"true\">"))
        #expect(page.contains(".hig-series-0{color:"))
        // watchOS categories are named short on the axis, so the rotated names do not collide.
        #expect(!page.contains(">Small (default 38mm)</text>"))
        #expect(page.contains("rotate(40)\" font-size=\"12\">Small</text>"))
        // Every style is named at the end of its line, a watchOS style that stops early included.
        let styles = Set(
            (app.request(.get, "/v1/dynamic-type?platform=watchos").json?["items"]?.arrayValue ?? []).compactMap {
                $0["label"]?.stringValue
            })
        #expect(!styles.isEmpty)
        for style in styles { #expect(page.contains(">\(style) "), "\(style) has no label") }
    }

    @Test(arguments: [("topic", "sheets"), ("topic", "controls"), ("status", "convention"), ("platform", "watchos")])
    func eachFilterChoiceSaysHowManyRowsItGives(_ name: String, _ value: String) {
        let page = app.request(.get, "/v1/metrics?format=html").text
        let total = Int(app.request(.get, "/v1/metrics?\(name)=\(value)").json?["total"]?.doubleValue ?? -1)
        #expect(total > 0)
        #expect(page.contains("<option value=\"\(value)\">\(value) (\(total))</option>"), "\(name)=\(value)")
    }

    /// A word some of the collection's records have, read from its first row: the first word
    /// of three letters or more in the first of its declared text fields the row fills (so a new
    /// collection needs no entry here).
    static func searchWord(_ served: ServedCollection) -> String? {
        let row = ApplicationHarness.shared.request(.get, "/v1/\(served.segment)?limit=1").json?["items"]?.arrayValue?
            .first
        for field in served.collection.fields where field.type == "text" || field.type.hasPrefix("one of") {
            guard let text = row?[field.name]?.stringValue else { continue }
            let words = text.split { !$0.isLetter }.filter { $0.count >= 3 }
            if let word = words.first { return String(word).lowercased() }
        }
        return nil
    }

    @Test func everyRecordCollectionIsAServedCollection() {
        let collections = Route.allCases.filter { $0.endpoint.recordType != nil }
        #expect(Set(collections) == Set(ServedCollection.all.map(\.route)))
    }

    @Test(arguments: ServedCollection.all.map(\.route))
    func aCollectionPagesSearchBoxFiltersItsOwnTable(_ route: Route) throws {
        let served = try #require(ServedCollection.of(route))
        let word = try #require(Self.searchWord(served), "no word in \(route.template)'s first row")
        let type = try #require(route.endpoint.recordType)
        let page = app.request(.get, route.template + "?format=html").text
        #expect(page.contains("action=\"\(route.template)\" role=\"search\""))
        #expect(page.contains("<input id=\"search-here\" name=\"q\" type=\"search\" value=\"\" required>"))
        // What the box sends answers with the collection's own rows, in its envelope: those whose
        // records /v1/search finds among that type, best first.
        let answer = app.request(.get, route.template + "?q=\(word)&limit=1000")
        #expect(answer.status == 200)
        let json = try #require(answer.json)
        let items = try #require(json["items"]?.arrayValue)
        #expect(json["version"]?.stringValue != nil && json["total"] != nil)
        #expect(!items.isEmpty, "\(route.template)?q=\(word)")
        let hits =
            app.request(.get, "/v1/search?q=\(word)&type=\(type.rawValue)&limit=1000").json?["items"]?
            .arrayValue ?? []
        let found = Set(hits.compactMap { $0["id"]?.stringValue })
        let unfiltered = Set(
            (app.request(.get, route.template + "?fields=id&shape=array").json?.arrayValue ?? []).compactMap {
                $0["id"]?.stringValue
            })
        var matched = Set<String>()
        for item in items {
            let id = item["id"]?.stringValue ?? ""
            let whole = id.split(separator: ".").dropLast().joined(separator: ".")
            #expect(found.contains(id) || found.contains(whole), "\(id)")
            matched.insert(found.contains(id) ? id : whole)
        }
        // Every record the search finds that the collection lists is there.
        for id in found where unfiltered.contains(id) || unfiltered.contains(where: { $0.hasPrefix(id + ".") }) {
            #expect(matched.contains(id), "\(id)")
        }
        let scores = items.compactMap { $0["score"]?.doubleValue }
        #expect(scores.count == items.count)
        #expect(scores == scores.sorted(by: >))
    }

    @Test func theSortOrderIsSaidInWords() {
        let page = app.request(.get, "/v1/devices?sort=-points.width&format=html").text
        #expect(page.contains("<p class=\"hig-constant\">Sorted by Width (pt), largest first.</p>"))
        #expect(page.contains("aria-sort=\"descending\""))
        #expect(!app.request(.get, "/v1/devices?format=html").text.contains("Sorted by"))
    }

    // MARK: - A home that answers

    @Test func theHomePageAnswersTheCommonQuestionsFirst() throws {
        let home = app.request(.get, "/", headers: [("Accept", "text/html")]).text
        let search = try #require(home.range(of: "<form class=\"hig-search\""))
        let answers = try #require(home.range(of: "<h2>Common answers</h2>"))
        let index = try #require(home.range(of: "<h2>Collections</h2>"))
        #expect(search.lowerBound < answers.lowerBound && answers.lowerBound < index.lowerBound)
        // Each answer is a link that answers.
        for path in [
            "/v1/devices?family=iphone&limit=100", "/v1/dynamic-type?category=large", "/v1/metrics?topic=controls",
        ] {
            #expect(home.contains("href=\"\(path.replacingOccurrences(of: "&", with: "&amp;"))\""))
            #expect(app.request(.get, path + "&format=html").status == 200, "\(path)")
        }
        #expect(home.contains(">What changed in the latest version ("))
    }

    /// A screen Apple's widget table has no row for links the nearest one it has, the screen the
    /// widgets' note names.
    @Test func aDeviceWithoutWidgetRowsLinksTheNearestPublishedScreen() throws {
        let device = try #require(app.request(.get, "/v1/devices/device.iphone-16-pro").json?["item"])
        let note = device["widgets"]?["notes"]?.arrayValue?.first?.stringValue ?? ""
        #expect(note.contains("The nearest published screen is 393x852 pt"))
        let page = app.request(.get, "/v1/devices/device.iphone-16-pro?format=html").text
        #expect(
            page.contains(
                "<a href=\"/v1/widgets?screen=393x852\">Widget sizes for the nearest published screen, 393×852 pt</a>"))
        let widgets = app.request(.get, "/v1/widgets?screen=393x852").json
        #expect((widgets?["count"]?.doubleValue ?? 0) > 0)
        // A device with its own rows links those.
        let own = app.request(.get, "/v1/devices/device.iphone-15-pro-max?format=html").text
        #expect(!own.contains("nearest published screen, "))
    }

    @Test func theCheckPagesFigureIsAPickerWithHelpForPeople() {
        let page = app.request(
            .get, "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20&format=html"
        ).text
        #expect(page.contains("<select id=\"filter-figure\" name=\"figure\""))
        #expect(
            page.contains(
                "<option value=\"metric.controls.ios.minimum-size\" selected>Minimum control size (iOS, iPadOS)</option>"
            ))
        #expect(page.contains(">The figure to check your measurement against.</small>"))
        #expect(!page.contains("the result row&#39;s error names"))
    }

    /// The record paths a page's "Related records" section links, by its group headings.
    static func relatedLinks(_ page: String) -> [String: [String]] {
        guard let start = page.firstRange(of: "<section class=\"hig-related\""),
            let end = page[start.upperBound...].firstRange(of: "</section>")
        else { return [:] }
        var groups: [String: [String]] = [:]
        var heading = ""
        for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
            if line.hasPrefix("<h3>") {
                heading = String(line.dropFirst(4).dropLast(5))
            } else if let href = line.firstRange(of: "href=\""),
                let close = line[href.upperBound...].firstIndex(of: "\"")
            {
                groups[heading, default: []].append(String(line[href.upperBound..<close]))
            }
        }
        return groups
    }

    @Test func aMetricPageLinksItsTopicsOtherFiguresItsRulesAndItsMyths() throws {
        let minimum = Self.relatedLinks(
            app.request(.get, "/v1/metrics/metric.controls.ios.minimum-size?format=html").text)
        let others = try #require(minimum["Other controls figures on iOS"])
        #expect(others.contains("/v1/metrics/metric.controls.ios.default-size"))
        #expect(!others.contains("/v1/metrics/metric.controls.ios.minimum-size"))
        // Both ways: the default size's page links the minimum.
        let byDefault = Self.relatedLinks(
            app.request(.get, "/v1/metrics/metric.controls.ios.default-size?format=html").text)
        #expect(
            byDefault["Other controls figures on iOS"]?.contains("/v1/metrics/metric.controls.ios.minimum-size") == true
        )
        // The rule whose quote is the sentence the metric cites.
        let metric = try #require(app.request(.get, "/v1/metrics/metric.controls.ios.minimum-size").json?["item"])
        let rule = try #require(
            app.request(.get, "/v1/rules/rule.accessibility.strive-for-minimum-control-size").json?["item"])
        #expect(rule["quote"] == metric["citations"]?.arrayValue?.first?["quote"])
        #expect(
            minimum["Rules that quote its sentence or name it"]?.contains(
                "/v1/rules/rule.accessibility.strive-for-minimum-control-size") == true)
        // The myths whose related records name it, and no other.
        let myths = try #require(app.request(.get, "/v1/myths?shape=array").json?.arrayValue)
        let naming = myths.filter { ($0["related"]?.arrayValue ?? []).contains("metric.controls.ios.minimum-size") }
            .compactMap { $0["id"]?.stringValue }.map { "/v1/myths/" + $0 }
        #expect(naming.count >= 2)
        #expect(minimum["Myths about it"] == naming)
    }

    @Test func aMetricsOtherFiguresShareItsTopicAndPlatform() throws {
        let metrics = try #require(app.request(.get, "/v1/metrics?topic=controls&shape=array").json?.arrayValue)
        #expect(metrics.count > 3)
        var checked = 0
        for metric in metrics {
            let id = try #require(metric["id"]?.stringValue)
            let platform = try #require(metric["platform"]?.stringValue)
            let links = Self.relatedLinks(app.request(.get, "/v1/metrics/\(id)?format=html").text)
            let others = links.first { $0.key.hasPrefix("Other controls figures on ") }?.value ?? []
            for path in others {
                checked += 1
                let other = app.request(.get, path).json?["item"]
                #expect(other?["topic"] == "controls", "\(id) → \(path)")
                #expect(
                    other?["platforms"]?.arrayValue?.contains(.string(platform)) == true
                        || other?["platforms"]?.arrayValue?.contains("all") == true, "\(id) → \(path)")
            }
        }
        #expect(checked > metrics.count)
    }

    @Test func aDevicePageLinksWhatReadersAskNext() {
        let page = app.request(.get, "/v1/devices/device.iphone-15-pro-max?format=html").text
        for path in [
            "/v1/size-classes?device=device.iphone-15-pro-max", "/v1/widgets?device=device.iphone-15-pro-max",
            "/v1/metrics?topic=live-activities",
        ] {
            #expect(page.contains("href=\"\(path)\""))
            #expect(app.request(.get, path).status == 200, "\(path)")
        }
    }

    @Test func aRecordPageSetsApplesWordsAsAQuotation() {
        let page = app.request(.get, "/v1/rules/rule.tab-bars.navigation-not-actions?format=html").text
        #expect(
            page.contains(
                "<dt>Apple&#39;s words</dt><dd><blockquote class=\"hig-quote\" cite=\"https://developer.apple.com/design/human-interface-guidelines/"
            ))
    }

    // MARK: - Embeds

    @Test func csvAndMarkdownHonourFields() {
        let csv = DocsSiteTests.csvRows(app.request(.get, "/v1/devices?fields=name,points.width&format=csv").text)
        #expect(csv.first == ["name", "points_width_pt"])
        let markdown = app.request(.get, "/v1/devices?fields=name,points.width&format=md&fragment=true").text
        #expect(markdown.hasPrefix("| Device | Width (pt) |\n| --- | ---: |\n"))
        // Without fields= the column set stays the route's, whatever the filter.
        let all = DocsSiteTests.csvRows(app.request(.get, "/v1/devices?format=csv").text).first ?? []
        #expect(all.contains("pixels_height_px"))
    }

    @Test(
        arguments: [
            (["width": "44", "height": "44", "unit": "pt", "bound": "default"], "44×44 pt"),
            (["width": "28", "height": "28", "unit": "pt", "bound": "minimum"], "≥ 28×28 pt"),
            (["min": "2", "max": "5", "unit": "count", "bound": "range"], "2–5"),
            (["min": "75", "max": "125", "unit": "percent", "bound": "range"], "75–125%"),
            (["value": "4.5", "unit": "ratio", "bound": "minimum"], "≥ 4.5:1"),
            (["value": "15", "unit": "count", "bound": "maximum", "exclusive": "true"], "< 15"),
            (["value": "2", "unit": "s", "bound": "maximum"], "≤ 2 s"),
            (["minCategory": "large", "maxCategory": "accessibility5", "unit": "category"], "large to accessibility5"),
            (["unit": "pt"], nil),
        ] as [([String: String], String?)])
    func aFigureHasOneDisplayValue(_ fields: [String: String], _ display: String?) {
        #expect(FigureDisplay.text { fields[$0] } == display)
    }

    @Test func theDisplayValueIsInEveryTabularFormat() {
        let csv = DocsSiteTests.csvRows(app.request(.get, "/v1/metrics?format=csv").text)
        // The last column, so the others keep their places.
        #expect(csv.first?.last == "figure_display")
        // The default control size's row (the image scale figures come first in the file).
        let row = csv.first { $0.first == "metric.controls.ios.default-size" }
        #expect(row?.last == "44×44 pt")
        let markdown = app.request(.get, "/v1/metrics?format=md").text
        #expect(markdown.contains("| 44×44 pt |"))
        let page = app.request(.get, "/v1/metrics?format=html").text
        #expect(page.contains("<td class=\"hig-figure\" data-label=\"Figure\">44×44 pt</td>"))
    }

    @Test func theDisplayValueIsInTheJSONRowsToo() throws {
        let record = try #require(app.request(.get, "/v1/metrics/metric.controls.ios.minimum-size").json)
        #expect(record["item"]?["display"] == "≥ 28×28 pt")
        let rows = try #require(app.request(.get, "/v1/metrics?shape=array").json?.arrayValue)
        let withFigures = rows.filter { $0["bound"] != nil }
        #expect(!withFigures.isEmpty)
        // Every metric has a figure, so every row has its display text, and it is the text the
        // tables print from the separate fields.
        for row in withFigures {
            let expected = FigureDisplay.text { name in row[name].map(FlatTable.scalarText) }
            #expect(row["display"]?.stringValue == expected, "\(row["id"] ?? .null)")
        }
        // An explicit projection keeps it only when asked, as every other field.
        let trimmed = try #require(app.request(.get, "/v1/metrics?fields=id,display&shape=array").json?.arrayValue)
        #expect(trimmed.first?.objectValue?.keys == ["id", "display"])
        // The export stays the data file as loaded: no member the file does not have.
        let metrics = try #require(app.request(.get, "/v1/export").json?["metrics"]?.arrayValue)
        #expect(!metrics.isEmpty)
        #expect(metrics.allSatisfy { $0["display"] == nil })
    }

    @Test(arguments: [
        ("Widget sizes (pt) — 2/3!", "Widget sizes (pt) — 2/3!"),
        ("a|b #c", "a|b #c"),
        ("*bold* _it_ `code` [x](y) <b> &amp;", "\\*bold\\* \\_it\\_ \\`code\\` \\[x\\](y) \\<b\\> \\&amp;"),
        ("# not a heading", "\\# not a heading"),
        ("- not a list", "\\- not a list"),
    ])
    func headingsEscapeOnlyWhatMarkdownWouldRead(_ text: String, _ escaped: String) {
        #expect(MarkdownRenderer.escapeProse(text) == escaped)
    }

    @Test func theFragmentStylesheetIsWhereTheReadmeSaysLightAndDark() {
        let style = app.request(.get, "/hig-table.css")
        #expect(style.status == 200)
        #expect(style[header: "Content-Type"] == "text/css; charset=utf-8")
        #expect(style[header: "Access-Control-Allow-Origin"] == "*")
        #expect(style.text.contains("@media (prefers-color-scheme:dark)"))
        for name in [
            "hig-table", "hig-num", "hig-source", "hig-status-published", "hig-status-convention", "hig-basis",
        ] {
            #expect(style.text.contains("." + name), "\(name) is not styled")
        }
    }

    // MARK: - What every site answers

    @Test(arguments: [
        ("/favicon.ico", "image/svg+xml", "<svg xmlns=\"http://www.w3.org/2000/svg\""),
        ("/robots.txt", "text/plain; charset=utf-8", "User-agent: *\nDisallow: /mcp\n"),
    ])
    func theFilesEverySiteAnswers(_ path: String, _ type: String, _ start: String) {
        let answer = app.request(.get, path)
        #expect(answer.status == 200)
        #expect(answer[header: "Content-Type"] == type)
        #expect(answer.text.hasPrefix(start))
        // With a query they are not these files.
        #expect(app.request(.get, path + "?x=1").status == 404)
    }
}
