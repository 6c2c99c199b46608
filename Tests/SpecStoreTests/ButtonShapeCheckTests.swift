import JSON
import Testing

@testable import SpecStore

/// A visionOS button judged against the sizes Apple's table gives its shape
/// (`/v1/check?element=button&platform=visionos&buttonShape=…`), besides the button's other figures.
@Suite("visionOS button sizes per shape")
struct ButtonShapeCheckTests {
    static var latest: SpecSnapshot { RealDataTests.store.latest }

    func check(_ shape: String, width: Double?, height: Double?, platform: Platform? = .visionos) throws -> JSONValue {
        var measurement = Measurement(
            figure: "", width: width, height: height, element: "button", platform: platform)
        measurement.buttonShape = shape
        return try Self.latest.checkElement(measurement)
    }

    /// The verdict on the shape's sizes in an element answer.
    func shapeVerdict(_ answer: JSONValue) throws -> JSONValue {
        try #require(answer["verdicts"]?.arrayValue?.first { $0["figure"]?.stringValue?.hasSuffix("-sizes") == true })
    }

    @Test("each shape's sizes are the ones Apple's table marks for it, as the reference copies them")
    func sizesPerShapeMatchTheReference() throws {
        let rows = try ReferenceFiles.rows("visionos-buttons-windows.json").filter {
            $0.string("kind") == "shape availability" && $0["revision"] == nil
        }
        #expect(rows.count == 4)
        #expect(Self.latest.buttonShapes == rows.compactMap { $0.string("shape") }.map(ColorReferenceTests.slug))
        for row in rows {
            let shape = ColorReferenceTests.slug(try #require(row.string("shape")))
            let verdict = try shapeVerdict(try check(shape, width: 44, height: 44))
            let sizes = verdict["published"]?["sizes"]?.arrayValue?.compactMap { $0["value"]?.doubleValue } ?? []
            let expected = (row["sizes_pt_available"] as? [Any] ?? []).compactMap { JSONObject.number($0) }
            #expect(sizes == expected, "\(shape)")
            #expect(verdict["figure"]?.stringValue == "metric.buttons.visionos.\(shape)-sizes")
        }
    }

    @Test("a size Apple gives the shape is ok; another is below or above the nearest, advisory")
    func verdicts() throws {
        let regular = try check("circular", width: 44, height: 44)
        #expect(regular["buttonShape"] == "circular")
        let ok = try shapeVerdict(regular)
        #expect(ok["result"] == "ok" && ok["severity"] == "none")
        #expect(ok["message"]?.stringValue?.contains("Regular (44 pt), as published") == true)
        // The button's other figures are still judged, and the hit region still governs.
        #expect(regular["verdicts"]?.arrayValue?.count == 4)
        #expect(regular["figure"] == "metric.buttons.visionos.minimum-hit-region")
        // A circle is as wide as it is high.
        let oval = try shapeVerdict(try check("circular", width: 44, height: 52))
        #expect(oval["result"] == "below-published")
        // A capsule's height is judged, its width left to its label.
        let capsule = try shapeVerdict(try check("Capsule (text only)", width: 200, height: 48))
        #expect(capsule["result"] == "above-published" && capsule["severity"] == "advisory")
        #expect(capsule["published"]?["judged"] == "height")
        #expect(capsule["message"]?.stringValue?.contains("the nearest is Regular (44 pt)") == true)
        let small = try shapeVerdict(try check("capsule-text-and-icon", width: 90, height: 32))
        #expect(small["result"] == "below-published")
        #expect(try shapeVerdict(try check("rounded-rectangle", width: 300, height: 52))["result"] == "ok")
    }

    @Test("Apple's 2023 name for a shape answers in the 2023 version, with its 2023 size names")
    func shapeNamesOf2023() throws {
        var measurement = Measurement(figure: "", width: 80, height: 44, element: "button", platform: .visionos)
        measurement.buttonShape = "Pill (text only)"
        let old = try RealDataTests.store.snapshot(version: "2023").checkElement(measurement)
        let verdict = try shapeVerdict(old)
        #expect(verdict["result"] == "ok")
        #expect(verdict["message"]?.stringValue?.contains("Standard (44 pt)") == true)
        #expect(throws: QueryError.self) { try Self.latest.checkElement(measurement) }
    }

    @Test(
        "a shape beside anything but a visionOS button's width and height is refused, naming the parameter",
        arguments: [
            (Measurement(figure: "", width: 44, height: 44, element: "button", platform: .ios), "buttonShape"),
            (Measurement(figure: "", width: 44, height: 44, element: "toggle", platform: .visionos), "buttonShape"),
            (Measurement(figure: "metric.controls.ios.minimum-size", width: 44, height: 44), "buttonShape"),
            (Measurement(figure: "", value: 44, element: "button", platform: .visionos), "value"),
            (Measurement(figure: "", width: 44, element: "button", platform: .visionos), "height"),
            (
                Measurement(
                    figure: "", width: 44, height: 44, element: "button", platform: .visionos, measure: "spacing"),
                "measure"
            ),
        ])
    func refused(measurement: Measurement, parameter: String) {
        var measurement = measurement
        measurement.buttonShape = "circular"
        #expect {
            try Self.latest.checkElement(measurement)
        } throws: { error in
            (error as? QueryError)?.parameter == parameter
        }
    }

    @Test("an unknown shape is an unknown value listing the shapes")
    func unknownShape() {
        #expect {
            try check("oval", width: 44, height: 44)
        } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.code == .unknownValue && error.parameter == "buttonShape"
                && error.accepted == ["circular", "capsule-text-only", "capsule-text-and-icon", "rounded-rectangle"]
        }
    }
}
