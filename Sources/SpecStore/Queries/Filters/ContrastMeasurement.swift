/// Two colors to judge for contrast (`/v1/check?foreground=…&background=…`): each a hex value or
/// a color of `/v1/colors` (name, API name or record id) in an appearance, and the text they set
/// (its size, whether it is bold), or the figure to judge against.
public struct ContrastMeasurement: Sendable, Hashable {
    /// The text color: `#RRGGBB`, `RRGGBB`, `#RGB`, or a color of `/v1/colors`.
    public var foreground: String
    /// The background color, spelled as ``foreground``.
    public var background: String
    /// The appearance whose value a named color gives.
    public var appearance: ColorAppearance?
    /// The platform whose table a named color is read from (needed where a version has one
    /// table per platform).
    public var platform: Platform?
    /// The text size in points: Apple's minimum differs up to 17 pt and from 18 pt.
    public var textSize: Double?
    /// Whether the text is bold: Apple gives bold text of every size its own minimum.
    public var bold: Bool?
    /// A contrast figure (metric id) to judge against instead of choosing by size and weight.
    public var figure: String?

    /// Creates a contrast measurement.
    public init(
        foreground: String, background: String, appearance: ColorAppearance? = nil, platform: Platform? = nil,
        textSize: Double? = nil, bold: Bool? = nil, figure: String? = nil
    ) {
        self.foreground = foreground
        self.background = background
        self.appearance = appearance
        self.platform = platform
        self.textSize = textSize
        self.bold = bold
        self.figure = figure
    }
}
