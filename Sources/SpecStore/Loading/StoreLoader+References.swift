import JSON

/// Cross-record references: every id a record names exists in the collection it points to.
extension StoreLoader {
    func checkReferences() throws(SpecStoreError) {
        for collection in SpecCollection.allCases {
            for spec in collection.declaration.fields {
                guard case .references(let targets) = spec.kind else { continue }
                try checkReferences(spec.name, of: collection, to: targets)
            }
        }
    }

    /// Every id in `field` of `collection`'s records names a record (of `targets`, if given).
    func checkReferences(_ field: String, of collection: SpecCollection, to targets: SpecCollection?)
        throws(SpecStoreError)
    {
        for (position, record) in records[collection.rawValue].enumerated() {
            guard let ids = record.object[field]?.arrayValue else { continue }
            for (offset, idValue) in ids.enumerated() {
                let id = idValue.stringValue ?? ""
                let path = "$.\(collection.key)[\(position)].\(field)[\(offset)]"
                guard let target = idLocations[id] else {
                    throw fault(.danglingReference, path, "'\(id)' names no record")
                }
                if let targets, target.collection != targets {
                    throw fault(.danglingReference, path, "'\(id)' is not a \(targets.recordType) record")
                }
            }
        }
    }
}
