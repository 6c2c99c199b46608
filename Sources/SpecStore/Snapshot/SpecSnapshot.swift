import Synchronization

/// The store as of one version: every record that version has, with the values it had then.
///
/// Snapshots are immutable and built at load, so queries are plain reads that any thread may run
/// at once; the search index is built on first use under a lock. Query methods live in the
/// `SpecSnapshot+Topic.swift` extensions, one per route family. Every query returns API rows:
/// JSON objects whose field order ``RecordRow`` documents (id; the collection's fields; status,
/// unit, citations, basis, notes, since, until).
public final class SpecSnapshot: Sendable {
    /// One record as of this version.
    struct Entry: Sendable {
        let id: String
        let fields: JSONObject
        let row: JSONValue
    }

    struct Location: Sendable {
        let collection: SpecCollection
        let position: Int
    }

    /// The version this snapshot is.
    public let version: StoreVersion
    /// Whether it is the store's newest version.
    public let isLatest: Bool
    let versions: [StoreVersion]
    let entries: [[Entry]]
    let locations: [String: Location]
    let searchIndex = Mutex<SearchIndex?>(nil)

    init(
        version: StoreVersion, isLatest: Bool, records: [[StoredRecord]], variantRows: [[[JSONValue]]],
        versions: [StoreVersion]
    ) {
        self.version = version
        self.isLatest = isLatest
        self.versions = versions
        var entries: [[Entry]] = []
        var locations: [String: Location] = [:]
        let sizeClasses = SpecSnapshot.sizeClassesByDevice(records[SpecCollection.sizeClasses.rawValue], at: version.index)
        for collection in SpecCollection.allCases {
            var list: [Entry] = []
            for (position, record) in records[collection.rawValue].enumerated() where record.isPresent(at: version.index) {
                let variant = record.variantIndex(at: version.index)
                let fields = record.variants[variant]
                let row: JSONValue
                if collection == .devices {
                    row = RecordRow.make(
                        id: record.id, collection: collection, fields: fields, since: versions[record.since].id,
                        until: record.until.map { versions[$0].id }, sizeClasses: sizeClasses[record.id])
                } else {
                    row = variantRows[collection.rawValue][position][variant]
                }
                locations[record.id] = Location(collection: collection, position: list.count)
                list.append(Entry(id: record.id, fields: fields, row: row))
            }
            entries.append(list)
        }
        self.entries = entries
        self.locations = locations
    }

    /// The API rows of every record variant except devices, whose rows join the size-class table
    /// of each version and are built per snapshot. Variants without history are shared by all
    /// snapshots, which keeps nine versions of the store in little more memory than one.
    static func variantRows(records: [[StoredRecord]], versions: [StoreVersion]) -> [[[JSONValue]]] {
        SpecCollection.allCases.map { collection in
            guard collection != .devices else { return [] }
            return records[collection.rawValue].map { record in
                record.variants.map { fields in
                    RecordRow.make(
                        id: record.id, collection: collection, fields: fields, since: versions[record.since].id,
                        until: record.until.map { versions[$0].id })
                }
            }
        }
    }

    private static func sizeClassesByDevice(_ records: [StoredRecord], at version: Int) -> [String: JSONValue] {
        var table: [String: JSONValue] = [:]
        for record in records where record.isPresent(at: version) {
            let fields = record.fields(at: version)
            let value: JSONValue = ["portrait": fields["portrait"] ?? .null, "landscape": fields["landscape"] ?? .null]
            for id in fields["devices"]?.arrayValue ?? [] {
                if let id = id.stringValue { table[id] = value }
            }
        }
        return table
    }

    /// The number of records of each collection in this version, keyed by the data file's
    /// collection names, in file order.
    public var counts: JSONValue {
        var object = JSONObject()
        for collection in SpecCollection.allCases {
            object.append(collection.key, JSONValue(integerLiteral: entries[collection.rawValue].count))
        }
        return .object(object)
    }

    /// The record `id` as an API row, of any collection; `nil` if this version has no such record.
    public func record(id: String) -> JSONValue? {
        guard let location = locations[id] else { return nil }
        return entries[location.collection.rawValue][location.position].row
    }

    /// The accepted values of `kind` in this version: the static vocabulary, or for data-drawn
    /// kinds (style, topic, font, device) the values present in the data.
    public func acceptedValues(for kind: FilterVocabulary.Kind) -> [String] {
        if let values = FilterVocabulary.values(of: kind) { return values }
        switch kind {
        case .style: return styles(in: [.dynamicType, .textStyles])
        case .topic: return distinct("topic", in: [.metrics, .rules, .myths])
        case .font: return distinct("font", in: [.tracking])
        default: return entries[SpecCollection.devices.rawValue].map(\.id)
        }
    }

    // MARK: - Shared helpers for the queries

    func rows(_ collection: SpecCollection) -> [Entry] { entries[collection.rawValue] }

    func distinct(_ field: String, in collections: [SpecCollection]) -> [String] {
        var seen = Set<String>()
        var values: [String] = []
        for collection in collections {
            for entry in rows(collection) {
                if let value = entry.fields[field]?.stringValue, seen.insert(value).inserted { values.append(value) }
            }
        }
        return values
    }

    func styles(in collections: [SpecCollection]) -> [String] {
        let present = Set(distinct("style", in: collections))
        // Apple's order first, then the styles only other platforms have, as the data lists them.
        return FilterVocabulary.styles.filter { present.contains($0) }
            + distinct("style", in: collections).filter { !FilterVocabulary.styles.contains($0) }
    }

    /// Resolves a value against a vocabulary drawn from the data, matching case- and separator-insensitively.
    func resolve(_ raw: String, among values: [String], parameter: String, aliases: [String: String] = [:])
        throws(QueryError) -> String
    {
        let key = FilterVocabulary.matchKey(raw)
        if let alias = aliases[key], values.contains(alias) { return alias }
        if let match = values.first(where: { FilterVocabulary.matchKey($0) == key }) { return match }
        throw QueryError.unknownValue(raw, for: parameter, accepted: values)
    }

    func platform(_ raw: String?) throws(QueryError) -> String? {
        guard let raw else { return nil }
        return try FilterVocabulary.resolve(raw, in: .platform, parameter: "platform")
    }

    func topic(_ raw: String?) throws(QueryError) -> String? {
        guard let raw else { return nil }
        return try resolve(raw, among: acceptedValues(for: .topic), parameter: "topic")
    }

    static func matches(platform: String?, _ fields: JSONObject) -> Bool {
        guard let platform else { return true }
        for value in fields["platforms"]?.arrayValue ?? [] {
            if let string = value.stringValue, string == platform || string == "all" { return true }
        }
        return false
    }
}
