import JSON

/// The store as of one version: every record that version has, with the values it had then.
///
/// Snapshots are immutable and built at load, so queries are plain reads that any thread may run
/// at once. Query methods live in the `SpecSnapshot+Topic.swift` extensions, one per route
/// family. Every query returns API rows: JSON objects whose field order ``RecordRowBuilder`` documents
/// (id; the collection's fields; status, unit, citations, basis, notes, since, until).
public final class SpecSnapshot: Sendable {
    /// One record as of this version: its API row, which also carries every field queries filter on.
    struct Entry: Sendable {
        let row: JSONValue
        var id: String { row["id"]?.stringValue ?? "" }
        var fields: JSONValue { row }
    }

    /// The version this snapshot is.
    public let version: StoreVersion
    /// Whether it is the store's newest version.
    public let isLatest: Bool
    let versions: [StoreVersion]
    let entries: [[Entry]]
    /// Each collection's rows as compact JSON, written as answers ask (``KeptRows``), shared
    /// with the version before wherever `entries` is.
    let keptRows: [KeptRows]
    /// For each collection and record index in the store, the record's position in `entries`, or -1.
    private let positions: [[Int32]]
    private let locations: [String: RecordLocation]
    let searchIndex: SearchIndexCache
    /// The element vocabulary, and the figures that apply to each element (``UIElement``).
    public let elements: [UIElement]
    /// Apple's statements that scope a page's figures on one platform (``PlatformStatement``).
    let statements: [PlatformStatement]
    private let vocabularyCache = BuiltOnce<SnapshotVocabulary>()
    /// Each collection's ``EntryColumns``, made on its first filtered query.
    private let columnCaches = SpecCollection.allCases.map { _ in BuiltOnce<EntryColumns>() }
    /// Each device's record with its widget rows joined (``device(id:)``), by device id: made for
    /// every device on the first such request, as the join is the same for every request.
    let deviceRecords = BuiltOnce<[String: DeviceRecord]>()
    /// This version's `/v1/coverage` rows (``SpecStore/coverageRows(of:)``), made on first use: an
    /// empty answer filtered by topic names its page's coverage, and counting every record's
    /// citations for each such answer was most of a never-seen empty answer's cost.
    let coverageRows = BuiltOnce<QueryResult>()
    /// For each of ``statements``, which metrics quote it (``platformStatementNotes(platform:metrics:)``),
    /// made on first use: a filter form's counts ask for these notes once per platform choice.
    let statementQuoters = BuiltOnce<[[Bool]]>()
    /// For each metrics topic, the platforms its figures are for (an empty metrics answer's
    /// note), made on first use: a filter form's counts meet many empty combinations.
    let metricTopicPlatforms = BuiltOnce<[String: [String]]>()
    /// An empty answer's clauses (what the rows matching all filters but one have in its place),
    /// by route and filters, and a topic's coverage sentence, by topic: the same for every empty
    /// answer whose other filters, or topic, are those. At most 4,096.
    package let emptyAnswerClauses = KeptValues<String?>(limit: 4096)
    /// Each collection's rows by id and by their record's id (``RowIDIndex``), made on the
    /// collection's first `q=`.
    let rowIDIndexes = SpecCollection.allCases.map { _ in BuiltOnce<RowIDIndex>() }

    /// The values drawn from this version's data that filters resolve against, worked out on first use.
    struct SnapshotVocabulary: Sendable {
        let dynamicTypeStyles: [String]
        let textStyles: [String]
        let allStyles: [String]
        let topics: [String]
        /// Each topic by its match key (``FilterVocabulary/matchKey(_:)``), the first topic
        /// where two share one: what `topic=` resolves with one lookup, not a scan.
        let topicKeys: [String: String]
        let fonts: [String]
        /// Device match keys (of the id, the id without `device.`, and the name) to positions in `devices`.
        let deviceKeys: [String: Int]
    }

