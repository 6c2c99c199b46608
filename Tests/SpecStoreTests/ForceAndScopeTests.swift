import JSON
import Testing

@testable import SpecStore

/// Each figure is judged with the force Apple gave it and served with the scope Apple gave it.
@Suite("Force and scope as Apple worded them")
struct ForceAndScopeTests {
    static func check(_ measurement: Measurement) throws -> JSONValue {
        try RealDataTests.store.latest.check(measurement)
    }

    @Test(
        "a description is not a limit: outside it is information, quoting Apple's description",
        arguments: [
            Measurement(figure: "metric.live-activities.all.custom-dismissal-time", value: 60),
            Measurement(figure: "metric.widgets.ios.dynamic-type-range", category: .medium),
        ])
    func descriptionIsNoLimit(measurement: Measurement) throws {
        let row = try Self.check(measurement)
        #expect(row["severity"] == "info")
        let message = try #require(row["message"]?.stringValue)
        #expect(message.contains("describes rather than sets a limit"), "\(message)")
        #expect(!message.contains("published maximum") && !message.contains("published minimum"))
    }

    @Test("tvOS's insets are a requirement under Apple's lead-in, not a default")
    func tvOSSafeAreaIsRequired() throws {
        let row = try Self.check(Measurement(figure: "metric.layout.tvos.safe-area-inset-sides", value: 40))
        #expect(row["result"] == "below-published")
        #expect(row["severity"] == "warning")
        #expect(row["force"] == "Adhere to the screen's safe area")
        let message = row["message"]?.stringValue ?? ""
        #expect(message.contains("under Apple's published minimum"))
        #expect(!message.contains("not a limit"))
        #expect(
            try Self.check(Measurement(figure: "metric.layout.tvos.safe-area-inset-sides", value: 80))["result"] == "ok"
        )
    }

    @Test("'under 15 characters' is said as Apple says it, in characters")
    func exclusiveLimitWording() throws {
        let row = try Self.check(Measurement(figure: "metric.toolbars.all.title-length", value: 15))
        #expect(row["result"] == "above-published")
        let message = try #require(row["message"]?.stringValue)
        #expect(message.hasPrefix("15 characters is not under 15 characters"), "\(message)")
        #expect(!message.contains("maximum of 15"))
    }

    @Test(
        "an either/or names both branches",
        arguments: [
            ("metric.eyes.visionos.item-margin", "metric.eyes.visionos.item-center-spacing", 10.0),
            ("metric.eyes.visionos.item-center-spacing", "metric.eyes.visionos.item-margin", 40.0),
        ])
    func eitherOrNamesBoth(figure: String, other: String, value: Double) throws {
        let row = try Self.check(Measurement(figure: figure, value: value))
        #expect(row["result"] == "below-published")
        let message = try #require(row["message"]?.stringValue)
        #expect(message.contains(other) && message.contains("meeting either is enough"), "\(message)")
    }

    @Test("the widget margins carry Apple's own scope for the Mac")
    func widgetMarginsOnMac() throws {
        for id in ["metric.widgets.ios.standard-margin", "metric.widgets.ios.tight-margin"] {
            let record = try #require(RealDataTests.store.latest.record(id: id))
            let quotes = (record["citations"]?.arrayValue ?? []).compactMap { $0["quote"]?.stringValue }
            #expect(quotes.contains { $0.contains("smaller margins on the desktop on Mac") }, "\(id)")
        }
    }

    @Test("the loader refuses a figure whose kind is not that of the rule quoting the same sentence")
    func figureKindFollowsItsCitation() throws {
        guard case .object(var top) = RealDataTests.exported, case .array(var metrics) = top["metrics"],
            let index = metrics.firstIndex(where: { $0["id"] == "metric.widgets.ios.dynamic-type-range" }),
            case .object(var metric) = metrics[index]
        else {
            Issue.record("the real file has the widgets' Dynamic Type range")
            return
        }
        #expect(metric["kind"] == "description")
        metric["kind"] = nil
        metrics[index] = .object(metric)
        top["metrics"] = .array(metrics)
        let broken = JSONValue.object(top).serializedBytes(pretty: true)
        #expect {
            try SpecStore.load(bytes: broken, sourceName: "specs.json")
        } throws: { error in
            let error = error as? SpecStoreError
            return error?.code == .badValue && error?.jsonPath.hasSuffix(".kind") == true
                && error?.description.contains("'metric.widgets.ios.dynamic-type-range'") == true
        }
    }

    @Test("every figure and rule, in every version, has the kind its own sentence allows")
    func kindFollowsOwnSentenceEverywhere() throws {
        var judged = 0
        for version in RealDataTests.store.versions {
            let snapshot = try RealDataTests.store.snapshot(version: version.id)
            for entry in snapshot.rows(.metrics) {
                guard let force = entry.fields["force"]?.stringValue,
                    let allowed = SentenceForce.allowedKinds(of: force)
                else { continue }
                let kind = entry.fields["kind"]?.stringValue ?? "unstated"
                #expect(allowed.contains(kind), "\(version.id) \(entry.id): '\(kind)' for \"\(force)\"")
                judged += 1
            }
            for entry in snapshot.rows(.rules) {
                guard let quote = entry.fields["quote"]?.stringValue,
                    let allowed = SentenceForce.allowedKinds(of: SentenceForce.firstInstruction(of: quote))
                else { continue }
                let kind = entry.fields["kind"]?.stringValue ?? "unstated"
                #expect(allowed.contains(kind), "\(version.id) \(entry.id): '\(kind)' for \"\(quote)\"")
                judged += 1
            }
        }
        // The rule decides for most figures and rules: a reading that decided nothing would pass.
        #expect(judged > 500, "\(judged)")
        let groups = try #require(RealDataTests.store.latest.record(id: "metric.toolbars.all.maximum-groups"))
        #expect(groups["kind"] == "recommendation")
        // Before December 16, 2025 Apple's sentence was "Don’t offer …": a requirement then.
        let early = try RealDataTests.store.snapshot(version: "2025-09-09")
        #expect(early.record(id: "metric.live-activities.all.maximum-duration")?["kind"] == "requirement")
        #expect(
            RealDataTests.store.latest.record(id: "metric.live-activities.all.maximum-duration")?["kind"]
                == "recommendation")
    }

    @Test(
        "the reading of a sentence: a softener makes it a recommendation, a plain instruction a requirement",
        arguments: [
            ("In general, aim for a maximum of three", "recommendation"),
            ("As a general rule, a button needs a hit region of at least 44x44 pt", "recommendation"),
            ("Strive to meet", "recommendation"),
            ("can work well", "recommendation"),
            ("Adhere to the screen's safe area", "requirement"),
            ("a hit target needs to measure at least 44x44 pt", "requirement"),
            ("Don’t offer a Live Activity for a task that exceeds eight hours", "requirement"),
            ("important items that need to remain available", "undecided"),
            ("a maximum height of 154 pt", "undecided"),
        ])
    func sentenceReading(sentence: String, expected: String) {
        #expect(SentenceForce.allowedKinds(of: sentence)?.first ?? "undecided" == expected, "\(sentence)")
    }

    @Test("the loader refuses a requirement whose own sentence leaves it to judgment, naming the softener")
    func loaderRefusesHedgedRequirement() throws {
        guard case .object(var top) = RealDataTests.exported, case .array(var metrics) = top["metrics"],
            let index = metrics.firstIndex(where: { $0["id"] == "metric.toolbars.all.maximum-groups" }),
            case .object(var metric) = metrics[index]
        else {
            Issue.record("the real file has the toolbar's groups")
            return
        }
        metric["kind"] = "requirement"
        metrics[index] = .object(metric)
        top["metrics"] = .array(metrics)
        #expect {
            try SpecStore.load(bytes: JSONValue.object(top).serializedBytes(pretty: true), sourceName: "specs.json")
        } throws: { error in
            let error = error as? SpecStoreError
            return error?.code == .badValue && error?.jsonPath == "$.metrics[\(index)].kind"
                && error?.description.contains("'in general'") == true
        }
    }

    @Test(
        "tvOS has neither widgets nor Live Activities: no figure of theirs answers for it, and the empty answer says why"
    )
    func noWidgetOrLiveActivityFiguresForTVOS() throws {
        let latest = RealDataTests.store.latest
        for topic in ["widgets", "live-activities"] {
            let rows = try latest.metrics(matching: MetricFilter(platform: .tvos, topic: topic))
            #expect(rows.items.isEmpty, "\(topic): \(rows.items.compactMap { $0["id"]?.stringValue })")
            let why = rows.notes.first?.text { _ in "" } ?? ""
            #expect(why.contains("no \(topic) figure for tvos") && why.contains("ios"), "\(why)")
        }
        let widgets = try latest.widgets(matching: WidgetFilter(platform: .tvos))
        #expect(widgets.items.isEmpty)
        let note = try #require(widgets.notes.first?.text { _ in "" })
        #expect(note.contains("tvos has none"), "\(note)")
        let mac = try latest.widgets(matching: WidgetFilter(platform: .macos))
        #expect(mac.notes.first?.text { _ in "" }.contains("no widget dimension table for macos") == true)
        // Before visionOS and CarPlay widgets appeared, the widget figures are not theirs either.
        let early = try RealDataTests.store.snapshot(version: "2025-06-09")
        let visionOS = try early.metrics(matching: MetricFilter(platform: .visionos, topic: "widgets"))
        #expect(visionOS.items.isEmpty)
    }
}
