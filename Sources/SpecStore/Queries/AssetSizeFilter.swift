/// The table of Apple's an asset-size row comes from: the closed vocabulary of `/v1/asset-sizes`'
/// `table` field and filter. The loader holds the data to these values, and the filter accepts
/// them, so the two cannot drift apart.
public enum AssetTable: String, VocabularyTerm {
    /// HIG › Top Shelf: the static image and the dynamic layouts' images.
    case topShelf = "top-shelf"
    /// HIG › Wallet › Specifications › Pass image dimensions.
    case walletPass = "wallet-pass"
    /// HIG › iMessage apps and stickers › Specifications › Icon sizes.
    case imessageIcon = "imessage-icon"
    /// HIG › iMessage apps and stickers › Specifications › Sticker sizes.
    case imessageSticker = "imessage-sticker"
    /// HIG › CarPlay › Layout: display resolutions.
    case carplayDisplay = "carplay-display"
    /// HIG › CarPlay › Icons and images: the app icon.
    case carplayAppIcon = "carplay-app-icon"
    /// HIG › Game Center: the artwork tables.
    case gameCenter = "game-center"
    /// HIG › App Clips › Displaying App Clip Codes.
    case appClipCode = "app-clip-code"
    /// HIG › Apple Pay › Displaying a website icon.
    case applePayWebsiteIcon = "apple-pay-website-icon"
    /// HIG › Playing video › watchOS: the video encoding table.
    case watchosVideo = "watchos-video"
    public static let vocabulary = FilterVocabulary.Kind.assetTable

    /// Other spellings a reader types for a table (matched ignoring case and separators).
    static let aliases: [String: String] = [
        "topshelfimage": "top-shelf", "wallet": "wallet-pass", "passimages": "wallet-pass",
        "imessageicons": "imessage-icon", "stickers": "imessage-sticker", "sticker": "imessage-sticker",
        "imessagestickers": "imessage-sticker", "carplaydisplays": "carplay-display", "carplayicon": "carplay-app-icon",
        "gamecenterartwork": "game-center", "appclipcodes": "app-clip-code", "appclips": "app-clip-code",
        "applepay": "apple-pay-website-icon", "watchvideo": "watchos-video", "playingvideo": "watchos-video",
    ]
}

/// A scale a pixel size is given at: `2x` (`2` and `@2x` too).
public enum AssetScale: String, VocabularyTerm {
    case x1 = "1x"
    case x2 = "2x"
    case x3 = "3x"
    public static let vocabulary = FilterVocabulary.Kind.assetScale

    /// The factor: 1, 2 or 3.
    public var factor: Int {
        switch self {
        case .x1: 1
        case .x2: 2
        case .x3: 3
        }
    }

    /// The record field that holds the pixel size at this scale: `px2x`.
    public var field: String { "px" + rawValue }

    /// `2` and `@2x` for `2x`.
    static let aliases: [String: String] = [
        "1": "1x", "2": "2x", "3": "3x", "@1x": "1x", "@2x": "2x", "@3x": "3x",
    ]
}

/// The filters of `SpecSnapshot.assetSizes(matching:)`; a `nil` field does not filter.
public struct AssetSizeFilter: Sendable, Hashable {
    /// A platform: the rows that apply to it.
    public var platform: Platform?
    /// One of Apple's tables.
    public var table: AssetTable?
    /// An asset by name (`sticker`, `Wallet strip`, `top shelf`): the rows whose asset or variant
    /// names it, in any case and spacing.
    public var asset: String?
    /// A scale: the rows that give a pixel size at it.
    public var scale: AssetScale?

    /// Creates a filter; `nil` fields do not filter.
    public init(platform: Platform? = nil, table: AssetTable? = nil, asset: String? = nil, scale: AssetScale? = nil) {
        self.platform = platform
        self.table = table
        self.asset = asset
        self.scale = scale
    }
}

extension AssetSizeFilter: DeclaredFilter {
    /// `platform`, `table`, `asset`, `scale`.
    public static let fields: [FilterField<AssetSizeFilter>] = [
        .platform(\.platform),
        .term("table", "One of Apple's asset tables.", \.table),
        .text(
            "asset", "An asset by name or part of it (sticker, Wallet strip, top shelf, leaderboard), any case.",
            \.asset),
        .term("scale", "1x, 2x or 3x (2 and @2x too): rows that give a pixel size at that scale.", \.scale),
    ]

    /// A filter that does not filter.
    public init() { self.init(platform: nil) }
}
