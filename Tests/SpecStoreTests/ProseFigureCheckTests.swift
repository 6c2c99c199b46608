import Testing

@testable import SpecStore

/// The counts and limits Apple states in prose are checkable figures: a check judges a design
/// against them with the severity their wording gives, and an approximate figure is no limit.
@Suite("Prose figures judged by /v1/check")
struct ProseFigureCheckTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    @Test(
        "each count or limit judges a value by its bound and Apple's wording",
        arguments: [
            // Alerts › Content: up to three buttons (a description), titles of no more than two lines.
            ("metric.alerts.all.maximum-buttons", 3, "ok", "none"),
            ("metric.alerts.all.maximum-buttons", 4, "above-published", "info"),
            ("metric.alerts.all.title-lines", 3, "above-published", "warning"),
            ("metric.notifications.all.detail-view-action-buttons", 5, "above-published", "info"),
            ("metric.notifications.watchos.long-look-custom-actions", 5, "above-published", "warning"),
            ("metric.notifications.watchos.long-look-custom-actions", 4, "ok", "none"),
            ("metric.home-screen-quick-actions.ios.quick-actions", 5, "above-published", "info"),
            ("metric.app-clips.ios.card-title-length", 31, "above-published", "warning"),
            ("metric.imessage-apps-and-stickers.ios.sticker-file-size", 600, "above-published", "warning"),
            ("metric.tab-views.all.tabs", 7, "above-published", "warning"),
            ("metric.pull-down-buttons.all.minimum-menu-items", 2, "below-published", "warning"),
            ("metric.top-shelf.tvos.scrolling-inset-banner-images", 9, "above-published", "warning"),
            ("metric.top-shelf.tvos.scrolling-inset-banner-images", 2, "below-published", "warning"),
            // About 10 pixels: Apple's approximate figure is met by it and differed from by another.
            ("metric.buttons.macos.image-button-padding", 10, "ok", "none"),
            ("metric.buttons.macos.image-button-padding", 14, "above-published", "advisory"),
        ] as [(String, Double, String, String)])
    func judged(figure: String, value: Double, result: String, severity: String) throws {
        let row = try Self.latest.check(Measurement(figure: figure, value: value))
        #expect(row["result"] == .string(result), "\(figure) \(value): \(row["message"] ?? .null)")
        #expect(row["severity"] == .string(severity), "\(figure) \(value)")
        #expect(row["status"] == "published")
    }

    @Test("an approximate figure says so, and is displayed with ≈")
    func about() throws {
        let row = try Self.latest.check(Measurement(figure: "metric.buttons.macos.image-button-padding", value: 14))
        let message = try #require(row["message"]?.stringValue)
        #expect(message.contains("differs from the about 10 px"), "\(message)")
        #expect(message.contains("approximate figure, not a limit"), "\(message)")
        #expect(!message.contains("over Apple's published"), "\(message)")
        let padding = try #require(Self.latest.record(id: "metric.buttons.macos.image-button-padding"))
        #expect(padding["display"] == "≈ 10 px")
        #expect(Self.latest.record(id: "metric.alerts.all.title-lines")?["display"] == "≤ 2 lines")
        #expect(Self.latest.record(id: "metric.sign-in-with-apple.all.logo-only-aspect-ratio")?["display"] == "1:1")
    }

    @Test("the visionOS window answers 1306x734 pt before the 2025 revision, 1280x720 pt from it")
    func visionOSWindow() throws {
        let before = try RealDataTests.store.snapshot(version: "2025-03-07")
            .record(id: "metric.windows.visionos.default-size")
        #expect(before?["width"] == 1306 && before?["height"] == 734)
        let now = Self.latest.record(id: "metric.windows.visionos.default-size")
        #expect(now?["width"] == 1280 && now?["height"] == 720)
        let regular = try RealDataTests.store.snapshot(version: "2023").record(
            id: "metric.buttons.visionos.size-regular")
        #expect(regular?["name"] == "Standard button (visionOS)")
    }
}