    var vocabulary: SnapshotVocabulary {
        vocabularyCache.value {
            var deviceKeys: [String: Int] = [:]
            for (position, entry) in rows(.devices).enumerated().reversed() {
                let id = entry.id
                let bare = id.hasPrefix("device.") ? String(id.dropFirst("device.".count)) : id
                for key in [entry.fields["name"]?.stringValue ?? "", bare, id] where !key.isEmpty {
                    deviceKeys[FilterVocabulary.matchKey(key)] = position
                }
            }
            let topics = distinct("topic", in: Self.declaring("topic"))
            var topicKeys: [String: String] = [:]
            for topic in topics where topicKeys[FilterVocabulary.matchKey(topic)] == nil {
                topicKeys[FilterVocabulary.matchKey(topic)] = topic
            }
            return SnapshotVocabulary(
                dynamicTypeStyles: styles(in: [.dynamicType]), textStyles: styles(in: [.textStyles]),
                allStyles: styles(in: [.dynamicType, .textStyles]),
                topics: topics, topicKeys: topicKeys,
                fonts: distinct("font", in: Self.declaring("font")),
                deviceKeys: deviceKeys)
        }
    }

    init(
        version: StoreVersion, isLatest: Bool, records: [[StoredRecord]], variantRows: [[[JSONValue]]],
        locations: [String: RecordLocation], versions: [StoreVersion], searchIndex: SearchIndexCache,
        previous: SpecSnapshot?, elements: [UIElement] = [], statements: [PlatformStatement] = []
    ) {
        self.elements = elements
        self.statements = statements
        self.version = version
        self.isLatest = isLatest
        self.versions = versions
        self.locations = locations
        self.searchIndex = searchIndex
        var entries: [[Entry]] = []
        var keptRows: [KeptRows] = []
        var positions: [[Int32]] = []
        let sizeClasses = SpecSnapshot.sizeClassesByDevice(
            records[SpecCollection.sizeClasses.rawValue], at: version.index)
        var deviceRows = RecordRowBuilder(collection: .devices)
        for collection in SpecCollection.allCases {
            let collectionRecords = records[collection.rawValue]
            // Most collections hold the same record states in one version as in the one before:
            // share that version's rows and positions rather than keep a copy per version.
            if collection != .devices, let previous,
                collectionRecords.allSatisfy({
                    $0.state(at: version.index) == $0.state(at: previous.version.index)
                })
            {
                entries.append(previous.entries[collection.rawValue])
                keptRows.append(previous.keptRows[collection.rawValue])
                positions.append(previous.positions[collection.rawValue])
                continue
            }
            var list: [Entry] = []
            list.reserveCapacity(collectionRecords.count)
            var index = [Int32](repeating: -1, count: collectionRecords.count)
            for (position, record) in collectionRecords.enumerated() where record.isPresent(at: version.index) {
                let variant = record.variantIndex(at: version.index)
                let row: JSONValue
                if collection == .devices {
                    // A device row joins the size-class table; reuse the previous version's row
                    // when neither the device nor its size classes changed.
                    let uncertain = record.isUncertain(at: version.index)
                    if let previous, let earlier = previous.entry(id: record.id)?.row,
                        record.variantIndex(at: previous.version.index) == variant,
                        record.isUncertain(at: previous.version.index) == uncertain,
                        earlier["sizeClasses"] == (sizeClasses[record.id] ?? .null)
                    {
                        row = earlier
                    } else {
                        row = deviceRows.row(
                            id: record.id, fields: record.object(variant: variant), since: versions[record.since].id,
                            until: record.until.map { versions[$0].id }, seen: record.seen.map { versions[$0].id },
                            uncertain: uncertain, sizeClasses: sizeClasses[record.id])
                    }
                } else {
                    // States come in pairs: the certain one, then the one marked uncertain.
                    let uncertain = record.isUncertain(at: version.index) ? 1 : 0
                    row = variantRows[collection.rawValue][position][variant * 2 + uncertain]
                }
                index[position] = Int32(list.count)
                list.append(Entry(row: row))
            }
            keptRows.append(KeptRows(count: list.count))
            entries.append(list)
            positions.append(index)
        }
        self.entries = entries
        self.keptRows = keptRows
        self.positions = positions
    }

