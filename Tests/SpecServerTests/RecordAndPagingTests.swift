import JSON
import SpecAPI
import SpecStore
import Testing

@testable import HTTPCore
@testable import SpecFormats
@testable import SpecServer

/// A URL for every record, and paging, order and field selection on every collection route
/// (API.md §6), through the application as the engine calls it.
@Suite struct RecordAndPagingTests {
    let app = ApplicationHarness.shared
    let store = ApplicationHarness.shared.application.current!.store

    /// Each record route with the collection route that lists its records.
    static let recordRoutes: [(record: Route, collection: Route)] = ServedCollection.all.map {
        (record: $0.recordRoute, collection: $0.route)
    }

    /// The collection routes: every route that pages its rows.
    static let collectionRoutes = Route.allCases.filter(\.endpoint.selectsRows)

    /// A request for every row of a collection route.
    static func everyRow(_ route: Route) -> String {
        route == .search ? "/v1/search?q=ios" : route.template
    }

    func ids(_ answer: Answer) -> [String] {
        (answer.json?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
    }

    // MARK: - Record URLs

    @Test func everyCollectionHasARecordRoute() {
        let collections = Self.collectionRoutes.filter { $0 != .search }
        #expect(Set(Self.recordRoutes.map(\.collection)) == Set(collections))
        for (record, collection) in Self.recordRoutes {
            #expect(record.template == collection.template + "/{id}")
            #expect(Set(collection.formats).isSubset(of: record.formats))
            #expect(record.endpoint.schema == .record)
        }
    }

    @Test(arguments: recordRoutes.map(\.record))
    func aKnownIdAnswersItsRowAndAnUnknownOneIsA404NamingIt(route: Route) throws {
        let collection = try #require(Self.recordRoutes.first { $0.record == route }?.collection)
        let listing = try #require(app.request(.get, collection.template + "?shape=array").json?.arrayValue)
        let row = try #require(listing.last)
        let id = try #require(row["id"]?.stringValue)
        let answer = app.request(.get, collection.template + "/" + id)
        #expect(answer.status == 200, "\(id): \(answer.text.prefix(200))")
        let json = try #require(answer.json?.objectValue)
        #expect(Array(json.keys.prefix(2)) == ["version", "item"])
        #expect(json["version"]?.stringValue == store.latestVersion.id)
        if route == .record(.devices) {
            // The device record adds its widget sizes to the row.
            #expect(json["item"]?["id"]?.stringValue == id)
            #expect(json["item"]?["widgets"]?["items"]?.arrayValue != nil)
        } else {
            #expect(json["item"] == row, "\(id)")
        }

        let unknown = app.request(.get, collection.template + "/no-such-record")
        #expect(unknown.status == 404)
        let error = try #require(unknown.json?["error"])
        #expect(error["code"]?.stringValue == "not_found")
        #expect(error["message"]?.stringValue?.contains("'no-such-record'") == true, "\(unknown.text)")
        #expect(error["hint"]?.stringValue?.contains("GET " + collection.template) == true, "\(unknown.text)")
    }

    @Test func aDeviceRecordIsTheStoresDeviceAsBefore() throws {
        // `{"version", "item", "notes"}` exactly: no total, no paging, nothing new.
        let ids = RouteQueries.recordIDs(of: .devices, in: store.latest)
        #expect(ids.count > 10)
        for id in ids {
            let result = try store.latest.device(id: id).record
            var object = JSONObject([("version", .string(store.latestVersion.id)), ("item", result.item)])
            if !result.notes.isEmpty {
                object.append("notes", .array(NoteWording.texts(result.notes).map { .string($0) }))
            }
            var bytes = JSONValue.object(object).serializedBytes()
            bytes.append(UInt8(ascii: "\n"))
            #expect(app.request(.get, "/v1/devices/\(id)").body == bytes, "\(id)")
        }
    }

    @Test func aDevicePageEmbedsItsWidgetRowsAsCountItemsNotes() throws {
        // The store hands the widget rows and notes as values; the page appends them to the device's
        // row as `widgets: {"count", "items", "notes"}`, `notes` present even when empty.
        for id in ["device.iphone-15-pro-max", "device.iphone-16-pro", "device.ipad-pro-10-5-inch"] {
            let device = try store.latest.device(id: id)
            let item = try #require(app.request(.get, "/v1/devices/\(id)").json?["item"]?.objectValue)
            #expect(Array(item.keys) == Array(try #require(device.item.objectValue).keys) + ["widgets"])
            let widgets = try #require(item["widgets"]?.objectValue)
            #expect(Array(widgets.keys) == ["count", "items", "notes"])
            #expect(widgets["count"] == JSONValue(integerLiteral: device.widgets.count))
            #expect(widgets["items"] == .array(device.widgets.items))
            let notes = try #require(widgets["notes"]?.arrayValue).compactMap(\.stringValue)
            #expect(notes.count == device.widgets.notes.count)
            for (text, note) in zip(notes, device.widgets.notes) where note.references.isEmpty {
                #expect(text == note.text { _ in "" })
            }
        }
        let unmatched = try #require(app.request(.get, "/v1/devices/device.iphone-16-pro").json?["item"]?["widgets"])
        #expect(unmatched["count"] == 0)
        #expect(unmatched["notes"]?.arrayValue?.first?.stringValue?.contains("nearest published screen") == true)
    }

    @Test(arguments: recordRoutes.map(\.record), [Format.csv, .md, .html])
    func aRecordPageAnswersInEveryTableFormat(route: Route, format: Format) throws {
        let example = try #require(route.endpoint.example)
        let id = String(example.split(separator: "/").last!)
        let answer = app.request(.get, example + "?format=" + format.rawValue)
        #expect(answer.status == 200)
        #expect(answer[header: "Content-Type"] == format.contentType)
        #expect(answer.text.contains(id), "\(example) \(format)")
    }

    @Test func aRecordPinsAVersionAndRevalidates() throws {
        // The oldest version with rules: a rule it has, and one it lacks.
        let now = RouteQueries.recordIDs(of: .rules, in: store.latest)
        let versions = try store.versions.dropLast().map { try store.snapshot(version: $0.id) }
        let snapshot = try #require(versions.first { !RouteQueries.recordIDs(of: .rules, in: $0).isEmpty })
        let oldest = snapshot.version.id
        let old = Set(RouteQueries.recordIDs(of: .rules, in: snapshot))
        let shared = try #require(now.first { old.contains($0) })
        let pinned = app.request(.get, "/v1/rules/\(shared)?version=\(oldest)")
        #expect(pinned.status == 200)
        #expect(pinned[header: "Spec-Version"] == oldest)
        #expect(pinned[header: "Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(pinned.json?["version"]?.stringValue == oldest)
        if let added = now.first(where: { !old.contains($0) }) {
            let missing = app.request(.get, "/v1/rules/\(added)?version=\(oldest)")
            #expect(missing.status == 404)
            #expect(missing.json?["error"]?["message"]?.stringValue?.contains(oldest) == true)
        }
        let first = app.request(.get, "/v1/rules/\(shared)")
        let tag = try #require(first[header: "ETag"])
        let again = app.request(.get, "/v1/rules/\(shared)", headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
    }

    @Test func aRecordIdMayOmitItsPrefixAndASizeClassRecordAnswersWhole() throws {
        let full = app.request(.get, "/v1/metrics/metric.controls.ios.minimum-size")
        let short = app.request(.get, "/v1/metrics/controls.ios.minimum-size")
        #expect(full.status == 200)
        #expect(short.body == full.body)
        let sizeClass = try #require(RouteQueries.recordIDs(of: .sizeClasses, in: store.latest).first)
        #expect(sizeClass.hasSuffix(".portrait"))
        let record = String(sizeClass.dropLast(".portrait".count))
        let whole = try #require(app.request(.get, "/v1/size-classes/" + record).json?["item"])
        #expect(whole["id"]?.stringValue == record)
        #expect(whole["portrait"]?.objectValue != nil && whole["landscape"]?.objectValue != nil)
    }

    @Test func aRecordRouteTakesNoPaging() throws {
        let answer = app.request(.get, "/v1/rules/rule.tab-bars.navigation-not-actions?limit=1")
        #expect(answer.status == 400)
        #expect(answer.json?["error"]?["parameter"]?.stringValue == "limit")
    }

    // MARK: - Paging

    @Test(arguments: collectionRoutes)
    func pagesFollowTheirNextLinksToTheWholeListing(route: Route) throws {
        let whole = app.request(.get, Self.everyRow(route) + (route == .search ? "&limit=1000" : ""))
        let all = ids(whole)
        let total = try #require(whole.json?["total"]?.doubleValue)
        #expect(Int(total) == all.count)
        // Two rows make two pages of one: enough for a next and a prev link, so a collection
        // of two records is walked too.
        #expect(all.count >= 2)
        let size = max(1, all.count / 3)
        let separator = route == .search ? "&" : "?"
        var target: String? = Self.everyRow(route) + separator + "limit=\(size)"
        var walked: [String] = []
        var pages = 0
        while let next = target, pages < 10 {
            let page = app.request(.get, next)
            #expect(page.status == 200, "\(next)")
            #expect(page.json?["total"]?.doubleValue == total)
            #expect(page.json?["count"]?.doubleValue == Double(ids(page).count))
            walked += ids(page)
            let link = page[header: "Link"] ?? ""
            #expect(link.contains("rel=\"prev\"") == (pages > 0), "\(next): \(link)")
            target = Self.link(link, rel: "next")
            pages += 1
        }
        #expect(walked == all, "\(route)")
        #expect(pages == (all.count + size - 1) / size)
    }

    /// The target of the link with `rel` in a `Link` field value.
    static func link(_ field: String, rel: String) -> String? {
        for member in field.split(separator: ",") where member.contains("rel=\"\(rel)\"") {
            guard let open = member.firstIndex(of: "<"), let close = member.firstIndex(of: ">") else { continue }
            return String(member[member.index(after: open)..<close])
        }
        return nil
    }

    @Test func anOffsetPastTheEndIsAnEmptyPageThatLinksBack() throws {
        let answer = app.request(.get, "/v1/myths?limit=5&offset=1000")
        #expect(answer.status == 200)
        #expect(answer.json?["count"]?.doubleValue == 0)
        let total = try #require(answer.json?["total"]?.doubleValue)
        let previous = try #require(Self.link(answer[header: "Link"] ?? "", rel: "prev"))
        #expect(previous == "/v1/myths?limit=5&offset=\(Int(total) - 5)")
        #expect(Self.link(answer[header: "Link"] ?? "", rel: "next") == nil)
    }

    @Test func aLinkKeepsTheFiltersAndEncodesThem() throws {
        let answer = app.request(.get, "/v1/search?q=tap+target&limit=2")
        let next = try #require(Self.link(answer[header: "Link"] ?? "", rel: "next"))
        #expect(next == "/v1/search?q=tap%20target&limit=2&offset=2")
        #expect(app.request(.get, next).status == 200)
    }

    @Test(arguments: [Format.csv, .md, .html])
    func everyFormatHonoursThePageAndTheOrder(format: Format) {
        let listing = ids(app.request(.get, "/v1/tracking?sort=-size"))
        let answer = app.request(.get, "/v1/tracking?sort=-size&offset=1&limit=3&format=" + format.rawValue)
        #expect(answer.status == 200)
        #expect(answer[header: "Link"]?.contains("format=" + format.rawValue) == true)
        // The page's rows are there; the rows before and after it are not.
        for id in listing[1...3] { #expect(Self.mentions(answer.text, id), "\(format) lacks \(id)") }
        for id in [listing[0], listing[4]] { #expect(!Self.mentions(answer.text, id), "\(format) shows \(id)") }
    }

    /// Whether `text` holds `id` as a whole id (not the start of a longer one).
    static func mentions(_ text: String, _ id: String) -> Bool {
        var rest = Substring(text)
        while let range = rest.firstRange(of: id) {
            let next = rest[range.upperBound...].first
            if next.map({ !($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    @Test func csvKeepsOnlyTheFieldsAsked() {
        let csv = app.request(.get, "/v1/tracking?format=csv&limit=3&fields=id,size")
        let lines = csv.text.split(whereSeparator: \.isNewline)
        #expect(lines.count == 4, "\(csv.text)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("tracking.") && $0.split(separator: ",").count == 2 })
    }

    @Test func aSearchPagesItsBestTenByDefault() throws {
        let answer = app.request(.get, "/v1/search?q=ios")
        let count = try #require(answer.json?["count"]?.doubleValue)
        let total = try #require(answer.json?["total"]?.doubleValue)
        #expect(count == Double(SpecSnapshot.searchLimit))
        #expect(total > count)
        #expect(Self.link(answer[header: "Link"] ?? "", rel: "next") == "/v1/search?q=ios&limit=10&offset=10")
        #expect(SpecSnapshot.searchLimit == 10)
        #expect(app.request(.get, "/v1/search?q=ios&limit=1000").json?["count"]?.doubleValue == total)
    }

    @Test func aSearchPageIsTheSliceOfEveryHit() throws {
        let every = ids(app.request(.get, "/v1/search?q=button&limit=1000"))
        #expect(every.count > 6)
        let page = app.request(.get, "/v1/search?q=button&limit=3&offset=3")
        #expect(ids(page) == Array(every[3..<6]))
        #expect(page.json?["total"]?.doubleValue == Double(every.count))
        #expect(page.json?["notes"]?.arrayValue?.isEmpty ?? true)
        #expect(Self.link(page[header: "Link"] ?? "", rel: "next") == "/v1/search?q=button&limit=3&offset=6")
        // An order or fields still see every hit.
        let sorted = ids(app.request(.get, "/v1/search?q=button&sort=id&limit=3"))
        #expect(sorted == Array(every.sorted().prefix(3)))
    }

    @Test func searchFiltersByStatusAndPlatformAndRefusesUnknownValues() throws {
        let answer = app.request(.get, "/v1/search?q=tab%20bar&status=convention&platform=ios&limit=1000")
        let items = try #require(answer.json?["items"]?.arrayValue)
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0["status"]?.stringValue == "convention" })
        #expect(items.allSatisfy { $0["value"] != nil && $0["unit"] != nil })
        let refused = app.request(.get, "/v1/search?q=tab%20bar&status=official")
        #expect(refused.status == 400)
        #expect(refused.json?["error"]?["code"]?.stringValue == "unknown_value")
        // The tables show the figure too.
        let csv = app.request(.get, "/v1/search?q=minimum%20font%20size&format=csv&limit=1").text
        #expect(csv.hasPrefix("type,id,title,value,unit,status,snippet,score"), "\(csv)")
        #expect(
            csv.contains("metric.typography.ios.minimum-text-size,\"Minimum text size (iOS, iPadOS)\",11,pt,published,")
        )
        // An older store version answers from its own records: the 2023 hit target (among the
        // first ten, so a record added later that also matches leaves the test alone).
        let old = ids(app.request(.get, "/v1/search?q=tap%20target&version=2023&limit=10"))
        #expect(old.contains("metric.accessibility.ios.minimum-hit-target"), "\(old)")
    }

    // MARK: - Order

    @Test func numbersSortAsNumbersBothWays() throws {
        let sizes = { (target: String) -> [Double] in
            (app.request(.get, target).json?["items"]?.arrayValue ?? []).compactMap { $0["size"]?.doubleValue }
        }
        let up = sizes("/v1/tracking?sort=size")
        let down = sizes("/v1/tracking?sort=-size")
        #expect(up.count > 10)
        #expect(up == up.sorted())
        #expect(down == down.sorted(by: >))
        #expect(Set(up) == Set(down))
        // Text order would put 100 before 11; numeric order does not.
        #expect(up.contains { $0 >= 100 } && up.contains { $0 < 100 && $0 >= 10 })
    }

    @Test func sortingIsStableAndTextIgnoresCase() throws {
        let listing = ids(app.request(.get, "/v1/devices"))
        let rows = try #require(app.request(.get, "/v1/devices?sort=family").json?["items"]?.arrayValue)
        let families = rows.compactMap { $0["family"]?.stringValue?.lowercased() }
        #expect(families == families.sorted())
        // Within a family, the route's own order.
        for family in Set(families) {
            let sorted = rows.filter { $0["family"]?.stringValue?.lowercased() == family }.compactMap {
                $0["id"]?.stringValue
            }
            #expect(sorted == listing.filter { sorted.contains($0) }, "\(family)")
        }
        let descending = try #require(app.request(.get, "/v1/devices?sort=-family").json?["items"]?.arrayValue)
        #expect(descending.compactMap { $0["family"]?.stringValue?.lowercased() } == families.sorted(by: >))
    }

    @Test func aNestedFieldSortsByItsJSONPathOrItsCSVColumnName() throws {
        let dotted = app.request(.get, "/v1/devices?sort=-points.width&fields=id,points.width")
        let underscored = app.request(.get, "/v1/devices?sort=-points_width&fields=id,points.width")
        #expect(dotted.status == 200)
        #expect(dotted.json?["items"] == underscored.json?["items"])
        let widths = (dotted.json?["items"]?.arrayValue ?? []).compactMap { $0["points"]?["width"]?.doubleValue }
        #expect(widths.count > 10 && widths == widths.sorted(by: >))
    }

    @Test func rowsWithoutTheFieldComeLastEitherWay() throws {
        for sort in ["sizeClasses.portrait.horizontal", "-sizeClasses.portrait.horizontal"] {
            let rows = try #require(app.request(.get, "/v1/devices?sort=\(sort)").json?["items"]?.arrayValue)
            let present = rows.map { ($0["sizeClasses"]?["portrait"]?["horizontal"]?.stringValue) != nil }
            #expect(present.contains(false) && present.contains(true))
            #expect(present == present.sorted { $0 && !$1 }, "\(sort)")
        }
    }

    // MARK: - Fields

    @Test func fieldsKeepsOnlyThoseInTheirOrder() throws {
        let rows = try #require(app.request(.get, "/v1/devices?fields=name,id,points").json?["items"]?.arrayValue)
        #expect(rows.count > 10)
        for row in rows {
            #expect(row.objectValue?.keys == ["name", "id", "points"])
            #expect(row["points"] == .null || row["points"]?["width"] != nil)
        }
        // A nested field keeps only that member; a row whose parent is null has nothing to keep.
        let nested = try #require(app.request(.get, "/v1/devices?fields=points.height").json?["items"]?.arrayValue)
        let whole = try #require(app.request(.get, "/v1/devices").json?["items"]?.arrayValue)
        #expect(nested.count == whole.count)
        for (kept, row) in zip(nested, whole) {
            if let height = row["points"]?["height"] {
                #expect(kept == ["points": ["height": height]])
            } else {
                #expect(kept.objectValue?.isEmpty == true)
            }
        }
    }

    @Test func fieldsMayNameEveryField() throws {
        let every = FieldCatalogue.of(.collection(.devices), store: store).paths
        let list = every.joined(separator: ",")
        #expect(list.count > RequestOptions.maximumValueLength)
        let answer = app.request(.get, "/v1/devices?fields=" + list)
        #expect(answer.status == 200, "\(answer.text.prefix(300))")
        // Every member of every row is kept (in the order fields named them).
        let kept = answer.json?["items"]?.arrayValue ?? []
        let whole = app.request(.get, "/v1/devices").json?["items"]?.arrayValue ?? []
        #expect(kept.count == whole.count)
        let same = zip(kept, whole).allSatisfy { kept, row in
            let object = row.objectValue ?? JSONObject()
            return kept.objectValue?.keys.sorted() == object.keys.sorted()
                && object.allSatisfy { kept[$0.key] == $0.value }
        }
        #expect(same)
    }

    // MARK: - Errors

    @Test(
        arguments: [
            ("/v1/devices?sort=colour", "sort", "points.width"),
            ("/v1/devices?sort=-", "sort", "sort=-field"),
            ("/v1/devices?fields=id,colour", "fields", "points.width"),
            ("/v1/devices?fields=id,,name", "fields", "fields=id,name"),
            ("/v1/devices?fields=id,name,id", "fields", "once"),
            ("/v1/devices?limit=0", "limit", "1 to 1000"),
            ("/v1/devices?limit=1001", "limit", "1 to 1000"),
            ("/v1/devices?limit=ten", "limit", "1 to 1000"),
            ("/v1/devices?limit=%2B5", "limit", "1 to 1000"),
            ("/v1/devices?offset=-1", "offset", "0 to 1000000"),
            ("/v1/search?q=ios&offset=99999999999", "offset", "0 to 1000000"),
            ("/v1/versions?limit=2", "limit", "Parameters of this route"),
        ] as [(String, String, String)])
    func aBadSelectionIsA400NamingTheParameter(target: String, parameter: String, listed: String) throws {
        let answer = app.request(.get, target)
        #expect(answer.status == 400, "\(target)")
        let error = try #require(answer.json?["error"])
        #expect(error["parameter"]?.stringValue == parameter, "\(target): \(answer.text)")
        #expect(error["hint"]?.stringValue?.contains(listed) == true, "\(target): \(answer.text)")
    }

    // MARK: - Prebuilt and cached answers

    @Test func theUnparameterisedAnswersStayPrebuiltAndWhole() throws {
        let served = try #require(app.application.current)
        for route in Self.collectionRoutes where route != .search {
            let fast = try HTTPRequest.withParsed(Array("GET \(route.template) HTTP/1.1\r\nHost: x\r\n\r\n".utf8)) {
                served.fastResponse(for: $0) != nil
            }
            #expect(fast, "\(route.template) is not prebuilt")
            // A page of it, asked first, does not change the whole answer.
            _ = app.request(.get, route.template + "?limit=1&fields=id")
            let whole = try #require(app.request(.get, route.template).json)
            #expect(whole["count"] == whole["total"])
            #expect(whole["items"]?.arrayValue?.first?.objectValue?.keys.count ?? 0 > 1)
            #expect(app.request(.get, route.template)[header: "Link"] == nil)
        }
    }

    @Test func aPageIsCachedAndTheSameWhateverTheParameterOrder() {
        let first = app.request(.get, "/v1/metrics?limit=7&offset=7&sort=-name&fields=id,name")
        let again = app.request(.get, "/v1/metrics?fields=id,name&sort=-name&offset=7&limit=7")
        #expect(first.status == 200)
        #expect(first.body == again.body)
        #expect(first[header: "ETag"] == again[header: "ETag"])
        let other = app.request(.get, "/v1/metrics?limit=7&offset=14&sort=-name&fields=id,name")
        #expect(other.body != first.body)
    }

    @Test func aPinnedVersionPagesItsOwnRows() throws {
        let oldest = try #require(store.versions.first?.id)
        let whole = app.request(.get, "/v1/devices?version=\(oldest)")
        let page = app.request(.get, "/v1/devices?version=\(oldest)&limit=2")
        #expect(page[header: "Spec-Version"] == oldest)
        #expect(page.json?["total"] == whole.json?["count"])
        #expect(ids(page) == Array(ids(whole).prefix(2)))
    }

    // MARK: - OpenAPI

    @Test func theOpenAPIDocumentDescribesRecordsAndSelection() throws {
        let document = try #require(app.request(.get, "/openapi.json").json)
        for (record, _) in Self.recordRoutes {
            #expect(document["paths"]?[record.template]?["get"] != nil, "\(record.template)")
        }
        for route in Self.collectionRoutes {
            let parameters = document["paths"]?[route.template]?["get"]?["parameters"]?.arrayValue ?? []
            let names = parameters.compactMap { $0["name"]?.stringValue }
            for name in ["limit", "offset", "sort", "fields"] { #expect(names.contains(name), "\(route) \(name)") }
            let sort = parameters.first { $0["name"]?.stringValue == "sort" }
            let values = sort?["schema"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(values.contains("id") && values.contains("-id"), "\(route)")
            let fields = parameters.first { $0["name"]?.stringValue == "fields" }
            #expect(fields?["explode"] == .bool(false))
        }
        #expect(document["components"]?["schemas"]?["Envelope"]?["properties"]?["total"] != nil)
    }
}
