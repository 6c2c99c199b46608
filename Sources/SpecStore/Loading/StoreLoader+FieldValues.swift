import JSON

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
        case .color:
            try checkColor(value, path())
        case .citations:
            guard case .array(let elements) = value else { throw wrongType(path(), value, "an array of citations") }
            for (position, element) in elements.enumerated() {
                try checkObject(element, "\(path())[\(position)]", StoreLoader.citationFields)
                try checkCitationTarget(element, "\(path())[\(position)]")
            }
        case .basis:
            try checkObject(value, path(), StoreLoader.basisFields)
        case .sizeClassesByOrientation:
            try checkObject(value, path(), StoreLoader.sizeClassesByOrientationFields)
        case .recordID, .version:
            // An API row's own members: a record's id and versions are checked where they are read.
            guard case .string = value else { throw wrongType(path(), value, "a string") }
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

    /// A color: whole channels 0–255, and `hex` the same value as `#RRGGBB` (upper case), so the
    /// two spellings of one value can never disagree.
    func checkColor(_ value: JSONValue, _ path: @autoclosure () -> String) throws(SpecStoreError) {
        try checkObject(value, path(), StoreLoader.colorFields)
        var channels: [Int] = []
        for name in ["red", "green", "blue"] {
            guard case .number(let number) = value[name], let channel = Int(exactly: number.double), 0...255 ~= channel
            else {
                throw fault(.badValue, "\(path()).\(name)", "\(name) is a whole number from 0 to 255")
            }
            channels.append(channel)
        }
        let expected = ColorValue(red: channels[0], green: channels[1], blue: channels[2]).hex
        guard value["hex"]?.stringValue == expected else {
            throw fault(.badValue, "\(path()).hex", "hex is \(expected) for these channels")
        }
    }

    static let colorFields = [
        FieldSpec("red", .number, required: true), FieldSpec("green", .number, required: true),
        FieldSpec("blue", .number, required: true), FieldSpec("hex", .string, required: true),
    ]
    static let sizeFields = [
        FieldSpec("width", .number, required: true), FieldSpec("height", .number, required: true),
    ]
    static let sizeClassPairFields = [
        FieldSpec("horizontal", .oneOf(FilterVocabulary.sizeClassValues), required: true),
        FieldSpec("vertical", .oneOf(FilterVocabulary.sizeClassValues), required: true),
    ]
    static let sizeClassesByOrientationFields = [
        FieldSpec("portrait", .sizeClassPair, required: true), FieldSpec("landscape", .sizeClassPair, required: true),
    ]
    static let citationFields = [
        FieldSpec("page", .string, required: true), FieldSpec("section", .string),
        FieldSpec("url", .string, required: true),
        FieldSpec("quote", .string),
    ]
    static let sourceFields = [
        FieldSpec("page", .string, required: true), FieldSpec("section", .string),
        FieldSpec("url", .string, required: true), FieldSpec("platforms", .any),
        FieldSpec("platformsSince", .any), FieldSpec("platformsBasis", .string), FieldSpec("qualifiers", .any),
    ]
    static let basisFields = [
        FieldSpec("reason", .string, required: true), FieldSpec("searched", .strings, required: true),
    ]
}
