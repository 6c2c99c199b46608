import Testing

@testable import JSON

@Suite("Sharing equal parts of a value")
struct JSONSharingTests {
    @Test("a value with repeated parts writes the same bytes after sharing")
    func sameBytes() throws {
        let text =
            #"{"a":[{"schema":{"type":"string"},"required":true,"description":"a description longer than fifteen bytes"},"#
            + #"{"schema":{"type":"string"},"required":true,"description":"a description longer than fifteen bytes"}],"#
            + #""b":{"n":[1,1.0,1e0,-0.0,0],"e":[],"o":{},"x":[null,false,true]},"#
            + #""c":[["ios","ipados"],["ios","ipados"],["ipados","ios"]]}"#
        let value = try JSONValue.parse(text)
        var sharing = JSONSharing()
        let shared = sharing.shared(value)
        #expect(shared.serialized() == text)
        #expect(shared.serialized(pretty: true) == value.serialized(pretty: true))
        // A second value through the same sharer, made of parts it met, writes its own bytes too.
        let other = try JSONValue.parse(
            #"[["ios","ipados"],{"type":"string"},"a description longer than fifteen bytes"]"#)
        #expect(sharing.shared(other) == other)
    }

    @Test("strings and keys that Unicode reads as equal but whose bytes differ are not merged")
    func canonicalEquivalents() throws {
        // "é" as one code point and as "e" plus a combining acute accent: `String`'s `==` calls
        // them equal; their UTF-8 bytes, and so the answers written from them, differ.
        let composed = "caf\u{E9} au lait, long enough"
        let decomposed = "cafe\u{301} au lait, long enough"
        let value: JSONValue = [
            "list": [.string(composed), .string(decomposed)],
            "objects": [[composed: 1], [decomposed: 1]],
            "keys": .object(JSONObject([(composed, 1)])), "keys2": .object(JSONObject([(decomposed, 1)])),
        ]
        var sharing = JSONSharing()
        let shared = sharing.shared(value)
        #expect(Array(shared.serialized().utf8) == Array(value.serialized().utf8))
        let list = try #require(shared["list"]?.arrayValue)
        #expect(Array(list[0].stringValue?.utf8 ?? "".utf8) == Array(composed.utf8))
        #expect(Array(list[1].stringValue?.utf8 ?? "".utf8) == Array(decomposed.utf8))
        #expect(Array(shared["keys2"]?.objectValue?.keys.first?.utf8 ?? "".utf8) == Array(decomposed.utf8))
        let objects = try #require(shared["objects"]?.arrayValue)
        #expect(Array(objects[1].objectValue?.keys.first?.utf8 ?? "".utf8) == Array(decomposed.utf8))
    }
}
