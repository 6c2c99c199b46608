import HTTPCore
import SourceWatch
import SpecAPI

/// The engine's defaults. ``HTTPServer/Configuration`` is the one source of the address, the
/// limits and the timeouts; the fields below, `--help` and the table in Docs/configuration.md
/// read them from here.
private let engineDefaults = HTTPServer.Configuration()

/// Everything `spec-server` can be told at startup, from flags and `SPEC_SERVER_*` variables.
///
/// A flag wins over its environment variable, which wins over the default. With neither, the
/// server serves the embedded data on the engine's default address, `127.0.0.1:8080`.
struct ServerConfiguration: Equatable, Sendable {
    /// How requests are logged.
    enum LogFormat: String, CaseIterable, Sendable {
        case off, text, json
    }

    var host = engineDefaults.host
    var port = engineDefaults.port
    /// Event-loop threads; `nil` means one per usable core.
    var threads: Int?
    /// A data file to serve instead of the embedded one.
    var dataPath: String?
    var log = LogFormat.text
    /// Proxies whose `X-Forwarded-For` the request log believes (empty: none).
    var trustedProxies = engineDefaults.trustedProxies
    var maxConnections = engineDefaults.maxConnections
    var maxRequestLineBytes = engineDefaults.maxRequestLineLength
    var maxHeaderBytes = engineDefaults.maxHeaderSectionLength
    var maxHeaderFields = engineDefaults.maxHeaderFields
    var maxBodyBytes = engineDefaults.maxBodyLength
    /// The largest check body taken by default, as the API description states it (`1 MiB`).
    static var defaultBodyLimit: String { "\(ByteCount(ServerConfiguration().maxBodyBytes))" }
    /// Bytes of request bodies all connections together may hold while they arrive.
    var maxBufferedBodyBytes = engineDefaults.maxBufferedBodyBytes
    /// Of those, the bytes one client (an IPv4 address or an IPv6 /64) may hold.
    var maxBufferedBodyBytesPerClient = engineDefaults.maxBufferedBodyBytesPerClient
    /// Of those, the bytes one connection may hold beyond what it has received.
    var maxBufferedBodyBytesPerConnection = engineDefaults.maxBufferedBodyBytesPerConnection
    /// Bytes of answers all connections together may hold for clients that do not read them.
    var maxUnreadBytes = engineDefaults.maxUnreadAnswerBytes
    /// Of those, the bytes one client (an IPv4 address or an IPv6 /64) may hold.
    var maxUnreadBytesPerClient = engineDefaults.maxUnreadAnswerBytesPerClient
    /// The slowest a body may arrive after its first two seconds (0: any rate).
    var minBodyBytesPerSecond = engineDefaults.minBodyBytesPerSecond
    /// Threads that judge large check batches off the event loops (0: on the loops).
    var answerThreads = engineDefaults.answerThreads
    /// Large check batches that may wait for one of those threads (beyond: 503 and Retry-After).
    var maxQueuedAnswers = engineDefaults.maxQueuedAnswers
    /// Each connection's kernel send buffer (0: the kernel's autotuning).
    var sendBufferBytes = engineDefaults.sendBufferBytes
    var requestTimeoutSeconds = wholeSeconds(engineDefaults.requestReadTimeout)
    var idleTimeoutSeconds = wholeSeconds(engineDefaults.idleTimeout)
    var writeTimeoutSeconds = wholeSeconds(engineDefaults.writeTimeout)
    /// The byte budget of the cache of filtered answers.
    var cacheBytes = 32 * 1024 * 1024
    /// The largest data file a load or reload reads.
    var maxDataBytes = 64 * 1024 * 1024
    /// A URL to mirror the data file from (a build with the `UpstreamFetch` trait only).
    var upstream: String?
    /// Seconds between polls of the upstream.
    var upstreamIntervalSeconds = 300
    /// Where the last good upstream copy is kept, and served from at start.
    var cachePath: String?
    /// The largest upstream file accepted.
    var upstreamMaxBytes = 64 << 20
    /// The longest an upstream transfer may take.
    var upstreamTimeoutSeconds = 60
    /// Seconds between background source checks (`--watch-sources`); 0 checks never.
    var watchSourcesSeconds = 0
    /// Replaces `https://developer.apple.com` in the watched pages' URLs (a mirror, a test server).
    var sourcesBase = SourceCheck.appleBase
    /// `Host` names `/mcp` answers besides the loopback ones (`*`: any).
    var mcpAllowedHosts: [String] = []
    /// Browser origins `/mcp` answers besides loopback ones.
    var mcpAllowedOrigins: [String] = []

