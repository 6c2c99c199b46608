import JSON
import SpecStore
import Testing

/// Every error says what to type instead: a misspelt parameter name or batch member gets the
/// nearest spelling, and a version given as a year or a date gets the versions it could mean.
@Suite struct WhatToTypeInsteadTests {
    let app = APIHarness.shared

    func error(_ path: String) throws -> (status: Int, error: JSONValue) {
        let answer = app.request(.get, path)
        return (answer.status, try #require(answer.json?["error"], "\(answer.text.prefix(300))"))
    }

    @Test(arguments: [
        ("/v1/widgets?screne=430x932", "screne", "Did you mean 'screen'? "),
        ("/v1/check?figure=metric.controls.ios.minimum-size&width=20&heigth=20", "heigth", "Did you mean 'height'? "),
        ("/v1/dynamic-type?categroy=large", "categroy", "Did you mean 'category'? "),
        ("/v1/devices?limt=2", "limt", "Did you mean 'limit'? "),
    ])
    func aMisspeltParameterNameGetsTheNearestSpelling(path: String, name: String, start: String) throws {
        let (status, error) = try error(path)
        #expect(status == 400)
        #expect(error["code"]?.stringValue == "unknown_parameter")
        #expect(error["parameter"]?.stringValue == name)
        let hint = try #require(error["hint"]?.stringValue)
        #expect(hint.hasPrefix(start), "\(hint)")
        #expect(hint.contains("Parameters of this route: "), "the list still follows")
    }

    @Test func aNameNothingIsNearGetsTheListAlone() throws {
        let hint = try #require(try error("/v1/widgets?colour=red").error["hint"]?.stringValue)
        #expect(hint.hasPrefix("Parameters of this route: "), "\(hint)")
    }

    @Test func aMisspeltBatchMemberGetsTheNearestSpelling() throws {
        let body = #"[{"id": "12:35", "figure": "metric.controls.ios.minimum-size", "heigth": 20, "width": 20}]"#
        let answer = app.request(
            .post, "/v1/check", body: Array(body.utf8))
        #expect(answer.status == 200)
        let item = try #require(answer.json?["items"]?.arrayValue?.first)
        #expect(item["error"]?["message"]?.stringValue == "'heigth' is not a member of a measurement.")
        let hint = try #require(item["error"]?["hint"]?.stringValue)
        #expect(hint.hasPrefix("Did you mean 'height'? A measurement has "), "\(hint)")
    }

    @Test func aYearAsAVersionNamesTheVersionsItHolds() throws {
        let (status, error) = try error("/v1/devices?version=2024")
        #expect(status == 404)
        #expect(error["code"]?.stringValue == "unknown_version")
        let hint = try #require(error["hint"]?.stringValue)
        #expect(
            hint.hasPrefix(
                "2024 holds versions 2024-02-02 and 2024-09-09: give version=2024-09-09 for the HIG as 2024 left it. "
                    + "When 2024 began, 2023 was in force. Known versions: 2023, "),
            "\(hint)")
    }

    @Test(arguments: [
        (
            "/v1/devices?version=2024-05-01",
            "On 2024-05-01 the version in force was 2024-02-02 (until 2024-09-09): "
                + "give version=2024-02-02. "
        ),
        ("/v1/diff?from=2023-06", "On 2023-06 the version in force was 2023 (until 2024-02-02): give from=2023. "),
        ("/v1/devices?version=2022", "2022 is before the first version, 2023. "),
    ])
    func aDateBetweenVersionsNamesTheVersionInForce(path: String, start: String) throws {
        let (status, error) = try error(path)
        #expect(status == 404)
        let hint = try #require(error["hint"]?.stringValue)
        #expect(hint.hasPrefix(start), "\(hint)")
        #expect(hint.contains("Known versions: "))
    }

    @Test func aVersionThatIsNoDateGetsTheListAlone() throws {
        let hint = try #require(try error("/v1/devices?version=newest").error["hint"]?.stringValue)
        #expect(hint.hasPrefix("Known versions: "), "\(hint)")
    }
}
