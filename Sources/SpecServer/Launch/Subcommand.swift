/// A command `spec-server NAME [arguments]` runs instead of serving, e.g. `health-check`.
struct Subcommand: Sendable {
    /// The first argument that selects it.
    var name: String
    /// What follows the name in `--help`'s usage lines.
    var usage: String
    /// One line for `--help`.
    var summary: String
    /// Runs it with the arguments after its name; returns the exit status.
    var run: @Sendable (_ arguments: [String], _ environment: [String: String]) -> Int32
}

extension Subcommand {
    /// Every subcommand, in `--help` order. To add one, declare it as a `static let` in an
    /// extension in its own file and list it here.
    static let all: [Subcommand] = [
        .healthCheck,
        .checkData,
        .mcp,
        .sources,
    ]

    /// `spec-server check-data [PATH]` (``CheckDataCommand``).
    static let checkData = Subcommand(
        name: "check-data", usage: "[PATH]",
        summary: "validate a data file (default Data/specs.json); exit 0, or 1 with file:line:column"
    ) { arguments, _ in
        CheckDataCommand.run(arguments: arguments)
    }

    /// The subcommand `arguments` start with, if any.
    static func named(_ name: String?) -> Subcommand? {
        all.first { $0.name == name }
    }
}
