/// A field value against its declared kind (`FieldKind`), nested objects and citation targets.
extension StoreLoader {
    func check(_ value: JSONValue, _ kind: FieldKind, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        switch kind {
        case .any:
            return
        case .string:
            guard case .string = value else { throw wrongType(path(), value, "a string") }
        case .number:
            guard case .number = value else { throw wrongType(path(), value, "a number") }
        case .bool:
            guard case .bool = value else { throw wrongType(path(), value, "true or false") }
        case .nullable(let inner):
            if case .null = value { return }
            try check(value, inner, path())
        case .oneOf(let choices):
            guard case .string(let string) = value else { throw wrongType(path(), value, "a string") }
            guard choices.contains(string) else {
                throw fault(.badValue, path(), "'\(string)' is not one of \(choices.joined(separator: ", "))")
            }
        case .strings, .references:
            guard case .array(let elements) = value else { throw wrongType(path(), value, "an array of strings") }
            for (position, element) in elements.enumerated() where element.stringValue == nil {
                throw wrongType("\(path())[\(position)]", element, "a string")
            }
        case .platforms:
            guard case .array(let elements) = value else { throw wrongType(path(), value, "an array of platform ids") }
            guard !elements.isEmpty else {
                throw fault(.badValue, path(), "platforms is empty; say [\"all\"] for every platform")
            }
            for (position, element) in elements.enumerated() {
                try check(element, .oneOf(CollectionSchema.recordPlatforms), "\(path())[\(position)]")
            }
        case .size:
            try checkObject(value, path(), StoreLoader.sizeFields)
        case .sizeClassPair:
            try checkObject(value, path(), StoreLoader.sizeClassPairFields)
        case .citations:
            guard case .array(let elements) = value else { throw wrongType(path(), value, "an array of citations") }
            for (position, element) in elements.enumerated() {
                try checkObject(element, "\(path())[\(position)]", StoreLoader.citationFields)
                try checkCitationTarget(element, "\(path())[\(position)]")
            }
        case .basis:
            try checkObject(value, path(), StoreLoader.basisFields)
        }
    }

    func checkObject(_ value: JSONValue, _ path: @autoclosure () -> String, _ specs: [FieldSpec])
        throws(SpecStoreError)
    {
        guard case .object(let object) = value else { throw wrongType(path(), value, "an object") }
        for key in object.keys where !specs.contains(where: { $0.name == key }) {
            throw fault(
                .unknownKey, "\(path()).\(key)",
                "unknown key '\(key)'; expected \(specs.map(\.name).joined(separator: ", "))")
        }
        for spec in specs {
            guard let member = object[spec.name] else {
                if spec.isRequired { throw fault(.missingField, "\(path()).\(spec.name)", "\(spec.name) is required") }
                continue
            }
            try check(member, spec.kind, "\(path()).\(spec.name)")
        }
    }

    /// A citation's section is Apple's heading on the page its URL names, and its page is that
    /// page's title (``AppleHeading``).
    func checkCitationTarget(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        guard case .object(let object) = value, let page = object["page"]?.stringValue,
            let url = object["url"]?.stringValue,
            let problem = AppleHeading.problem(page: page, section: object["section"]?.stringValue, url: url)
        else { return }
        throw fault(.badCitation, "\(path()).\(problem.field)", problem.message)
    }

    static let sizeFields = [
        FieldSpec("width", .number, required: true), FieldSpec("height", .number, required: true),
    ]
    static let sizeClassPairFields = [
        FieldSpec("horizontal", .oneOf(FilterVocabulary.sizeClassValues), required: true),
        FieldSpec("vertical", .oneOf(FilterVocabulary.sizeClassValues), required: true),
    ]
    static let citationFields = [
        FieldSpec("page", .string, required: true), FieldSpec("section", .string),
        FieldSpec("url", .string, required: true),
        FieldSpec("quote", .string),
    ]
    static let sourceFields = [
        FieldSpec("page", .string, required: true), FieldSpec("section", .string),
        FieldSpec("url", .string, required: true), FieldSpec("platforms", .any), FieldSpec("qualifiers", .any),
    ]
    static let basisFields = [
        FieldSpec("reason", .string, required: true), FieldSpec("searched", .strings, required: true),
    ]
}
