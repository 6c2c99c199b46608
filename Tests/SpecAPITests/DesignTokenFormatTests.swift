import JSON
import SpecAPI
import SpecStore
import Testing

@testable import SpecFormats

/// Every token file the service serves, held to the DTCG 2025.10 format rules, and the checker
/// itself shown to catch what those rules forbid.
@Suite struct DesignTokenFormatTests {
    let app = APIHarness.shared

    // MARK: - The checker

    /// The specification's own examples (§8.2 example 39, §8.4 example 41, §8.5 example 42, §9.8
    /// example 58 with the tokens its references name) conform.
    @Test func theSpecificationsExamplesConform() throws {
        let file = try JSONValue.parse(
            Array(
                """
                {
                  "spacing-stack-0": {"$value": {"value": 0, "unit": "px"}, "$type": "dimension"},
                  "spacing-stack-1": {"$value": {"value": 0.5, "unit": "rem"}, "$type": "dimension"},
                  "font-weight-default": {"$value": 350, "$type": "fontWeight"},
                  "font-weight-thick": {"$value": "extra-bold", "$type": "fontWeight"},
                  "Duration-Quick": {"$value": {"value": 100, "unit": "ms"}, "$type": "duration"},
                  "Duration-Long": {"$value": {"value": 1.5, "unit": "s"}, "$type": "duration"},
                  "font": {
                    "serif": {"$type": "fontFamily", "$value": ["Georgia", "serif"]},
                    "size": {"$type": "dimension", "smallest": {"$value": {"value": 10, "unit": "px"}}},
                    "weight": {"normal": {"$type": "fontWeight", "$value": "{font.weight.book}"},
                               "book": {"$type": "fontWeight", "$value": 400}}
                  },
                  "type styles": {
                    "heading-level-1": {"$type": "typography", "$value": {
                      "fontFamily": "Roboto", "fontSize": {"value": 42, "unit": "px"}, "fontWeight": 700,
                      "letterSpacing": {"value": 0.1, "unit": "px"}, "lineHeight": 1.2}},
                    "microcopy": {"$type": "typography", "$value": {
                      "fontFamily": "{font.serif}", "fontSize": "{font.size.smallest}",
                      "fontWeight": "{font.weight.normal}", "letterSpacing": {"value": 0, "unit": "px"},
                      "lineHeight": 1}}
                  }
                }
                """.utf8))
        #expect(DTCGFormatChecker.problems(in: file) == [])
        #expect(DTCGFormatChecker.tokenCount(in: file) == 12)
    }

