import SpecStore

/// The filters whose counts on a page's form may be read from sets of rows: for each route, the
/// fields where the rows asked with several of them are exactly the rows each gives alone, in
/// common, and each choice's query keeps rows of the route's collection and adds none (no rows
/// of another platform with a note, no alias that reads another field, no row made anew).
///
/// A field left out is counted by one query per choice, as before; `FacetCountTests` compares
/// the two ways over many filter combinations of every route with a form.
package enum FacetLaw {
    /// The fields of each route that combine as intersections.
    ///
    /// Each of these queries keeps the rows whose fields hold the values asked, one test per
    /// filter (`SpecSnapshot.rowValues`), and a value resolves (an alias, a spelling) the same
    /// whatever else is asked; `case` keeps the rows whose case size covers it (and, for Dynamic
    /// Type, the watchOS rows of the table that names none). The rules, devices, size classes,
    /// widgets and search, whose rows are made per query, are counted by queries.
    package static let fields: [Route: Set<String>] = [
        .collection(.metrics): ["topic", "platform", "status", "case"],
        .collection(.myths): ["topic"],
        .collection(.colors): ["appearance", "platform"],
        .collection(.assetSizes): ["platform", "scale", "table"],
        .collection(.dynamicType): ["platform", "category", "style", "case"],
        .collection(.textStyles): ["platform", "style"],
        .collection(.tracking): ["platform", "font"],
        .collection(.widgetFamilies): ["platform", "family", "mode"],
        .collection(.complications): ["family", "kind", "case"],
    ]

    /// Whether `field`'s choices, with the other filters `others`, may be counted from sets: every
    /// one of them combines as an intersection on `route`.
    package static func combines(_ field: String, with others: some Sequence<String>, on route: Route) -> Bool {
        guard let combining = fields[route], combining.contains(field) else { return false }
        return others.allSatisfy(combining.contains)
    }
}
