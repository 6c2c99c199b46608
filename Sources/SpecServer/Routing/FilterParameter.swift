import SpecStore

/// One query parameter of a store filter: its name, what it means, and what it accepts.
struct FilterParameter: Sendable, Hashable {
    /// The shape of value a parameter takes.
    enum Value: Sendable, Hashable {
        /// Free text (a search query, a measurement's figure id).
        case text
        /// A decimal number (`430`, `17.5`).
        case number
        /// A screen size as `WIDTHxHEIGHT` in points (`430x932`).
        case screen
        /// `true` or `false` (any case).
        case flag
        /// A value of a vocabulary; see ``FilterVocabulary``.
        case vocabulary(FilterVocabulary.Kind)
    }

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
}
