import SpecStore
import Testing

@testable import SpecServer

/// The typed contract: a schema per record type that describes every field the server sends,
/// arrays with items, versions and ids as patterns.
@Suite struct RecordSchemaTests {
    let app = ApplicationHarness.shared

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
        #expect(version["schema"]?["pattern"]?.stringValue == RecordSchemas.versionPattern)
        let figure = try #require(check.first { $0["name"]?.stringValue == "figure" })
        #expect(figure["schema"]?["pattern"]?.stringValue == CheckBatch.figurePattern)
        for version in versions.compactMap({ $0["id"]?.stringValue }) {
            #expect(version.wholeMatch(of: /[0-9]{4}(-[0-9]{2}){0,2}/) != nil, "\(version)")
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
        let name = try #require(RecordSchemas.itemName(route))
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

    @Test func theDiffIsTyped() throws {
        let diff = try #require(try document()["components"]?["schemas"]?["Diff"])
        for field in ["added", "removed", "changed"] {
            #expect(diff["properties"]?[field]?["items"]?["$ref"]?.stringValue == "#/components/schemas/DiffRow")
        }
    }
}
