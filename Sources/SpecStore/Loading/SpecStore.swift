import JSON
import SystemSupport

/// The versioned store of HIG facts loaded from `Data/specs.json`: immutable once loaded.
///
/// Loading validates the whole file (Docs/schema.md §5) and builds one ``SpecSnapshot`` per store
/// version up front, so queries never build anything shared and any number of threads may query
/// at once. A reload loads a new `SpecStore`; the server swaps it in whole.
public final class SpecStore: Sendable {
    /// The name the file was loaded under (its path, or the `sourceName` given).
    public let sourceName: String
    /// The file's `title`.
    public let title: String
    /// The file's `schemaVersion` (1 or 2).
    public let schemaVersion: Int
    /// The store versions, oldest first.
    public let versions: [StoreVersion]
    /// The HIG pages that publish figures, as the data file's `coverage` lists them.
    public let coverage: [CoveragePage]
    /// Each coverage page's URL and title in lower case, made once: ``coverage(of:in:)`` is asked
    /// for every empty answer's note, and lowering every page's names on each call was a third
    /// of a never-seen token file.
    let coverageNames: [(url: String, page: String)]
    /// The export in the data file's own format: the loaded file serialized again, two-space
    /// indented, with its keys in their order and its numbers as written. Built on each call;
    /// the store does not keep the file's bytes, which would cost as much memory as the file.
    public var sourceBytes: [UInt8] { root.serializedBytes(pretty: true) }
    /// The parsed file.
    let root: JSONValue
    let records: [[StoredRecord]]
    let snapshots: [SpecSnapshot]
    private let versionIndex: [String: Int]

    /// The newest version.
    public var latestVersion: StoreVersion { versions[versions.count - 1] }

    /// The snapshot of the newest version.
    public var latest: SpecSnapshot { snapshots[snapshots.count - 1] }

    private init(sourceName: String, root: JSONValue, output: StoreLoader.Output) {
        self.sourceName = sourceName
        self.root = root
        self.title = output.title
        self.schemaVersion = output.schemaVersion
        self.versions = output.versions
        self.coverage = output.coverage
        self.coverageNames = output.coverage.map { ($0.url.lowercased(), $0.page.lowercased()) }
        self.records = output.records
        var versionIndex: [String: Int] = [:]
        for version in output.versions { versionIndex[version.id] = version.index }
        self.versionIndex = versionIndex
        let rows = SpecSnapshot.variantRows(records: output.records, versions: output.versions)
        let searchIndex = SearchIndexCache(
            records: output.records, versions: output.versions, synonyms: output.synonyms)
        var snapshots: [SpecSnapshot] = []
        for version in output.versions {
            snapshots.append(
                SpecSnapshot(
                    version: version, isLatest: version.index == output.versions.count - 1, records: output.records,
                    variantRows: rows, locations: output.locations, versions: output.versions, searchIndex: searchIndex,
                    previous: snapshots.last, elements: output.elements, statements: output.statements))
        }
        self.snapshots = snapshots
    }

    /// Loads and validates the data file at `path`.
    ///
    /// - Throws: ``SpecStoreError`` naming the file, the JSON path and, for syntax errors, the
    ///   line and column of the first fault.
    public static func load(contentsOf path: String) throws(SpecStoreError) -> SpecStore {
        let bytes = try readFile(path)
        return try load(bytes: bytes, sourceName: path)
    }

    /// Loads and validates a data file's bytes; `sourceName` names it in errors.
    public static func load(bytes: [UInt8], sourceName: String) throws(SpecStoreError) -> SpecStore {
        guard bytes.count <= DataFileLimits.maximumBytes else {
            throw SpecStoreError(
                code: .tooLarge, file: sourceName, jsonPath: "$",
                message: "the file is \(bytes.count) bytes, over the limit of \(DataFileLimits.maximumBytes)")
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes, interning: true, depthLimit: DataFileLimits.maximumDepth)
        } catch {
            throw SpecStoreError(
                code: .syntax, file: sourceName, jsonPath: "$", line: error.line, column: error.column,
                message: error.message)
        }
        // Equal lists and objects (a platform list, a citation list, a size) are held once
        // for the life of the store, before records, rows and the export take their parts.
        var sharing = JSONSharing()
        let shared = sharing.shared(root)
        var loader = StoreLoader(file: sourceName)
        let output: StoreLoader.Output
        do {
            output = try loader.load(shared)
        } catch {
            // Say where in the text the fault is, as well as its JSON path.
            let (line, column) = JSONLocator.position(of: error.jsonPath, in: bytes)
            throw SpecStoreError(
                code: error.code, file: error.file, jsonPath: error.jsonPath, line: line, column: column,
                message: error.message)
        }
        return SpecStore(sourceName: sourceName, root: shared, output: output)
    }

    /// The snapshot of version `id`, or of the latest version when `id` is `nil`.
    ///
    /// - Throws: ``QueryError`` `unknown_version` listing the known versions.
    public func snapshot(version id: String?) throws(QueryError) -> SpecSnapshot {
        guard let id else { return latest }
        guard let index = versionIndex[id] ?? versionIndex[id.lowercased()] else {
            throw unknownVersion(id, parameter: "version")
        }
        return snapshots[index]
    }

    /// The whole store, every version, in the data file's own format: the parsed file.
    public func export() -> JSONValue { root }

    /// Builds now what the first search would otherwise build: the search index, shared by every
    /// version. A server calls it while it loads, off its event loops, so no request waits for it
    /// (0.03 s for today's store, 3 s for one a hundred times its size).
    public func prepareSearch() {
        _ = latest.searchIndex.index
    }

    /// Whether the search index is built.
    public var isSearchPrepared: Bool { latest.searchIndex.isBuilt }

    private static func readFile(_ path: String) throws(SpecStoreError) -> [UInt8] {
        let file: FileDescriptor
        do {
            file = try SystemFile.open(path, .readOnly)
        } catch {
            throw SpecStoreError(
                code: .unreadable, file: path, jsonPath: "$", message: "cannot open the file: \(error.reason)")
        }
        var bytes: [UInt8] = []
        do {
            // Stop reading past the limit: the loader refuses the file by its size alone.
            while bytes.count <= DataFileLimits.maximumBytes,
                try SystemFile.read(file.rawValue, appendingTo: &bytes, maximum: 1 << 16) > 0
            {}
        } catch {
            throw SpecStoreError(
                code: .unreadable, file: path, jsonPath: "$", message: "cannot read the file: \(error.reason)")
        }
        return bytes
    }
}
