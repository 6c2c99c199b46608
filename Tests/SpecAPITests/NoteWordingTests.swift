import SpecAPI
import SpecStore
import Testing

/// The server words the store's note references as the URLs of the answers they name; the
/// store's notes hold no URL of their own (issue 7).
struct NoteWordingTests {
    let app = APIHarness.shared
    let store = APIHarness.shared.store

    /// A reference and the URL the API words it as: the filter's canonical form, the fields in
    /// their declared order, text in lower case, as the answer cache keys it.
    static let references: [(NoteReference, String)] = [
        (.tracking(TrackingFilter()), "/v1/tracking"),
        (
            .metrics(MetricFilter(platform: .visionos, topic: "typography")),
            "/v1/metrics?platform=visionos&topic=typography"
        ),
        (.textStyles(TextStyleFilter(platform: .macos)), "/v1/text-styles?platform=macos"),
        (.dynamicType(DynamicTypeFilter(platform: .watchos)), "/v1/dynamic-type?platform=watchos"),
        (
            .widgets(WidgetFilter(platform: .visionos, family: .systemExtraLargePortrait)),
            "/v1/widgets?platform=visionos&family=systemExtraLargePortrait"
        ),
        (
            .widgets(WidgetFilter(screen: ScreenSize(width: 430, height: 932), device: "iPad mini")),
            "/v1/widgets?screen=430x932&device=ipad%20mini"
        ),
        (
            .tracking(TrackingFilter(platform: .ios, font: "SF Pro", size: 17.5)),
            "/v1/tracking?platform=ios&font=sf%20pro&size=17.5"
        ),
    ]

    @Test func aReferenceIsWordedAsTheURLOfItsAnswer() {
        for (reference, url) in Self.references {
            #expect(NoteWording.url(reference) == url)
        }
    }

    @Test func everyReferenceTheStoreMakesNamesAnAnswerWithRows() throws {
        let latest = store.latest
        var notes: [Note] = []
        for platform in Platform.allCases {
            notes += try latest.dynamicType(matching: DynamicTypeFilter(platform: platform)).notes
            notes += try latest.textStyles(matching: TextStyleFilter(platform: platform)).notes
            for family in WidgetFamily.allCases {
                notes += try latest.widgetFamilies(matching: WidgetFamilyFilter(platform: platform, family: family))
                    .notes
            }
        }
        let references = notes.flatMap(\.references)
        #expect(references.count >= 6)
        for reference in references {
            let answer = app.request(.get, NoteWording.url(reference))
            #expect(answer.status == 200, "\(NoteWording.url(reference))")
            #expect((answer.json?["count"]?.doubleValue ?? 0) > 0, "\(NoteWording.url(reference)) answers no rows")
        }
    }

    @Test func theServedNotesAreTheStoresNotesWorded() throws {
        let served = try #require(app.request(.get, "/v1/dynamic-type?platform=macos").json)
        let note = try #require(try store.latest.dynamicType(matching: DynamicTypeFilter(platform: .macos)).notes.first)
        #expect(served["notes"] == [.string(NoteWording.text(note))])
        #expect(
            NoteWording.text(note)
                == "Apple publishes no Dynamic Type size table for this platform, only one table of built-in text styles: see /v1/text-styles?platform=macos."
        )
    }
}
