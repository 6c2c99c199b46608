import Glibc
import HTTPCore

// A minimal entry point so the engine runs end to end: `spec-server --host H --port P
// --threads N` answering GET /healthz. The v1 routes replace it.
do {
    try HealthOnlyServer.run(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileDescriptorOutput.standardError.write("spec-server: \(error)\n")
    exit(1)
}
