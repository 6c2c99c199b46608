import Foundation
import Testing

/// `spec-server check-data [PATH]`, run as the executable a contributor runs.
@Suite struct CheckDataCommandTests {
    struct Outcome {
        var status: Int32
        var output: String
        var error: String
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
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
            error: String(decoding: errorData, as: UTF8.self))
    }

    // How fast it runs is store-bench's figure (the same loader), not a timed test.
    @Test func theRepositorysDataFileChecksCleanly() throws {
        let outcome = try Self.checkData([])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.output.hasPrefix("Data/specs.json: ok: "))
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

extension CheckDataCommandTests {
    /// The repository's file with tvOS added to the platforms of the records with these ids.
    static func dataFile(addingTVOSTo ids: [String]) throws -> (text: String, lines: [String]) {
        let original = try String(
            contentsOf: ServerProcess.packageRoot.appendingPathComponent("Data/specs.json"), encoding: .utf8)
        var lines = original.components(separatedBy: "\n")
        for id in ids {
            let index = try #require(lines.firstIndex { $0.contains("{\"id\": \"\(id)\"") }, "\(id)")
            let range = try #require(lines[index].range(of: "\"platforms\": ["))
            lines[index].replaceSubrange(range, with: "\"platforms\": [\"tvos\", ")
        }
        return (lines.joined(separator: "\n"), lines)
    }

    @Test func aWidgetFigureForTVOSIsNamedAtItsLineAndColumn() throws {
        // Two offenders: the refusal names the first in the file, where its platforms are.
        let figure = "metric.widgets.all.minimum-text-size"
        let (text, lines) = try Self.dataFile(addingTVOSTo: ["rule.widgets.balance-density", figure])
        let line = try #require(lines.firstIndex { $0.contains("{\"id\": \"\(figure)\"") }) + 1
        // The locator points at the value, the array after the key.
        let column = try #require(lines[line - 1].range(of: "\"platforms\": ")).upperBound.utf16Offset(
            in: lines[line - 1])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("check-data-tvos-\(getpid()).json")
            .path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let outcome = try Self.checkData([path])
        #expect(outcome.status == 1)
        #expect(outcome.error.hasPrefix("\(path):\(line):\(column + 1): bad_value at $.metrics["), "\(outcome.error)")
        #expect(outcome.error.contains("].platforms: '\(figure)' is for tvos, but the page it cites, HIG › Widgets"))
    }
}
