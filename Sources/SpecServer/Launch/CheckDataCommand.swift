import JSON
import SpecStore
import SystemSupport

/// `spec-server check-data [PATH]`: validates a data file the way the server would load it.
///
/// Exits 0 and prints one summary line when the file loads; exits 1 and prints the first fault
/// as `file:line:column: code at $.path: message` otherwise (64 for a bad command line). The
/// default PATH is `Data/specs.json`, the repository's own file.
enum CheckDataCommand {
    static let usage = "usage: spec-server check-data [PATH]   (default: Data/specs.json)\n"

    /// Runs the subcommand with the arguments after `check-data`; returns the exit status.
    static func run(arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            StandardStream.output.write(usage)
            return 0
        }
        guard arguments.count <= 1, arguments.first.map({ !$0.hasPrefix("-") }) ?? true else {
            StandardStream.error.write("spec-server check-data: expected at most one PATH\n" + usage)
            return 64
        }
        let path = arguments.first ?? "Data/specs.json"
        let start = SystemClock.monotonicNanoseconds()
        do {
            let store = try SpecStore.load(contentsOf: path)
            let milliseconds = Double(SystemClock.monotonicNanoseconds() - start) / 1_000_000
            let records = store.latest.counts.objectValue?.values.compactMap(\.doubleValue).reduce(0, +) ?? 0
            StandardStream.output.write(
                "\(path): ok: \(store.versions.count) versions, \(Int(records)) records in the latest version, checked in \(Int(milliseconds.rounded())) ms\n"
            )
            if store.schemaVersion < 2 {
                StandardStream.output.write(version1Advice(path))
            }
            return 0
        } catch {
            StandardStream.error.write("\(error)\n")
            return 1
        }
    }

    /// What a contributor with a version-1 file is told: it still loads, and how to convert it.
    static func version1Advice(_ path: String) -> String {
        "\(path): note: schemaVersion 1 still loads, but the data file is schemaVersion 2 (sources cited by id, per-collection defaults, one record per line); convert it with: python3 scripts/convert-specs-v2.py \(path)\n"
    }
}
