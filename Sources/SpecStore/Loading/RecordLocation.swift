/// Where a record sits in the data file.
struct RecordLocation: Sendable {
    let collection: SpecCollection
    let position: Int

    var path: String { "$.\(collection.key)[\(position)]" }
}
