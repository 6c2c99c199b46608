import SpecStore

/// One query parameter of a store filter, without the filter: its name, what it means, and what
/// it accepts. A collection filter's come from its declared fields (``FilterField``).
package struct FilterParameter: Sendable, Hashable {
    /// The shape of value a parameter takes.
    package typealias Value = FilterKind

    /// The query parameter's name.
    package let name: String
    /// One sentence on what it filters.
    package let summary: String
    /// What it accepts.
    package let value: Value
    /// Whether the route refuses a request without it.
    package let isRequired: Bool

    /// Creates a parameter description.
    package init(name: String, summary: String, value: Value, isRequired: Bool = false) {
        self.name = name
        self.summary = summary
        self.value = value
        self.isRequired = isRequired
    }

    /// A declared filter field as a query parameter.
    package init<Filter>(_ field: FilterField<Filter>) {
        self.init(name: field.name, summary: field.summary, value: field.kind, isRequired: field.isRequired)
    }
}