    /// The API rows of every record state except devices, whose rows join the size-class table
    /// of each version and are built per snapshot. A state is shared by every version it holds
    /// in, which keeps nine versions of the store in little more memory than one.
    ///
    /// Each state has two slots: `2 * variant` is the row, `2 * variant + 1` the row marked
    /// `presence: uncertain` for versions before the record's `seen`. The second slot holds the
    /// first row again when no version needs the mark.
    static func variantRows(records: [[StoredRecord]], versions: [StoreVersion]) -> [[[JSONValue]]] {
        SpecCollection.allCases.map { collection in
            guard collection != .devices else { return [] }
            var builder = RecordRowBuilder(collection: collection)
            return records[collection.rawValue].map { record in
                var rows: [JSONValue] = []
                rows.reserveCapacity(record.variantCount * 2)
                for variant in 0..<record.variantCount {
                    let fields = record.object(variant: variant)
                    let since = versions[record.since].id
                    let until = record.until.map { versions[$0].id }
                    let seen = record.seen.map { versions[$0].id }
                    let row = builder.row(id: record.id, fields: fields, since: since, until: until, seen: seen)
                    rows.append(row)
                    if record.seen.map({ $0 > record.since }) ?? false {
                        rows.append(
                            builder.row(
                                id: record.id, fields: fields, since: since, until: until, seen: seen, uncertain: true))
                    } else {
                        rows.append(row)
                    }
                }
                return rows
            }
        }
    }

