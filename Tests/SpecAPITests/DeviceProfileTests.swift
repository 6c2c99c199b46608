import JSON
import SpecAPI
import SpecStore
import Testing

/// `/v1/devices/{id}/profile`: one device's rows from the device, size-class, widget and metric
/// routes in one answer, each as those routes answer it.
@Suite struct DeviceProfileTests {
    let app = APIHarness.shared

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
        #expect(device?.route == .record(.devices) && device?.parameter == "device.iphone-16-pro")
        #expect(Route.match(path: "/v1/devices/profile")?.route == .record(.devices))
        #expect(Route.match(path: "/v1/devices//profile") == nil)
        #expect(Route.match(path: "/v1/devices/a/b/profile") == nil)
        #expect(Route.match(path: "/v1/devices/device.iphone-16-pro/profile/more") == nil)
        #expect(Route.match(path: "/v1/devices/device.iphone-16-pro/profiles") == nil)
    }

    /// `rows` as a profile embeds them: each led by its figure (``RowLead/lead(_:)``),
    /// without the members that repeat the profile.
    func embedded(_ rows: JSONValue?, without repeated: [String]) -> JSONValue {
        .array(
            (rows?.arrayValue ?? []).map { row in
                var object = RowLead.lead(row).objectValue ?? JSONObject()
                for key in repeated { object[key] = nil }
                return .object(object)
            })
    }

    /// The `layout` and `controls` metrics of `platform`, in the store's order.
    func layoutRows(_ platform: String) throws -> JSONValue {
        let layout = try json("/v1/metrics?topic=layout&platform=\(platform)")["items"]?.arrayValue ?? []
        let controls = try json("/v1/metrics?topic=controls&platform=\(platform)")["items"]?.arrayValue ?? []
        return embedded(.array(layout + controls), without: [])
    }

    @Test func anIPhoneProfileHoldsWhatTheDeviceSizeClassWidgetAndMetricRoutesAnswer() throws {
        // A screen Apple's widget table has rows for (430x932), so the widget rows are its own.
        let id = "device.iphone-16-plus"
        let profile = try #require(try json("/v1/devices/\(id)/profile")["item"]?.objectValue)
        let device = try json("/v1/devices/\(id)")
        // The device route's fields, each row led by its figure, then the lists it does not have.
        let rest = JSONObject(
            profile.filter { !["widgets", "sizeClassRows", "layout"].contains($0.key) }.map { ($0.key, $0.value) })
        var own = try #require(device["item"]?.objectValue)
        own["widgets"] = nil
        #expect(JSONValue.object(rest) == RowLead.lead(.object(own)))
        #expect(rest["notes"] == nil && rest["since"] == nil, "the detail is the device route's")
        let sizeClasses = try #require(profile["sizeClassRows"])
        let layout = try #require(profile["layout"])
        #expect(profile["points"] != nil && profile["pixels"] != nil && profile["scale"] != nil)
        #expect(profile["points"] != .null && profile["scale"] != .null)

        let sizeClassRows = try json("/v1/size-classes?device=\(id)")["items"]
        #expect(sizeClasses["items"] == embedded(sizeClassRows, without: ["device", "devices"]))
        let orientations = sizeClasses["items"]?.arrayValue?.compactMap { $0["orientation"]?.stringValue }
        #expect(orientations == ["portrait", "landscape"])
        for row in sizeClasses["items"]?.arrayValue ?? [] {
            #expect(row["status"] != nil && row["citations"] != nil, "\(row)")
        }

        let widgets = try json("/v1/widgets?device=\(id)")
        #expect(profile["widgets"]?["items"] == embedded(widgets["items"], without: ["screen", "caseSize"]))
        #expect((profile["widgets"]?["count"]?.doubleValue ?? 0) > 0)
        #expect(profile["widgets"]?["nearest"] == nil)

        #expect(layout["items"] == (try layoutRows("ios")))
        let ids = layout["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids.contains("metric.controls.ios.default-size"), "\(ids)")
        for row in layout["items"]?.arrayValue ?? [] {
            #expect(row["status"]?.stringValue != nil, "\(row)")
        }
    }

    @Test func aScreenTheWidgetTableLacksCarriesTheNearestScreensRowsSaidToBeTheNearest() throws {
        let id = "device.iphone-16-pro"
        let profile = try #require(try json("/v1/devices/\(id)/profile")["item"])
        // The device route has no rows for 402x874, only the note naming the nearest screen.
        #expect(try json("/v1/devices/\(id)")["item"]?["widgets"]?["count"] == 0)
        let widgets = try #require(profile["widgets"])
        #expect(widgets["nearest"] == "393x852")
        let nearest = try json("/v1/widgets?screen=393x852&platform=ios")["items"]
        #expect(widgets["items"] == embedded(nearest, without: ["screen", "caseSize"]))
        #expect(widgets["items"]?.arrayValue?.first?["width"] == 158)
        let notes = widgets["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(notes.contains { $0.contains("has no row for the iPhone 16 Pro (402x874)") }, "\(notes)")
        #expect(notes.contains { $0.contains("nearest published screen's (393x852), not this device's own") })
    }

    @Test func aWatchProfileCarriesItsNearestCaseSizeAndSaysWhatItLacks() throws {
        let id = "device.apple-watch-series-10-11-46mm"
        let answer = try json("/v1/devices/\(id)/profile")
        let profile = try #require(answer["item"])
        let device = try json("/v1/devices/\(id)")
        #expect(profile["pixels"] == device["item"]?["pixels"])
        #expect(profile["caseSize"] == "46mm")
        // Apple's widget table has no 46 mm row: the device route has none and names the nearest
        // case size in its note; the profile carries that case size's rows, saying so.
        #expect(device["item"]?["widgets"]?["count"] == 0)
        let deviceNote = device["item"]?["widgets"]?["notes"]?.arrayValue?.first?.stringValue ?? ""
        #expect(deviceNote.contains("The nearest published case size is 45mm"), "\(deviceNote)")
        #expect(deviceNote.contains("184x80.5"), "\(deviceNote)")
        let widgets = try #require(profile["widgets"])
        #expect(widgets["nearest"] == "45mm")
        let rows = (try json("/v1/widgets?platform=watchos"))["items"]?.arrayValue?.filter {
            $0["caseSize"] == "45mm"
        }
        #expect(widgets["items"] == embedded(rows.map(JSONValue.array), without: ["screen", "caseSize"]))
        #expect(widgets["count"] == 1)
        let notes = widgets["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(notes.contains { $0.contains("nearest published case size's (45mm), not this device's own") })
        #expect(profile["sizeClassRows"]?["count"] == 0)
        #expect(profile["sizeClassRows"]?["notes"]?.arrayValue?.isEmpty == false)
        // Its layout figures and its control sizes.
        #expect(profile["layout"]?["items"] == (try layoutRows("watchos")))
        #expect((profile["layout"]?["count"]?.doubleValue ?? 0) > 0)
        // HIG › Layout › watchOS gives how many buttons fit in a row.
        let layout = (profile["layout"]?["items"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(layout.contains("metric.layout.watchos.glyph-buttons-in-a-row"))
        #expect(layout.contains("metric.layout.watchos.text-buttons-in-a-row"))
    }

    @Test func anIPadProfileTakesTheIPadOSLayoutFigures() throws {
        let id = "device.ipad-pro-11-inch"
        let profile = try #require(try json("/v1/devices/\(id)/profile")["item"])
        #expect(profile["layout"]?["items"] == (try layoutRows("ipados")))
        #expect(
            profile["sizeClassRows"]?["items"]
                == embedded((try json("/v1/size-classes?device=\(id)"))["items"], without: ["device", "devices"]))
        #expect(
            profile["widgets"]?["items"]
                == embedded((try json("/v1/widgets?device=\(id)"))["items"], without: ["screen", "caseSize"]))
    }

    @Test func aModelTheSizeClassTableLacksIsToldTheNearestModelsRowsAndWhereTheyAre() throws {
        let answer = try json("/v1/size-classes?device=device.ipad-mini-8-3-inch")
        #expect(answer["count"] == 0)
        let note = answer["notes"]?.arrayValue?.first?.stringValue ?? ""
        #expect(note.contains("has no row for iPad mini 8.3-inch"), "\(note)")
        // The nearest model by screen size that the table has: its values and its rows' URL.
        #expect(
            note.contains(
                "The nearest model in the table by screen size is iPad Air 11-inch (820x1180 pt, a different screen, not this one): portrait regular width, regular height; landscape regular width, regular height (/v1/size-classes?device=device.ipad-air-11-inch)."
            ), "\(note)")
        let nearest = try json("/v1/size-classes?device=device.ipad-air-11-inch")
        #expect(
            nearest["items"]?.arrayValue?.first?["horizontal"] == "regular"
                && nearest["items"]?.arrayValue?.last?["vertical"] == "regular")
    }

    @Test func anUnknownDeviceIsA404WithTheNearestID() throws {
        let answer = app.request(.get, "/v1/devices/iphone-16-pr/profile")
        #expect(answer.status == 404)
        let hint = answer.json?["error"]?["hint"]?.stringValue
        #expect(hint?.hasPrefix("Did you mean 'device.iphone-16-pro'") == true, "\(answer.text)")
        #expect(app.request(.get, "/v1/devices/zzzz/profile").status == 404)
    }
}
