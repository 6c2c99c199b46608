import JSON
import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

/// Versions for scripts: `latest` wherever a version is accepted, `/v1/diff` without
/// `to`, diffs filtered by record type and kind, and an unknown version a `404` everywhere.
struct VersionAliasTests {
    let app = ApplicationHarness.shared

    var latest: String { app.application.current?.latestVersion ?? "" }
    var versions: [String] { app.application.current?.versionIDs ?? [] }

    @Test(arguments: ["latest", "LATEST", "Latest"])
    func latestAnswersAsNoVersionDoes(_ spelling: String) throws {
        let unpinned = app.request(.get, "/v1/metrics?topic=controls")
        let named = app.request(.get, "/v1/metrics?topic=controls&version=\(spelling)")
        try #require(named.status == 200, "\(named.text.prefix(300))")
        #expect(named.body == unpinned.body)
        #expect(named[header: "Spec-Version"] == latest)
        // The newest version changes on reload: `latest` must not be cached as immutable.
        #expect(named[header: "Cache-Control"] == unpinned[header: "Cache-Control"])
        #expect(named[header: "Cache-Control"]?.contains("immutable") == false)
    }

    @Test func latestPinsARecordRouteAndTheCheckToo() throws {
        let record = app.request(.get, "/v1/devices/device.iphone-16-pro?version=latest")
        #expect(record.status == 200)
        #expect(record.body == app.request(.get, "/v1/devices/device.iphone-16-pro").body)
        let check = app.request(
            .get, "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20&version=latest")
        #expect(check.status == 200, "\(check.text.prefix(300))")
    }

    @Test func aDiffWithoutToComparesWithTheLatest() throws {
        let first = try #require(versions.first)
        let implicit = app.request(.get, "/v1/diff?from=\(first)")
        try #require(implicit.status == 200, "\(implicit.text.prefix(300))")
        let explicit = app.request(.get, "/v1/diff?from=\(first)&to=\(latest)")
        let named = app.request(.get, "/v1/diff?from=\(first)&to=latest")
        #expect(implicit.body == explicit.body)
        #expect(named.body == explicit.body)
        let json = try #require(implicit.json)
        #expect(json["from"]?.stringValue == first)
        #expect(json["to"]?.stringValue == latest)
        // Backwards, with latest as the older side.
        let backwards = try #require(app.request(.get, "/v1/diff?from=latest&to=\(first)").json)
        #expect(backwards["from"]?.stringValue == latest)
        #expect(backwards["removed"]?.arrayValue?.count == json["added"]?.arrayValue?.count)
    }

    @Test func aDiffFiltersByTypeAndKind() throws {
        let first = try #require(versions.first)
        let whole = try #require(app.request(.get, "/v1/diff?from=\(first)").json)
        let filtered = app.request(.get, "/v1/diff?from=\(first)&type=metric&kind=first-seen")
        try #require(filtered.status == 200, "\(filtered.text.prefix(300))")
        let json = try #require(filtered.json)
        let rows = try #require(json["firstSeen"]?.arrayValue)
        let expected = (whole["firstSeen"]?.arrayValue ?? []).filter { $0["type"]?.stringValue == "metric" }
        #expect(!expected.isEmpty, "the data has first-seen metrics to filter")
        #expect(rows == expected)
        for kind in ["added", "removed", "changed"] { #expect(json[kind]?.arrayValue?.isEmpty == true) }
        #expect(json["counts"]?["firstSeen"]?.doubleValue == Double(expected.count))
        #expect(json["counts"]?["added"]?.doubleValue == 0)
        // The envelope's key is accepted as the kind's name too.
        #expect(app.request(.get, "/v1/diff?from=\(first)&type=metric&kind=firstSeen").body == filtered.body)
        // The array shape tags every row with its kind.
        let array = try #require(
            app.request(.get, "/v1/diff?from=\(first)&kind=changed&shape=array").json?.arrayValue)
        #expect(!array.isEmpty)
        #expect(array.allSatisfy { $0["change"]?.stringValue == "changed" })
    }

