import JSON
import SpecAPI
import SpecStore
import TestSupport
import Testing

@testable import SpecMCP

/// The MCP tools and resources, derived from the route declarations and the store: a tool for
/// every collection, a template for every record route, inputs that are the routes' documented
/// parameters, and a list small enough for an agent to read.
@Suite struct MCPCatalogueTests {
    let store = ShippedStore.store
    let openAPI = MCPCatalogueTests.openAPI
    let mcp = MCPCatalogueTests.catalogue

    /// The store's API description and catalogue, made once for the suite.
    static let openAPI = OpenAPIDocument.make(store: ShippedStore.store, bodyLimit: "1 MiB")
    static let catalogue = MCPCatalogue(store: ShippedStore.store, openAPI: openAPI)

    @Test(arguments: Route.allCases.filter { $0.endpoint.selectsRows })
    func everyCollectionRouteHasATool(route: Route) throws {
        let declared = try #require(route.endpoint.tool, "\(route.template) declares no MCP tool")
        #expect(mcp.tool(named: declared.name)?.route == route)
    }

    @Test func everyRecordRouteIsReadByIDAndListedAsATemplate() throws {
        let templates = mcp.resourceTemplates.arrayValue?.compactMap { $0["uriTemplate"]?.stringValue } ?? []
        for route in Route.allCases where MCPCatalogue.isRecordRoute(route) {
            #expect(templates.contains("hig:/" + route.template), "\(route.template)")
            for id in route.endpoint.pathParameter?.values(store.latest) ?? [] {
                #expect(mcp.recordRoute(for: id) == route, "\(id)")
            }
        }
        #expect(mcp.recordRoute(for: "colour.ios.red") == nil)
    }

    @Test func toolInputsAreTheRoutesOpenAPIParameters() throws {
        for tool in mcp.tools {
            guard let route = tool.route, tool.input == .query else { continue }
            let parameters = openAPI["paths"]?[route.template]?["get"]?["parameters"]?.arrayValue ?? []
            let documented = Set(
                parameters.filter { ["query", "path"].contains($0["in"]?.stringValue) }.compactMap {
                    $0["name"]?.stringValue
                }
            ).subtracting(MCPCatalogue.representationParameters)
            // The route's parameters (a templated path's segment too), and detail where the tool
            // trims rows by default.
            let own: Set<String> = tool.leadFields == nil ? [] : [MCPCatalogue.detailArgument]
            #expect(tool.arguments == documented.union(own), "\(tool.name)")
            #expect(tool.arguments.contains("version"), "\(tool.name)")
            // A vocabulary's canonical values, which the route accepts (OpenAPI adds the aliases).
            let properties = tool.declaration["inputSchema"]?["properties"]
            for parameter in parameters where tool.arguments.contains(parameter["name"]?.stringValue ?? "") {
                let name = parameter["name"]!.stringValue!
                guard !["fields", "sort"].contains(name), let schemaEnum = parameter["schema"]?["enum"]?.arrayValue
                else { continue }
                let listed = properties?[name]?["enum"]?.arrayValue ?? []
                // A vocabulary of dozens of values (the metrics' topics) is left to the error
                // that lists it.
                if listed.isEmpty {
                    #expect(schemaEnum.count > MCPCatalogue.maximumEnumeration, "\(tool.name).\(name)")
                } else {
                    #expect(listed.allSatisfy(schemaEnum.contains), "\(tool.name).\(name)")
                }
            }
        }
    }

    @Test func theToolListIsSmallEnoughForAnAgent() throws {
        // What a model reads (names, descriptions, input schemas) at most 16 KB; the whole
        // tools/list at most 32 KB.
        var read = 0
        for tool in mcp.tools {
            let declaration = tool.declaration
            read += tool.name.utf8.count + (declaration["description"]?.stringValue?.utf8.count ?? 0)
            read += try #require(declaration["inputSchema"]).serializedBytes().count
        }
        #expect(read <= 16 * 1024, "names, descriptions and input schemas: \(read) bytes")
        #expect(mcp.toolsJSON.count <= 32 * 1024, "tools/list: \(mcp.toolsJSON.count) bytes")
    }

    @Test func theCheckToolListsElementsAndMeasures() throws {
        let tool = try #require(mcp.tool(named: "check_measurements"))
        let item = try #require(tool.declaration["inputSchema"]?["properties"]?["items"]?["items"]?["properties"])
        let elements = item["element"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let measures = item["measure"]?["enum"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(elements == store.latest.elements.map(\.id))
        for element in store.latest.elements {
            for measure in element.measures {
                #expect(measures.contains(measure.name), "\(element.id).\(measure.name)")
            }
        }
    }

    @Test func outputSchemasHaveAnObjectRootAndResolveEveryReference() throws {
        for tool in mcp.tools {
            let schema = try #require(tool.declaration["outputSchema"])
            #expect(schema["type"] == "object", "\(tool.name)")
            let definitions = schema["$defs"]?.objectValue ?? JSONObject()
            for reference in Self.references(in: schema) {
                #expect(reference.hasPrefix("#/$defs/"), "\(tool.name): \(reference)")
                #expect(definitions.contains(key: String(reference.dropFirst(8))), "\(tool.name): \(reference)")
            }
        }
    }

    static func references(in schema: JSONValue) -> [String] {
        switch schema {
        case .object(let object):
            object.flatMap { key, value in key == "$ref" ? [value.stringValue ?? ""] : references(in: value) }
        case .array(let elements): elements.flatMap(references)
        default: []
        }
    }

    @Test func theDeviceProfileToolNeedsItsIDAndIsNoResource() throws {
        let tool = try #require(mcp.tool(named: "device_profile"))
        #expect(tool.arguments.contains("id"))
        #expect(tool.declaration["inputSchema"]?["required"] == ["id"])
        // Neither a fixed resource (it needs its id) nor a record of its own (get_record reads devices).
        #expect(!MCPCatalogue.isCollectionResource(.deviceProfile) && !MCPCatalogue.isRecordRoute(.deviceProfile))
        let uris = mcp.resources.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
        #expect(!uris.isEmpty && !uris.contains { $0.contains("{") }, "\(uris)")
        #expect(mcp.recordRoute(for: "device.iphone-16-pro") == .record(.devices))
    }
}
