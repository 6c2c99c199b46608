/// A kind of interface element (`button`, `toggle`, `tab-bar`) and the figures that apply to it,
/// grouped by what they measure.
///
/// Declared once under the data file's `elements`; its id is a word of the element vocabulary
/// that `/v1/check?element=` takes. Which platform a figure applies on is the figure's own
/// `platforms`, so one list serves every platform (Docs/schema.md, "Elements").
public struct UIElement: Sendable, Hashable {
    /// One thing measured on the element (`size`, `height`, `spacing`) and the figures for it.
    public struct Measure: Sendable, Hashable {
        /// The measure's name, e.g. `size` (width × height) or `center-spacing`.
        public let name: String
        /// The metric ids, most specific first: the order breaks a tie between figures.
        public let figures: [String]
    }

    /// The element's id, e.g. `tab-bar`.
    public let id: String
    /// Its name in words, e.g. `Tab bar`.
    public let name: String
    /// Why these figures apply: the pages that give them, in the sources' words.
    public let basis: String
    /// What is measured on the element, in the data's order.
    public let measures: [Measure]

    /// Every figure that applies, measure by measure.
    public var figures: [String] { measures.flatMap(\.figures) }
}
