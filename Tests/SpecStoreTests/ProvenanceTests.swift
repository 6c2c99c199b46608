import Testing

@testable import SpecStore

/// When a fact was on Apple's pages, as the evidence allows (Docs/schema.md, "When a fact was on
/// Apple's pages"): each test here guards one fault that once made a pinned version or a diff
/// answer wrongly.
@Suite("Versions built on evidence")
struct ProvenanceTests {
    static var store: SpecStore { RealDataTests.store }

    static func ids(_ result: QueryResult) -> [String] {
        result.items.compactMap { $0["id"]?.stringValue }
    }

    @Test("2025-03-07 lists the iPhone 15 family between the 14 and the 16, marked uncertain")
    func iPhone15AtMarch2025() throws {
        let snapshot = try Self.store.snapshot(version: "2025-03-07")
        let phones = try snapshot.devices(matching: DeviceFilter(family: .iphone))
        let ids = Self.ids(phones)
        for id in ["device.iphone-14", "device.iphone-15", "device.iphone-15-pro-max", "device.iphone-16"] {
            #expect(ids.contains(id), "\(id)")
        }
        let fifteen = try #require(phones.items.first { $0["id"] == "device.iphone-15" })
        #expect(fifteen["presence"] == "uncertain")
        #expect(fifteen["seen"] == "2025-06-09")
        let sixteen = try #require(phones.items.first { $0["id"] == "device.iphone-16" })
        #expect(sixteen["presence"] == nil, "the iPhone 16 is dated by Apple's change log")
        // From the first copy that shows it, the mark goes.
        let june = try Self.store.snapshot(version: "2025-06-09").record(id: "device.iphone-15")
        #expect(june?["presence"] == nil)
        // The 2023 copy lacks it: the baseline does not have it.
        #expect(try Self.store.snapshot(version: "2023").record(id: "device.iphone-15") == nil)
    }

    @Test("2025-06-09 holds every watch screen Apple's table then had, not 4 of them")
    func watchScreensAtJune2025() throws {
        let snapshot = try Self.store.snapshot(version: "2025-06-09")
        let watches = Self.ids(try snapshot.devices(matching: DeviceFilter(family: .watch)))
        #expect(watches.count == 9)
        // The Series 10 row, relabelled '10, 11' on 2025-09-09: present under its earlier label.
        let seriesTen = try #require(snapshot.record(id: "device.apple-watch-series-10-11-42mm"))
        #expect(seriesTen["name"] == "Apple Watch Series 10")
        #expect(seriesTen["presence"] == "uncertain")
        #expect(watches.contains("device.apple-watch-ultra-1st-and-2nd-generations-49mm"))
        #expect(watches.contains("device.apple-watch-series-4-5-6-and-se-all-generations-40mm"))
        #expect(!watches.contains("device.apple-watch-ultra-3rd-generation-49mm"), "added on 2025-09-09")
        let latest = Self.ids(try Self.store.latest.devices(matching: DeviceFilter(family: .watch)))
        #expect(latest.count == 10)
    }

