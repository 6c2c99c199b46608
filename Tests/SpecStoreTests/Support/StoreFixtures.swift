import SpecStore

/// Paths to the fixtures beside the tests, found from this file's path so no bundle is needed.
enum StoreFixtures {
    static let directory: String = {
        let file = "\(#filePath)"
        let support = file[..<file.lastIndex(of: "/")!]
        let tests = support[..<support.lastIndex(of: "/")!]
        return "\(tests)/Fixtures/store"
    }()

    /// The repository root (for `Data/specs.json`).
    static let repositoryRoot: String = {
        var path = directory
        for _ in 0..<4 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static func path(_ name: String) -> String { "\(directory)/\(name)" }

    /// The valid fixture store: 3 versions, a few rows of every collection.
    static let valid: SpecStore = {
        do {
            return try SpecStore.load(contentsOf: path("valid.json"))
        } catch {
            fatalError("the valid fixture must load: \(error)")
        }
    }()
}
