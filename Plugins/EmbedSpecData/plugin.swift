import Foundation
import PackagePlugin

/// Embeds `Data/specs.json` into the target that uses this plugin, at build time.
///
/// The generated file declares `EmbeddedSpecData.json`, the data file's exact text, so the
/// executable serves its facts with nothing installed beside it. The build reruns the embedder
/// whenever the data file changes.
@main
struct EmbedSpecData: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let dataFile = context.package.directoryURL.appending(path: "Data/specs.json")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSpecData.swift")
        return [
            .buildCommand(
                displayName: "Embedding Data/specs.json into \(target.name)",
                executable: try context.tool(named: "spec-data-embedder").url,
                arguments: [dataFile.path(), output.path()],
                inputFiles: [dataFile],
                outputFiles: [output]
            )
        ]
    }
}
