import SystemSupport

/// Where each of a list of field names sits in an object's members, remembered for the last
/// layout seen.
///
/// Records of one collection mostly have the same members in the same order, and the parser
/// gives such objects one shared array of names. So the positions worked out for one record
/// serve the next as long as its names array is the same storage: one pointer comparison instead
/// of a string search per field. A record with a different layout is worked out afresh.
struct KeyLayout {
    // Held, not just its address: while it is held its storage cannot be freed and the address
    // reused by another array.
    private var cachedKeys: [String] = []
    private var cached: [Int] = []
    let names: [String]

    init(names: [String]) {
        self.names = names
    }

    /// For each of `names`, its position among `keys`, or -1.
    mutating func positions(in keys: [String]) -> [Int] {
        if !cached.isEmpty, CLibrary.sameStorage(keys, cachedKeys) { return cached }
        cached = names.map { name in keys.firstIndex(of: name) ?? -1 }
        cachedKeys = keys
        return cached
    }
}
