import Testing

@testable import JSON

@Suite("Shared member names")
struct SharedNameTests {
    @Test("objects with the same names parse to the same names, and different ones stay different")
    func sharedLayouts() throws {
        let value = try JSONValue.parse(#"[{"a":1,"b":2},{"a":3,"b":4},{"a":5},{"b":6,"a":7},{"a":8,"b":9,"c":0}]"#)
        let keys = try #require(value.arrayValue).map { $0.objectValue?.keys ?? [] }
        #expect(keys == [["a", "b"], ["a", "b"], ["a"], ["b", "a"], ["a", "b", "c"]])
        #expect(value.arrayValue?[1]["b"] == 4)
        #expect(value.arrayValue?[3]["a"] == 7)
    }

    @Test("a large object with no duplicates parses; one duplicate is found past 32 members")
    func largeObjects() throws {
        let members = (0..<100).map { "\"k\($0)\":\($0)" }
        let object = try JSONValue.parse("{" + members.joined(separator: ",") + "}")
        #expect(object.objectValue?.count == 100)
        #expect(throws: JSONSyntaxError.self) {
            try JSONValue.parse("{" + (members + ["\"k50\":1"]).joined(separator: ",") + "}")
        }
    }
}
