/// A complication image to judge (`/v1/check?family=…&case=…`): which family, case size and
/// element of Apple's tables, and the image's width and height in points or pixels.
public struct ComplicationMeasurement: Sendable, Hashable {
    /// The family or legacy template.
    public var family: ComplicationFamily?
    /// The watch case size.
    public var caseSize: WatchCaseSize?
    /// The element of the family's tables (`image`, `closed-gauge`, `extra-large-image`); `nil`
    /// where the family has one.
    public var measure: String?
    /// The measured width.
    public var width: Double?
    /// The measured height.
    public var height: Double?
    /// Whether the width and height are pixels (@2x) rather than points.
    public var inPixels: Bool

    /// Creates a measurement.
    public init(
        family: ComplicationFamily?, caseSize: WatchCaseSize?, measure: String? = nil, width: Double?,
        height: Double?, inPixels: Bool = false
    ) {
        self.family = family
        self.caseSize = caseSize
        self.measure = measure
        self.width = width
        self.height = height
        self.inPixels = inPixels
    }
}