    @Test("2025-06-09 → 2025-09-09 relabels the Series 10 row and adds only the Ultra 3's")
    func seriesTenRelabelled() throws {
        let diff = try Self.store.diff(from: "2025-06-09", to: "2025-09-09")
        let added = diff.added.compactMap { $0["id"]?.stringValue }
        #expect(added.contains("device.apple-watch-ultra-3rd-generation-49mm"))
        #expect(!added.contains { $0.hasPrefix("device.apple-watch-series-10") })
        let relabels = diff.changed.filter { $0["field"] == "name" }.compactMap { $0["id"]?.stringValue }
        #expect(relabels.sorted() == ["device.apple-watch-series-10-11-42mm", "device.apple-watch-series-10-11-46mm"])
        // The Ultra and SE rows' relabel is in their history, as a note: the sources lack the old label.
        let notes = diff.changed.filter { $0["field"] == "notes" }.compactMap { $0["id"]?.stringValue }
        #expect(notes.contains("device.apple-watch-ultra-1st-and-2nd-generations-49mm"))
        #expect(
            try Self.store.snapshot(version: "2024-02-02").record(id: "device.apple-watch-series-10-11-42mm") == nil)
    }

    @Test(
        "no record of the 26 era is present before what it describes appeared",
        arguments: [
            ("rule.toolbars.prominent-primary-action", "2025-06-09"),
            ("rule.tab-bars.floats-above-content", "2025-06-09"),
            ("rule.toolbars.reduce-backgrounds", "2025-06-09"),
            ("myth.requires-full-screen-locks-orientation", "2025-06-09"),
            ("rule.orientation.lock-not-guaranteed", "2025-06-09"),
            ("metric.convention.bars.tab-bar-inset", "2025-06-09"),
            ("rule.widgets.standby-carplay", "2025-12-16"), ("rule.widgets.dynamic-type-range", "2025-12-16"),
            ("metric.widgets.ios.dynamic-type-range", "2025-12-16"),
        ])
    func noTwentySixEraBeforeItsTime(id: String, appeared: String) throws {
        let index = try #require(Self.store.versions.firstIndex { $0.id == appeared })
        let before = Self.store.versions[index - 1].id
        #expect(try Self.store.snapshot(version: "2023").record(id: id) == nil)
        #expect(try Self.store.snapshot(version: before).record(id: id) == nil)
        #expect(try Self.store.snapshot(version: appeared).record(id: id) != nil)
    }

    @Test("2025-03-07 has rules, and the Accessibility rewrite of that date is no longer uncertain")
    func rulesAtMarch2025() throws {
        let snapshot = try Self.store.snapshot(version: "2025-03-07")
        let rules = try snapshot.rules(matching: RuleFilter())
        #expect(rules.count > 100)
        let strive = try #require(
            rules.items.first { $0["id"] == "rule.accessibility.strive-for-minimum-control-size" })
        #expect(strive["presence"] == nil)
        #expect(strive["since"] == "2025-03-07")
        #expect(try Self.store.snapshot(version: "2025-01-17").record(id: strive["id"]?.stringValue ?? "") == nil)
    }

    @Test("2025-03-07 → 2025-06-09 adds only Apple's dated changes; first copies are listed apart")
    func noPhantomAdditionsInJune2025() throws {
        let diff = try Self.store.diff(from: "2025-03-07", to: "2025-06-09")
        // Apple's one color table for every platform is dated by the Color change log of this day.
        let colors = diff.added.filter { $0["type"] == "color" }
        #expect(colors.count == 12 && colors.allSatisfy { $0["dating"] == "change-log" })
        // So are Game Center's challenge and multiplayer tables, by its change log of this day.
        let assets = diff.added.filter { $0["type"] == "asset" }
        #expect(assets.count == 10 && assets.allSatisfy { $0["dating"] == "change-log" })
        let dated = diff.added.filter {
            $0["dating"] == "change-log" && $0["type"] != "color" && $0["type"] != "asset"
        }
        #expect(dated.count < 10, "\(dated.count) additions")
        // The rest open here because what they describe (Liquid Glass, the 26 releases, the tab bar
        // that minimizes on scroll) appeared
        // on this date: their window starts at it, and a later copy is the first to show them.
        let opened = diff.added.filter { $0["dating"] != "change-log" }.compactMap { $0["id"]?.stringValue }
        #expect(opened.contains("rule.toolbars.prominent-primary-action"))
        #expect(opened.allSatisfy { id in diff.added.contains { $0["id"]?.stringValue == id && $0["seen"] != nil } })
        #expect(opened.contains("rule.tab-bars.minimize-with-accessory"))
        // The dimming layer Apple suggests behind clear Liquid Glass over bright content.
        #expect(opened.contains("metric.materials.all.clear-glass-dimming-opacity"))
        #expect(opened.count == 17, "\(opened)")
        #expect(!diff.added.contains { $0["type"] == "tracking" })
        let firstSeen = diff.firstSeen.compactMap { $0["id"]?.stringValue }
        #expect(firstSeen.contains("device.iphone-15"))
        #expect(diff.firstSeen.filter { $0["type"] == "tracking" }.count == 441)
    }

    @Test("2025-12-16 → 2026-03 adds the March 2026 sheet rules, not every rule, myth and convention")
    func noPhantomAdditionsInMarch2026() throws {
        let diff = try Self.store.diff(from: "2025-12-16", to: "2026-03")
        let dated = diff.added.filter { $0["dating"] == "change-log" }.compactMap { $0["id"]?.stringValue }
        #expect(dated.sorted() == ["rule.sheets.avoid-cancel-done-back-together", "rule.sheets.pair-done-with-cancel"])
        #expect(diff.added.count <= 3, "\(diff.added.count) additions")
        #expect(diff.firstSeen.count > 100)
    }

    @Test("the 2023 hit-target minimum is not the default control size's history")
    func defaultSizeIsOneFact() throws {
        let record = try #require(
            Self.store.records[SpecCollection.metrics.rawValue].first {
                $0.id == "metric.controls.ios.default-size"
            })
        #expect(record.history.isEmpty)
        for version in Self.store.versions {
            let row = try Self.store.snapshot(version: version.id).record(id: "metric.controls.ios.default-size")
            if let row { #expect(row["bound"] == "default", "\(version.id)") }
        }
        let old = try #require(
            try Self.store.snapshot(version: "2023").record(id: "metric.accessibility.ios.minimum-hit-target"))
        #expect(old["bound"] == "minimum")
        #expect(old["width"] == 44 && old["height"] == 44)
        #expect(Self.store.latest.record(id: "metric.accessibility.ios.minimum-hit-target") == nil)
    }

    @Test("every undated record is present, marked uncertain, through its whole evidence window")
    func evidenceWindows() throws {
        var windows = 0
        for collection in SpecCollection.allCases {
            for record in Self.store.records[collection.rawValue] {
                guard let seen = record.seen else { continue }
                windows += 1
                #expect(seen >= record.since, "\(record.id)")
                for version in Self.store.versions where record.isPresent(at: version.index) {
                    let row = Self.store.snapshots[version.index].record(id: record.id)
                    let marked = row?["presence"] == "uncertain"
                    #expect(marked == (version.index < seen), "\(record.id) at \(version.id)")
                    #expect(row?["seen"] == .string(Self.store.versions[seen].id))
                }
            }
        }
        #expect(windows > 500)
    }

    /// A store of two versions, `a` and `b`, holding one published metric whose provenance
    /// fields (`since`, `seen`, `history`...) are `metricTail`.
    static func twoVersions(metricTail: String) -> String {
        """
        {"schemaVersion": 1, "title": "t",
         "versions": [{"id": "a", "date": "2023", "title": "a", "notes": ""},
                      {"id": "b", "date": "2024", "title": "b", "notes": ""}],
         "devices": [], "sizeClasses": [], "widgets": [], "dynamicType": [], "textStyles": [],
         "tracking": [], "rules": [], "myths": [],
         "metrics": [{"id": "metric.x.ios.y", "name": "Y", "topic": "x", "platforms": ["ios"], "value": 2,
                      "bound": "minimum", "status": "published",
                      "citations": [{"page": "HIG › X", "url": "https://example.invalid/x", "quote": "at least 2"}],
                      \(metricTail)}]}
        """
    }

    @Test("notes are versioned with their record")
    func versionedNotes() throws {
        let text = Self.twoVersions(
            metricTail:
                #""since": "a", "seen": "b", "notes": "now", "history": [{"until": "b", "values": {"value": 1, "notes": "then"}}]"#
        )
        let store = try SpecStore.load(bytes: Array(text.utf8), sourceName: "inline")
        let before = try #require(try store.snapshot(version: "a").record(id: "metric.x.ios.y"))
        #expect(before["notes"] == "then" && before["value"] == 1 && before["presence"] == "uncertain")
        let after = try #require(try store.snapshot(version: "b").record(id: "metric.x.ios.y"))
        #expect(after["notes"] == "now" && after["value"] == 2 && after["presence"] == nil)
        let diff = try store.diff(from: "a", to: "b")
        #expect(diff.changed.contains { $0["field"] == "notes" && $0["before"] == "then" })
        #expect(diff.firstSeen.count == 1)
    }

    @Test("seen before since is refused with its path")
    func seenBeforeSince() {
        let text = Self.twoVersions(metricTail: #""since": "b", "seen": "a""#)
        #expect { try SpecStore.load(bytes: Array(text.utf8), sourceName: "inline") } throws: { error in
            (error as? SpecStoreError)?.jsonPath == "$.metrics[0].seen"
        }
    }
}

