import Foundation
import Testing

/// `spec-server check-data [PATH]`, run as the executable a contributor runs.
@Suite struct CheckDataCommandTests {
    struct Outcome {
        var status: Int32
        var output: String
        var error: String
        var seconds: Double
    }

    static func checkData(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = ServerProcess.executable
        process.arguments = ["check-data"] + arguments
        process.currentDirectoryURL = ServerProcess.packageRoot
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let start = Date()
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self), seconds: Date().timeIntervalSince(start))
    }

    @Test func theRepositorysDataFileChecksCleanlyWellUnderASecond() throws {
        let outcome = try Self.checkData([])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasPrefix("Data/specs.json: ok: "))
        // A debug build on a shared machine; the release build checks the file in tens of milliseconds.
        #expect(outcome.seconds < 3, "took \(outcome.seconds) s")
    }

    @Test func aBrokenFileExitsOneWithFileLineColumn() throws {
        let path = "Tests/SpecStoreTests/Fixtures/store/broken/unknown-key.json"
        let outcome = try Self.checkData([path])
        #expect(outcome.status == 1)
        let pattern =
            #/^Tests/SpecStoreTests/Fixtures/store/broken/unknown-key\.json:\d+:\d+: unknown_key at \$\.metrics\[1\]\.vaule: /#
        #expect(outcome.error.firstMatch(of: pattern) != nil, "\(outcome.error)")
    }

    @Test func aSecondPathIsABadCommandLine() throws {
        let outcome = try Self.checkData(["a.json", "b.json"])
        #expect(outcome.status == 64)
        #expect(outcome.error.contains("usage: spec-server check-data"))
    }
}

extension CheckDataCommandTests {
    @Test func aVersionOneFileIsToldHowToConvertIt() throws {
        let path = "Tests/SpecStoreTests/Fixtures/store/valid.json"
        let outcome = try Self.checkData([path])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.contains("\(path): note: schemaVersion 1"))
        #expect(outcome.output.contains("python3 scripts/convert-specs-v2.py \(path)"))
    }
}
