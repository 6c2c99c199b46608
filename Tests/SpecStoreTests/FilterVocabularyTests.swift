import Testing

@testable import SpecStore

@Suite("Filter vocabularies and aliases")
struct FilterVocabularyTests {
    @Test(
        "aliases resolve to canonical values, ignoring case and separators",
        arguments: [
            ("iOS", FilterVocabulary.Kind.platform, "ios"), ("iPadOS", .platform, "ipados"),
            ("mac", .platform, "macos"),
            ("watch", .platform, "watchos"), ("Vision Pro", .platform, "visionos"), ("apple tv", .platform, "tvos"),
            ("AX5", .category, "accessibility5"), ("accessibility-1", .category, "accessibility1"),
            ("xSmall", .category, "xSmall"), ("XXXL", .category, "xxxLarge"), ("Default", .category, "large"),
            ("extra-large", .category, "xLarge"),
            ("small", .widgetFamily, "systemSmall"), ("extra-large", .widgetFamily, "systemExtraLarge"),
            ("circular", .widgetFamily, "accessoryCircular"), ("AccessoryInline", .widgetFamily, "accessoryInline"),
            ("must", .ruleKind, "requirement"), ("Published", .status, "published"),
            ("Landscape", .orientation, "landscape"),
            ("Regular Width Landscape", .sizeClass, "regular-width-landscape"),
            ("compact-h", .sizeClass, "compact-height"),
            ("rules", .searchType, "rule"), ("dynamic type", .searchType, "dynamic-type"),
        ])
    func alias(raw: String, kind: FilterVocabulary.Kind, canonical: String) {
        #expect(FilterVocabulary.canonical(raw, in: kind) == canonical)
    }

    /// Text styles are the data's: a spelling resolves to the style the rows hold.
    @Test(
        "text styles resolve against the data's, ignoring case and separators",
        arguments: [
            ("Title 1", "title1"), ("title-2", "title2"), ("Subhead", "subheadline"), ("Large Title", "largeTitle"),
            ("CAPTION 2", "caption2"), ("Subtitle 1", "subtitle1"),
        ])
    func style(raw: String, canonical: String) throws {
        let snapshot = RealDataTests.store.latest
        let styles = snapshot.acceptedValues(for: .style)
        #expect(FilterVocabulary.canonical(raw, in: .style) == nil, "drawn from the data, not a static list")
        #expect(
            try snapshot.resolve(raw, among: styles, parameter: "style", aliases: FilterVocabulary.styleAliases)
                == canonical)
    }

    @Test(
        "values outside a vocabulary are refused",
        arguments: [
            ("android", FilterVocabulary.Kind.platform), ("AX6", .category), ("huge", .widgetFamily),
            ("maybe", .ruleKind),
            ("regular", .sizeClass), ("regular-depth", .sizeClass),
        ])
    func refused(raw: String, kind: FilterVocabulary.Kind) {
        #expect(FilterVocabulary.canonical(raw, in: kind) == nil)
    }

    @Test("every canonical value maps to itself")
    func canonicalIsFixedPoint() {
        for kind in FilterVocabulary.Kind.allCases {
            for value in FilterVocabulary.values(of: kind) ?? [] {
                #expect(FilterVocabulary.canonical(value, in: kind) == value, "\(kind) \(value)")
            }
        }
    }

    @Test("data-drawn vocabularies list what the snapshot holds")
    func dataVocabularies() {
        let latest = StoreFixtures.valid.latest
        // In the order the data file's rows hold them (Apple's table order in the shipped data).
        #expect(latest.acceptedValues(for: .style) == ["body", "headline", "largeTitle", "title1"])
        #expect(latest.acceptedValues(for: .font) == ["SF Pro"])
        #expect(latest.acceptedValues(for: .topic).contains("app-icons") == false)
        #expect(latest.acceptedValues(for: .device).count == 5)
        #expect(latest.acceptedValues(for: .platform) == FilterVocabulary.platforms)
    }

    @Test("comparing a value's matching form builds the same key matchKey does")
    func matchKeyComparisonAgreesWithMatchKey() {
        let values = [
            "SF Pro", "SF Compact", "New York", "largeTitle", "title-1", "app_icons", "v.2", "", " ", "Ünïcode Näme",
            "ÉCRAN", "straße",
        ]
        let queries = values + ["sfpro", "SFPRO", "sf pro ", "newyork", "large title", "title1", "appicons", "v2", "x"]
        for value in values {
            for query in queries {
                let key = FilterVocabulary.matchKey(query)
                #expect(
                    FilterVocabulary.matchKey(of: value, is: key) == (FilterVocabulary.matchKey(value) == key),
                    "\(value) against \(query)")
            }
        }
    }

    /// `topic=` takes what the declared collections hold: a new collection with a `topic` field
    /// has its topics accepted without a list to extend.
    @Test("every topic a record of any declared collection holds is accepted by topic=")
    func everyHeldTopicIsAccepted() throws {
        let snapshot = RealDataTests.store.latest
        let accepted = Set(snapshot.acceptedValues(for: .topic))
        var held = 0
        for collection in SpecCollection.allCases {
            let declares = SpecSnapshot.declaring("topic").contains(collection)
            for entry in snapshot.rows(collection) {
                guard let topic = entry.fields["topic"]?.stringValue else { continue }
                #expect(declares && accepted.contains(topic), "\(entry.id): topic \(topic)")
                held += 1
            }
        }
        #expect(held > 400 && SpecSnapshot.declaring("topic").count >= 3)
    }
}