/// Apple's words and the store's words never share a field (API.md §6, rules).
@Suite("Rule status and kind")
struct RuleStatusTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    @Test("every rule has a status; readings carry reading, not quote")
    func statuses() throws {
        let rules = try Self.latest.rules(matching: RuleFilter())
        #expect(rules.count == 136)
        var readings = 0
        for rule in rules.items {
            let status = rule["status"]?.stringValue
            #expect(status == "published" || status == "reading", "\(rule["id"] ?? .null)")
            if status == "reading" {
                readings += 1
                #expect(rule["quote"] == nil && rule["reading"]?.stringValue != nil, "\(rule["id"] ?? .null)")
            } else {
                #expect(rule["reading"] == nil && rule["quote"]?.stringValue != nil, "\(rule["id"] ?? .null)")
            }
            #expect(["requirement", "recommendation", "description"].contains(rule["kind"]?.stringValue ?? ""))
        }
        #expect(readings == 15)
    }

    @Test("kind=reading keeps meaning status=reading; status filters")
    func readingFilter() throws {
        let byKind = try Self.latest.rules(matching: RuleFilter(kind: .reading))
        let byStatus = try Self.latest.rules(matching: RuleFilter(status: .reading))
        #expect(byKind.count == 15)
        #expect(ProvenanceTests.ids(byKind) == ProvenanceTests.ids(byStatus))
        let published = try Self.latest.rules(matching: RuleFilter(status: .published))
        #expect(published.count == 121)
        let conflicting = try Self.latest.rules(matching: RuleFilter(kind: .reading, status: .published))
        #expect(conflicting.count == 0)
    }

    @Test("descriptions of system behaviour are not recommendations")
    func descriptions() throws {
        for id in ["rule.sheets.detents", "rule.widgets.animation-duration", "rule.tab-bars.floats-above-content"] {
            #expect(Self.latest.record(id: id)?["kind"] == "description", "\(id)")
        }
        #expect(Self.latest.record(id: "rule.tab-bars.keep-visible")?["kind"] == "requirement")
        #expect(
            Self.latest.record(id: "rule.accessibility.strive-for-minimum-control-size")?["kind"] == "recommendation")
    }

    @Test("a reading with a quote, or a published rule with a reading, is refused")
    func mixedWords() {
        for (status, fields) in [("reading", #""quote": "x""#), ("published", #""quote": "x", "reading": "y""#)] {
            let text = """
                {"schemaVersion": 1, "title": "t", "versions": [{"id": "a", "date": "2023", "title": "a", "notes": ""}],
                 "devices": [], "sizeClasses": [], "widgets": [], "dynamicType": [], "textStyles": [],
                 "tracking": [], "metrics": [], "myths": [],
                 "rules": [{"id": "rule.x.y", "topic": "x", "platforms": ["ios"], "status": "\(status)",
                            "kind": "description", \(fields),
                            "citations": [{"page": "HIG › X", "url": "https://example.invalid/x"}], "since": "a"}]}
                """
            #expect(throws: SpecStoreError.self) { try SpecStore.load(bytes: Array(text.utf8), sourceName: "inline") }
        }
    }
}

