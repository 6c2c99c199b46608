import Testing

@testable import SpecStore

extension Note {
    /// The note's words, each reference written `[reference]`: what the store says, before a
    /// server words its references.
    var words: String { text { "[\($0)]" } }

    /// The note's own words, references left out.
    var ownWords: String { text { _ in "" } }
}

/// The store's notes, hints and messages speak facts: no URL, no query syntax. Where a note
/// points at another answer it holds a typed ``NoteReference`` (a collection and filter values)
/// that the server words (issue 7).
@Suite("Notes speak facts")
struct NoteTests {
    static let store = RealDataTests.store

    /// The fragment of `text` that is a URL or query syntax, if any.
    static func requestSyntax(in text: String) throws -> String? {
        if text.contains("/v1") { return "/v1" }
        if text.contains("://") { return "://" }
        for pattern in ["[?&][A-Za-z_]+=", "[A-Za-z_]+=[A-Za-z0-9]"] {
            if let match = text.firstMatch(of: try Regex(pattern)) { return String(text[match.range]) }
        }
        return nil
    }

    /// Every note, message and hint the store gives for the cases that answer empty or refuse,
    /// in the latest and the first version: the filters every query takes, each value of their
    /// closed vocabularies, every device.
    static func storeTexts(_ snapshot: SpecSnapshot) -> (notes: [Note], texts: [String]) {
        var notes: [Note] = []
        var texts: [String] = []
        func run(_ query: () throws(QueryError) -> QueryResult) {
            do {
                notes += try query().notes
            } catch {
                texts += [error.message] + (error.hint.map { [$0] } ?? [])
            }
        }
        let platforms: [Platform?] = [nil] + Platform.allCases
        let devices = ((try? snapshot.devices(matching: DeviceFilter()))?.items ?? []).compactMap {
            $0["id"]?.stringValue
        }
        for platform in platforms {
            for category in [nil] + DynamicTypeCategory.allCases {
                run { () throws(QueryError) in
                    try snapshot.dynamicType(matching: DynamicTypeFilter(platform: platform, category: category))
                }
            }
            run { () throws(QueryError) in
                try snapshot.dynamicType(matching: DynamicTypeFilter(platform: platform, style: "no such style"))
            }
            run { () throws(QueryError) in try snapshot.textStyles(matching: TextStyleFilter(platform: platform)) }
            for size in [nil, 1, 17.5, 18.5, 500] as [Double?] {
                run { () throws(QueryError) in
                    try snapshot.tracking(matching: TrackingFilter(platform: platform, size: size))
                }
            }
            run { () throws(QueryError) in
                try snapshot.tracking(matching: TrackingFilter(platform: platform, font: "no such font"))
            }
            for family in [nil] + WidgetFamily.allCases {
                run { () throws(QueryError) in
                    try snapshot.widgetFamilies(matching: WidgetFamilyFilter(platform: platform, family: family))
                }
                run { () throws(QueryError) in
                    try snapshot.widgets(matching: WidgetFilter(platform: platform, family: family))
                }
                run { () throws(QueryError) in
                    try snapshot.widgets(
                        matching: WidgetFilter(
                            platform: platform, screen: ScreenSize(width: 401, height: 873), family: family))
                }
            }
            for mode in WidgetRenderingMode.allCases {
                run { () throws(QueryError) in
                    try snapshot.widgetFamilies(matching: WidgetFamilyFilter(platform: platform, mode: mode))
                }
                run { () throws(QueryError) in
                    try snapshot.widgetFamilies(
                        matching: WidgetFamilyFilter(platform: platform, family: .systemSmall, mode: mode))
                }
            }
            run { () throws(QueryError) in try snapshot.metrics(matching: MetricFilter(platform: platform)) }
            run { () throws(QueryError) in
                try snapshot.metrics(matching: MetricFilter(platform: platform, topic: "no such topic"))
            }
            run { () throws(QueryError) in
                try snapshot.rules(matching: RuleFilter(topic: "no such topic", platform: platform))
            }
        }
        for device in devices + ["no such device"] {
            run { () throws(QueryError) in try snapshot.sizeClasses(matching: SizeClassFilter(device: device)) }
            run { () throws(QueryError) in try snapshot.widgets(matching: WidgetFilter(device: device)) }
            do {
                notes += try snapshot.device(id: device).notes
            } catch {
                texts += [error.message] + (error.hint.map { [$0] } ?? [])
            }
        }
        run { () throws(QueryError) in try snapshot.myths(matching: MythFilter(topic: "no such topic")) }
        run { () throws(QueryError) in try snapshot.search(SearchQuery(q: "zzzz qqqq")) }
        run { () throws(QueryError) in try snapshot.search(SearchQuery(q: "size")) }
        return (notes, texts)
    }

