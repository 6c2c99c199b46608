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
        let text = """
            {"schemaVersion": 2, "title": "t",
             "versions": [{"id": "a", "date": "2023", "title": "a", "notes": ""}],
             "devices": [], "sizeClasses": [], "widgets": [], "dynamicType": [], "textStyles": [],
             "tracking": [], "rules": [], "myths": [],
             "metrics": [
              {"id": "metric.x.ios.y", "name": "Y", "topic": "x", "platforms": ["ios"], "value": 2, "vaule": 3,
               "bound": "minimum", "status": "published", "since": "a",
               "citations": [{"page": "HIG › X", "url": "https://example.invalid/x"}]}]}
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-data-\(getpid()).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try Self.checkData([path])
        #expect(outcome.status == 1)
        #expect(outcome.error.hasPrefix("\(path):6:98: unknown_key at $.metrics[0].vaule: "), "\(outcome.error)")
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