/// Each figure carries the force of Apple's own wording (API.md §6, check).
@Suite("The force of Apple's wording, per figure")
struct ForceTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    @Test(
        "a check quotes the figure's own force, or says there is none",
        arguments: [
            (Measurement(figure: "metric.controls.ios.minimum-size", width: 20, height: 20), "Strive to meet"),
            (
                Measurement(figure: "metric.live-activities.all.maximum-duration", value: 10),
                "work best for tracking short to medium duration activities that don’t exceed eight hours"
            ),
            (
                Measurement(figure: "metric.widgets.all.minimum-text-size", value: 9),
                "In general, display text using fonts at 11 points or larger"
            ),
            (Measurement(figure: "metric.typography.ios.minimum-text-size", value: 9), nil),
            (Measurement(figure: "metric.accessibility.all.contrast-text-up-to-17pt", value: 3), nil),
        ] as [(Measurement, String?)])
    func force(measurement: Measurement, force: String?) throws {
        let row = try Self.latest.check(measurement)
        #expect(row["result"] == "below-published" || row["result"] == "above-published")
        let message = try #require(row["message"]?.stringValue)
        if let force {
            #expect(row["force"] == .string(force))
            #expect(message.contains(force))
        } else {
            #expect(row["force"] == .null)
            #expect(!message.lowercased().contains("strive"), "borrowed from the control sizes: \(message)")
            #expect(message.contains("without saying how strictly"))
        }
    }

    @Test("a force not found in the figure's own citations is refused")
    func borrowedForce() {
        let text = """
            {"schemaVersion": 1, "title": "t", "versions": [{"id": "a", "date": "2023", "title": "a", "notes": ""}],
             "devices": [], "sizeClasses": [], "widgets": [], "dynamicType": [], "textStyles": [],
             "tracking": [], "rules": [], "myths": [],
             "metrics": [{"id": "metric.x.ios.y", "name": "Y", "topic": "x", "platforms": ["ios"], "value": 11,
                          "bound": "minimum", "force": "Strive to meet", "status": "published",
                          "citations": [{"page": "HIG › X", "url": "https://example.invalid/x", "quote": "11 pt"}],
                          "since": "a"}]}
            """
        #expect { try SpecStore.load(bytes: Array(text.utf8), sourceName: "inline") } throws: { error in
            (error as? SpecStoreError)?.jsonPath == "$.metrics[0].force"
        }
    }
}

