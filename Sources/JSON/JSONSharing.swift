/// Makes equal parts of JSON values share one storage, so a document that repeats itself is
/// held once per distinct part: an API description's headers, error responses and parameter
/// schemas, a data file's platform lists and citation lists.
///
/// Equal means equal bytes when written: strings, keys and number literals are compared by their
/// UTF-8 bytes, not by Unicode equivalence (which `String`'s `==` uses), so sharing never changes
/// what a value serializes to. Every array and object is rebuilt once and then looked up among
/// the distinct ones met so far (open addressing over a 64-bit hash of the parts), so a pass
/// costs one walk of the value plus a comparison per part found again; its table lasts only as
/// long as this sharer.
package struct JSONSharing {
    private var values = Table<JSONValue>(slots: 1024)
    /// Objects' member-name lists.
    private var keyLists = Table<[String]>(slots: 256)

    /// A sharer with an empty table.
    package init() {}

    /// `value` with every array, object, member-name list and string longer than a `String`
    /// holds inline replaced by the first identical one this sharer has met.
    package mutating func shared(_ value: JSONValue) -> JSONValue {
        share(value).value
    }

    private mutating func share(_ value: JSONValue) -> (value: JSONValue, hash: UInt64) {
        switch value {
        case .null:
            return (value, 1)
        case .bool(let bool):
            return (value, bool ? 2 : 3)
        case .number(let number):
            return (value, Self.hash(number.literal, seed: 4))
        case .string(let string):
            let hash = Self.hash(string, seed: 5)
            // Up to 15 UTF-8 bytes a String holds inline: there is no storage to share.
            guard string.utf8.count > 15 else { return (value, hash) }
            return (intern(value, hash: hash), hash)
        case .array(let elements):
            guard !elements.isEmpty else { return (value, 6) }
            var hash: UInt64 = 7
            var rebuilt: [JSONValue] = []
            rebuilt.reserveCapacity(elements.count)
            for element in elements {
                let (shared, elementHash) = share(element)
                rebuilt.append(shared)
                hash = Self.mix(hash, elementHash)
            }
            return (intern(.array(rebuilt), hash: hash), hash)
        case .object(let object):
            guard !object.keys.isEmpty else { return (value, 8) }
            var keysHash: UInt64 = 9
            for key in object.keys { keysHash = Self.mix(keysHash, Self.hash(key, seed: 10)) }
            let keys = internKeys(object.keys, hash: keysHash)
            var hash = keysHash
            var values: [JSONValue] = []
            values.reserveCapacity(object.values.count)
            for member in object.values {
                let (shared, memberHash) = share(member)
                values.append(shared)
                hash = Self.mix(hash, memberHash)
            }
            return (intern(.object(JSONObject(uncheckedKeys: keys, values: values)), hash: hash), hash)
        }
    }

    private mutating func intern(_ value: JSONValue, hash: UInt64) -> JSONValue {
        values.intern(value, hash: hash, identical: Self.identical)
    }

    private mutating func internKeys(_ keys: [String], hash: UInt64) -> [String] {
        keyLists.intern(keys, hash: hash, identical: Self.identical)
    }

    /// The distinct elements met so far, found by hash: open addressing, each slot an index into
    /// `distinct` or -1, grown to twice its size when half full.
    private struct Table<Element> {
        private var slots: [Int32]
        private var hashes: [UInt64] = []
        private var distinct: [Element] = []

        init(slots count: Int) { slots = Array(repeating: -1, count: count) }

        /// The first element met identical to `element`, or `element`, now met.
        mutating func intern(
            _ element: Element, hash: UInt64, identical: (Element, Element) -> Bool
        ) -> Element {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 {
                let index = Int(slots[slot])
                if hashes[index] == hash, identical(distinct[index], element) { return distinct[index] }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(distinct.count)
            hashes.append(hash)
            distinct.append(element)
            if distinct.count * 2 > slots.count { regrow() }
            return element
        }

        /// A slot table twice the size holding every entry of `hashes`.
        private mutating func regrow() {
            var grown = [Int32](repeating: -1, count: slots.count * 2)
            let mask = grown.count - 1
            for (index, hash) in hashes.enumerated() {
                var slot = Int(truncatingIfNeeded: hash) & mask
                while grown[slot] >= 0 { slot = (slot + 1) & mask }
                grown[slot] = Int32(index)
            }
            slots = grown
        }
    }

    /// Whether `a` and `b` write the same bytes.
    private static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x.literal.utf8.elementsEqual(y.literal.utf8)
        case (.string(let x), .string(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.array(let x), .array(let y)): return identical(x, y)
        case (.object(let x), .object(let y)): return identical(x.keys, y.keys) && identical(x.values, y.values)
        default: return false
        }
    }

    private static func identical(_ x: [JSONValue], _ y: [JSONValue]) -> Bool {
        guard x.count == y.count else { return false }
        for index in x.indices where !identical(x[index], y[index]) { return false }
        return true
    }

    private static func identical(_ x: [String], _ y: [String]) -> Bool {
        guard x.count == y.count else { return false }
        for index in x.indices where !x[index].utf8.elementsEqual(y[index].utf8) { return false }
        return true
    }

    /// FNV-1a over the string's UTF-8 bytes, started from `seed` so kinds hash apart.
    private static func hash(_ string: String, seed: UInt64) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in string.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    /// Folds a part's hash into its container's, in order.
    private static func mix(_ hash: UInt64, _ part: UInt64) -> UInt64 {
        var mixed = (hash ^ part) &* 0x9E37_79B9_7F4A_7C15
        mixed ^= mixed >> 29
        return mixed
    }
}
