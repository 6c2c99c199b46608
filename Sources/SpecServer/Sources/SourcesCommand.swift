import JSON
import SourceWatch
import SpecStore

extension Subcommand {
    /// `spec-server sources check [options]` (``SourcesCommand``).
    static let sources = Subcommand(
        name: "sources", usage: "check [options]",
        summary: "compare the store with Apple's HIG pages; exit 0 no drift, 1 drift, 2 a page unreadable"
    ) { arguments, environment in
        SourcesCommand.run(arguments: arguments, environment: environment)
    }
}

/// `spec-server sources check`: fetches every HIG page the store cites as Apple's page JSON and
/// reports, on standard output, where the store no longer matches. It never changes the data.
enum SourcesCommand {
    static let usage = """
        usage: spec-server sources check [--base URL] [--version V] [--data PATH] [--format json|md]
                                         [--previous REPORT] [--timeout SECONDS] [--max-bytes N]
          --base URL         replace https://developer.apple.com in page URLs (a mirror, a test server)
          --version V        compare this store version (default: the latest)
          --data PATH        the data file (default: the embedded data)
          --format json|md   the report's form (default: json)
          --previous REPORT  a previous JSON report: its validators make the requests conditional
          --timeout SECONDS  per page (default 30)
          --max-bytes N      the largest page accepted (default 4194304)
        Exit status: 0 nothing drifted, 1 something did, 2 a page could not be read, 64 bad usage.
        Needs a build with the UpstreamFetch trait (swift build --traits UpstreamFetch).

        """

    /// The options after `sources check`.
    struct Options: Equatable {
        var base = SourceCheck.appleBase
        var version: String?
        var dataPath: String?
        var markdown = false
        var previousPath: String?
        var timeoutSeconds = 30
        var maxBytes = 4 * 1024 * 1024
    }

    /// Reads the options; a message saying what is wrong otherwise.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var rest = arguments[...]
        guard rest.popFirst() == "check" else { return .failure(UsageError("expected `sources check`")) }
        while let flag = rest.popFirst() {
            guard let value = rest.popFirst() else { return .failure(UsageError("\(flag) needs a value")) }
            switch flag {
            case "--base":
                guard value.hasPrefix("http://") || value.hasPrefix("https://") else {
                    return .failure(UsageError("--base must be an http or https URL"))
                }
                options.base = value
            case "--version": options.version = value
            case "--data": options.dataPath = value
            case "--format":
                guard value == "json" || value == "md" else { return .failure(UsageError("--format is json or md")) }
                options.markdown = value == "md"
            case "--previous": options.previousPath = value
            case "--timeout":
                guard let seconds = Int(value), (1...600).contains(seconds) else {
                    return .failure(UsageError("--timeout is 1 to 600 seconds"))
                }
                options.timeoutSeconds = seconds
            case "--max-bytes":
                guard let bytes = Int(value), (1024...(256 * 1024 * 1024)).contains(bytes) else {
                    return .failure(UsageError("--max-bytes is 1024 to 268435456"))
                }
                options.maxBytes = bytes
            default:
                return .failure(UsageError("unknown option \(flag)"))
            }
        }
        return .success(options)
    }

    /// A bad command line, said in one sentence.
    struct UsageError: Error, Equatable {
        var message: String
        init(_ message: String) { self.message = message }
    }

    static func run(arguments: [String], environment: [String: String]) -> Int32 {
        if arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h") {
            StandardStream.output.write(usage)
            return arguments.isEmpty ? 64 : 0
        }
        let options: Options
        switch parse(arguments) {
        case .success(let parsed): options = parsed
        case .failure(let error):
            StandardStream.error.write("spec-server sources: \(error.message)\n" + usage)
            return 64
        }
        guard let fetch = SourceWatchTransport.fetch(product: SpecServerCommand.product) else {
            let reason = UpstreamFetching.unavailableReason() ?? "cannot fetch"
            StandardStream.error.write("spec-server sources check: \(reason)\n")
            return 64
        }
        let store: SpecStore
        let snapshot: SpecSnapshot
        do {
            store =
                try options.dataPath.map { path throws(SpecStoreError) in try SpecStore.load(contentsOf: path) }
                ?? SpecStore.load(bytes: Array(EmbeddedSpecData.json.utf8), sourceName: "embedded Data/specs.json")
            snapshot = try store.snapshot(version: options.version)
        } catch {
            StandardStream.error.write("spec-server sources check: \(error)\n")
            return 64
        }
        var previous: SourceReport?
        if let path = options.previousPath {
            guard case .bytes(let bytes) = AtomicFile.read(path, limit: 64 * 1024 * 1024),
                let json = try? JSONValue.parse(bytes), let report = SourceReport(json: json)
            else {
                StandardStream.error.write("spec-server sources check: \(path) is not a readable source report\n")
                return 64
            }
            previous = report
        }
        let check = SourceCheck(
            base: options.base, timeoutSeconds: options.timeoutSeconds, maxBytes: options.maxBytes, fetch: fetch)
        let report = check.run(snapshot: snapshot, previous: previous)
        StandardStream.output.write(options.markdown ? report.markdown : report.json.serialized(pretty: true) + "\n")
        for page in report.pages where page.status == .unreadable {
            StandardStream.error.write("spec-server sources check: \(page.url): \(page.error ?? "unreadable")\n")
        }
        return report.exitCode
    }
}