extension ForceTests {
    @Test("a figure's force is versioned with the wording it quotes")
    func versionedForce() throws {
        let old = try RealDataTests.store.snapshot(version: "2025-09-09")
        let row = try old.check(Measurement(figure: "metric.live-activities.all.maximum-duration", value: 10))
        #expect(row["force"] == "Don’t offer a Live Activity for a task that exceeds eight hours")
    }
}

/// Figures Apple states in prose, checkable with their citation and force.
@Suite("Prose figures as checkable figures")
struct ProseFigureTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    @Test(
        "each prose figure judges a measurement and quotes its own wording",
        arguments: [
            (Measurement(figure: "metric.buttons.ios.minimum-hit-region", width: 40, height: 44), "below-published"),
            (Measurement(figure: "metric.buttons.ios.minimum-hit-region", width: 44, height: 44), "ok"),
            (
                Measurement(figure: "metric.buttons.visionos.minimum-hit-region", width: 44, height: 44),
                "below-published"
            ),
            (Measurement(figure: "metric.toolbars.all.title-length", value: 14), "ok"),
            (Measurement(figure: "metric.toolbars.all.title-length", value: 15), "above-published"),
            (Measurement(figure: "metric.toolbars.all.maximum-groups", value: 4), "above-published"),
            (Measurement(figure: "metric.tab-bars.ipados.customizable-default-tab-count", value: 5), "ok"),
            (Measurement(figure: "metric.widgets.all.animation-duration", value: 2.5), "above-published"),
            (
                Measurement(figure: "metric.sheets.ios.medium-detent-height", value: 60),
                "differs-from-published-default"
            ),
        ])
    func proseFigures(measurement: Measurement, result: String) throws {
        let row = try Self.latest.check(measurement)
        #expect(row["result"] == .string(result))
        let citations = try #require(row["metric"]?["citations"]?.arrayValue)
        #expect(!citations.isEmpty)
        if let force = row["force"]?.stringValue {
            #expect(citations.contains { $0["quote"]?.stringValue?.contains(force) == true })
        }
    }

    @Test("the visionOS hit region says its wording is not in the sources")
    func visionOSHasNoBorrowedForce() throws {
        let row = try Self.latest.check(
            Measurement(figure: "metric.buttons.visionos.minimum-hit-region", width: 50, height: 50))
        #expect(row["force"] == .null)
    }
}

/// Every empty answer says why in its notes.
@Suite("Empty answers say why")
struct EmptyAnswerTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    @Test("a device Apple's size-class table omits")
    func sizeClassesOfAnOmittedDevice() throws {
        let result = try Self.latest.sizeClasses(
            matching: SizeClassFilter(device: "iPad mini 8.3-inch"))
        #expect(result.count == 0)
        #expect(result.notes.first?.words.contains("size-class table has no row for iPad mini 8.3-inch") == true)
        let device = try Self.latest.device(id: "device.ipad-mini-8-3-inch")
        #expect(device.notes.contains { $0.words.contains("size-class table has no row") })
    }

    @Test("a watchOS category Apple publishes no sizes for")
    func watchOSCategory() throws {
        let result = try Self.latest.dynamicType(
            matching: DynamicTypeFilter(platform: .watchos, category: .medium))
        #expect(result.count == 0)
        #expect(result.notes.first?.words.contains("no medium") == true)
    }

    @Test("visionOS type quotes Apple's statement, in both type routes")
    func visionOSType() throws {
        let dynamic = try Self.latest.dynamicType(matching: DynamicTypeFilter(platform: .visionos))
        let styles = try Self.latest.textStyles(matching: TextStyleFilter(platform: .visionos))
        for result in [dynamic, styles] {
            #expect(result.count == 0)
            #expect(
                result.notes.first?.words.contains("bolder versions of the Dynamic Type body and title styles") == true)
        }
    }

    @Test("a tracking size between Apple's rows names the nearest rows and does not interpolate")
    func trackingBetweenRows() throws {
        let result = try Self.latest.tracking(matching: TrackingFilter(font: "SF Pro", size: 17.5))
        #expect(result.count == 0)
        let note = try #require(result.notes.first).words
        #expect(note.contains("17 pt and 18 pt") && note.contains("does not interpolate"))
    }
}

