import JSON
import SpecAPI
import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

/// Every empty answer says why: a walk over every collection route's filters, each
/// value alone and every pair of values of two filters, that fails on an empty answer without a
/// note. Free-text and number filters are left out (their values are unbounded); vocabularies are
/// walked whole up to ``valuesPerFilter`` values each.
@Suite struct EmptyAnswerWalkTests {
    let app = ApplicationHarness.shared

    /// Values tried per filter: every value of the vocabularies here but the device list, which
    /// is walked by an evenly spread sample.
    static let valuesPerFilter = 30

    static var collectionRoutes: [Route] {
        Route.allCases.filter { route in
            route.endpoint.selectsRows && !route.template.contains("{") && route.formats.contains(.json)
        }
    }

    /// The values the walk gives each of `route`'s bounded filters.
    func filterValues(_ route: Route) throws -> [(name: String, values: [String])] {
        let latest = try #require(app.application.current?.store.latest)
        return route.endpoint.filters.compactMap { parameter in
            let values: [String]
            switch parameter.value {
            case .filter(.vocabulary(let kind)): values = latest.acceptedValues(for: kind)
            case .oneOf(let choices): values = choices
            default: return nil
            }
            guard values.count > Self.valuesPerFilter else { return (parameter.name, values) }
            let step = Double(values.count) / Double(Self.valuesPerFilter)
            return (parameter.name, (0..<Self.valuesPerFilter).map { values[Int(Double($0) * step)] })
        }
    }

    /// Requests every value of each filter and every pair of values of two filters; returns the
    /// queries whose answer was empty, and those of them without a note in the body or header.
    func walk(_ route: Route) throws -> (empty: [String], silent: [String]) {
        let filters = try filterValues(route)
        var targets: [String] = []
        for (index, filter) in filters.enumerated() {
            for value in filter.values { targets.append("\(filter.name)=\(PercentEncoding.encoded(value))") }
            for other in filters[(index + 1)...] {
                for value in filter.values {
                    for otherValue in other.values {
                        targets.append(
                            "\(filter.name)=\(PercentEncoding.encoded(value))"
                                + "&\(other.name)=\(PercentEncoding.encoded(otherValue))")
                    }
                }
            }
        }
        var empty: [String] = []
        var silent: [String] = []
        for query in targets {
            let answer = app.request(.get, route.template + "?" + query)
            // A combination a route refuses is a 400 that says why itself.
            guard answer.status == 200, let json = answer.json, json["count"]?.doubleValue == 0 else { continue }
            empty.append(query)
            let notes = json["notes"]?.arrayValue ?? []
            if notes.isEmpty || answer.values(header: "Spec-Note").isEmpty { silent.append(query) }
        }
        return (empty, silent)
    }

    @Test(arguments: collectionRoutes)
    func everyEmptyAnswerOfEveryFilterCombinationHasANote(_ route: Route) throws {
        let (_, silent) = try walk(route)
        #expect(silent.isEmpty, "\(route.template): empty without a note: \(silent.prefix(5))")
    }

    @Test(arguments: ServedCollection.all.map(\.route))
    func everyEmptyAnswerWithWordsHasANote(_ route: Route) throws {
        let served = try #require(ServedCollection.of(route))
        let word = try #require(DocsSitePageLayoutTests.searchWord(served))
        // Words alone that match nothing, and words that match with each filter value in turn.
        var silent: [String] = []
        var empty = 0
        let queries =
            ["q=zzzzqqqq"]
            + (try filterValues(route)).flatMap { filter in
                filter.values.map { "q=\(word)&\(filter.name)=\(PercentEncoding.encoded($0))" }
            }
        for query in queries {
            let answer = app.request(.get, route.template + "?" + query)
            guard answer.status == 200, let json = answer.json, json["count"]?.doubleValue == 0 else { continue }
            empty += 1
            if (json["notes"]?.arrayValue ?? []).isEmpty || answer.values(header: "Spec-Note").isEmpty {
                silent.append(query)
            }
        }
        #expect(empty > 0)
        #expect(silent.isEmpty, "\(route.template): empty without a note: \(silent.prefix(5))")
    }

