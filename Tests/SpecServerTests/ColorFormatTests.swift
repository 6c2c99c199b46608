import JSON
import SpecStore
import Testing

@testable import SpecFormats
@testable import SpecServer

/// `/v1/colors` in the formats made for it: Swift that compiles where SwiftUI is absent, CSS custom
/// properties per appearance, and the colors page's swatches.
@Suite struct ColorFormatTests {
    let app = ApplicationHarness.shared

    @Test(arguments: [
        "/v1/colors", "/v1/colors?version=2023", "/v1/colors/color.all.indigo", "/v1/colors?platform=tvos&version=2023",
    ])
    func theSwiftSourceCompiles(_ path: String) throws {
        let answer = app.request(.get, path + (path.contains("?") ? "&" : "?") + "format=swift")
        try #require(answer.status == 200, "\(answer.text.prefix(300))")
        #expect(answer[header: "Content-Type"] == "text/x-swift; charset=utf-8")
        let (status, diagnostics) = try SwiftSourceTests.typeCheck(answer.text)
        #expect(status == 0, "\(path): \(diagnostics.prefix(2000))")
    }

    @Test func swiftNamesSwiftUIsAdaptiveColorFirstAndAppleValuesAfter() throws {
        let source = app.request(.get, "/v1/colors?format=swift").text
        let indigo = try #require(source.range(of: "public enum Indigo {"))
        let rest = source[indigo.upperBound...]
        let system = try #require(rest.range(of: "public static let system = Color.indigo"))
        let dark = try #require(
            rest.range(
                of: ##"public static let dark = HIGColorValue(red: 109, green: 124, blue: 255, hex: "#6D7CFF")"##))
        #expect(system.lowerBound < dark.lowerBound)
        #expect(source.contains("#if canImport(SwiftUI) && canImport(UIKit)\n        /// UIKit's adaptive systemGray2"))
        // The 2023 gray column printed systemGray2 under SwiftUI API: no Color member of that name.
        let old = app.request(.get, "/v1/colors?format=swift&version=2023").text
        #expect(!old.contains("Color.systemGray2"))
        #expect(old.contains("public static let value = HIGColorValue(red: 255, green: 69, blue: 58"))
    }

    /// The Activity ring colors, one value each for every appearance, reach every output a token
    /// pipeline reads: each appearance's token file, the style sheet's root, Swift and CSV.
    @Test func theActivityRingColorsAreInEveryOutput() throws {
        for appearance in ColorAppearance.allCases {
            let file = try #require(app.request(.get, "/v1/tokens/colors/\(appearance.rawValue)").json)
            let move = try #require(file["color"]?["activity-rings"]?["move"], "\(appearance)")
            #expect(move["$value"]?["hex"] == "#fa114f")
            #expect(move["$description"] == "Move (Activity ring colors), one value for every appearance.")
            let provenance = move["$extensions"]?[DesignTokens.extensionKey]
            #expect(provenance?["confidence"] == "single-copy")
            #expect(provenance?["asPublished"] == "R-250,G-17,B-79")
        }
        let css = app.request(.get, "/v1/colors?format=css").text
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark) {"))
        #expect(
            css[..<dark.lowerBound].contains(
                "  /* Apple gives this color one value, for every appearance. */\n  --hig-color-activity-rings-stand: #00FFF6;"
            ))
        #expect(!css[dark.lowerBound...].contains("activity-rings"))
        let swift = app.request(.get, "/v1/colors?name=exercise&format=swift").text
        #expect(swift.contains("public enum ActivityRingsExercise {"))
        #expect(swift.contains("/// Confidence: single-copy."))
        #expect(
            swift.contains(##"public static let value = HIGColorValue(red: 166, green: 255, blue: 0, hex: "#A6FF00")"##)
        )
        let csv = app.request(.get, "/v1/colors?name=move&format=csv").text.split(separator: "\r\n")
        #expect(csv.first?.hasSuffix(",notes,sameInEveryAppearance,confidence") == true, "\(csv.first ?? "")")
        #expect(csv.last?.hasSuffix(",true,single-copy") == true, "\(csv.last ?? "")")
    }

