import Foundation
import JSON
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

    /// The base of the broken files: one or two records per collection, no more than validation needs.
    static let minimal: JSONValue = {
        do {
            return try JSONValue.parse(Array(try String(contentsOfFile: path("minimal.json"), encoding: .utf8).utf8))
        } catch {
            fatalError("the minimal fixture must parse: \(error)")
        }
    }()

    /// The valid fixture store: 3 versions, a few rows of every collection.
    static let valid: SpecStore = {
        do {
            return try SpecStore.load(contentsOf: path("valid.json"))
        } catch {
            fatalError("the valid fixture must load: \(error)")
        }
    }()
}

/// A broken data file: the minimal valid file (`minimal.json`) with one member changed, so each
/// broken case shows its one fault and a change to the base reaches every case.
struct BrokenFile: Sendable, CustomStringConvertible {
    /// The members changed, as the loader's errors write paths (`$.metrics[0].status`), each with
    /// its new value; `nil` removes the member.
    var changes: [(path: String, value: JSONValue?)]

    /// Sets (or adds) the member at `path`.
    static func setting(_ path: String, to value: JSONValue) -> BrokenFile { BrokenFile(changes: [(path, value)]) }

    /// Removes the member at `path`.
    static func removing(_ path: String) -> BrokenFile { BrokenFile(changes: [(path, nil)]) }

    /// This file with one more member set.
    func setting(_ path: String, to value: JSONValue) -> BrokenFile {
        BrokenFile(changes: changes + [(path, value)])
    }

    var description: String {
        changes.map { change in change.value.map { "\(change.path) = \($0.serialized())" } ?? "without \(change.path)" }
            .joined(separator: ", ")
    }

    /// The broken file's bytes.
    var bytes: [UInt8] {
        var root = StoreFixtures.minimal
        for (path, value) in changes { Self.change(&root, at: Self.components(of: path)[...], to: value) }
        return root.serializedBytes(pretty: true)
    }

    private enum Component {
        case key(String)
        case index(Int)
    }

    /// `$.metrics[0].status` as `metrics`, `0`, `status`.
    private static func components(of path: String) -> [Component] {
        var components: [Component] = []
        for part in path.dropFirst(2).split(separator: ".") {
            let name = part.prefix { $0 != "[" }
            if !name.isEmpty { components.append(.key(String(name))) }
            for index in part.dropFirst(name.count).split(separator: "[") {
                components.append(.index(Int(index.dropLast())!))
            }
        }
        return components
    }

    private static func change(_ value: inout JSONValue, at path: ArraySlice<Component>, to newValue: JSONValue?) {
        guard let first = path.first else { preconditionFailure("an empty path") }
        switch (first, value) {
        case (.key(let key), .object(var object)):
            if path.count == 1 {
                object[key] = newValue
            } else {
                var member = object[key]!
                change(&member, at: path.dropFirst(), to: newValue)
                object[key] = member
            }
            value = .object(object)
        case (.index(let index), .array(var array)):
            if path.count == 1 {
                if let newValue { array[index] = newValue } else { array.remove(at: index) }
            } else {
                change(&array[index], at: path.dropFirst(), to: newValue)
            }
            value = .array(array)
        default:
            preconditionFailure("\(first) does not fit \(value.typeName)")
        }
    }
}

/// The data-file keys of every collection the store declares (``SpecCollection``), for the tests
/// that read the file with Foundation, whose own `JSONObject` keeps them from importing the store.
enum SpecCollectionKeys {
    static let all = SpecCollection.allCases.map(\.key)
}