    /// Files that break one rule each, and the section the checker names.
    @Test(arguments: [
        (#"{"a": {"$value": {"value": 17, "unit": "pt"}, "$type": "dimension"}}"#, "8.2"),
        (#"{"a": {"$value": 17, "$type": "dimension"}}"#, "8.2"),
        (#"{"a": {"$value": {"value": "17", "unit": "px"}, "$type": "dimension"}}"#, "8.2"),
        (#"{"a": {"$value": 17}}"#, "5.2.2"),
        (##"{"a": {"$value": "#FF383C", "$type": "color"}}"##, "8.1"),
        (#"{"a": {"$value": {"colorSpace": "srgb", "components": [1, 0.5, 2]}, "$type": "color"}}"#, "8.1"),
        (
            ##"{"a": {"$value": {"colorSpace": "srgb", "components": [1, 0, 0], "hex": "#00ff00"}, "$type": "color"}}"##,
            "8.1"
        ),
        (#"{"a": {"$value": 17, "$type": "Number"}}"#, "5.2.2"),
        (#"{"a": {"$value": 8, "$type": "duration"}}"#, "8.5"),
        (#"{"a": {"$value": {"value": 8, "unit": "h"}, "$type": "duration"}}"#, "8.5"),
        (#"{"a": {"$value": 1200, "$type": "fontWeight"}}"#, "8.4"),
        (#"{"a": {"$value": "Bold", "$type": "fontWeight"}}"#, "8.4"),
        (#"{"a": {"$value": 3, "$type": "fontFamily"}}"#, "8.3"),
        (#"{"a": {"$value": "3", "$type": "number"}}"#, "8.7"),
        (#"{"a": {"$value": [1.5, 0, 1, 1], "$type": "cubicBezier"}}"#, "8.6"),
        (#"{"a.b": {"$value": 1, "$type": "number"}}"#, "5.1.1"),
        (#"{"g": {"$value": 1, "$type": "number", "child": {"$value": 2, "$type": "number"}}}"#, "6.1"),
        (#"{"a": {"$value": 1, "$type": "number", "$extensions": {"vendor": 1}}}"#, "5.2.3"),
        (#"{"a": {"$value": 1, "$type": "number", "$description": 7}}"#, "5.2.1"),
        (#"{"g": {"$kind": "x"}}"#, "6.3"),
        (#"{"a": {"$value": "{missing}", "$type": "number"}}"#, "7.1.1"),
        (#"{"g": {"$type": "number", "x": {"$value": 1}}, "a": {"$value": "{g}", "$type": "number"}}"#, "7.1.1"),
        (#"{"a": {"$value": "{b}", "$type": "number"}, "b": {"$value": "{a}", "$type": "number"}}"#, "7.2.3"),
        (#"{"a": {"$value": "{b}"}, "b": {"$value": "{a}"}}"#, "5.2.2"),
        (#"{"a": {"$value": "{b}", "$type": "number"}, "b": {"$value": "x", "$type": "fontFamily"}}"#, "7.2"),
        (
            #"{"t": {"$type": "typography", "$value": {"fontFamily": "SF Pro", "fontSize": {"value": 17, "unit": "px"}, "fontWeight": 400, "lineHeight": 1.3}}}"#,
            "9.8"
        ),
        (
            #"{"t": {"$type": "typography", "$value": {"fontFamily": "SF Pro", "fontSize": {"value": 17, "unit": "px"}, "fontWeight": 400, "letterSpacing": {"value": 0, "unit": "px"}, "lineHeight": {"value": 22, "unit": "px"}}}}"#,
            "8.7"
        ),
    ])
    func theCheckerCatchesEachBrokenRule(file: String, section: String) throws {
        let problems = DTCGFormatChecker.problems(in: try JSONValue.parse(Array(file.utf8)))
        #expect(problems.contains { $0.section == section }, "\(file): \(problems)")
    }

    // MARK: - Every file the service serves

    /// The token files, by URL: every category of every Dynamic Type platform (those with
    /// published sizes), the metrics (whole and filtered), the text styles, each flat and not.
    static let tokenURLs: [String] = {
        var urls: [String] = []
        for platform in RouteQueries.tokenPlatforms {
            for category in FilterVocabulary.categories {
                urls.append("/v1/tokens/dynamic-type/\(category)?platform=\(platform)")
            }
        }
        urls += [
            "/v1/tokens/metrics", "/v1/tokens/metrics?topic=app-icons", "/v1/tokens/metrics?topic=live-activities",
            "/v1/tokens/metrics?platform=watchos&status=published", "/v1/tokens/text-styles",
            "/v1/tokens/text-styles?platform=tvos", "/v1/tokens/dynamic-type/large?version=2023",
        ]
        urls += FilterVocabulary.appearances.flatMap { appearance in
            [
                "/v1/tokens/colors/\(appearance)", "/v1/tokens/colors/\(appearance)?platform=visionos",
                "/v1/tokens/colors/\(appearance)?version=2023",
            ]
        }
        return urls.flatMap { [$0, $0 + ($0.contains("?") ? "&" : "?") + "flat=true"] }
    }()

    @Test(arguments: tokenURLs)
    func everyTokenFileConformsToDTCG(url: String) throws {
        let answer = app.request(.get, url)
        if answer.status == 404 {
            // A category without published sizes has no file at all, never an empty one.
            #expect(answer.json?["error"]?["code"]?.stringValue == "not_published", "\(url): \(answer.text)")
            return
        }
        #expect(answer.status == 200, "\(url): \(answer.text.prefix(300))")
        let file = try #require(answer.json)
        let problems = DTCGFormatChecker.problems(in: file)
        #expect(problems.isEmpty, "\(url): \(problems.prefix(5))")
        #expect(DTCGFormatChecker.tokenCount(in: file) > 0, "\(url) has no tokens")
    }

    @Test(arguments: RouteQueries.tokenPlatforms)
    func everyTokensStudioSetConformsAndEveryCategoryIsAModeOrANote(platform: String) throws {
        let document = try #require(app.request(.get, "/v1/tokens/tokens-studio?platform=\(platform)").json)
        let orderValues = try #require(document["$metadata"]?["tokenSetOrder"]?.arrayValue)
        let order = orderValues.compactMap(\.stringValue)
        let themes = try #require(document["$themes"]?.arrayValue)
        #expect(themes.count == order.count)
        // The Dynamic Type sets, then one color set per appearance (a theme group of its own).
        let colorSets = FilterVocabulary.appearances.map { "colors/\($0)" }
        #expect(Array(order.suffix(colorSets.count)) == colorSets)
        let typeSets = Array(order.dropLast(colorSets.count))
        for group in [typeSets, colorSets] {
            var shapes: Set<Int> = []
            for name in group {
                let set = try #require(document[name], "\(name) is listed but absent")
                #expect(DTCGFormatChecker.problems(in: set) == [], "\(name)")
                shapes.insert(DTCGFormatChecker.tokenCount(in: set))
            }
            #expect(shapes.count == 1, "every mode has the same token set")
        }
        #expect(themes.filter { $0["group"] == "Appearance" }.count == colorSets.count)
        let rows = try #require(app.request(.get, "/v1/dynamic-type?platform=\(platform)").json?["items"]?.arrayValue)
        let published = Set(rows.compactMap { $0["category"]?.stringValue })
        #expect(typeSets == FilterVocabulary.categories.filter(published.contains).map { "\(platform)/\($0)" })
        let notes = document["$metadata"]?[DesignTokens.extensionKey]?["notes"]?.arrayValue ?? []
        if published.count < FilterVocabulary.categories.count {
            #expect(notes.count == 1)
            for category in FilterVocabulary.categories where !published.contains(category) {
                #expect(notes.first?.stringValue?.contains(category) == true)
                let file = app.request(.get, "/v1/tokens/dynamic-type/\(category)?platform=\(platform)")
                #expect(file.status == 404)
            }
        } else {
            #expect(notes.isEmpty)
        }
    }

    /// Each composite token's `letterSpacing` is Apple's tracking at its size, its `lineHeight`
    /// times the size is Apple's leading, and its references name the style's own tokens.
    @Test(arguments: ["/v1/tokens/dynamic-type/large", "/v1/tokens/dynamic-type/accessibility3?platform=watchos"])
    func compositeTypographyComesFromTheTrackingTable(url: String) throws {
        let file = try #require(app.request(.get, url).json)
        let platform = file["$extensions"]?[DesignTokens.extensionKey]?["platform"]?.stringValue ?? "ios"
        let family = DesignTokens.fontFamily(platform: platform)
        let tracking = try #require(
            app.request(
                .get, "/v1/tracking?platform=\(platform)&font=\(family.replacingOccurrences(of: " ", with: "%20"))"
            )
            .json?["items"]?.arrayValue)
        let typography = try #require(file["typography"]?.objectValue)
        var composites = 0
        for (style, group) in typography where !style.hasPrefix("$") {
            guard let composite = group["style"] else {
                #expect(group["$description"]?.stringValue?.contains("No composite typography token") == true)
                continue
            }
            composites += 1
            let size = try #require(group["fontSize"]?["$value"]?["value"]?.doubleValue)
            let leading = try #require(group["lineHeight"]?["$value"]?["value"]?.doubleValue)
            let row = try #require(tracking.first { $0["size"]?.doubleValue == size }, "\(style) at \(size) pt")
            let value = try #require(composite["$value"])
            #expect(value["letterSpacing"]?["value"]?.doubleValue == row["trackingPt"]?.doubleValue)
            #expect(value["letterSpacing"]?["unit"]?.stringValue == "px")
            let lineHeight = try #require(value["lineHeight"]?.doubleValue)
            #expect(abs(lineHeight * size - leading) < 1e-9)
            #expect(value["fontSize"]?.stringValue == "{typography.\(style).fontSize}")
        }
        #expect(composites >= 9)
    }

    @Test func durationsAreDTCGDurationsAndPixelsSaySo() throws {
        let file = try #require(app.request(.get, "/v1/tokens/metrics?topic=live-activities").json)
        let longest = try #require(file["live-activities"]?["all"]?["maximum-duration"])
        #expect(longest["$type"]?.stringValue == "duration")
        #expect(longest["$value"]?["value"]?.doubleValue == 28_800.0)
        #expect(longest["$value"]?["unit"]?.stringValue == "s")
        let icons = try #require(app.request(.get, "/v1/tokens/metrics?topic=app-icons").json)
        let layout = try #require(icons["app-icons"]?["ios"]?["layout-size"])
        #expect(layout["$description"]?.stringValue?.contains("real pixels") == true)
        #expect(layout["width"]?["$extensions"]?[DesignTokens.extensionKey]?["unit"]?.stringValue == "px")
    }

    @Test func metricTokensTakeTheMetricFilters() throws {
        let watch = try #require(app.request(.get, "/v1/tokens/metrics?platform=watchos").json?.objectValue)
        let all = try #require(app.request(.get, "/v1/tokens/metrics").json?.objectValue)
        #expect(DTCGFormatChecker.tokenCount(in: .object(watch)) < DTCGFormatChecker.tokenCount(in: .object(all)))
        let conventions = try #require(app.request(.get, "/v1/tokens/metrics?status=convention").json)
        #expect(conventions.serialized().contains("\"status\":\"published\"") == false)
        #expect(app.request(.get, "/v1/tokens/metrics?topic=nonsense").status == 400)
        #expect(app.request(.get, "/v1/tokens/metrics?colour=red").status == 400)
    }

    @Test func textStyleTokensCoverTheOtherPlatforms() throws {
        let file = try #require(app.request(.get, "/v1/tokens/text-styles").json)
        #expect(file["typography"]?["macos"]?["body"]?["fontSize"]?["$value"]?["value"]?.doubleValue == 13)
        #expect(file["typography"]?["tvos"]?["body"]?["fontSize"]?["$value"]?["value"]?.doubleValue == 29)
        #expect(file["typography"]?["macos"]?["body"]?["style"]?["$type"]?.stringValue == "typography")
        #expect(app.request(.get, "/v1/tokens/text-styles?platform=ios").status == 400)
    }
}

/// The color token files: one per appearance, the same tokens in each, Apple's values.
@Suite struct ColorTokenTests {
    let app = APIHarness.shared

    @Test func everyAppearanceHasTheSameTokensWithApplesValues() throws {
        var names: Set<[String]> = []
        for appearance in ColorAppearance.allCases {
            let file = try #require(app.request(.get, "/v1/tokens/colors/\(appearance.rawValue)").json)
            let group = try #require(file["color"]?.objectValue)
            names.insert(group.keys + (group["ios"]?.objectValue?.keys ?? []))
            let red = try #require(file["color"]?["all"]?["red"])
            #expect(red["$type"] == "color")
            let rows = try #require(app.request(.get, "/v1/colors/color.all.red").json?["item"])
            #expect(red["$value"]?["hex"]?.stringValue == rows[appearance.field]?["hex"]?.stringValue?.lowercased())
            #expect(red["$extensions"]?[DesignTokens.extensionKey]?["id"] == "color.all.red")
        }
        #expect(names.count == 1, "every mode has the same token set")
        // 2023: visionOS's one-column table has no value per appearance; the file says it left it out.
        let old = try #require(app.request(.get, "/v1/tokens/colors/dark?version=2023").json)
        #expect(old["color"]?["visionos"] == nil)
        let notes = old["$extensions"]?[DesignTokens.extensionKey]?["notes"]?.arrayValue ?? []
        #expect(notes.first?.stringValue?.contains("color.visionos.red") == true)
        #expect(app.request(.get, "/v1/tokens/colors/sepia").status == 400)
    }
}
