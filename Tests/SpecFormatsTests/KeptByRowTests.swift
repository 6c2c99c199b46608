import JSON
import SpecFormats
import Testing

/// A value kept for a row is taken only for a row equal in every field and the same name.
@Suite struct KeptByRowTests {
    static func row(_ json: String) throws -> JSONValue { try JSONValue.parse(Array(json.utf8)) }

    @Test func aRowOfTheSameIdThatDiffersIsMadeAgain() throws {
        let kept = KeptByRow<String>()
        var made = 0
        func value(_ row: JSONValue, _ name: String = "") -> String {
            kept.value(for: row, name: name) {
                made += 1
                return row["value"]?.stringValue ?? "?"
            }
        }
        let first = try Self.row(##"{"id":"color.red","value":"#FF3B30"}"##)
        let other = try Self.row(##"{"id":"color.red","value":"#FF453A"}"##)
        #expect(value(first) == "#FF3B30")
        #expect(value(first) == "#FF3B30")
        #expect(made == 1)
        #expect(value(other) == "#FF453A")
        #expect(value(first, "dark") == "#FF3B30")
        #expect(made == 3)
    }

    /// Past its limit it starts again, and still answers.
    @Test func pastItsLimitItKeepsAnswering() throws {
        let kept = KeptByRow<Int>(limit: 2)
        for index in 0..<5 {
            let row = try Self.row(#"{"id":"r\#(index)"}"#)
            #expect(kept.value(for: row) { index } == index)
        }
        #expect(kept.value(for: try Self.row(#"{"id":"r4"}"#)) { -1 } == 4)
    }

    /// Two store versions' colors of one id each get their own property values in the sheet.
    @Test func eachVersionsColorsKeepTheirOwnValues() throws {
        let old = try Self.row(
            ##"{"id":"color.all.red","name":"Red","table":"t","status":"published","light":{"hex":"#FF3B30"}}"##)
        let new = try Self.row(
            ##"{"id":"color.all.red","name":"Red","table":"t","status":"published","light":{"hex":"#FF383C"}}"##)
        let first = ColorStyleSheet.render(rows: [old], version: "a", notes: [], request: "")
        let second = ColorStyleSheet.render(rows: [new], version: "b", notes: [], request: "")
        #expect(first.contains("--hig-color-red: #FF3B30;"))
        #expect(second.contains("--hig-color-red: #FF383C;"))
    }
}