    @Test func cssHasALightRootAndABlockPerAppearance() throws {
        let answer = app.request(.get, "/v1/colors?format=css")
        #expect(answer.status == 200)
        #expect(answer[header: "Content-Type"] == "text/css; charset=utf-8")
        let css = answer.text
        let dark = try #require(css.range(of: "@media (prefers-color-scheme: dark) {"))
        let contrast = try #require(css.range(of: "@media (prefers-contrast: more) {"))
        let both = try #require(css.range(of: "@media (prefers-color-scheme: dark) and (prefers-contrast: more) {"))
        #expect(dark.lowerBound < contrast.lowerBound && contrast.lowerBound < both.lowerBound)
        #expect(css[..<dark.lowerBound].contains("--hig-color-indigo: #6155F5;"))
        #expect(css[dark.upperBound..<contrast.lowerBound].contains("--hig-color-indigo: #6D7CFF;"))
        #expect(css[contrast.upperBound..<both.lowerBound].contains("--hig-color-indigo: #564ADE;"))
        #expect(css[both.upperBound...].contains("--hig-color-indigo: #A7AAFF;"))
        #expect(css[both.upperBound...].contains("--hig-color-ios-gray-2: #7C7C80;"))
        // Every comment is closed once: no text ends one early.
        #expect(css.components(separatedBy: "/*").count == css.components(separatedBy: "*/").count)
        #expect(ColorStyleSheet.comment("a */ b") == "a * / b")
        // Read as bytes: each `*/` split, `**/` and `*/*/` included, a control character a space
        // (which never makes a `*/`), and non-ASCII text kept as it is.
        #expect(
            ColorStyleSheet.comment("**/ */*/ *\n/ \u{7F}x\ty › 44×44 */\u{301}")
                == "** / * /* / * /  x y › 44×44 * /\u{301}")
        #expect(ColorStyleSheet.property(["id": "color.all.Gray_2.x"]) == "--hig-color-gray-2-x")
        #expect(ColorStyleSheet.property(["id": "color.ios..gray-2"]) == "--hig-color-ios-gray-2")
        #expect(ColorStyleSheet.property(["id": "color.grün"]) == "--hig-color-grün")
        #expect(ColorStyleSheet.property(["name": "no id"]) == nil)
        // 2023: visionOS's one-column rows set their value on :root only, and say so.
        let old = app.request(.get, "/v1/colors?format=css&version=2023&platform=visionos").text
        #expect(old.contains("--hig-color-visionos-red: #FF453A;"))
        #expect(!old.contains("@media"))
        #expect(app.request(.get, "/v1/metrics?format=css").status == 406)
    }

    @Test func theColorsPageShowsASwatchBesideEachValue() {
        let page = app.request(.get, "/v1/colors?format=html").text
        #expect(page.contains("background:#6D7CFF\"></span>#6D7CFF"))
        // Four per system color and gray, one per Activity ring color (its one value).
        #expect(page.components(separatedBy: "class=\"hig-swatch\"").count - 1 == 12 * 4 + 6 * 4 + 3)
        #expect(page.contains("background:#FA114F\"></span>#FA114F"))
    }

    @Test func theCheckRouteJudgesContrast() throws {
        let answer = app.request(
            .get, "/v1/check?foreground=%23FFFFFF&background=indigo&appearance=light&textSize=17")
        #expect(answer.status == 200, "\(answer.text)")
        let row = try #require(answer.json?["items"]?.arrayValue?.first)
        #expect(row["contrast"]?["ratioIs"] == "computed")
        #expect(row["contrast"]?["minimumIs"] == "published")
        #expect(row["metric"] == nil, "the figure is embedded only when asked")
        // What a contrast check cannot judge is its one item's error, as for a measurement.
        for path in [
            "/v1/check?foreground=%23FFFFFF&background=%23000000&value=3", "/v1/check?foreground=%23FFFFFF&textSize=12",
            "/v1/check?foreground=0&background=%23000000&category=xSmall", "/v1/check?textSize=0",
        ] {
            let answer = app.request(.get, path)
            #expect(answer.status == 200, "\(path)")
            #expect(answer.text.contains("\"error\":{\"status\":400"), "\(path): \(answer.text.prefix(300))")
        }
        #expect(app.request(.get, "/v1/check?foreground=%23FFFFFF&background=%23000000&shade=3").status == 400)
        #expect(app.request(.get, "/v1/check?textSize=AAA").status == 400)
        #expect(app.request(.get, "/v1/check?foreground=%23FFFFFF&background=%23000000&appearance=sepia").status == 400)
        let embedded = app.request(
            .get, "/v1/check?foreground=%23FFFFFF&background=%23000000&bold=true&embed=figure"
        ).json
        #expect(
            embedded?["items"]?.arrayValue?.first?["metric"]?["id"] == "metric.accessibility.all.contrast-bold-text")
    }

    @Test func theBatchJudgesContrastAsTheGetDoes() throws {
        // Each batch item with contrast members is answered as the GET with the same parameters:
        // the same row (after its index and id), or the same error as the item's own.
        // (The GET reads its query in lower case, so the colors are written so here.)
        let cases: [(item: String, query: String)] = [
            (
                ##"{"foreground":"#ffffff","background":"indigo","appearance":"light","textSize":17}"##,
                "foreground=%23ffffff&background=indigo&appearance=light&textSize=17"
            ),
            (
                ##"{"foreground":"#777777","background":"#ffffff","bold":true}"##,
                "foreground=%23777777&background=%23ffffff&bold=true"
            ),
            (##"{"foreground":"#ffffff","textSize":12}"##, "foreground=%23ffffff&textSize=12"),
            (
                ##"{"foreground":"#ffffff","background":"#000000","value":3}"##,
                "foreground=%23ffffff&background=%23000000&value=3"
            ),
            (
                ##"{"foreground":"#ffffff","background":"#000000","appearance":"sepia"}"##,
                "foreground=%23ffffff&background=%23000000&appearance=sepia"
            ),
        ]
        let body =
            "["
            + cases.enumerated().map { "{\"id\":\"n\($0.offset)\"," + $0.element.item.dropFirst() }
            .joined(separator: ",") + "]"
        let answer = app.request(.post, "/v1/check", body: Array(body.utf8))
        try #require(answer.status == 200, "\(answer.text.prefix(300))")
        let rows = try #require(answer.json?["items"]?.arrayValue)
        try #require(rows.count == cases.count)
        for (index, (row, query)) in zip(rows, cases.map(\.query)).enumerated() {
            #expect(row["index"] == JSONValue(integerLiteral: index))
            #expect(row["id"] == .string("n\(index)"))
            var judged = row.objectValue ?? JSONObject()
            judged["index"] = nil
            judged["id"] = nil
            let get = app.request(.get, "/v1/check?" + query)
            if get.status == 200 {
                #expect(get.json?["items"]?.arrayValue?.first == .object(judged), "\(query)")
            } else {
                // What the GET refuses whole is the item's own error in a batch.
                #expect(judged["error"]?["code"] == get.json?["error"]?["code"], "\(query): \(row)")
                #expect(judged["error"]?["parameter"] == get.json?["error"]?["parameter"], "\(query)")
            }
        }
        #expect(rows[0]["result"] != nil && rows[0]["contrast"]?["ratioIs"] == "computed")
        #expect(rows[2]["error"]?["parameter"] == "background")
        #expect(rows[4]["error"]?["code"] == "unknown_value")
        // The body is JSON: a text size in a string or bold as a word is the item's error.
        let typed = app.request(
            .post, "/v1/check",
            body: Array(
                ##"[{"foreground":"#FFF","background":"#000","textSize":"17"},{"foreground":"#FFF","background":"#000","bold":"yes"}]"##
                    .utf8))
        let errors = typed.json?["items"]?.arrayValue?.map { $0["error"]?["parameter"] }
        #expect(errors == [.string("textSize"), .string("bold")], "\(typed.text.prefix(400))")
    }
}
