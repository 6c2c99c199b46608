import JSON

/// The element vocabulary (schema 2) and the figures that apply to each element.
extension StoreLoader {
    /// `elements`: `{"id": {"name", "basis", "measures": {"size": [metric ids], …}}}`. The keys
    /// are the element vocabulary; every figure named is a metric of some version, and none is
    /// named twice for one element.
    mutating func loadElements(_ value: JSONValue?) throws(SpecStoreError) {
        guard let value else { return }
        guard case .object(let object) = value else { throw wrongType("$.elements", value, "an object") }
        for (id, member) in object {
            let path = "$.elements.\(id)"
            try checkRecordID(id, "element id", path)
            try checkObject(member, path, StoreLoader.elementFields)
            guard case .object(let measureObject) = member["measures"] ?? .null else {
                throw wrongType("\(path).measures", member["measures"] ?? .null, "an object")
            }
            guard !measureObject.isEmpty else {
                throw fault(.missingField, "\(path).measures", "element '\(id)' names no measure")
            }
            var measures: [UIElement.Measure] = []
            var named: Set<String> = []
            for (measure, list) in measureObject {
                let measurePath = "\(path).measures.\(measure)"
                try checkRecordID(measure, "measure", measurePath)
                try check(list, .strings, measurePath)
                let figures = list.arrayValue?.compactMap(\.stringValue) ?? []
                guard !figures.isEmpty else {
                    throw fault(.missingField, measurePath, "measure '\(measure)' of '\(id)' names no figure")
                }
                for (offset, figure) in figures.enumerated() {
                    guard idLocations[figure]?.collection == .metrics else {
                        throw fault(.danglingReference, "\(measurePath)[\(offset)]", "'\(figure)' names no metric")
                    }
                    guard named.insert(figure).inserted else {
                        throw fault(
                            .duplicateID, "\(measurePath)[\(offset)]", "'\(figure)' is named twice for '\(id)'")
                    }
                }
                measures.append(UIElement.Measure(name: measure, figures: figures))
            }
            elements.append(
                UIElement(
                    id: id, name: member["name"]?.stringValue ?? id, basis: member["basis"]?.stringValue ?? "",
                    measures: measures))
        }
    }
}
