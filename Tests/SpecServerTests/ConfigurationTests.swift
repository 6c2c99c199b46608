import Foundation
import Testing

@testable import SpecServer

@Suite struct ConfigurationTests {
    @Test func defaultsServeTheEmbeddedDataOnLoopback8080() throws {
        guard case .serve(let configuration) = try ServerConfiguration.parse(arguments: [], environment: [:]) else {
            Issue.record("expected to serve")
            return
        }
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.dataPath == nil)
    }

    @Test func flagsOverrideTheEnvironment() throws {
        let action = try ServerConfiguration.parse(
            arguments: ["--port=9001", "--log", "json", "--data", "/tmp/x.json"],
            environment: ["SPEC_SERVER_PORT": "9000", "SPEC_SERVER_THREADS": "3", "SPEC_SERVER_MAX_BODY_BYTES": "2048"])
        guard case .serve(let configuration) = action else {
            Issue.record("expected to serve")
            return
        }
        #expect(configuration.port == 9001)
        #expect(configuration.threads == 3)
        #expect(configuration.log == .json)
        #expect(configuration.dataPath == "/tmp/x.json")
        #expect(configuration.maxBodyBytes == 2048)
    }

    @Test(
        arguments: [
            (["--port", "70000"], "--port 70000"),
            (["--log", "loud"], "--log loud"),
            (["--colour", "red"], "unknown option '--colour'"),
            (["--port"], "--port needs a value"),
            (["serve"], "unexpected argument 'serve'"),
        ] as [([String], String)])
    func refusesBadCommandLines(arguments: [String], message: String) {
        #expect {
            try ServerConfiguration.parse(arguments: arguments, environment: [:])
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test func helpNamesEveryFlagAndVariable() throws {
        #expect(try ServerConfiguration.parse(arguments: ["--help"], environment: [:]) == .printHelp)
        let help = ServerConfiguration.helpText
        for option in ServerConfiguration.options {
            #expect(help.contains(option.flag))
            #expect(help.contains(option.environmentVariable))
        }
    }

    @Test func theBinaryCarriesTheDataFileItWasBuiltWith() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let file = try String(contentsOfFile: "/" + path + "/Data/specs.json", encoding: .utf8)
        #expect(EmbeddedSpecData.json == file)
    }
}