    @Test(arguments: [Format.json, .csv, .md, .html])
    func anEmptyDiffSaysWhy(_ format: Format) throws {
        let first = try #require(versions.first)
        // Nothing of type myth is removed between the first and the latest version in the data,
        // and a version compared with itself differs in nothing.
        let cases = [
            ("/v1/diff?from=\(first)&kind=removed&type=myth", "No row of kind removed and of type myth differs"),
            ("/v1/diff?from=latest&to=latest", "compared with itself"),
        ]
        for (path, reason) in cases {
            let answer = app.request(.get, path + "&format=" + format.rawValue)
            try #require(answer.status == 200, "\(path): \(answer.text.prefix(300))")
            let notes = try answer.values(header: "Spec-Note").map(EmptyAnswerNoteTests.decodeDisplayString)
            #expect(notes.contains { $0.contains(reason) }, "\(path): \(notes)")
            switch format {
            case .json:
                let bodyNotes = answer.json?["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
                #expect(bodyNotes == notes)
            case .md, .html:
                #expect(answer.text.contains(reason) || answer.text.contains(reason.replacing("'", with: "&#39;")))
            default:
                break
            }
        }
    }

    @Test func theEmptyNoteCountsWhatTheFiltersLeftOut() throws {
        let first = try #require(versions.first)
        let json = try #require(app.request(.get, "/v1/diff?from=\(first)&kind=removed&type=myth").json)
        let note = try #require(json["notes"]?.arrayValue?.first?.stringValue)
        let whole = try #require(app.request(.get, "/v1/diff?from=\(first)").json)
        let total = ["added", "removed", "changed", "firstSeen"].reduce(0) {
            $0 + (whole[$1]?.arrayValue?.count ?? 0)
        }
        #expect(note.contains("\(total) in all"), "\(note)")
    }

    @Test(arguments: [
        "/v1/devices?version=2030", "/v1/diff?from=2030", "/v1/diff?from=2023&to=2030",
        "/v1/devices/device.iphone-16-pro?version=1999",
    ])
    func anUnknownVersionIsA404ListingTheKnownOnes(_ path: String) throws {
        let answer = app.request(.get, path)
        #expect(answer.status == 404, "\(answer.text.prefix(300))")
        let error = try #require(answer.json?["error"])
        #expect(error["code"]?.stringValue == "unknown_version")
        #expect(error["hint"]?.stringValue?.contains(latest) == true)
    }

    @Test func aDiffRefusesAnUnknownKindOrTypeAndAMissingFrom() throws {
        let kind = app.request(.get, "/v1/diff?from=2023&kind=renamed")
        #expect(kind.status == 400)
        #expect(kind.json?["error"]?["parameter"]?.stringValue == "kind")
        let type = app.request(.get, "/v1/diff?from=2023&type=widgets-galore")
        #expect(type.status == 400)
        #expect(type.json?["error"]?["parameter"]?.stringValue == "type")
        let missing = app.request(.get, "/v1/diff?to=2023")
        #expect(missing.status == 400)
        #expect(missing.json?["error"]?["code"]?.stringValue == "missing_parameter")
    }

    @Test func theOpenAPIDocumentDeclaresLatestTheOptionalToAndTheFilters() throws {
        let document = try #require(app.request(.get, "/openapi.json").json)
        let diff = try #require(document["paths"]?["/v1/diff"]?["get"]?["parameters"]?.arrayValue)
        func parameter(_ name: String) -> JSONValue? { diff.first { $0["name"]?.stringValue == name } }
        #expect(parameter("from")?["required"] == true)
        #expect(parameter("to")?["required"] == false)
        let kinds = parameter("kind")?["schema"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(Set(kinds).isSuperset(of: ["added", "removed", "changed", "first-seen"]))
        let types = parameter("type")?["schema"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(types.contains("metric"))
        for name in ["from", "to"] {
            let pattern = try #require(parameter(name)?["schema"]?["pattern"]?.stringValue)
            #expect(try Regex(pattern).wholeMatch(in: "latest") != nil, "\(name): \(pattern)")
            #expect(try Regex(pattern).wholeMatch(in: "2025-03-07") != nil, "\(name)")
        }
        let devices = try #require(document["paths"]?["/v1/devices"]?["get"]?["parameters"]?.arrayValue)
        let version = try #require(devices.first { $0["name"]?.stringValue == "version" })
        let pattern = try #require(version["schema"]?["pattern"]?.stringValue)
        #expect(try Regex(pattern).wholeMatch(in: "latest") != nil)
        let counts = document["components"]?["schemas"]?["Diff"]?["properties"]?["counts"]?["properties"]
        #expect(counts?["firstSeen"] != nil)
    }

    /// A generated client checks a value against the enum before sending it: the enum must hold
    /// the aliases the server accepts (`AX5`), and the server must accept every value it lists.
    @Test(arguments: [("/v1/dynamic-type", "category"), ("/v1/metrics", "platform"), ("/v1/widgets", "family")])
    func enumSchemasAdmitTheAliasesTheServerAccepts(path: String, name: String) throws {
        let document = try #require(app.request(.get, "/openapi.json").json)
        let parameters = try #require(document["paths"]?[path]?["get"]?["parameters"]?.arrayValue)
        let parameter = try #require(parameters.first { $0["name"]?.stringValue == name })
        let listed = try #require(parameter["schema"]?["enum"]?.arrayValue)
        let values = listed.compactMap(\.stringValue)
        if name == "category" { #expect(values.contains("AX5") && values.contains("accessibility5")) }
        if name == "platform" { #expect(values.contains("mac")) }
        var keys: Set<String> = []
        for value in values {
            #expect(keys.insert(FilterVocabulary.matchKey(value)).inserted, "\(value) is listed twice")
            let answer = app.request(.get, "\(path)?\(name)=\(PercentEncoding.encoded(value))")
            #expect(answer.status == 200, "\(path)?\(name)=\(value): \(answer.text.prefix(200))")
        }
    }
}