/// Joins between Apple's tables that Apple does not vouch for.
@Suite("Joins between Apple's tables")
struct JoinTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    @Test("iPad Pro 10.5-inch is not joined to the 834x1194 widget rows its own note calls an erratum")
    func iPadProErratum() throws {
        let device = try Self.latest.device(id: "device.ipad-pro-10-5-inch")
        #expect(device.widgets.count == 0)
        #expect(device.notes.contains { $0.words.contains("probable Apple erratum") })
        let widgets = try Self.latest.widgets(matching: WidgetFilter(device: "iPad Pro 10.5-inch"))
        #expect(widgets.count == 0 && !widgets.notes.isEmpty)
        // The same screen's own device keeps its rows.
        let eleven = try Self.latest.widgets(matching: WidgetFilter(device: "iPad Pro 11-inch"))
        #expect(eleven.count > 0)
    }

    @Test("Apple Watch Ultra (3rd generation) gets the 49 mm rows with a note that Apple's table predates it")
    func ultraThird() throws {
        let widgets = try Self.latest.widgets(
            matching: WidgetFilter(device: "device.apple-watch-ultra-3rd-generation-49mm"))
        #expect(widgets.count == 1)
        #expect(widgets.notes.contains { $0.words.contains("before it listed Apple Watch Ultra (3rd generation)") })
        let older = try Self.latest.widgets(
            matching: WidgetFilter(device: "device.apple-watch-ultra-1st-and-2nd-generations-49mm"))
        #expect(older.count == 1 && older.notes.isEmpty)
    }

    @Test("the watchOS Smart Stack rows name no family, as Apple's table names none")
    func smartStackFamily() throws {
        let watch = try Self.latest.widgets(matching: WidgetFilter(platform: .watchos))
        #expect(watch.count == 5)
        #expect(watch.items.allSatisfy { $0["family"] == .null })
    }

    @Test("no convention figure comes from a remark, and no basis lists pages nobody searched for it")
    func conventions() throws {
        #expect(Self.latest.record(id: "metric.convention.bars.large-title-region-height") == nil)
        for id in ["metric.convention.layout.sidebar-width", "metric.convention.layout.supplementary-column-width"] {
            let searched = try #require(Self.latest.record(id: id)?["basis"]?["searched"]?.arrayValue)
            #expect(searched.isEmpty, "\(id)")
        }
    }
}

