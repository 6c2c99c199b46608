import JSON
import SpecStore
import Testing

@testable import SpecFormats

/// `POST /v1/check` as a design-tool linter uses it: a frame's measurements, each answered in
/// order with the caller's id, a malformed one refused in its own row.
@Suite struct CheckBatchTests {
    let app = APIHarness.shared

    func post(_ body: String, query: String = "") throws -> [JSONValue] {
        let answer = app.request(.post, "/v1/check" + query, body: Array(body.utf8))
        #expect(answer.status == 200, "\(answer.text)")
        return try #require(answer.json?["items"]?.arrayValue)
    }

    @Test func everyItemIsAnsweredInOrderWithTheCallersID() throws {
        let items = try post(
            #"""
            [{"id": "12:34", "figure": "metric.controls.ios.minimum-size", "width": 20, "height": 20},
             {"id": "12:35", "figure": "metric.controls.ios.minimum-size", "heigth": 20, "width": 20},
             {"id": "12:36", "figure": "metric.controls.ios.minimum-size", "width": "20", "height": 20},
             {"id": "12:37", "figure": "metric.controls.ios.minimum-size", "width": -5, "height": 20},
             {"id": "12:38", "figure": "metric.no-such-figure", "value": 3},
             {"id": 39, "figure": "metric.controls.ios.minimum-size", "width": 44, "height": 44},
             {"figure": "metric.controls.ios.minimum-size", "width": 44, "height": 44},
             {"id": "12:40", "figure": {}, "value": 1}]
            """#)
        #expect(items.count == 8)
        #expect(items.map { $0["index"]?.doubleValue } == (0..<8).map { Double($0) })
        // A figure that is not a string is named in the error, not echoed.
        #expect(items[7]["figure"] == nil)
        #expect(items[7]["error"]?["parameter"]?.stringValue == "figure")
        #expect(items.prefix(5).map { $0["id"]?.stringValue } == ["12:34", "12:35", "12:36", "12:37", "12:38"])
        #expect(items[0]["result"]?.stringValue == "below-published")
        #expect(items[0]["error"] == nil)
        // The misspelt key, the string, the negative size, the unknown figure and the number id:
        // each its own error naming what is wrong.
        let errors = items[1...5].map { $0["error"] }
        #expect(errors.map { $0?["parameter"]?.stringValue } == ["heigth", "width", "width", "figure", "id"])
        #expect(
            errors.map { $0?["code"]?.stringValue } == [
                "unknown_parameter", "invalid_value", "invalid_value", "unknown_value", "invalid_value",
            ])
        #expect(errors[2]?["message"]?.stringValue?.contains("negative") == true)
        // No whole list of metric ids in an error row: the hint says where to find them.
        #expect(errors[3]?["accepted"] == nil)
        #expect(items[5]["id"] == nil, "an id that is not a string is named in the error, not echoed")
        #expect(items[6]["result"]?.stringValue == "ok")
        #expect(items[6]["id"] == nil)
    }

    @Test func theWholeRequestFailsOnlyWhenTheBodyIsNotAnArrayOfObjects() {
        for body in ["{}", "[1, 2]", "[{\"figure\": \"metric.controls.ios.minimum-size\"}, \"x\"]", "[", "null"] {
            let answer = app.request(.post, "/v1/check", body: Array(body.utf8))
            #expect(answer.status == 400, "\(body)")
            #expect(answer.json?["error"]?["code"]?.stringValue == "bad_body")
        }
        #expect(app.request(.post, "/v1/check", body: Array("[]".utf8)).status == 200)
    }

    @Test func resultsNameTheFigureAndEmbedItOnlyWhenAsked() throws {
        let body = #"[{"figure": "metric.controls.ios.minimum-size", "width": 20, "height": 20}]"#
        let bare = try post(body)
        #expect(bare[0]["figure"]?.stringValue == "metric.controls.ios.minimum-size")
        #expect(bare[0]["metric"] == nil)
        let embedded = try post(body, query: "?embed=figure")
        #expect(embedded[0]["metric"]?["id"]?.stringValue == "metric.controls.ios.minimum-size")
        #expect(embedded[0]["metric"]?["citations"]?.arrayValue?.isEmpty == false)
        #expect(bare[0].serialized().utf8.count < embedded[0].serialized().utf8.count)
        // Without the figure, its citation still comes: page, section and URL.
        let citation = try #require(bare[0]["citation"])
        #expect(
            citation
                == embedded[0]["metric"]?["citations"]?.arrayValue?.first.map { first in
                    JSONValue.object(
                        JSONObject(first.objectValue!.filter { $0.key != "quote" }.map { ($0.key, $0.value) }))
                })
        #expect(embedded[0]["citation"] == nil)
        let get = app.request(.get, "/v1/check?figure=metric.controls.ios.minimum-size&width=20&height=20")
        #expect(get.json?["items"]?.arrayValue?.first?["metric"] == nil)
        #expect(app.request(.post, "/v1/check?embed=everything", body: Array(body.utf8)).status == 400)
    }

    /// A result carries the figure's own `force` when the store has one, and none is invented.
    @Test func forceIsTheFiguresOwnWording() throws {
        let metrics = try #require(app.request(.get, "/v1/metrics").json?["items"]?.arrayValue)
        let body =
            "["
            + metrics.compactMap { metric -> String? in
                guard let id = metric["id"]?.stringValue else { return nil }
                if metric["width"]?.doubleValue != nil { return #"{"figure":"\#(id)","width":1,"height":1}"# }
                if metric["minCategory"] != nil { return #"{"figure":"\#(id)","category":"large"}"# }
                return #"{"figure":"\#(id)","value":1}"#
            }.joined(separator: ",") + "]"
        let items = try post(body, query: "?embed=figure")
        #expect(items.count == metrics.count)
        for item in items {
            #expect(item["error"] == nil, "\(item)")
            // A null force and no force say the same: the citation gives no wording.
            #expect(
                item["force"]?.stringValue == item["metric"]?["force"]?.stringValue,
                "\(item["figure"].map { $0.serialized() } ?? "")")
        }
    }

    @Test(arguments: [
        ("metric.convention.bars.tab-count", 7.0, "7 items", "2–5 items"),
        ("metric.accessibility.all.contrast-text-18pt", 2.0, "2:1", "3:1"),
        ("metric.widgets.visionos.scale-range", 130.0, "130%", "75–125%"),
        ("metric.live-activities.all.maximum-duration", 9.0, "9 h", "8 h"),
    ])
    func messagesUseTheFiguresOwnUnits(figure: String, value: Double, measured: String, published: String) throws {
        let items = try post(#"[{"figure": "\#(figure)", "value": \#(value)}]"#)
        let message = try #require(items.first?["message"]?.stringValue)
        #expect(message.hasPrefix(measured + " "), "\(message)")
        #expect(message.contains(" \(published) for "), "\(message)")
        // The figures, before the figure's name (which may itself say "ratio").
        let figures = message.components(separatedBy: " for ").first ?? message
        #expect(!figures.contains(" count") && !figures.contains(" ratio") && !figures.contains(" percent"))
    }

    @Test func getAnswersLikeOneItemAndRefusesOnlyMalformedParameters() throws {
        let shape = app.request(.get, "/v1/check?figure=metric.controls.ios.minimum-size&value=0&height=0")
        #expect(shape.status == 200)
        #expect(shape.json?["items"]?.arrayValue?.first?["error"]?["parameter"]?.stringValue != nil)
        // A GET of one measurement is not a batch: an unknown figure is a 400, as on every route.
        let unknown = app.request(.get, "/v1/check?figure=metric.no-such-figure&value=1")
        #expect(unknown.status == 400)
        #expect(unknown.json?["error"]?["code"]?.stringValue == "unknown_value")
        #expect(unknown.json?["error"]?["parameter"]?.stringValue == "figure")
        let misspelt = app.request(.get, "/v1/check?figure=metric.controls.ios.minimum-sise&value=1")
        #expect(misspelt.status == 400)
        #expect(misspelt.json?["error"]?["hint"]?.stringValue?.contains("metric.controls.ios.minimum-size") == true)
        // Neither figure nor element: the row's error names figure (ElementCheckTests has the rest).
        let untargeted = app.request(.get, "/v1/check?value=1")
        #expect(untargeted.status == 200)
        #expect(untargeted.json?["items"]?.arrayValue?.first?["error"]?["parameter"]?.stringValue == "figure")
        for query in [
            "figure=metric.controls.ios.minimum-size&width=-5&height=20", "figure=not-an-id&value=1",
            "figure=metric.controls.ios.minimum-size&width=abc&height=2",
            "figure=metric.controls.ios.minimum-size&heigth=2&width=2",
        ] {
            #expect(app.request(.get, "/v1/check?" + query).status == 400, "\(query)")
        }
    }

    @Test(arguments: ["0x10", "0X1p4", "nan", "inf", "-infinity", "1_0", "16px"])
    func getRefusesANumberThatIsNotDecimal(width: String) {
        let answer = app.request(.get, "/v1/check?figure=metric.controls.ios.minimum-size&width=\(width)&height=44")
        #expect(answer.status == 400, "width=\(width): \(answer.text)")
        #expect(answer.text.contains("width"), "the error names the parameter: \(answer.text)")
    }

    @Test func getStillTakesDecimalsWithSignsAndExponents() {
        for width in ["44", "44.0", "+44", "4.4e1", "4.4E%2B1", "%2B44"] {
            let answer = app.request(.get, "/v1/check?figure=metric.controls.ios.minimum-size&width=\(width)&height=44")
            #expect(answer.status == 200, "width=\(width): \(answer.text)")
        }
    }

    /// A caller's id is text it chose; control bytes in it never reach a text format raw.
    @Test(arguments: ["csv", "markdown", "html"])
    func controlBytesInAnIDAreMadeVisible(format: String) throws {
        let body =
            #"[{"id": "a\u0000b\u001b[31mc\u007fd\u0085e\tf", "figure": "metric.controls.ios.minimum-size", "width": 44, "height": 44}]"#
        let answer = app.request(.post, "/v1/check?format=\(format)", body: Array(body.utf8))
        #expect(answer.status == 200, "\(answer.text)")
        let controls = answer.body.filter { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
        #expect(controls.isEmpty, "raw control bytes \(controls) in \(format)")
        #expect(!answer.text.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) }, "a C1 control in \(format)")
        #expect(answer.text.contains("a\u{2400}b\u{241B}"), "\(answer.text)")
        #expect(answer.text.contains("\u{2421}d\u{FFFD}e"), "\(answer.text)")
    }

    @Test func controlCharactersBecomePicturesAndLayoutStays() {
        #expect(ControlCharacters.visible("plain 12:34") == "plain 12:34")
        #expect(
            ControlCharacters.visible("a\u{0}\u{1F}\u{7F}\u{85}é\t\n\r") == "a\u{2400}\u{241F}\u{2421}\u{FFFD}é\t\n\r")
    }

    @Test func theRequestSchemaAcceptsEveryItemTheBatchAnswersAndKeepsThePerItemErrors() throws {
        // An unknown category breaks Measurement's enum, yet is answered in its own row: the
        // body schema says an item is any object, judged on its own.
        let items = try post(
            #"[{"figure": "metric.widgets.ios.dynamic-type-range", "category": "huge"}, {"figure": "metric.widgets.ios.dynamic-type-range", "category": "large"}]"#
        )
        #expect(items.count == 2)
        #expect(items[0]["error"] != nil)
        #expect(items[1]["result"]?.stringValue == "ok")
        let document = try #require(app.request(.get, "/openapi.json").json)
        let body = document["paths"]?["/v1/check"]?["post"]?["requestBody"]?["content"]?["application/json"]?["schema"]
        #expect(body?["type"]?.stringValue == "array")
        #expect(body?["items"]?["$ref"]?.stringValue == "#/components/schemas/MeasurementItem")
        let item = try #require(document["components"]?["schemas"]?["MeasurementItem"])
        #expect(item["type"]?.stringValue == "object")
        #expect(item["additionalProperties"] == nil && item["required"] == nil)
        // No member is constrained beyond what the server refuses whole.
        let members = try #require(item["properties"]?.objectValue)
        #expect(members.keys.contains("category"))
        for (name, member) in members {
            #expect(member["type"] == nil && member["enum"] == nil && member["minimum"] == nil, "\(name)")
        }
        // A body that is not an array of objects is still refused whole.
        #expect(app.request(.post, "/v1/check", body: Array("[1]".utf8)).status == 400)
    }
}
