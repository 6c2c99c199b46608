import Foundation
import HTTPCore
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

    @Test func theByteBudgetComesFromAFlagOrTheEnvironment() throws {
        let fromEnvironment = try ServerConfiguration.parse(
            arguments: [], environment: ["SPEC_SERVER_MAX_BUFFERED_BODY_BYTES": "8388608"])
        guard case .serve(let configured) = fromEnvironment else {
            Issue.record("expected to serve")
            return
        }
        #expect(configured.maxBufferedBodyBytes == 8_388_608)
        let engine = SpecServerCommand.engineConfiguration(configured, handlesSignals: false)
        #expect(engine.maxBufferedBodyBytes == 8_388_608)

        let fromFlag = try ServerConfiguration.parse(
            arguments: ["--max-buffered-body-bytes=2097152"],
            environment: ["SPEC_SERVER_MAX_BUFFERED_BODY_BYTES": "8388608"])
        guard case .serve(let flagged) = fromFlag else {
            Issue.record("expected to serve")
            return
        }
        #expect(flagged.maxBufferedBodyBytes == 2_097_152)
        #expect(ServerConfiguration.helpText.contains("--max-buffered-body-bytes BYTES"))
        #expect(ServerConfiguration.helpText.contains("SPEC_SERVER_MAX_BUFFERED_BODY_BYTES"))
    }

    @Test(
        arguments: [
            (["--max-buffered-body-bytes", "lots"], [:], "--max-buffered-body-bytes lots: expects a whole number"),
            (["--max-buffered-body-bytes", "-1"], [:], "--max-buffered-body-bytes -1: expects a whole number"),
            ([], ["SPEC_SERVER_MAX_BUFFERED_BODY_BYTES": "1e6"], "SPEC_SERVER_MAX_BUFFERED_BODY_BYTES=1e6: expects"),
            (["--max-buffered-body-bytes", "1000"], [:], "--max-buffered-body-bytes 1000 is below --max-body-bytes"),
            (
                ["--max-body-bytes", "4096"], ["SPEC_SERVER_MAX_BUFFERED_BODY_BYTES": "4095"],
                "--max-buffered-body-bytes 4095 is below --max-body-bytes 4096"
            ),
        ] as [([String], [String: String], String)])
    func refusesABadByteBudget(arguments: [String], environment: [String: String], message: String) {
        #expect {
            try ServerConfiguration.parse(arguments: arguments, environment: environment)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    /// The engine's configuration is the one source of its defaults: with no flags, the settings
    /// handed to the engine are the engine's own defaults, and `--help` shows them.
    @Test func trustedProxiesComeFromAFlagOrTheEnvironment() throws {
        let fromEnvironment = try ServerConfiguration.parse(
            arguments: [], environment: ["SPEC_SERVER_TRUSTED_PROXIES": "127.0.0.1, 10.0.0.0/8,fd00::/8"])
        guard case .serve(let configured) = fromEnvironment else {
            Issue.record("expected to serve")
            return
        }
        #expect(configured.trustedProxies.map(\.description) == ["127.0.0.1", "10.0.0.0/8", "fd00::/8"])
        let engine = SpecServerCommand.engineConfiguration(configured, handlesSignals: false)
        #expect(engine.trustedProxies == configured.trustedProxies)
        #expect(ServerConfiguration().trustedProxies.isEmpty)
        #expect(throws: ServerConfiguration.UsageError.self) {
            try ServerConfiguration.parse(arguments: ["--trusted-proxies", "10.0.0.0/33"], environment: [:])
        }
        do {
            _ = try ServerConfiguration.parse(arguments: ["--trusted-proxies=127.0.0.1,proxy.local"], environment: [:])
        } catch {
            #expect(error.description.contains("'proxy.local' is not an address or CIDR range"), "\(error)")
        }
    }

    @Test func theEngineDefaultsAreTheOnlyDefaults() throws {
        let engine = HTTPServer.Configuration()
        let ours = SpecServerCommand.engineConfiguration(ServerConfiguration(), handlesSignals: true)
        #expect(ours.host == engine.host)
        #expect(ours.port == engine.port)
        #expect(ours.threads == engine.threads)
        #expect(ours.maxConnections == engine.maxConnections)
        #expect(ours.maxRequestLineLength == engine.maxRequestLineLength)
        #expect(ours.maxHeaderSectionLength == engine.maxHeaderSectionLength)
        #expect(ours.maxHeaderFields == engine.maxHeaderFields)
        #expect(ours.maxBodyLength == engine.maxBodyLength)
        #expect(ours.maxBufferedBodyBytes == engine.maxBufferedBodyBytes)
        #expect(ours.requestReadTimeout == engine.requestReadTimeout)
        #expect(ours.idleTimeout == engine.idleTimeout)
        #expect(ours.writeTimeout == engine.writeTimeout)
        let help = ServerConfiguration.helpText
        #expect(help.contains("(default \(engine.host))"))
        #expect(help.contains("(default \(engine.port))"))
        #expect(help.contains("(default \(engine.maxBufferedBodyBytes))"))
        #expect(help.contains("(default \(engine.requestReadTimeout.components.seconds))"))
    }

    /// The table of settings in Docs/configuration.md (which the README links) shows each option's
    /// variable and the default `--help` shows, and names no flag `--help` lacks.
    @Test func theConfigurationTableMatchesTheHelp() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let table = try String(contentsOfFile: "/" + path + "/Docs/configuration.md", encoding: .utf8)
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| `--") }
        #expect(rows.count == ServerConfiguration.options.count, "one row per option")
        let readme = try String(contentsOfFile: "/" + path + "/README.md", encoding: .utf8)
        #expect(readme.contains("(Docs/configuration.md)"), "the README links the table")
        for option in ServerConfiguration.options {
            let row = rows.first { $0.hasPrefix("| `\(option.flag) ") || $0.hasPrefix("| `\(option.flag)`") }
            #expect(row != nil, "Docs/configuration.md has no row for \(option.flag)")
            guard let row else { continue }
            #expect(row.contains("`\(option.environmentVariable)`"), "\(option.flag)")
            if let range = option.help.range(of: "(default ") {
                let value = option.help[range.upperBound...].prefix { $0 != ")" }
                #expect(row.contains("| `\(value)` |"), "\(option.flag): the table's default differs from \(value)")
            }
        }
    }

    @Test func theBinaryCarriesTheDataFileItWasBuiltWith() throws {
        let path = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        let file = try String(contentsOfFile: "/" + path + "/Data/specs.json", encoding: .utf8)
        #expect(EmbeddedSpecData.json == file)
    }
}
