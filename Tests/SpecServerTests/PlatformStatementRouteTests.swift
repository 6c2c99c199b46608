import Foundation
import Testing

@testable import HTTPCore
@testable import SpecServer

/// An answer for a platform that holds figures Apple scopes on it quotes Apple's statement, in
/// the JSON envelope, the header fields and the Markdown page.
struct PlatformStatementRouteTests {
    let app = ApplicationHarness.shared
    static let statement = "On macOS, Apple says: 'Use the provided iOS dimensions'"

    @Test("a macOS Live Activity answer quotes 'Use the provided iOS dimensions' with its citation")
    func macOSLiveActivityAnswerQuotesApple() throws {
        let json = app.request(.get, "/v1/metrics?topic=live-activities&platform=macos")
        try #require(json.status == 200)
        let envelope = try #require(json.json)
        let ids = envelope["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids.contains("metric.live-activities.ios.393x852.lock-screen-height"), "\(ids)")
        let notes = envelope["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        let note = try #require(notes.first { $0.contains(Self.statement) }, "\(notes)")
        #expect(note.contains("HIG › Live Activities › Specifications"), "\(note)")
        // The rows carry the citation in full: Apple's words with the page's URL.
        let row = try #require(
            envelope["items"]?.arrayValue?.first { $0["id"] == "metric.live-activities.ios.393x852.lock-screen-height" }
        )
        #expect(
            (row["citations"]?.arrayValue ?? []).contains {
                $0["quote"] == "Use the provided iOS dimensions"
                    && $0["url"]
                        == "https://developer.apple.com/design/human-interface-guidelines/live-activities#Specifications"
            }, "\(row)")
        let headers = try json.values(header: "Spec-Note").map(EmptyAnswerNoteTests.decodeDisplayString)
        #expect(headers.contains(note))

        let markdown = app.request(.get, "/v1/metrics?topic=live-activities&platform=macos&format=md")
        try #require(markdown.status == 200)
        #expect(
            EmptyAnswerNoteTests.markdownText(markdown.text).contains(Self.statement), "\(markdown.text.prefix(600))")
    }

    @Test("before 2025-12-16 the macOS answer has neither the iOS dimensions nor Apple's later words")
    func earlierVersionsSayNothingOfMacOSDimensions() throws {
        let answer = app.request(.get, "/v1/metrics?topic=live-activities&platform=macos&version=2025-09-09")
        try #require(answer.status == 200)
        let envelope = try #require(answer.json)
        let ids = envelope["items"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(!ids.contains { $0.contains(".430x932.") || $0.contains(".393x852.") }, "\(ids)")
        #expect(!answer.text.contains("Use the provided iOS dimensions"))
    }
}
