import Foundation
import JSON
import Testing

@testable import SpecStore

/// What arrived when: every API, device model or material a record names has a known first
/// release, so the loader can keep the record absent before it (`subjects`, and the device rows
/// the loader derives models from). The test runs every record of every version through one table.
@Suite("What arrived when: every name a record gives is dated")
struct FirstReleaseTests {
    static var store: SpecStore { RealDataTests.store }

    /// An identifier as an API spells it: `sidebarAdaptable`, `.prominent`, `TabBarMinimizeBehavior`,
    /// `UISceneSizeRestrictions`, `TN3192` (the second capture; the first character is what precedes it).
    static var identifier: Regex<(Substring, Substring)> {
        #/(?:^|[^A-Za-z0-9_#/.\-])(\.?[a-z]+(?:[A-Z][a-z0-9]*)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[A-Z]{2,}[a-z][A-Za-z0-9]+|TN[0-9]{4})/#
    }

    /// Words of that shape that name no API: platforms, products and Dynamic Type sizes, which the
    /// store's versions and device rows date, and the two words of Apple's quotes that are not API.
    static let notAPI: Set<String> = [
        "iOS", "iPadOS", "macOS", "tvOS", "watchOS", "visionOS", "iPhone", "iPhones", "iPad", "iPod",
        "CarPlay", "iMessage", "SwiftUI", "UIKit", "AppKit", "WidgetKit", "VoiceOver", "xSmall", "xLarge", "xxLarge",
        "xxxLarge",
        // Music's player, named in Apple's description of an accessory (the behavior is dated).
        "MiniPlayer",
        // A variable in Apple's example of a string that is not looked up.
        "someStringVariable",
    ]

    /// Names Apple's pages give that no source dates: a record naming one keeps its presence before
    /// its `seen` uncertain, which the test checks, rather than a date nobody published.
    static let undated: [String: String] = [
        "LocalizationKey": "named by Xcode's build-settings reference; its first release is not in the sources"
    ]

    /// Every term of the data file's `subjects`, and the device model names the loader derives.
    static func datedTerms() throws -> Set<String> {
        let file = try JSONValue.parse(Array(FileManager.default.contents(atPath: RealDataTests.path) ?? Data()))
        var terms: Set<String> = []
        for subject in file["subjects"]?.objectValue?.map(\.value) ?? [] {
            for term in subject["terms"]?.arrayValue ?? [] { terms.insert(term.stringValue ?? "") }
        }
        for device in file["devices"]?.arrayValue ?? [] {
            if let name = device["name"]?.stringValue { terms.insert(name) }
        }
        return terms
    }

    @Test("every API a record names, in every state of every version, has a known first release")
    func everyNamedAPIDated() throws {
        let dated = try Self.datedTerms()
        let identifier = Self.identifier
        var seen = 0
        for version in Self.store.versions {
            let snapshot = try Self.store.snapshot(version: version.id)
            for collection in SpecCollection.allCases {
                for entry in snapshot.rows(collection) {
                    guard case .object(let row) = entry.fields else { continue }
                    let text = StoreLoader.subjectText(row)
                    for match in text.matches(of: identifier) {
                        let name = String(match.output.1)
                        seen += 1
                        if Self.notAPI.contains(name) { continue }
                        if Self.undated[name] != nil {
                            #expect(
                                row["presence"]?.stringValue == "uncertain" || row["seen"] == nil
                                    || version.id >= (row["seen"]?.stringValue ?? ""),
                                "\(version.id) \(entry.id) names \(name), which no source dates, yet is certain")
                            continue
                        }
                        #expect(
                            dated.contains(name) || dated.contains(String(name.drop { $0 == "." })),
                            "\(version.id) \(entry.id) names \(name), which no subject dates: add it to a subject (Data/specs.json `subjects`) with its first release"
                        )
                    }
                }
            }
        }
        #expect(seen > 500, "\(seen)")
    }

    @Test(
        "an API, a device model and a material each keep a record absent before they arrived",
        arguments: [
            ("rule.tab-bars.minimize-with-accessory", "2025-03-07", "2025-06-09"),
            ("rule.tab-bars.sidebar-adaptable", "2024-02-02", "2024-09-09"),
            ("rule.toolbars.reduce-backgrounds", "2025-03-07", "2025-06-09"),
        ])
    func absentBeforeArrival(id: String, before: String, from: String) throws {
        #expect(try Self.store.snapshot(version: before).record(id: id) == nil)
        #expect(try Self.store.snapshot(version: from).record(id: id) != nil)
    }

    @Test("a myth keeps iPhone Air out of its words until iPhone Air's row is in Apple's table")
    func deviceNamedFromItsRow() throws {
        let id = "myth.rotation-only-widens"
        let before = try Self.store.snapshot(version: "2025-06-09").record(id: id)
        let after = try Self.store.snapshot(version: "2025-09-09").record(id: id)
        #expect(before?["correction"]?.stringValue?.contains("iPhone Air") == false)
        #expect(after?["correction"]?.stringValue?.contains("iPhone Air") == true)
        #expect(try Self.store.snapshot(version: "2025-09-09").record(id: "device.iphone-air") != nil)
        #expect(try Self.store.snapshot(version: "2025-06-09").record(id: "device.iphone-air") == nil)
    }
}