    @Test func theWalkFindsEmptyAnswers() throws {
        // The walk is not vacuous: the metrics alone have many empty combinations (208 were
        // counted before every empty answer carried a note, all silent then).
        let (empty, silent) = try walk(.collection(.metrics))
        #expect(empty.count > 100, "\(empty.count) empty")
        // Which topics the walk samples depends on how many there are (about 55 with the pages
        // of Apple's prose figures); some topic has no conventions whichever it samples.
        #expect(empty.contains { $0.contains("status=convention") && $0.contains("topic=") }, "\(empty.prefix(5))")
        #expect(silent.isEmpty)
    }

    @Test(arguments: [Format.json, .csv, .md, .html])
    func aNearMissIsNamedInEveryFormat(_ format: Format) throws {
        let answer = app.request(.get, "/v1/metrics?topic=tab-bars&status=convention&format=\(format.rawValue)")
        try #require(answer.status == 200)
        let notes = try answer.values(header: "Spec-Note").map(EmptyAnswerNoteTests.decodeDisplayString)
        let note = try #require(notes.first)
        // Which filters match nothing together, and where the conventions are instead.
        #expect(note.contains("Nothing in /v1/metrics matches status convention and topic tab-bars"), "\(note)")
        let bars = app.request(.get, "/v1/metrics?topic=bars&status=convention").json?["count"]?.doubleValue ?? 0
        #expect(bars > 0)
        #expect(note.contains("those with status convention have topic bars (\(Int(bars)))"), "\(note)")
        switch format {
        case .json: #expect(answer.json?["notes"]?.arrayValue?.first?.stringValue == note)
        case .md: #expect(EmptyAnswerNoteTests.markdownText(answer.text).contains("those with status convention"))
        case .html: #expect(EmptyAnswerNoteTests.htmlText(answer.text).contains("those with status convention"))
        default: #expect(answer.text.hasPrefix("id,"))
        }
    }

    @Test func anEmptyTokenFileSaysWhy() throws {
        let answer = app.request(.get, "/v1/tokens/metrics?topic=tab-bars&status=convention")
        try #require(answer.status == 200)
        let provenance = try #require(answer.json?["$extensions"]?["org.hig-spec"])
        let note = try #require(provenance["notes"]?.arrayValue?.first?.stringValue)
        #expect(note.contains("those with status convention have topic bars"), "\(note)")
        #expect(provenance["storeVersion"] != nil, "the rest of the provenance is kept")
        let fields = try answer.values(header: "Spec-Note").map(EmptyAnswerNoteTests.decodeDisplayString)
        #expect(fields == [note])
        // A file with tokens carries no note.
        let full = app.request(.get, "/v1/tokens/metrics?topic=controls")
        #expect(full.values(header: "Spec-Note").isEmpty)
        #expect(full.json?["$extensions"]?["org.hig-spec"]?["notes"] == nil)
    }

    @Test func theStoresOwnReasonIsKept() throws {
        // A reason the store gives is not replaced by the generic one.
        let answer = app.request(.get, "/v1/tracking?size=18.5")
        let note = try #require(answer.json?["notes"]?.arrayValue?.first?.stringValue)
        #expect(note.contains("Apple's tracking table has no row for 18.5 pt"))
        #expect(!note.hasPrefix("Nothing in"))
    }

    @Test func theDistributionListsTheMostFrequentValuesFirst() {
        let rows: [JSONValue] = [
            ["topic": "bars", "platforms": ["ios", "ipados"]], ["topic": "bars", "platforms": ["ios"]],
            ["topic": "lists", "platforms": ["macos"]], ["topic": "layout"], ["topic": "alerts"], ["topic": "alerts"],
        ]
        #expect(EmptyAnswerNote.distribution(of: "topic", in: rows) == "alerts (2), bars (2), layout (1), …")
        #expect(EmptyAnswerNote.distribution(of: "platform", in: rows) == "ios (2), ipados (1), macos (1)")
        #expect(EmptyAnswerNote.distribution(of: "family", in: rows) == "")
    }
}
