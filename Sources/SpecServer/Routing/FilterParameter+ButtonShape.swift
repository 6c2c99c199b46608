import SpecStore

extension FilterParameter {
    /// `/v1/check`'s buttonShape: a visionOS button's shape, whose published sizes its width and
    /// height are judged against besides the button's other figures (``SpecSnapshot/checkElement(_:)``).
    /// Not `shape`, which every route takes for the answer's form (`shape=array`).
    static let buttonShape = FilterParameter(
        name: "buttonShape", summary: "With element=button, platform=visionos: judges the size against the shape's.",
        value: .vocabulary(.buttonShape))
}
