/// A JSON object whose members keep the order they were written or appended in.
///
/// Records have a dozen or two members, so lookups scan linearly: cheaper than hashing for that
/// size, and the order is what the serializers and the CSV columns follow.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection {
    /// The member names, in order.
    public private(set) var keys: [String]
    /// The member values, in the order of `keys`.
    public private(set) var values: [JSONValue]

    /// Creates an empty object.
    public init() {
        keys = []
        values = []
    }

    /// Creates an object from members in order; a repeated key keeps its first position and last value.
    public init(_ members: [(String, JSONValue)]) {
        keys = []
        values = []
        keys.reserveCapacity(members.count)
        values.reserveCapacity(members.count)
        for (key, value) in members { self[key] = value }
    }

    /// Creates an object from parallel arrays the parser already checked for duplicates.
    package init(uncheckedKeys keys: [String], values: [JSONValue]) {
        self.keys = keys
        self.values = values
    }

    /// The first position.
    public var startIndex: Int { 0 }
    /// One past the last position.
    public var endIndex: Int { keys.count }

    /// The member at `position`.
    public subscript(position: Int) -> (key: String, value: JSONValue) {
        (keys[position], values[position])
    }

    /// The value of the member named `key`; setting `nil` removes it, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get {
            guard let index = keys.firstIndex(of: key) else { return nil }
            return values[index]
        }
        set {
            if let index = keys.firstIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Appends a member without checking for an existing one with the same name.
    public mutating func append(_ key: String, _ value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    /// Reserves room for `count` members.
    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// Whether a member named `key` exists.
    public func contains(key: String) -> Bool { keys.contains(key) }

    /// The position of the member named `key`, or `nil`.
    package func index(forKey key: String) -> Int? { keys.firstIndex(of: key) }

    /// Changes the value at `position` where it is: a nested object or array taken out of it
    /// (and the value set to something else meanwhile) is changed without being copied, where
    /// reading it, changing it and setting it back copies it whole each time.
    package mutating func modifyValue<Result>(at position: Int, _ body: (inout JSONValue) -> Result) -> Result {
        body(&values[position])
    }
}
