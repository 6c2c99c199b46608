import JSON
import Testing

@testable import SpecStore

/// A data file's cost is bounded by ``DataFileLimits`` as well as by its bytes: each limit is
/// refused with `too_large` before the work it guards.
@Suite("Data file limits")
struct DataFileLimitTests {
    @Test("a file over the byte limit is refused before it is parsed")
    func tooManyBytes() {
        // Spaces are valid JSON padding: only the size can refuse this file.
        var bytes = BrokenFile(changes: []).bytes
        bytes += [UInt8](repeating: 0x20, count: DataFileLimits.maximumBytes + 1 - bytes.count)
        #expect {
            try SpecStore.load(bytes: bytes, sourceName: "big.json")
        } throws: { error in
            let fault = error as? SpecStoreError
            return fault?.code == .tooLarge && fault?.jsonPath == "$"
                && fault?.message.contains("over the limit of \(DataFileLimits.maximumBytes)") == true
        }
    }

    @Test("nesting past the data file's depth is refused while parsing, with its line")
    func tooDeep() {
        let deep =
            String(repeating: "[", count: DataFileLimits.maximumDepth) + "1"
            + String(repeating: "]", count: DataFileLimits.maximumDepth)
        var nested: JSONValue = 1
        for _ in 0..<DataFileLimits.maximumDepth { nested = .array([nested]) }
        // The deep array where a note would be: the parser, not the loader, must stop it.
        let bytes = BrokenFile.setting("$.metrics[0].notes", to: nested).bytes
        #expect {
            try SpecStore.load(bytes: bytes, sourceName: "deep.json")
        } throws: { error in
            let fault = error as? SpecStoreError
            return fault?.code == .syntax
                && fault?.message.contains("deeper than \(DataFileLimits.maximumDepth)") == true
                && (fault?.line ?? 0) > 1
        }
        // The general parser keeps its own, larger limit.
        #expect(throws: Never.self) { try JSONValue.parse(Array(deep.utf8)) }
    }

    @Test("a collection with more records than allowed is refused before any record is checked")
    func tooManyRecords() {
        // Empty objects would each fail validation: the count must be refused first.
        let empty: JSONValue = [:]
        let records = JSONValue.array(Array(repeating: empty, count: DataFileLimits.maximumRecordsPerCollection + 1))
        #expect {
            try SpecStore.load(bytes: BrokenFile.setting("$.devices", to: records).bytes, sourceName: "many.json")
        } throws: { error in
            let fault = error as? SpecStoreError
            return fault?.code == .tooLarge && fault?.jsonPath == "$.devices"
        }
    }
}
