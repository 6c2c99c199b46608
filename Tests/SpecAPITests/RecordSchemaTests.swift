import Foundation
import JSON
import SpecAPI
import SpecStore
import Testing

/// The typed contract: a schema per record type that describes every field the server sends,
/// arrays with items, versions and ids as patterns.
@Suite struct RecordSchemaTests {
    let app = APIHarness.shared

    func document() throws -> JSONValue {
        try #require(app.request(.get, "/openapi.json").json)
    }

    /// Every schema object in the document, with its JSON path.
    func schemas(in value: JSONValue, path: String = "") -> [(String, JSONObject)] {
        switch value {
        case .object(let object):
            var found: [(String, JSONObject)] = []
            if object["type"] != nil || object["$ref"] != nil || object["anyOf"] != nil { found.append((path, object)) }
            for (key, member) in object { found += schemas(in: member, path: path + "/" + key) }
            return found
        case .array(let array):
            return array.enumerated().flatMap { schemas(in: $1, path: path + "/\($0)") }
        default:
            return []
        }
    }

    @Test func everyArrayHasItems() throws {
        let all = schemas(in: try document())
        #expect(all.count > 100)
        for (path, schema) in all where schema["type"]?.stringValue == "array" {
            #expect(schema["items"] != nil, "\(path)")
        }
    }

    @Test func versionsAndIDsArePatternsNotEnumerations() throws {
        let document = try document()
        let versions = try #require(app.request(.get, "/v1/versions").json?["items"]?.arrayValue)
        let ids = Set(versions.compactMap { $0["id"] })
        for (path, schema) in schemas(in: document) {
            if let values = schema["enum"]?.arrayValue {
                #expect(Set(values).isDisjoint(with: ids), "\(path) enumerates store versions")
                #expect(!values.contains("metric.controls.ios.minimum-size"), "\(path) enumerates figure ids")
            }
        }
        let check = try #require(document["paths"]?["/v1/check"]?["get"]?["parameters"]?.arrayValue)
        let version = try #require(check.first { $0["name"]?.stringValue == "version" })
        #expect(version["schema"]?["pattern"]?.stringValue == RecordSchemas.versionParameterPattern)
        let figure = try #require(check.first { $0["name"]?.stringValue == "figure" })
        #expect(figure["schema"]?["pattern"]?.stringValue == CheckBatch.figurePattern)
        for version in versions.compactMap({ $0["id"]?.stringValue }) {
            #expect(version.wholeMatch(of: /[0-9]{4}(-[0-9]{2}){0,2}/) != nil, "\(version)")
        }
    }

    /// No record id of any collection is enumerated either (the `device` filter of `/v1/widgets`
    /// and `/v1/size-classes` was): a reload that adds a record must not break a generated client.
    @Test func noRecordIDIsEnumerated() throws {
        let document = try document()
        let export = try #require(app.request(.get, "/v1/export").json?.objectValue)
        var recordIDs = Set<JSONValue>()
        for (name, records) in export where name != "versions" {
            for record in records.arrayValue ?? [] { if let id = record["id"] { recordIDs.insert(id) } }
        }
        #expect(recordIDs.count > 1000)
        for (path, schema) in schemas(in: document) {
            if let values = schema["enum"]?.arrayValue {
                #expect(Set(values).isDisjoint(with: recordIDs), "\(path) enumerates record ids")
            }
        }
    }