    /// What the command line asked for: to serve, or to print something and stop.
    enum Action: Equatable, Sendable {
        case serve(ServerConfiguration)
        case printHelp
        case printVersion
    }

    /// A command line that cannot be understood; its message names the flag or variable.
    struct UsageError: Error, Equatable, CustomStringConvertible {
        var description: String
    }
}

extension ServerConfiguration {
    /// One setting: its flag, its environment variable, its help line and how to apply a value.
    struct Option: Sendable {
        var name: String
        var valueName: String
        var help: String
        var apply: @Sendable (inout ServerConfiguration, String) -> String?

        var flag: String { "--\(name)" }
        var environmentVariable: String {
            "SPEC_SERVER_" + String(name.uppercased().map { $0 == "-" ? "_" : $0 })
        }
    }

    static let options: [Option] = [
        Option(
            name: "host", valueName: "ADDRESS",
            help: "address to listen on: 0.0.0.0 or :: for all (default \(ServerConfiguration().host))"
        ) {
            configuration, value in
            guard !value.isEmpty, value.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else {
                return "expects an IPv4 or IPv6 address such as 127.0.0.1 or ::1"
            }
            configuration.host = value
            return nil
        },
        Option(
            name: "port", valueName: "PORT",
            help: "TCP port, 0 for any free port (default \(ServerConfiguration().port))"
        ) {
            configuration, value in
            guard let port = Int(value), (0...65535).contains(port) else { return "expects 0...65535" }
            configuration.port = port
            return nil
        },
        Option(name: "threads", valueName: "N", help: "event-loop threads (default: one per usable core)") {
            configuration, value in
            guard let threads = Int(value), (1...256).contains(threads) else { return "expects 1...256" }
            configuration.threads = threads
            return nil
        },
        Option(name: "data", valueName: "PATH", help: "serve this data file instead of the embedded one") {
            configuration, value in
            guard !value.isEmpty else { return "expects a file path" }
            configuration.dataPath = value
            return nil
        },
        Option(name: "log", valueName: "FORMAT", help: "request log on stderr: off, text or json (default text)") {
            configuration, value in
            guard let log = LogFormat(rawValue: value.lowercased()) else { return "expects off, text or json" }
            configuration.log = log
            return nil
        },
        Option(
            name: "trusted-proxies", valueName: "RANGES",
            help:
                "proxies whose X-Forwarded-For is believed: request lines name the client they forwarded for "
                + "beside the proxy; addresses or CIDR ranges, comma-separated (127.0.0.1,10.0.0.0/8,::1)"
        ) {
            configuration, value in
            let items = list(value)
            var ranges: [HTTPServer.AddressRange] = []
            for item in items {
                guard let range = HTTPServer.AddressRange(item) else {
                    return "'\(item)' is not an address or CIDR range: expects e.g. 127.0.0.1, 10.0.0.0/8, ::1 "
                        + "or fd00::/8, comma-separated"
                }
                ranges.append(range)
            }
            guard !ranges.isEmpty else { return "expects addresses or CIDR ranges such as 127.0.0.1,10.0.0.0/8" }
            configuration.trustedProxies = ranges
            return nil
        },
        intOption("max-connections", "N", "open connections at most", \.maxConnections, 1...1_000_000),
        intOption(
            "max-request-line", "BYTES", "longest request line (longer: 414)", \.maxRequestLineBytes, 256...1_048_576),
        intOption(
            "max-header-bytes", "BYTES", "largest header section (larger: 431)", \.maxHeaderBytes, 1024...1_048_576),
        intOption(
            "max-header-fields", "N", "most header fields in a request (more: 431)", \.maxHeaderFields, 8...10_000),
        intOption(
            "max-body-bytes", "BYTES", "largest body POST /v1/check takes (larger: 413)", \.maxBodyBytes, 0...64 << 20),
        intOption(
            "max-buffered-body-bytes", "BYTES",
            "request-body bytes all connections may hold at once (beyond: 503 and Retry-After)",
            \.maxBufferedBodyBytes, 0...1 << 36),
        intOption(
            "max-buffered-body-bytes-per-client", "BYTES",
            "of those, bytes one client (IPv4 address, IPv6 /64) may hold (beyond: 503)",
            \.maxBufferedBodyBytesPerClient, 4096...1 << 36),
        intOption(
            "max-buffered-body-bytes-per-connection", "BYTES",
            "of those, bytes a connection may hold ahead of the body bytes it has sent",
            \.maxBufferedBodyBytesPerConnection, 4096...1 << 30),
        intOption(
            "max-unread-bytes", "BYTES",
            "answer bytes all connections may hold for clients that do not read them (beyond: 503 and Retry-After)",
            \.maxUnreadBytes, 65536...1 << 36),
        intOption(
            "max-unread-bytes-per-client", "BYTES", "of those, bytes one client may hold (beyond: 503)",
            \.maxUnreadBytesPerClient, 4096...1 << 36),
        intOption(
            "min-body-rate", "BYTES", "slowest body, bytes a second, after its first 2 s (slower: 408); 0 for any",
            \.minBodyBytesPerSecond, 0...1 << 30),
        intOption(
            "answer-threads", "N",
            "threads judging large check batches and building large never-seen answers off the event loops; 0 does it on the loops",
            \.answerThreads, 0...256),
        intOption(
            "max-queued-answers", "N",
            "answers waiting for one of those threads (more: 503 and Retry-After)",
            \.maxQueuedAnswers, 1...1_000_000),
        intOption(
            "send-buffer-bytes", "BYTES",
            "each connection's kernel send buffer (SO_SNDBUF); 0 for the kernel's autotuning, with at most 128 KiB queued unsent (TCP_NOTSENT_LOWAT)",
            \.sendBufferBytes, 0...1 << 30),
        intOption(
            "request-timeout", "SECONDS", "time allowed to send a whole request (then 408)", \.requestTimeoutSeconds,
            1...3600),
        intOption(
            "idle-timeout", "SECONDS", "close a keep-alive connection idle this long", \.idleTimeoutSeconds, 1...3600),
        intOption(
            "write-timeout", "SECONDS", "drop a client that does not read its answer this long", \.writeTimeoutSeconds,
            1...3600),
        intOption("cache-bytes", "BYTES", "memory for cached answers to filtered queries", \.cacheBytes, 0...1 << 34),
        intOption(
            "max-data-bytes", "BYTES", "largest data file --data may name (larger: load refused)", \.maxDataBytes,
            1024...1 << 32),
        Option(
            name: "mcp-allowed-hosts", valueName: "NAMES",
            help: "Host names /mcp answers besides localhost, 127.0.0.1 and [::1], comma-separated; * for any"
        ) {
            configuration, value in
            let names = list(value)
            guard !names.isEmpty, names.allSatisfy({ $0 == "*" || $0.allSatisfy(isAuthorityCharacter) }) else {
                return "expects host names such as hig-spec,hig-spec.docs.svc (a port may follow a colon)"
            }
            configuration.mcpAllowedHosts = names
            return nil
        },
        Option(
            name: "mcp-allowed-origins", valueName: "ORIGINS",
            help: "browser origins /mcp answers besides loopback ones, comma-separated (https://app.example)"
        ) {
            configuration, value in
            let origins = list(value)
            guard !origins.isEmpty,
                origins.allSatisfy({
                    ($0.hasPrefix("http://") || $0.hasPrefix("https://")) && !$0.hasSuffix("/")
                        && $0.allSatisfy { $0 == ":" || $0 == "/" || isAuthorityCharacter($0) }
                })
            else { return "expects origins such as https://app.example or http://10.0.0.5:3000, without a path" }
            configuration.mcpAllowedOrigins = origins
            return nil
        },
        Option(
            name: "upstream", valueName: "URL",
            help: "mirror the data file at this http(s) URL, e.g. another instance's /v1/export"
        ) {
            configuration, value in
            let lowered = value.lowercased()
            guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://"), value.count > 8 else {
                return "expects an http:// or https:// URL"
            }
            configuration.upstream = value
            return nil
        },
        intOption(
            "upstream-interval", "SECONDS", "seconds between polls of the upstream", \.upstreamIntervalSeconds,
            1...86_400),
        Option(name: "cache", valueName: "PATH", help: "keep the last good upstream copy here; served at start") {
            configuration, value in
            guard !value.isEmpty else { return "expects a file path" }
            configuration.cachePath = value
            return nil
        },
        intOption(
            "upstream-max-bytes", "BYTES", "largest upstream file accepted", \.upstreamMaxBytes, 1024...1 << 32),
        intOption(
            "upstream-timeout", "SECONDS", "longest an upstream transfer may take", \.upstreamTimeoutSeconds,
            1...3600),
        intOption(
            "watch-sources", "SECONDS",
            "compare the store with Apple's HIG pages this often, served at /v1/sources; 0 never",
            \.watchSourcesSeconds, 0...2_592_000),
        Option(
            name: "sources-base", valueName: "URL",
            help: "fetch the watched pages from here instead of https://developer.apple.com"
        ) {
            configuration, value in
            guard value.hasPrefix("http://") || value.hasPrefix("https://") else {
                return "expects an http:// or https:// URL"
            }
            configuration.sourcesBase = value
            return nil
        },
    ]

    /// The items of a comma-separated list, trimmed, empty ones dropped.
    private static func list(_ value: String) -> [String] {
        value.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
    }

    /// A character of a host name, an IP address or a port.
    private static func isAuthorityCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || "-._:[]".contains(character))
    }

    /// An option taking a whole number within `range`; its help line shows the default.
    private static func intOption(
        _ name: String, _ valueName: String, _ help: String,
        _ field: any WritableKeyPath<ServerConfiguration, Int> & Sendable, _ range: ClosedRange<Int>
    ) -> Option {
        Option(name: name, valueName: valueName, help: "\(help) (default \(ServerConfiguration()[keyPath: field]))") {
            configuration, value in
            guard let number = Int(value), range.contains(number) else {
                return "expects a whole number in \(range.lowerBound)...\(range.upperBound)"
            }
            configuration[keyPath: field] = number
            return nil
        }
    }

    /// Reads the command line and environment into an action.
    ///
    /// Flags take `--name value` or `--name=value`. Environment variables are read first so that a
    /// flag overrides them.
    static func parse(arguments: [String], environment: [String: String]) throws(UsageError) -> Action {
        var configuration = ServerConfiguration()
        for option in options {
            guard let value = environment[option.environmentVariable] else { continue }
            if let problem = option.apply(&configuration, value) {
                throw UsageError(description: "\(option.environmentVariable)=\(value): \(problem)")
            }
        }
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return .printHelp
            case "--version": return .printVersion
            default: break
            }
            guard argument.hasPrefix("--") else {
                throw UsageError(description: "unexpected argument '\(argument)' (see --help)")
            }
            let name: Substring
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = argument[argument.index(argument.startIndex, offsetBy: 2)..<equals]
                value = String(argument[argument.index(after: equals)...])
            } else {
                name = argument.dropFirst(2)
            }
            guard let option = options.first(where: { $0.name == name }) else {
                throw UsageError(description: "unknown option '--\(name)' (see --help)")
            }
            if value == nil { value = remaining.popFirst() }
            guard let value else { throw UsageError(description: "\(option.flag) needs a value (\(option.valueName))") }
            if let problem = option.apply(&configuration, value) {
                throw UsageError(description: "\(option.flag) \(value): \(problem)")
            }
        }
        if configuration.maxBufferedBodyBytes < configuration.maxBodyBytes {
            throw UsageError(
                description:
                    "--max-buffered-body-bytes \(configuration.maxBufferedBodyBytes) is below --max-body-bytes "
                    + "\(configuration.maxBodyBytes): a body of the largest allowed size could never be taken "
                    + "(raise it to at least \(configuration.maxBodyBytes), or lower --max-body-bytes)")
        }
        return .serve(configuration)
    }

    /// The text `--help` prints.
    static var helpText: String {
        let defaults = ServerConfiguration()
        let address = "http://\(defaults.host):\(defaults.port)"
        var text = """
            spec-server — Apple Human Interface Guidelines figures over HTTP, with citations.

            USAGE: spec-server [options]

            """
        let commandWidth = Subcommand.all.map { "\($0.name) \($0.usage)".count }.max() ?? 0
        for command in Subcommand.all {
            text +=
                "       spec-server \(padded("\(command.name) \(command.usage)", to: commandWidth))  \(command.summary)\n"
        }
        text += """

            With no options it serves the data built into the binary on \(address).
            Send SIGHUP to reload the data file (or, with --upstream, to poll the upstream now); an
            invalid file is refused and the old data serves on.

            OPTIONS:

            """
        let width = options.map { "\($0.flag) \($0.valueName)".count }.max() ?? 0
        for option in options {
            let left = "\(option.flag) \(option.valueName)"
            text += "  \(padded(left, to: width))  \(option.help)\n"
            text += "  \(String(repeating: " ", count: width))  env \(option.environmentVariable)\n"
        }
        text += "  \(padded("-h, --help", to: width))  show this help\n"
        text += "  \(padded("--version", to: width))  print the version\n"
        text += """

            Flags override environment variables. Try: curl '\(address)/v1/devices?format=md'

            """
        return text
    }
}

/// A whole number of seconds, for the engine's default timeouts.
private func wholeSeconds(_ duration: Duration) -> Int {
    Int(duration.components.seconds)
}

/// `text` followed by spaces up to `width` characters, for the aligned columns of `--help`.
private func padded(_ text: String, to width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}
