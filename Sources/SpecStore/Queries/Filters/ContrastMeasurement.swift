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

extension ContrastMeasurement: DeclaredFilter {
    /// `foreground` and `background` (required), `appearance`, `textSize`, `bold`, and `figure`
    /// and `platform`, which a measurement's check takes too (its summaries are the ones the API
    /// description gives for them).
    public static let fields: [FilterField<ContrastMeasurement>] = [
        .text(
            "foreground",
            "Contrast check: the text color, #RRGGBB (or #RGB), or a color of /v1/colors by name, API name or id with appearance.",
            \.foreground, requirement: "#RRGGBB or a color's name"),
        .text(
            "background", "Contrast check: the background color, spelled as foreground.", \.background,
            requirement: "#RRGGBB or a color's name"),
        .term("appearance", "Contrast check: the appearance whose value a named color gives.", \.appearance),
        .number(
            "textSize",
            "Contrast check: the text size in points; Apple's minimum is one figure up to 17 pt and another from 18 pt.",
            \.textSize),
        FilterField(
            name: "bold", summary: "Contrast check: true for bold text, which Apple gives its own minimum at any size.",
            // Text, not a flag: `yes`, `no`, `1` and `0` are read too, and an empty value is absent.
            kind: .text, acceptedValues: ["true", "false"],
            store: { measurement, value in
                guard case .text(let text) = value else { return false }
                switch text.lowercased() {
                case "true", "yes", "1": measurement.bold = true
                case "false", "no", "0": measurement.bold = false
                default: return false
                }
                return true
            },
            read: { measurement in measurement.bold.map { $0 ? "true" : "false" } }),
        .text(
            "figure", "A contrast figure (metric id) to judge against instead of choosing by size and weight.",
            \.figure),
        .platform(\.platform),
    ]

    /// The shape of each value is checked before anything else (a `GET`'s `400`), in the order
    /// the check has always reported them.
    public static var decodedFirst: [String] { ["appearance", "platform", "textSize"] }

    /// A measurement of no colors.
    public init() { self.init(foreground: "", background: "") }
}