/// What the sources hold and the store once lacked, flagged for what it is.
@Suite("What the sources hold")
struct SourceCoverageTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    @Test(
        "the guide's working figures are conventions, with a basis that says no Apple page gives them",
        arguments: [
            "metric.convention.controls.large-button-height", "metric.convention.menus.maximum-items",
            "metric.convention.lists.maximum-swipe-actions", "metric.convention.forms.section-header-size",
            "metric.convention.lists.spinner-threshold",
            "metric.convention.layout.stage-manager-minimum-width",
        ])
    func conventions(id: String) throws {
        let row = try #require(Self.latest.record(id: id))
        #expect(row["status"] == "convention")
        #expect(row["basis"]?["reason"]?.stringValue?.contains("no Apple page in the sources gives the figure") == true)
    }

    @Test("the alert's buttons and title lines are Apple's (Alerts › Content), no longer conventions")
    func alertFiguresAreApples() throws {
        for (id, value) in [("metric.alerts.all.maximum-buttons", 3.0), ("metric.alerts.all.title-lines", 2)] {
            let row = try #require(Self.latest.record(id: id))
            #expect(row["status"] == "published" && row["value"]?.doubleValue == value)
            #expect(row["citations"]?.arrayValue?.first?["section"] == "Content")
        }
        #expect(Self.latest.record(id: "metric.convention.alerts.maximum-buttons") == nil)
        #expect(Self.latest.record(id: "metric.convention.alerts.title-lines") == nil)
    }

    @Test("the sources' own claims that contradict Apple's figures are myths")
    func contradictions() throws {
        let lifetime = try #require(Self.latest.record(id: "myth.live-activities.12-hour-lifetime"))
        #expect(lifetime["correction"]?.stringValue?.contains("eight hours") == true)
        let eight = Self.latest.record(id: "metric.live-activities.all.maximum-duration")
        #expect(eight?["value"] == 8)
        let tracking = try #require(Self.latest.record(id: "myth.typography.sf-pro-text-tracks-looser"))
        #expect(tracking["verdict"] == "false")
        // The figures the correction quotes are Apple's rows as the store holds them.
        #expect(Self.latest.record(id: "tracking.ios.sf-pro.17")?["trackingEm"] == -26)
        #expect(Self.latest.record(id: "tracking.ios.sf-pro.11")?["trackingEm"] == 6)
        #expect(Self.latest.record(id: "tracking.ios.sf-pro.24")?["trackingEm"] == 3)
    }
}

/// Schema version 2: sources declared once, per-collection defaults (Docs/schema.md).
@Suite("Schema version 2")
struct SchemaVersion2Tests {
    static let file = """
        {"schemaVersion": 2, "title": "t",
         "versions": [{"id": "a", "date": "2023", "title": "a", "notes": ""}],
         "sources": {"x.mobility": {"page": "HIG › X", "section": "Mobility", "url": "https://example.invalid/x"}},
         "defaults": {"metrics": {"status": "published", "unit": "pt", "since": "a", "citations": ["x.mobility"]}},
         "devices": [], "sizeClasses": [], "widgets": [], "dynamicType": [], "textStyles": [],
         "tracking": [], "rules": [], "myths": [],
         "metrics": [
          {"id": "metric.x.ios.a", "name": "A", "topic": "x", "platforms": ["ios"], "value": 1, "bound": "minimum"},
          {"id": "metric.x.ios.b", "name": "B", "topic": "x", "platforms": ["ios"], "value": 2, "bound": "minimum",
           "unit": "px", "citations": [{"source": "x.mobility", "quote": "at least 2"}], "force": "at least"}
         ]}
        """

    @Test("defaults fill what a record leaves out; sources expand to page, section and URL")
    func expansion() throws {
        let store = try SpecStore.load(bytes: Array(Self.file.utf8), sourceName: "v2")
        #expect(store.schemaVersion == 2)
        let a = try #require(store.latest.record(id: "metric.x.ios.a"))
        #expect(a["unit"] == "pt" && a["status"] == "published" && a["since"] == "a")
        #expect(a["citations"]?.arrayValue?.first?["section"] == "Mobility")
        let b = try #require(store.latest.record(id: "metric.x.ios.b"))
        #expect(b["unit"] == "px")
        #expect(
            b["citations"]?.arrayValue?.first?["url"] == "https://example.invalid/x"
                && b["citations"]?.arrayValue?.first?["quote"] == "at least 2")
    }

    @Test("a citation naming no source is refused at its place")
    func unknownSource() {
        let broken = Self.file.replacingOccurrences(of: #"{"source": "x.mobility""#, with: #"{"source": "x.nope""#)
        #expect {
            try SpecStore.load(bytes: Array(broken.utf8), sourceName: "v2")
        } throws: { error in
            let error = error as? SpecStoreError
            return error?.jsonPath == "$.metrics[1].citations[0]" && error?.line == 10
        }
    }

    @Test("the repository's file is version 2 and one record per line")
    func repositoryFile() throws {
        #expect(RealDataTests.store.schemaVersion == 2)
        let text = try String(contentsOfFile: RealDataTests.path, encoding: .utf8)
        let recordLines = text.split(separator: "\n").filter { $0.hasPrefix("    {\"id\": ") }
        let total = RealDataTests.store.records.reduce(0) { $0 + $1.count } + RealDataTests.store.versions.count
        #expect(recordLines.count == total)
    }
}