    @Test("no note, hint or message of the store holds a URL or query syntax")
    func storeTextsHoldNoRequestSyntax() throws {
        let snapshots = [Self.store.latest, try Self.store.snapshot(version: Self.store.versions[0].id)]
        var references: [NoteReference] = []
        var scanned = 0
        for snapshot in snapshots {
            let (notes, texts) = Self.storeTexts(snapshot)
            for note in notes {
                references += note.references
                scanned += 1
                let syntax = try Self.requestSyntax(in: note.ownWords)
                #expect(syntax == nil, "a note of version \(snapshot.version.id) holds \(syntax ?? ""): \(note.words)")
            }
            for text in texts {
                scanned += 1
                let syntax = try Self.requestSyntax(in: text)
                #expect(
                    syntax == nil, "a message or hint of version \(snapshot.version.id) holds \(syntax ?? ""): \(text)")
            }
        }
        // The scan saw the empty answers that point elsewhere: the pointers are references.
        #expect(scanned > 100)
        #expect(references.contains(.textStyles(TextStyleFilter(platform: .macos))))
        #expect(references.contains(.dynamicType(DynamicTypeFilter(platform: .ios))))
        #expect(references.contains(.metrics(MetricFilter(platform: .visionos, topic: "typography"))))
        #expect(references.contains(.widgets(WidgetFilter(platform: .visionos, family: .systemExtraLargePortrait))))
    }

    @Test("the scan finds a URL or query syntax where there is one")
    func theScanFindsRequestSyntax() throws {
        #expect(try Self.requestSyntax(in: "see /v1/text-styles.") == "/v1")
        #expect(try Self.requestSyntax(in: "rows (platform=ios)") == "platform=i")
        #expect(try Self.requestSyntax(in: "rows (?family=x)") == "?family=")
        #expect(try Self.requestSyntax(in: "Apple's widget table has no row for 401x873 pt (?x?).") == nil)
    }

    @Test("empty typography answers point at the table Apple publishes instead, as references")
    func typographyNotesReferToOtherAnswers() throws {
        let latest = Self.store.latest
        for platform in [Platform.macos, .tvos] {
            let note = try #require(try latest.dynamicType(matching: DynamicTypeFilter(platform: platform)).notes.first)
            #expect(note.references == [.textStyles(TextStyleFilter(platform: platform))])
            #expect(note.ownWords.hasSuffix("only one table of built-in text styles: see ."))
        }
        for platform in [Platform.ios, .ipados, .watchos] {
            let note = try #require(try latest.textStyles(matching: TextStyleFilter(platform: platform)).notes.first)
            #expect(note.references == [.dynamicType(DynamicTypeFilter(platform: platform))])
        }
        let visionOS = try #require(try latest.textStyles(matching: TextStyleFilter(platform: .visionos)).notes.first)
        #expect(
            visionOS.references == [
                .tracking(TrackingFilter()), .metrics(MetricFilter(platform: .visionos, topic: "typography")),
            ])
        #expect(visionOS.words.contains("tracking table ([tracking(") && visionOS.words.hasSuffix(")])."))
    }

    @Test("a note joins adjacent words and keeps references in reading order")
    func noteParts() {
        let reference = NoteReference.textStyles(TextStyleFilter(platform: .tvos))
        var note: Note = "see \(reference) and \(2) more"
        note += " rows."
        #expect(note.parts == [.text("see "), .reference(reference), .text(" and 2 more rows.")])
        #expect(note.text { _ in "X" } == "see X and 2 more rows.")
        #expect(Note("").parts.isEmpty)
    }
}
