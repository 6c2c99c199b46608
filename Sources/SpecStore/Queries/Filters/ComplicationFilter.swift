/// The filters of `SpecSnapshot.complications(matching:)`; a `nil` field does not filter.
public struct ComplicationFilter: Sendable, Hashable {
    /// A family or legacy template (`circular`, `modular-small`).
    public var family: ComplicationFamily?
    /// An Apple Watch case size: the rows of Apple's column that covers it (`45mm/49mm` for 45mm).
    public var caseSize: WatchCaseSize?
    /// `image` (an image size cell) or `text` (a default SwiftUI text size).
    public var kind: String?

    /// Creates a filter; `nil` fields do not filter.
    public init(family: ComplicationFamily? = nil, caseSize: WatchCaseSize? = nil, kind: String? = nil) {
        self.family = family
        self.caseSize = caseSize
        self.kind = kind
    }
}
