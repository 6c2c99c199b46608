/// A note an answer carries (why it is empty, what a join left out): its words, and where it
/// points the reader at another answer of the store, a ``NoteReference`` to that answer.
///
/// The store words facts only: a reference says which collection and which filter values, never
/// how a client asks for it. Whoever serves the note words each reference
/// (``text(wording:)``), e.g. as the URL of that answer.
///
/// A note is written as a string literal; an interpolated ``NoteReference`` becomes a reference,
/// any other interpolated value its description:
///
/// ```swift
/// let note: Note = "Apple publishes one table: see \(NoteReference.textStyles(TextStyleFilter(platform: .macos)))."
/// ```
public struct Note: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// A run of words, or a reference to another answer.
    public enum Part: Sendable, Hashable {
        /// Words, as they are.
        case text(String)
        /// Another answer of the store, for the server to word.
        case reference(NoteReference)
    }

    /// The note's parts, in reading order (adjacent words are one ``Part/text(_:)``).
    public private(set) var parts: [Part]

    /// A note of words alone.
    public init(_ text: String) {
        parts = text.isEmpty ? [] : [.text(text)]
    }

    /// A note of these parts.
    public init(parts: [Part]) {
        self.parts = []
        for part in parts { append(part) }
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public init(stringInterpolation: StringInterpolation) {
        self = stringInterpolation.note
    }

    /// The references the note makes, in reading order.
    public var references: [NoteReference] {
        parts.compactMap { part in
            guard case .reference(let reference) = part else { return nil }
            return reference
        }
    }

    /// The note as text, each reference worded by `wording`.
    public func text(wording: (NoteReference) -> String) -> String {
        var text = ""
        for part in parts {
            switch part {
            case .text(let words): text += words
            case .reference(let reference): text += wording(reference)
            }
        }
        return text
    }

    /// Appends words or a reference.
    public mutating func append(_ part: Part) {
        if case .text(let words) = part {
            guard !words.isEmpty else { return }
            if case .text(let last) = parts.last {
                parts[parts.count - 1] = .text(last + words)
                return
            }
        }
        parts.append(part)
    }

    /// Appends the parts of `other`.
    public static func += (note: inout Note, other: Note) {
        for part in other.parts { note.append(part) }
    }

    /// Builds a ``Note`` from a string literal with interpolations.
    public struct StringInterpolation: StringInterpolationProtocol {
        var note = Note("")

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            note.append(.text(literal))
        }

        /// A reference to another answer.
        public mutating func appendInterpolation(_ reference: NoteReference) {
            note.append(.reference(reference))
        }

        /// Any other value, as its description.
        public mutating func appendInterpolation<Value>(_ value: Value) {
            note.append(.text(String(describing: value)))
        }
    }
}

/// Another answer of the store a ``Note`` points at: a collection, with the filter values that
/// select the rows meant (`nil` fields do not filter).
public enum NoteReference: Sendable, Hashable {
    /// Tracking rows.
    case tracking(TrackingFilter)
    /// Metric rows.
    case metrics(MetricFilter)
    /// Text-style rows.
    case textStyles(TextStyleFilter)
    /// Dynamic Type rows.
    case dynamicType(DynamicTypeFilter)
    /// Widget rows.
    case widgets(WidgetFilter)
    /// Size-class rows.
    case sizeClasses(SizeClassFilter)
}

extension NoteReference {
    /// The collection the reference points into.
    public var collection: SpecCollection {
        switch self {
        case .tracking: .tracking
        case .metrics: .metrics
        case .textStyles: .textStyles
        case .dynamicType: .dynamicType
        case .widgets: .widgets
        case .sizeClasses: .sizeClasses
        }
    }

    /// The filter values that select the rows meant.
    public var filter: any DeclaredFilter {
        switch self {
        case .tracking(let filter): filter
        case .metrics(let filter): filter
        case .textStyles(let filter): filter
        case .dynamicType(let filter): filter
        case .widgets(let filter): filter
        case .sizeClasses(let filter): filter
        }
    }
}
