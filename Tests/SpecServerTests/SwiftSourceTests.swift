import Foundation
import SpecStore
import Testing

@testable import SpecServer

/// `format=swift`: the metrics, Dynamic Type and text-style answers as Swift source that
/// compiles, each constant the figure the JSON gives, with its status and citation beside it.
@Suite struct SwiftSourceTests {
    let app = ApplicationHarness.shared

    /// Stand-ins for SwiftUI's `Font.TextStyle` and `Font.Weight`, declared only so `swiftc` can
    /// type-check the source on a platform without SwiftUI (Foundation supplies `CGFloat`). The
    /// cases are SwiftUI's own names, so a name the source invents fails here as it would there.
    static let swiftUIStandIn = """
        public enum Font {
            public enum TextStyle: Sendable {
                case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote
                case caption, caption2, extraLargeTitle, extraLargeTitle2
            }
            public struct Weight: Sendable {
                public static let ultraLight = Weight(), thin = Weight(), light = Weight()
                public static let regular = Weight(), medium = Weight(), semibold = Weight()
                public static let bold = Weight(), heavy = Weight(), black = Weight()
            }
        }

        """

    /// Type-checks `source` with the toolchain's `swiftc` in Swift 6 mode, warnings as errors;
    /// returns the compiler's diagnostics, empty when it compiles cleanly.
    static func typeCheck(_ source: String) throws -> (status: Int32, diagnostics: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swift-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("HIG.swift")
        let standIn = directory.appendingPathComponent("SwiftUIStandIn.swift")
        try Data(source.utf8).write(to: file)
        try Data(swiftUIStandIn.utf8).write(to: standIn)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", file.path, standIn.path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [
        "/v1/metrics", "/v1/dynamic-type", "/v1/text-styles", "/v1/metrics?topic=controls&platform=ios",
        "/v1/dynamic-type?platform=watchos&category=accessibility3", "/v1/metrics?version=2023",
        "/v1/metrics/metric.controls.ios.minimum-size", "/v1/dynamic-type/type.ios.large.body",
        "/v1/text-styles/text-style.macos.large-title", "/v1/metrics?topic=tab-bars&status=convention",
    ])
    func theSourceCompiles(_ path: String) throws {
        let answer = app.request(.get, path + (path.contains("?") ? "&" : "?") + "format=swift")
        try #require(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(answer[header: "Content-Type"] == "text/x-swift; charset=utf-8")
        #expect(answer[header: "Content-Disposition"]?.hasSuffix(".swift\"") == true)
        let (status, diagnostics) = try Self.typeCheck(answer.text)
        #expect(status == 0, "\(path): \(diagnostics.prefix(2000))")
    }

    @Test func anEmptyAnswerSaysWhyInAComment() {
        let source = app.request(.get, "/v1/metrics?topic=tab-bars&status=convention&format=swift").text
        #expect(source.contains("// Note: Nothing in /v1/metrics matches status convention and topic tab-bars"))
        #expect(source.contains("public enum HIGMetrics {\n}"))
    }

    @Test func acceptNegotiatesSwift() {
        let answer = app.request(.get, "/v1/text-styles", headers: [("Accept", "text/x-swift")])
        #expect(answer.status == 200)
        #expect(answer[header: "Content-Type"] == Format.swift.contentType)
        #expect(answer.text.contains("public enum HIGTextStyles"))
        // A route without Swift source says which formats it has.
        #expect(app.request(.get, "/v1/devices?format=swift").status == 406)
    }

    /// Every number of every metric is a constant with the JSON's value, under a comment naming the
    /// figure's id, status and first citation's URL.
    @Test func everyMetricIsAConstantWithItsStatusAndCitation() throws {
        let rows = try #require(app.request(.get, "/v1/metrics?shape=array").json?.arrayValue)
        let source = app.request(.get, "/v1/metrics?format=swift").text
        let blocks = source.components(separatedBy: "\n\n")
        for row in rows {
            let id = try #require(row["id"]?.stringValue)
            let block = try #require(blocks.first { $0.contains("(`\(id)`)") }, "\(id) has no comment")
            let status = try #require(row["status"]?.stringValue)
            #expect(block.contains("/// Status: \(status)"), "\(id)")
            if let url = row["citations"]?.arrayValue?.first?["url"]?.stringValue {
                #expect(block.contains(url), "\(id) lacks its citation")
            }
            let unit = row["unit"]?.stringValue ?? ""
            for key in ["value", "width", "height", "min", "max"] {
                guard case .number(let number)? = row[key] else { continue }
                let type = unit == "pt" || unit == "px" ? "CGFloat" : (unit == "count" ? "Int" : "Double")
                #expect(block.contains(": \(type) = \(number)"), "\(id).\(key) = \(number) \(unit)")
            }
        }
    }

    /// A style Apple's table shares with SwiftUI names SwiftUI's text style; the sizes are Apple's.
    @Test func stylesNameSwiftUIsTextStyle() throws {
        let source = app.request(.get, "/v1/dynamic-type?platform=ios&category=large&format=swift").text
        #expect(source.contains("public enum iOS {"))
        #expect(source.contains("public enum Large {"))
        let body = try #require(app.request(.get, "/v1/dynamic-type/type.ios.large.body").json?["item"])
        let size = try #require(body["size"]?.doubleValue)
        let leading = try #require(body["leading"]?.doubleValue)
        #expect(
            source.contains(
                "Style(textStyle: .body, size: \(Int(size)), leading: \(Int(leading)), weight: .regular"))
        #expect(source.contains("Style(textStyle: .title, size:"), "Apple's title1 is SwiftUI's .title")
        #expect(source.contains("Style(textStyle: .caption, size:"), "Apple's caption1 is SwiftUI's .caption")
        // watchOS footnote1 has no SwiftUI counterpart: no invented one.
        let watch = app.request(.get, "/v1/dynamic-type?platform=watchos&category=large&format=swift").text
        #expect(watch.contains("Apple's style footnote1 has no SwiftUI text style of its own."))
    }

    @Test(arguments: [
        ("", "value"), ("controls", "controls"), ("live-activities", "liveActivities"),
        ("LiveActivities", "liveActivities"), ("430x932-minimal-width", "_430x932MinimalWidth"),
        ("default", "`default`"),
    ])
    func identifiersAreSwiftNames(text: String, expected: String) {
        #expect(SwiftSource.identifier(text, upper: false) == expected)
    }

    @Test func commentTextCannotEndTheComment() {
        #expect(SwiftSource.commentText("a\nb\r\u{7}c") == "a b  c")
    }
}