    private static func sizeClassesByDevice(_ records: [StoredRecord], at version: Int) -> [String: JSONValue] {
        var table: [String: JSONValue] = [:]
        for record in records where record.isPresent(at: version) {
            let fields = record.object(variant: record.variantIndex(at: version))
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
        entry(id: id).map(\.row)
    }

    func entry(id: String) -> Entry? {
        guard let location = locations[id] else { return nil }
        let position = positions[location.collection.rawValue][location.position]
        return position < 0 ? nil : entries[location.collection.rawValue][Int(position)]
    }

    /// The collection of the record `id` in this version, if it has it.
    func collection(of id: String) -> SpecCollection? {
        entry(id: id) == nil ? nil : locations[id]?.collection
    }

    /// The accepted values of `kind` in this version: the static vocabulary, or for data-drawn
    /// kinds (style, topic, font, device, element, asset) the values present in the data.
    public func acceptedValues(for kind: FilterVocabulary.Kind) -> [String] {
        if let values = FilterVocabulary.values(of: kind) { return values }
        switch kind {
        case .style: return vocabulary.allStyles
        case .topic: return vocabulary.topics
        case .font: return vocabulary.fonts
        case .element: return elements.map(\.id)
        case .asset: return assetNames(wholeOnly: false)
        case .buttonShape: return buttonShapes
        default: return entries[SpecCollection.devices.rawValue].map(\.id)
        }
    }

    // MARK: - Shared helpers for the queries

    func rows(_ collection: SpecCollection) -> [Entry] { entries[collection.rawValue] }

    /// The entries of `collection` on `platform` whose fields hold each value given, as strings;
    /// a `nil` platform or value does not filter.
    func rows(_ collection: SpecCollection, platform: String?, where fields: KeyValuePairs<String, String?>) -> [Entry]
    {
        let all = rows(collection)
        let wanted = fields.compactMap { name, value in value.map { (name, $0) } }
        if platform == nil, wanted.isEmpty { return all }
        var matching: [Entry] = []
        forEachPosition(collection, platform: platform, where: wanted) { matching.append(all[$0]) }
        return matching
    }

    /// The rows (as the API shows them) of `collection` on `platform` whose fields hold each value
    /// given and that `accept` lets through, in one pass over the collection: their positions,
    /// not copies of the rows, so a page takes only its own.
    func rowValues(
        _ collection: SpecCollection, platform: String?, where fields: KeyValuePairs<String, String?>,
        accept: ((Entry) -> Bool)? = nil
    ) -> CollectionRows {
        let all = rows(collection)
        let wanted = fields.compactMap { name, value in value.map { (name, $0) } }
        if platform == nil, wanted.isEmpty, accept == nil {
            return CollectionRows(
                collection: collection, entries: all, kept: keptRows[collection.rawValue], positions: nil)
        }
        if platform == nil, accept == nil, wanted.count == 1,
            let listed = columnCaches[collection.rawValue].value(orBuild: { EntryColumns(all) }).column(wanted[0].0)?
                .positions(of: wanted[0].1)
        {
            // One field of few values: its list, made once per snapshot, is the answer.
            return CollectionRows(
                collection: collection, entries: all, kept: keptRows[collection.rawValue], positions: listed)
        }
        var matching: [Int32] = []
        forEachPosition(collection, platform: platform, where: wanted) {
            if accept?(all[$0]) ?? true { matching.append(Int32($0)) }
        }
        return CollectionRows(
            collection: collection, entries: all, kept: keptRows[collection.rawValue], positions: matching)
    }

    /// Calls `body` with the position of each entry of `collection` on `platform` whose string
    /// fields hold the values wanted, comparing the collection's columns (``EntryColumns``).
    private func forEachPosition(
        _ collection: SpecCollection, platform: String?, where wanted: [(String, String)], _ body: (Int) -> Void
    ) {
        let all = rows(collection)
        if platform == nil, wanted.isEmpty {
            all.indices.forEach(body)
            return
        }
        let columns = columnCaches[collection.rawValue].value { EntryColumns(all) }
        var checks: [(codes: [UInt32], wanted: UInt32)] = []
        for (name, value) in wanted {
            // A field no entry has, or a value no entry holds, matches nothing.
            guard let column = columns.column(name), let code = column.codeOf[value] else { return }
            checks.append((column.codes, code))
        }
        let everyPlatform = platform == nil
        let mask = platform.map(columns.mask(for:)) ?? 0
        let platforms = columns.platforms
        if checks.count == 1, let listed = columns.column(wanted[0].0)?.positions(of: wanted[0].1) {
            for position in listed where everyPlatform || platforms[Int(position)] & mask != 0 { body(Int(position)) }
            return
        }
        if checks.count == 1 {
            let (codes, code) = checks[0]
            for position in all.indices
            where codes[position] == code && (everyPlatform || platforms[position] & mask != 0) {
                body(position)
            }
            return
        }
        for position in all.indices where everyPlatform || platforms[position] & mask != 0 {
            if checks.allSatisfy({ $0.codes[position] == $0.wanted }) { body(position) }
        }
    }

    /// The collections whose declaration has a field named `field`, in the store's order: where
    /// `topic=` and `font=` find their values, so a new collection's topics are accepted as soon
    /// as it declares the field.
    static func declaring(_ field: String) -> [SpecCollection] {
        SpecCollection.allCases.filter { collection in collection.fields.contains { $0.name == field } }
    }

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

    /// The styles the collections' rows hold, in the data's order: Apple's table order, as the
    /// rows list the styles, then those only other platforms have.
    func styles(in collections: [SpecCollection]) -> [String] {
        distinct("style", in: collections)
    }

    /// Resolves a value against a vocabulary drawn from the data, matching case- and separator-insensitively.
    func resolve(_ raw: String, among values: [String], parameter: String, aliases: [String: String] = [:])
        throws(QueryError) -> String
    {
        let key = FilterVocabulary.matchKey(raw)
        if let alias = aliases[key], values.contains(alias) { return alias }
        if let match = values.first(where: { FilterVocabulary.matchKey(of: $0, is: key) }) { return match }
        throw QueryError.unknownValue(raw, for: parameter, accepted: values)
    }

    func platform(_ raw: String?) throws(QueryError) -> String? {
        guard let raw else { return nil }
        return try FilterVocabulary.resolve(raw, in: .platform, parameter: "platform")
    }

    func topic(_ raw: String?) throws(QueryError) -> String? {
        guard let raw else { return nil }
        if let topic = vocabulary.topicKeys[FilterVocabulary.matchKey(raw)] { return topic }
        return try resolve(raw, among: acceptedValues(for: .topic), parameter: "topic")
    }

    static func matches(platform: String?, _ fields: JSONValue) -> Bool {
        guard let platform else { return true }
        for value in fields["platforms"]?.arrayValue ?? [] {
            if let string = value.stringValue, string == platform || string == "all" { return true }
        }
        return false
    }
}
