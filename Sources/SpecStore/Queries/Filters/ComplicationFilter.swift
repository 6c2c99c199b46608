/// The filters of `SpecSnapshot.complications(matching:)`; a `nil` field does not filter.
public struct ComplicationFilter: Sendable, Hashable {
    /// A family or legacy template (`circular`, `modular-small`).
    public var family: ComplicationFamily?
    /// An Apple Watch case size: the rows of Apple's column that covers it (`45mm/49mm` for 45mm).
    public var caseSize: WatchCaseSize?
    /// An image size cell, or a default SwiftUI text size.
    public var kind: ComplicationKind?

    /// Creates a filter; `nil` fields do not filter.
    public init(family: ComplicationFamily? = nil, caseSize: WatchCaseSize? = nil, kind: ComplicationKind? = nil) {
        self.family = family
        self.caseSize = caseSize
        self.kind = kind
    }
}

extension ComplicationFilter: DeclaredFilter {
    /// `family`, `case`, `kind`.
    public static let fields: [FilterField<ComplicationFilter>] = [
        .term("family", "Complication family or legacy template (circular, corner, modular-small, …).", \.family),
        .caseSize(\.caseSize),
        .term("kind", "image (image sizes) or text (default SwiftUI text sizes).", \.kind),
    ]

    /// `kind` first: of a wrong kind and a wrong family or case, the kind's error is the one
    /// the API has always reported.
    public static var decodedFirst: [String] { ["kind"] }

    /// A filter that does not filter.
    public init() { self.init(family: nil) }
}
