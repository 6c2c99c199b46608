import SpecStore
import Testing

@testable import SpecServer

/// `/v1/devices/{id}/profile`: one device's rows from the device, size-class, widget and metric
/// routes in one answer, each as those routes answer it.
@Suite struct DeviceProfileTests {
    let app = ApplicationHarness.shared

    /// The JSON of a `200` answer.
    func json(_ path: String) throws -> JSONValue {
        let answer = app.request(.get, path)
        #expect(answer.status == 200, "\(path): \(answer.text)")
        return try #require(answer.json, "\(path)")
    }

    @Test func theTemplateMatchesAroundItsPlaceholderAndLeavesTheDeviceRouteAlone() {
        let profile = Route.match(path: "/v1/devices/device.iphone-16-pro/profile")
        #expect(profile?.route == .deviceProfile && profile?.parameter == "device.iphone-16-pro")
        let device = Route.match(path: "/v1/devices/device.iphone-16-pro")
        #expect(device?.route == .device && device?.parameter == "device.iphone-16-pro")
        #expect(Route.match(path: "/v1/devices/profile")?.route == .device)
        #expect(Route.match(path: "/v1/devices//profile") == nil)
        #expect(Route.match(path: "/v1/devices/a/b/profile") == nil)
        #expect(Route.match(path: "/v1/devices/device.iphone-16-pro/profile/more") == nil)
        #expect(Route.match(path: "/v1/devices/device.iphone-16-pro/profiles") == nil)
    }

    @Test func anIPhoneProfileHoldsWhatTheDeviceSizeClassWidgetAndMetricRoutesAnswer() throws {
        // A screen Apple's widget table has rows for (430x932), so the widget rows are its own.
        let id = "device.iphone-16-plus"
        let profile = try #require(try json("/v1/devices/\(id)/profile")["item"]?.objectValue)
        let device = try json("/v1/devices/\(id)")
        // Everything the device route answers, in its order, then the two lists it does not.
        let rest = JSONObject(
            profile.filter { !["sizeClassRows", "layout"].contains($0.key) }.map { ($0.key, $0.value) })
        #expect(JSONValue.object(rest) == device["item"])
        let sizeClasses = try #require(profile["sizeClassRows"])
        let layout = try #require(profile["layout"])
        #expect(profile["points"] != nil && profile["pixels"] != nil && profile["scale"] != nil)
        #expect(profile["points"] != .null && profile["scale"] != .null)

        let sizeClassRows = try json("/v1/size-classes?device=\(id)")["items"]
        #expect(sizeClasses["items"] == sizeClassRows)
        let orientations = sizeClasses["items"]?.arrayValue?.compactMap { $0["orientation"]?.stringValue }
        #expect(orientations == ["portrait", "landscape"])
        for row in sizeClasses["items"]?.arrayValue ?? [] {
            #expect(row["status"] != nil && row["citations"] != nil, "\(row)")
        }

        let widgets = try json("/v1/widgets?device=\(id)")
        #expect(profile["widgets"]?["items"] == widgets["items"])
        #expect((profile["widgets"]?["count"]?.doubleValue ?? 0) > 0)

        let metrics = try json("/v1/metrics?topic=layout&platform=ios")
        #expect(layout["items"] == metrics["items"])
        #expect((layout["count"]?.doubleValue ?? 0) > 0)
        for row in layout["items"]?.arrayValue ?? [] {
            #expect(row["status"]?.stringValue != nil, "\(row)")
        }
    }

    @Test func aWatchProfileSaysWhatItLacksAndNamesTheNearestWidgetScreen() throws {
        let id = "device.apple-watch-series-10-11-46mm"
        let answer = try json("/v1/devices/\(id)/profile")
        let profile = try #require(answer["item"])
        let device = try json("/v1/devices/\(id)")
        #expect(profile["pixels"] == device["item"]?["pixels"])
        #expect(profile["caseSize"] == "46mm")
        // Apple's widget table has no 46 mm row: no rows, and a note naming the nearest one, as the
        // device route says it.
        #expect(profile["widgets"]?["count"] == 0)
        #expect(profile["widgets"] == device["item"]?["widgets"])
        let widgetNotes = profile["widgets"]?["notes"]?.arrayValue ?? []
        #expect(!widgetNotes.isEmpty)
        #expect(profile["sizeClassRows"]?["count"] == 0)
        #expect(profile["sizeClassRows"]?["notes"]?.arrayValue?.isEmpty == false)
        // HIG › Layout › watchOS gives only how many buttons fit in a row: no size figure.
        let layout = (profile["layout"]?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(
            layout.sorted() == [
                "metric.layout.watchos.glyph-buttons-in-a-row", "metric.layout.watchos.text-buttons-in-a-row",
            ])
    }

    @Test func anIPadProfileTakesTheIPadOSLayoutFigures() throws {
        let id = "device.ipad-pro-11-inch"
        let profile = try #require(try json("/v1/devices/\(id)/profile")["item"])
        let metrics = try json("/v1/metrics?topic=layout&platform=ipados")
        #expect(profile["layout"]?["items"] == metrics["items"])
        #expect(profile["sizeClassRows"]?["items"] == (try json("/v1/size-classes?device=\(id)"))["items"])
        #expect(profile["widgets"]?["items"] == (try json("/v1/widgets?device=\(id)"))["items"])
    }

    @Test func anUnknownDeviceIsA404WithTheNearestID() throws {
        let answer = app.request(.get, "/v1/devices/iphone-16-pr/profile")
        #expect(answer.status == 404)
        let hint = answer.json?["error"]?["hint"]?.stringValue
        #expect(hint?.hasPrefix("Did you mean 'device.iphone-16-pro'") == true, "\(answer.text)")
        #expect(app.request(.get, "/v1/devices/zzzz/profile").status == 404)
    }

    @Test func theToolAnswersAsTheRouteAndNeedsItsID() throws {
        let tool = try #require(app.application.current?.mcp.tool(named: "device_profile"))
        #expect(tool.arguments.contains("id"))
        #expect(tool.declaration["inputSchema"]?["required"] == ["id"])
        // Neither a fixed resource (it needs its id) nor a record of its own (get_record reads devices).
        #expect(!MCPCatalogue.isCollectionResource(.deviceProfile) && !MCPCatalogue.isRecordRoute(.deviceProfile))
        let mcp = try #require(app.application.current?.mcp)
        let uris = mcp.resources.arrayValue?.compactMap { $0["uri"]?.stringValue } ?? []
        #expect(!uris.isEmpty && !uris.contains { $0.contains("{") }, "\(uris)")
        #expect(mcp.recordRoute(for: "device.iphone-16-pro") == .device)
    }
}
