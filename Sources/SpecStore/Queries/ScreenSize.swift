import JSON

/// A screen size in points, portrait (`430x932`).
public struct ScreenSize: Sendable, Hashable, CustomStringConvertible {
    /// Width in points.
    public let width: Double
    /// Height in points.
    public let height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `430x932`.
    public var description: String { "\(JSONNumber(width))x\(JSONNumber(height))" }
}
