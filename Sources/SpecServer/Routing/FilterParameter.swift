import SpecStore

/// One query parameter of a store filter, without the filter: its name, what it means, and what
/// it accepts. A collection filter's come from its declared fields (``FilterField``).
struct FilterParameter: Sendable, Hashable {
    /// The shape of value a parameter takes.
    typealias Value = FilterKind

    /// The query parameter's name.
    let name: String
    /// One sentence on what it filters.
    let summary: String
    /// What it accepts.
    let value: Value
    /// Whether the route refuses a request without it.
    let isRequired: Bool

    /// Creates a parameter description.
    init(name: String, summary: String, value: Value, isRequired: Bool = false) {
        self.name = name
        self.summary = summary
        self.value = value
        self.isRequired = isRequired
    }

    /// A declared filter field as a query parameter.
    init<Filter>(_ field: FilterField<Filter>) {
        self.init(name: field.name, summary: field.summary, value: field.kind, isRequired: field.isRequired)
    }
}

extension FilterParameter {
    // The checks' parameters that are not yet declared fields of a filter (a contrast check's,
    // a complication check's) say these as the collections' ``FilterField/platform(_:)`` and
    // ``FilterField/caseSize(_:)`` do.

    /// `platform`, as the checks take it.
    static let platform = FilterParameter(name: "platform", summary: "Platform.", value: .vocabulary(.platform))
    /// `case`, an Apple Watch case size, as a complication check takes it.
    static let caseSize = FilterParameter(
        name: "case", summary: "Apple Watch case size: 45mm (45, 45 mm accepted).", value: .vocabulary(.caseSize))
}
