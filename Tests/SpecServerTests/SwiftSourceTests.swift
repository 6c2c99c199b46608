import Foundation
import SpecAPI
import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

/// `format=swift`: the metrics, Dynamic Type and text-style answers as Swift source that
/// compiles, each constant the figure the JSON gives, with its status and citation beside it.
@Suite struct SwiftSourceTests {
    let app = ApplicationHarness.shared

    /// A stand-in for the few SwiftUI declarations the source names (`Font` and `Color`), compiled as a module called
    /// `SwiftUI` so that `canImport(SwiftUI)` holds and the SwiftUI branch of the source is
    /// type-checked on Linux too. The names are SwiftUI's own, with SwiftUI's labels and defaults;
    /// `extraLargeTitle` is left out, as SwiftUI has it on visionOS only, so the source must not name
    /// it outside `#if os(visionOS)`.
    static let swiftUIStandIn = """
        @_exported import Foundation

        public struct Font: Sendable {
            public enum TextStyle: Sendable {
                case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote
                case caption, caption2
            }
            public enum Design: Sendable { case `default`, serif, rounded, monospaced }
            public struct Weight: Sendable {
                public static let ultraLight = Weight(), thin = Weight(), light = Weight()
                public static let regular = Weight(), medium = Weight(), semibold = Weight()
                public static let bold = Weight(), heavy = Weight(), black = Weight()
            }
            public static func system(_ style: TextStyle, design: Design = .default) -> Font { Font() }
            public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
                Font()
            }
            public func weight(_ weight: Weight) -> Font { self }
        }

        public struct Color: Sendable {
            public enum RGBColorSpace: Sendable { case sRGB, sRGBLinear, displayP3 }
            init() {}
            public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}
            public static let red = Color(), orange = Color(), yellow = Color(), green = Color()
            public static let mint = Color(), teal = Color(), cyan = Color(), blue = Color()
            public static let indigo = Color(), purple = Color(), pink = Color(), brown = Color()
            public static let gray = Color(), black = Color(), white = Color(), clear = Color()
        }

        """

    /// Runs `swiftc` with `arguments` in `directory`; returns its status and diagnostics.
    static func swiftc(_ arguments: [String], in directory: URL) throws -> (status: Int32, diagnostics: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swiftc"] + arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// Type-checks `source` alone with the toolchain's `swiftc` in Swift 6 mode, warnings as errors,
    /// as a project on this platform would compile it: on Linux, without SwiftUI. With
    /// `swiftUI`, a `SwiftUI` module made from ``swiftUIStandIn`` is importable, so the
    /// `#if canImport(SwiftUI)` branch is the one checked. Returns the compiler's diagnostics.
    static func typeCheck(_ source: String, swiftUI: Bool = false) throws -> (status: Int32, diagnostics: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "swift-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(source.utf8).write(to: directory.appendingPathComponent("HIG.swift"))
        var flags = ["-typecheck", "-swift-version", "6", "-warnings-as-errors", "HIG.swift"]
        if swiftUI {
            try Data(swiftUIStandIn.utf8).write(to: directory.appendingPathComponent("SwiftUI.swift"))
            let module = try swiftc(
                [
                    "-emit-module", "-module-name", "SwiftUI", "-parse-as-library", "-swift-version", "6",
                    "-emit-module-path", "SwiftUI.swiftmodule", "SwiftUI.swift",
                ], in: directory)
            guard module.status == 0 else { return module }
            flags += ["-I", "."]
        }
        return try swiftc(flags, in: directory)
    }

    /// Every route that offers `format=swift`, read from the route declarations (a record route
    /// with its declared example record), and answers that exercise notes, pinned versions and
    /// platforms with styles SwiftUI lacks.
    static let swiftPaths: [String] =
        Route.allCases.filter { $0.endpoint.formats.contains(.swift) }.map { route in
            route.endpoint.pathParameter == nil ? route.endpoint.template : route.endpoint.example ?? ""
        } + [
            "/v1/metrics?topic=controls&platform=ios", "/v1/dynamic-type?platform=watchos&category=accessibility3",
            "/v1/metrics?version=2023", "/v1/dynamic-type?version=2023", "/v1/text-styles?platform=tvos",
            "/v1/metrics?topic=tab-bars&status=convention",
        ]

    @Test func everySwiftRouteIsCompiled() {
        let routes = Route.allCases.filter { $0.endpoint.formats.contains(.swift) }
        #expect(routes.count == 8, "the four collections and their record routes")
        for route in routes where route.endpoint.pathParameter != nil {
            #expect(Self.swiftPaths.contains(route.endpoint.example ?? "-"), "\(route)")
        }
    }

    /// The source compiles where Swift does without SwiftUI (this Linux), and where SwiftUI exists.
    @Test(arguments: swiftPaths, [false, true])
    func theSourceCompiles(_ path: String, swiftUI: Bool) throws {
        let answer = app.request(.get, path + (path.contains("?") ? "&" : "?") + "format=swift")
        try #require(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(answer[header: "Content-Type"] == "text/x-swift; charset=utf-8")
        #expect(answer[header: "Content-Disposition"]?.hasSuffix(".swift\"") == true)
        let (status, diagnostics) = try Self.typeCheck(answer.text, swiftUI: swiftUI)
        #expect(status == 0, "\(path), SwiftUI \(swiftUI): \(diagnostics.prefix(2000))")
    }

    /// SwiftUI's types are named only inside the `#if canImport(SwiftUI)` block, so the rest is
    /// portable; the block gives SwiftUI's own text style, weight and font.
    @Test func swiftUIIsNamedOnlyWhereItExists() throws {
        let source = app.request(.get, "/v1/dynamic-type?platform=ios&category=large&format=swift").text
        let parts = source.components(separatedBy: "#if canImport(SwiftUI)")
        try #require(parts.count == 3, "the import and the extensions")
        let code = parts[1].split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
        #expect(!code.contains { $0.contains("Font") }, "SwiftUI's Font outside the SwiftUI block")
        #expect(parts[2].contains("public var swiftUI: Font.TextStyle?"))
        #expect(parts[2].contains("public var swiftUI: Font.Weight"))
        #expect(parts[2].contains("public var font: Font"))
        #expect(parts[1].contains("public let textStyle: TextStyle?"))
    }

    /// A table without an emphasized weight (before Apple added the column) says `nil`, not a weight.
    @Test func aMissingEmphasizedWeightIsNil() {
        let old = app.request(.get, "/v1/dynamic-type?platform=ios&category=large&version=2023&format=swift").text
        #expect(old.contains("emphasizedWeight: nil)"))
        #expect(!old.contains("emphasizedWeight: .regular)"))
        let new = app.request(.get, "/v1/dynamic-type?platform=ios&category=large&format=swift").text
        #expect(new.contains("weight: .regular, emphasizedWeight: .bold)"))
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
}
