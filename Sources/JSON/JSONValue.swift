/// A JSON value that keeps what the text said: object keys in their written order and numbers as
/// their literal, so `305.5`, `0.24` and `44` serialize back exactly as they were written.
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its literal.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object whose members keep their order.
    case object(JSONObject)
}

extension JSONValue {
    /// The member named `key` when this is an object, else `nil`.
    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The string when this is a string, else `nil`.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The number as a `Double` when this is a number, else `nil`.
    public var doubleValue: Double? {
        if case .number(let number) = self { return number.double }
        return nil
    }

    /// The Boolean when this is `true` or `false`, else `nil`.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// The elements when this is an array, else `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }

    /// The object when this is an object, else `nil`.
    public var objectValue: JSONObject? {
        if case .object(let object) = self { return object }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The JSON type name (`null`, `boolean`, `number`, `string`, `array`, `object`), for messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension JSONValue: ExpressibleByNilLiteral {
    /// Creates `null`.
    public init(nilLiteral: ()) { self = .null }
}

extension JSONValue: ExpressibleByBooleanLiteral {
    /// Creates a Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension JSONValue: ExpressibleByIntegerLiteral {
    /// Creates an integer number.
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByFloatLiteral {
    /// Creates a number from a `Double`, written in its shortest round-tripping form.
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value)) }
}

extension JSONValue: ExpressibleByStringLiteral {
    /// Creates a string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension JSONValue: ExpressibleByArrayLiteral {
    /// Creates an array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
    /// Creates an object whose members keep the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}
