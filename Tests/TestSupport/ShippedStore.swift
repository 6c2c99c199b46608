import Foundation
import SpecStore

/// The repository's `Data/specs.json`, loaded once for the whole run: what the API and MCP
/// tests answer from without a server.
package enum ShippedStore {
    /// The data file's path, from this file's place in the repository.
    package static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Data/specs.json").path

    package static let store: SpecStore = {
        do {
            return try SpecStore.load(contentsOf: path)
        } catch {
            fatalError("Data/specs.json must load: \(error)")
        }
    }()
}
