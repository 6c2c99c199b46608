import Testing

@testable import SpecStore

/// A citation's section is Apple's heading on its page, and its page title is its URL's page.
@Suite("Citations name Apple's headings and pages")
struct AppleHeadingTests {
    static let widgets = "https://developer.apple.com/design/human-interface-guidelines/widgets"

    @Test(
        "Apple's anchors are the heading's words joined by dashes",
        arguments: [
            ("Item groupings", "Item-groupings"), ("iOS, iPadOS device size classes", "iOS-iPadOS-device-size-classes"),
            ("Specifications ", "Specifications"), ("watchOS", "watchOS"), ("16:9", "169"),
            ("Custom logo-only buttons", "Custom-logo-only-buttons"),
        ])
    func anchors(heading: String, anchor: String) {
        #expect(AppleHeading.anchor(of: heading) == anchor)
    }

    @Test(
        "a section is a heading its URL's anchor names, or absent; a HIG page's title is its URL's",
        arguments: [
            ("HIG › Widgets", "Specifications › iOS dimensions", "\(widgets)#Specifications", nil),
            ("HIG › Widgets", nil, widgets, nil),
            ("HIG › Widgets", "", widgets, nil),
            (
                "HIG › Toolbars", "Item groupings",
                "https://developer.apple.com/design/human-interface-guidelines/toolbars#Item-groupings", nil
            ),
            // A transcription's figure label: no anchor shows it to be Apple's heading.
            ("HIG › Widgets", "Standard widget margin", widgets, "section"),
            (
                "HIG › Tab bars", "Tab bar height / top offset",
                "https://developer.apple.com/design/human-interface-guidelines/tab-bars", "section"
            ),
            // A heading that is not the one the anchor names.
            ("HIG › Widgets", "Specifications (per-size tables)", "\(widgets)#Specifications", "section"),
            // A transcription's table label under Apple's anchored heading: a range, a gloss, a unit.
            (
                "HIG › Typography",
                "Specifications › iOS, iPadOS Dynamic Type sizes (xSmall..xxxLarge) and larger accessibility type sizes (AX1..AX5)",
                "https://developer.apple.com/design/human-interface-guidelines/typography#Specifications", "section"
            ),
            (
                "HIG › Layout", "Platform considerations › tvOS › Grids (two- to nine-column)",
                "https://developer.apple.com/design/human-interface-guidelines/layout#tvOS", "section"
            ),
            (
                "HIG › Typography", "Specifications › iOS, iPadOS larger accessibility type sizes",
                "https://developer.apple.com/design/human-interface-guidelines/typography#Specifications", nil
            ),
            // A title that is another page's.
            ("HIG › Layout", nil, widgets, "page"),
            ("Widgets", nil, widgets, "page"),
            (
                "TN3187: Migrating to the UIKit scene-based life cycle", nil,
                "https://developer.apple.com/documentation/technotes/tn3192-migrating-your-app-from-the-deprecated-uirequiresfullscreen-key",
                "page"
            ),
            (
                "TN3192: Migrating your iPad app from the deprecated UIRequiresFullScreen key", nil,
                "https://developer.apple.com/documentation/technotes/tn3192-migrating-your-app-from-the-deprecated-uirequiresfullscreen-key",
                nil
            ),
        ] as [(String, String?, String, String?)])
    func problems(page: String, section: String?, url: String, field: String?) {
        #expect(AppleHeading.problem(page: page, section: section, url: url)?.field == field)
    }

    @Test("the loader refuses a figure label as a section, naming the record's citation")
    func loaderRefusesFigureLabel() throws {
        let label = BrokenFile.setting("$.devices[0].citations[0].section", to: "Standard widget margin")
        #expect {
            try SpecStore.load(bytes: label.bytes, sourceName: "minimal.json")
        } throws: { error in
            let error = error as? SpecStoreError
            return error?.code == .badCitation && error?.jsonPath == "$.devices[0].citations[0].section"
        }
        let page = BrokenFile.setting("$.devices[0].citations[0].page", to: "HIG › Widgets")
        #expect {
            try SpecStore.load(bytes: page.bytes, sourceName: "minimal.json")
        } throws: { error in
            let error = error as? SpecStoreError
            return error?.code == .badCitation && error?.jsonPath == "$.devices[0].citations[0].page"
        }
    }
}
