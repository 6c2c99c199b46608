import Testing

@testable import SpecStore

@Suite("Checking measurements against the store")
struct CheckTests {
    let latest = StoreFixtures.valid.latest

    @Test(
        "results and severities",
        arguments: [
            (Measurement(figure: "metric.controls.ios.minimum-size", width: 28, height: 28), "ok", "none"),
            (
                Measurement(figure: "metric.controls.ios.minimum-size", width: 44, height: 20), "below-published",
                "warning"
            ),
            (Measurement(figure: "metric.controls.ios.default-size", width: 44, height: 44), "ok", "none"),
            (
                Measurement(figure: "metric.controls.ios.default-size", width: 40, height: 40),
                "differs-from-published-default", "advisory"
            ),
            (Measurement(figure: "metric.typography.ios.minimum-text-size", value: 10), "below-published", "warning"),
            (Measurement(figure: "metric.typography.ios.minimum-text-size", value: 11), "ok", "none"),
            (
                Measurement(figure: "metric.typography.ios.default-text-size", value: 15),
                "differs-from-published-default", "advisory"
            ),
            (
                Measurement(figure: "metric.sheets.ios.grabber-size", width: 40, height: 5), "deviates-from-convention",
                "info"
            ),
            (Measurement(figure: "metric.sheets.ios.grabber-size", width: 36, height: 5), "ok", "none"),
            (Measurement(figure: "metric.alerts.ios.width", value: 300), "deviates-from-convention", "info"),
            (Measurement(figure: "metric.accessibility.all.contrast-ratio", value: 3), "below-published", "warning"),
            (Measurement(figure: "metric.accessibility.all.contrast-ratio", value: 7), "ok", "none"),
            (Measurement(figure: "metric.accessibility.all.contrast-ratio", value: 22), "above-published", "warning"),
        ])
    func results(measurement: Measurement, result: String, severity: String) throws {
        let row = try latest.check(measurement)
        #expect(row["result"] == .string(result))
        #expect(row["severity"] == .string(severity))
        #expect(row["figure"] == .string(measurement.figure))
        #expect(row["metric"]?["id"] == .string(measurement.figure))
        #expect(row["status"] == row["metric"]?["status"])
    }

    @Test("a convention deviation never calls itself a HIG violation; a published miss borrows no wording")
    func wording() throws {
        let convention = try latest.check(Measurement(figure: "metric.alerts.ios.width", value: 300))
        let message = try #require(convention["message"]?.stringValue)
        #expect(message.contains("not a HIG requirement"))
        #expect(!message.lowercased().contains("violat"))
        let published = try latest.check(Measurement(figure: "metric.typography.ios.minimum-text-size", value: 10))
        // Apple words control sizes "strive to meet"; the text-size table has no such wording.
        #expect(published["message"]?.stringValue?.lowercased().contains("strive") == false)
        #expect(published["force"] == .null)
        #expect(published["metric"]?["citations"]?.arrayValue?.isEmpty == false)
    }

    @Test("44×44 was a published minimum before 2025-03-07, so 40×40 was below it then")
    func versionedCheck() throws {
        let old = try StoreFixtures.valid.snapshot(version: "2023")
        let row = try old.check(Measurement(figure: "metric.controls.ios.default-size", width: 40, height: 40))
        #expect(row["result"] == "below-published")
        #expect(row["metric"]?["bound"] == "minimum")
    }

    @Test("an unknown figure, or a measurement of the wrong shape, is refused")
    func badMeasurements() {
        #expect { try latest.check(Measurement(figure: "metric.nope", value: 1)) } throws: { error in
            (error as? QueryError)?.code == .unknownValue && (error as? QueryError)?.parameter == "figure"
        }
        #expect { try latest.check(Measurement(figure: "metric.alerts.ios.width", width: 1, height: 1)) } throws: {
            (($0 as? QueryError)?.code == .invalidValue) && ($0 as? QueryError)?.parameter == "width"
        }
        #expect { try latest.check(Measurement(figure: "device.iphone-16-pro", value: 1)) } throws: {
            (($0 as? QueryError)?.code == .unknownValue)
        }
    }

    /// What a measurement of the wrong shape gets: the parameter at fault, never a guess.
    static let shapeMismatches: [(Measurement, code: String, parameter: String)] = [
        // One value cannot say which side of a width × height figure it measured.
        (Measurement(figure: "metric.controls.ios.minimum-size", value: 44), "invalid_value", "value"),
        (
            Measurement(figure: "metric.controls.ios.minimum-size", value: 44, width: 44, height: 44), "invalid_value",
            "value"
        ),
        (Measurement(figure: "metric.controls.ios.minimum-size", width: 44), "missing_parameter", "height"),
        (Measurement(figure: "metric.controls.ios.minimum-size", height: 44), "missing_parameter", "width"),
        (Measurement(figure: "metric.controls.ios.minimum-size"), "missing_parameter", "width"),
        (
            Measurement(figure: "metric.typography.ios.minimum-text-size", value: 11, height: 11), "invalid_value",
            "height"
        ),
        (Measurement(figure: "metric.typography.ios.minimum-text-size"), "missing_parameter", "value"),
    ]

    @Test("a measurement of the wrong shape is a 400 naming the parameter", arguments: shapeMismatches)
    func shapeMismatchNamesTheParameter(measurement: Measurement, code: String, parameter: String) {
        #expect { try latest.check(measurement) } throws: { error in
            guard let error = error as? QueryError else { return false }
            return error.code.rawValue == code && error.parameter == parameter
                && error.message.contains(measurement.figure)
        }
    }

    @Test func valueForAWidthByHeightFigureHintsAtWidthAndHeight() throws {
        do {
            _ = try latest.check(Measurement(figure: "metric.controls.ios.minimum-size", value: 44))
            Issue.record("a value for a width × height figure was judged")
        } catch {
            #expect(error.message.contains("width × height"))
            #expect(error.hint == "Give width and height instead of value.")
            #expect(error.suggestion.map(\.name) == ["figure", "width", "height"])
        }
    }
}