    /// The `device` filter is a pattern that admits every device id (with and without `device.`)
    /// and every model name the store knows; a well-formed one the store lacks is a 404.
    @Test func theDeviceFilterIsAPatternThatAdmitsEveryDevice() throws {
        let document = try document()
        for route in ["/v1/widgets", "/v1/size-classes"] {
            let parameters = try #require(document["paths"]?[route]?["get"]?["parameters"]?.arrayValue)
            let device = try #require(parameters.first { $0["name"]?.stringValue == "device" })
            #expect(device["schema"]?["enum"] == nil, "\(route)")
            #expect(device["schema"]?["pattern"]?.stringValue == OpenAPIDocument.devicePattern, "\(route)")
            let unknown = app.request(.get, route + "?device=device.toaster")
            #expect(unknown.status == 404, "\(route): \(unknown.text)")
            #expect(unknown.json?["error"]?["code"]?.stringValue == "not_found")
            #expect(unknown.json?["error"]?["parameter"]?.stringValue == "device")
            #expect(unknown.json?["error"]?["hint"]?.stringValue?.contains("device.iphone-16-pro") == true)
        }
        let pattern = try Regex(OpenAPIDocument.devicePattern)
        let devices = try #require(app.request(.get, "/v1/devices").json?["items"]?.arrayValue)
        let sizeClasses = try #require(app.request(.get, "/v1/size-classes").json?["items"]?.arrayValue)
        var names =
            devices.compactMap { $0["name"]?.stringValue } + sizeClasses.compactMap { $0["device"]?.stringValue }
        for id in devices.compactMap({ $0["id"]?.stringValue }) {
            names += [id, String(id.dropFirst("device.".count))]
        }
        #expect(names.count > 100)
        for name in names {
            #expect(name.wholeMatch(of: pattern) != nil, "\(name)")
            let found = app.request(
                .get,
                "/v1/widgets?device=" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? name))
            #expect(found.status == 200 || sizeClasses.contains { $0["device"]?.stringValue == name }, "\(name)")
        }
    }

    @Test func eachRouteListsOnlyItsOwnParameters() throws {
        let paths = try #require(try document()["paths"])
        func names(_ path: String) -> [String] {
            paths[path]?["get"]?["parameters"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        }
        #expect(!names("/v1/devices").contains("flat"))
        #expect(names("/v1/devices").contains("shape"))
        #expect(names("/v1/tokens/metrics").contains("flat"))
        #expect(!names("/v1/tokens/metrics").contains("shape"))
        #expect(!names("/v1/tokens/metrics").contains("fragment"))
        #expect(names("/v1/tokens/metrics").contains("topic"))
        #expect(!names("/v1/export").contains("format"))
    }

    /// Every field of every record a collection route sends is a property of its schema, and
    /// every closed vocabulary holds the values sent.
    @Test(arguments: [
        "/v1/devices", "/v1/size-classes", "/v1/widgets", "/v1/dynamic-type", "/v1/text-styles", "/v1/tracking",
        "/v1/metrics", "/v1/rules", "/v1/myths", "/v1/search?q=tap", "/v1/versions",
        "/v1/check?figure=metric.controls.ios.minimum-size&width=2&height=2&embed=figure",
    ])
    func theSchemaDescribesEveryFieldSent(url: String) throws {
        let document = try document()
        let route = try #require(Route.match(path: String(url.split(separator: "?")[0]))?.route)
        let name = try #require(RecordSchemas.schemaNames(route)).item
        let schema = try #require(document["components"]?["schemas"]?[name])
        let properties = try #require(schema["properties"]?.objectValue)
        let items = try #require(app.request(.get, url).json?["items"]?.arrayValue)
        #expect(!items.isEmpty)
        for item in items {
            for (key, value) in item.objectValue ?? JSONObject() {
                let property = try #require(properties[key], "\(name) lacks \(key)")
                if let values = property["enum"]?.arrayValue, case .string = value {
                    #expect(values.contains(value), "\(name).\(key) = \(value.serialized())")
                }
                // The JSON type, where the property states one directly.
                let types = property["type"].map { $0.arrayValue?.compactMap(\.stringValue) ?? [$0.stringValue ?? ""] }
                if let types {
                    let actual =
                        value.typeName == "number" && value.doubleValue?.rounded() == value.doubleValue
                        ? ["number", "integer"] : [value.typeName]
                    #expect(!Set(types).isDisjoint(with: actual), "\(name).\(key) is \(value.typeName), not \(types)")
                }
            }
        }
    }

    /// What any record may gain, which the data holds on some collections' rows only: a
    /// convention figure's basis, a removal's until, an undated record's first sighting, and a
    /// note for the reader. A record schema may list these though no row of its collection has one
    /// yet (a new collection of two records has no notes); every other member it lists is carried
    /// by some row.
    static let anyRowMayGain: Set<String> = ["basis", "seen", "until", "presence", "notes"]

    /// Every row of the collection in every store version, and (for the members a record route
    /// adds) its first record's answer.
    func everyRow(of served: ServedCollection) throws -> [JSONObject] {
        let versions = try #require(app.request(.get, "/v1/versions").json?["items"]?.arrayValue)
        var rows: [JSONObject] = []
        for version in versions.compactMap({ $0["id"]?.stringValue }) {
            var offset = 0
            while true {
                let page = app.request(.get, "/v1/\(served.segment)?version=\(version)&limit=1000&offset=\(offset)")
                let items = try #require(page.json?["items"]?.arrayValue, "\(served.segment) at \(version)")
                rows += items.compactMap(\.objectValue)
                guard items.count == 1000 else { break }
                offset += 1000
            }
        }
        // The latest version's last row, by its record route (a size-class row's id names its
        // orientation, which no record route answers: that collection's routes add nothing).
        let id = try #require(rows.last?["id"]?.stringValue)
        if let item = app.request(.get, "/v1/\(served.segment)/\(id)").json?["item"]?.objectValue { rows.append(item) }
        return rows
    }

    /// A collection's record schema is its rows' declared members (``SpecCollection/rowFields``):
    /// `required` lists the members the declaration requires, every row of every version carries
    /// each of them, a row carries no member the schema lacks, and each member listed is carried
    /// by some row (but the provenance any row may gain).
    @Test(arguments: ServedCollection.all.map(\.collection.key))
    func theRecordSchemaIsWhatTheRowsCarry(key: String) throws {
        let served = try #require(ServedCollection.all.first { $0.collection.key == key })
        let schema = try #require(try document()["components"]?["schemas"]?[served.itemSchema])
        let properties = try #require(schema["properties"]?.objectValue)
        let required = (schema["required"]?.arrayValue ?? []).compactMap(\.stringValue)
        #expect(required == served.collection.rowFields.filter(\.isRequired).map(\.name))
        #expect(required.contains("id") && required.contains("since"))
        let rows = try everyRow(of: served)
        #expect(rows.count > 10)
        var held: Set<String> = []
        for row in rows {
            let id = row["id"]?.stringValue ?? "?"
            for name in required {
                #expect(row[name] != nil, "\(id) lacks \(name), which \(served.itemSchema) requires")
            }
            for name in row.keys {
                held.insert(name)
                #expect(properties[name] != nil, "\(id) has \(name), which \(served.itemSchema) lacks")
            }
        }
        for name in properties.keys where !held.contains(name) {
            #expect(
                Self.anyRowMayGain.contains(name),
                "\(served.itemSchema) lists \(name), which no row of /v1/\(served.segment) has")
        }
        // Members only figures have are listed only where records carry figures.
        let figures = ["unit", "basis"]
        if served.collection.figureFields.isEmpty {
            for name in figures { #expect(properties[name] == nil, "\(served.itemSchema) lists \(name)") }
        }
    }

    /// The provenance a schema may list unheld is held by some collection's rows: none is a
    /// member no row has.
    @Test func whatAnyRowMayGainIsHeldSomewhere() throws {
        var held: Set<String> = []
        for served in ServedCollection.all {
            for row in try everyRow(of: served) { held.formUnion(row.keys) }
        }
        #expect(Self.anyRowMayGain.isSubset(of: held), "\(Self.anyRowMayGain.subtracting(held))")
    }

    @Test func theDiffIsTyped() throws {
        let diff = try #require(try document()["components"]?["schemas"]?["Diff"])
        for field in ["added", "removed", "changed"] {
            #expect(diff["properties"]?[field]?["items"]?["$ref"]?.stringValue == "#/components/schemas/DiffRow")
        }
    }
}
