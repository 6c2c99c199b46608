import SpecStore

/// How the API words the store's notes: each ``NoteReference`` (a collection and filter values)
/// becomes the URL of that answer, e.g. `/v1/text-styles?platform=macos`.
///
/// Every format carries the worded notes: the JSON envelope's `notes`, HTML and Markdown, and the
/// `Spec-Note` fields (``NoteField``).
enum NoteWording {
    /// The note's text, its references worded as URLs.
    static func text(_ note: Note) -> String {
        note.text(wording: url)
    }

    /// The notes' texts, in order.
    static func texts(_ notes: [Note]) -> [String] {
        notes.map(text)
    }

    /// The note's text, its references worded as the referenced collection's name: for notes
    /// embedded in another row's JSON (a device's `widgets`), as the API has always worded them.
    static func embeddedText(_ note: Note) -> String {
        note.text(wording: collectionName)
    }

    /// The referenced collection in words.
    static func collectionName(_ reference: NoteReference) -> String {
        switch reference {
        case .tracking: "Apple's tracking table"
        case .metrics: "the metrics"
        case .textStyles: "Apple's text-style table"
        case .dynamicType: "Apple's Dynamic Type tables"
        case .widgets: "Apple's widget table"
        case .sizeClasses: "Apple's size-class table"
        }
    }

    /// The URL of the referenced answer: the collection route's path, and the filter values given
    /// as its query parameters (in the order a reader would write them), each percent-encoded.
    static func url(_ reference: NoteReference) -> String {
        let (route, pairs): (Route, [(String, String?)]) =
            switch reference {
            case .tracking(let filter):
                (
                    .tracking,
                    [
                        ("platform", filter.platform?.rawValue), ("font", filter.font),
                        ("size", filter.size.map { "\(JSONNumber($0))" }),
                    ]
                )
            case .metrics(let filter):
                (
                    .metrics,
                    [
                        ("topic", filter.topic), ("platform", filter.platform?.rawValue),
                        ("status", filter.status?.rawValue),
                    ]
                )
            case .textStyles(let filter):
                (.textStyles, [("platform", filter.platform?.rawValue), ("style", filter.style)])
            case .dynamicType(let filter):
                (
                    .dynamicType,
                    [
                        ("platform", filter.platform?.rawValue), ("category", filter.category?.rawValue),
                        ("style", filter.style),
                    ]
                )
            case .widgets(let filter):
                (
                    .widgets,
                    [
                        ("platform", filter.platform?.rawValue), ("family", filter.family?.rawValue),
                        ("screen", filter.screen?.description), ("device", filter.device),
                    ]
                )
            case .sizeClasses(let filter):
                (
                    .sizeClasses,
                    [
                        ("device", filter.device), ("orientation", filter.orientation?.rawValue),
                        ("horizontal", filter.horizontal?.rawValue), ("vertical", filter.vertical?.rawValue),
                    ]
                )
            }
        let given = pairs.compactMap { name, value in value.map { (name, $0) } }
        return given.isEmpty ? route.template : route.template + "?" + RecordLink.query(given)
    }
}
