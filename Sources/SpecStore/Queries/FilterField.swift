import JSON

/// The shape of value a filter field takes: what a query string, an MCP argument and the API
/// description say it accepts.
public enum FilterKind: Sendable, Hashable {
    /// Free text (a search query, a measurement's figure id).
    case text
    /// A decimal number (`430`, `17.5`).
    case number
    /// A screen size as `WIDTHxHEIGHT` in points (`430x932`).
    case screen
    /// `true` or `false` (any case).
    case flag
    /// A value of a vocabulary; see ``FilterVocabulary``.
    case vocabulary(FilterVocabulary.Kind)
}

/// A value given to a filter field, decoded from a query string's text or from JSON.
public enum FilterValue: Sendable, Hashable {
    /// Free text, or a spelling of a vocabulary's value (the field matches it).
    case text(String)
    /// A finite number.
    case number(Double)
    /// A screen size.
    case screen(ScreenSize)
    /// A yes or no.
    case flag(Bool)

    /// The text given, or `nil` for a value of another shape.
    public var text: String? {
        guard case .text(let text) = self else { return nil }
        return text
    }

    /// The number given, or `nil`.
    public var number: Double? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    /// The screen size given, or `nil`.
    public var screen: ScreenSize? {
        guard case .screen(let size) = self else { return nil }
        return size
    }

    /// The yes or no given, or `nil`.
    public var flag: Bool? {
        guard case .flag(let flag) = self else { return nil }
        return flag
    }
}

/// One field of a filter, declared once: its name, what it means, the shape of value it takes,
/// and where the filter keeps it. A query string's decoding, the canonical form (the answer
/// cache's key, and every URL a note writes), the API description and the MCP arguments all
/// read these declarations (``DeclaredFilter``).
public struct FilterField<Filter>: Sendable {
    /// The query parameter's name (`platform`).
    public let name: String
    /// One sentence on what it filters.
    public let summary: String
    /// What it accepts.
    public let kind: FilterKind
    /// What to give, when the filter is refused without it (`words to search for`); `nil` when
    /// it may be left out.
    public let requirement: String?
    /// The values a closed vocabulary accepts, listed when a value is none of them; `nil` when
    /// any value is taken here (free text, or a vocabulary drawn from the data, which the
    /// store's query checks).
    public let acceptedValues: [String]?
    private let store: @Sendable (inout Filter, FilterValue) -> Bool
    private let read: @Sendable (Filter) -> String?
    private var refuse: (@Sendable (FilterValue) -> QueryError?)?

    /// Whether the filter is refused without this field.
    public var isRequired: Bool { requirement != nil }

    /// A field whose value `store` keeps in a filter (`false` when the value is not one the
    /// field takes) and `read` writes in its one spelling (`nil` when absent).
    public init(
        name: String, summary: String, kind: FilterKind, requirement: String? = nil, acceptedValues: [String]? = nil,
        store: @escaping @Sendable (inout Filter, FilterValue) -> Bool,
        read: @escaping @Sendable (Filter) -> String?
    ) {
        self.name = name
        self.summary = summary
        self.kind = kind
        self.requirement = requirement
        self.acceptedValues = acceptedValues
        self.store = store
        self.read = read
    }

    /// Keeps `value` in `filter`; `false`, leaving the filter as it was, when the field does
    /// not take it (a spelling no closed vocabulary holds, a number for a text field).
    public func assign(_ value: FilterValue, to filter: inout Filter) -> Bool {
        store(&filter, value)
    }

    /// The error, worded for this field, for a value of its shape the filter cannot use (a
    /// negative size, a word the field's own check refuses); `nil` when ``assign(_:to:)`` may
    /// judge it (an unknown term is refused there, listing ``acceptedValues``).
    public func refusal(of value: FilterValue) -> QueryError? {
        refuse?(value)
    }

    /// The field, refusing first, in its own words, what `refuse` returns an error for
    /// (``refusal(of:)``).
    public func refusing(_ refuse: @escaping @Sendable (FilterValue) -> QueryError?) -> FilterField {
        var field = self
        field.refuse = refuse
        return field
    }

    /// The field's value in its one spelling, or `nil` when the filter does not set it: a term
    /// as its vocabulary spells it (`systemSmall`), a number as the store writes it (`17.5`),
    /// text in lower case (it is matched without regard to case).
    public func canonicalText(of filter: Filter) -> String? {
        read(filter)
    }
}

extension FilterField {
    /// A field the filter keeps at `keyPath`: `take` reads the value to keep from what was given
    /// (`nil` when the field does not take it) and `spell` writes it in its one spelling (`nil`
    /// for a value that says nothing, as an empty text or a flag left false). Every field below
    /// is one of these, differing only in what it takes and how it spells it.
    public static func kept<Value>(
        _ name: String, _ summary: String, kind: FilterKind, requirement: String? = nil,
        acceptedValues: [String]? = nil, _ keyPath: any WritableKeyPath<Filter, Value> & Sendable,
        take: @escaping @Sendable (FilterValue) -> Value?, spell: @escaping @Sendable (Value) -> String?
    ) -> FilterField {
        FilterField(
            name: name, summary: summary, kind: kind, requirement: requirement, acceptedValues: acceptedValues,
            store: { filter, value in
                guard let kept = take(value) else { return false }
                filter[keyPath: keyPath] = kept
                return true
            },
            read: { filter in spell(filter[keyPath: keyPath]) })
    }

    /// ``kept(_:_:kind:requirement:acceptedValues:_:take:spell:)`` for a value the filter may
    /// lack (`nil` when not given, and then not written).
    public static func keptIfGiven<Value>(
        _ name: String, _ summary: String, kind: FilterKind, acceptedValues: [String]? = nil,
        _ keyPath: any WritableKeyPath<Filter, Value?> & Sendable,
        take: @escaping @Sendable (FilterValue) -> Value?, spell: @escaping @Sendable (Value) -> String?
    ) -> FilterField {
        kept(
            name, summary, kind: kind, acceptedValues: acceptedValues, keyPath,
            take: { value in take(value).map(Optional.some) }, spell: { kept in kept.flatMap(spell) })
    }

    /// Free text, or a value of a vocabulary drawn from the data (`topic`, `style`), which the
    /// store's query checks.
    public static func text(
        _ name: String, _ summary: String, _ keyPath: any WritableKeyPath<Filter, String?> & Sendable,
        vocabulary: FilterVocabulary.Kind? = nil
    ) -> FilterField {
        keptIfGiven(
            name, summary, kind: vocabulary.map(FilterKind.vocabulary) ?? .text, keyPath, take: { $0.text },
            spell: { canonical(text: $0) })
    }

    /// Text a filter always holds, empty when not given; `requirement` says what to give when
    /// the filter is refused without it.
    public static func text(
        _ name: String, _ summary: String, _ keyPath: any WritableKeyPath<Filter, String> & Sendable,
        requirement: String? = nil
    ) -> FilterField {
        kept(
            name, summary, kind: .text, requirement: requirement, keyPath, take: { $0.text },
            spell: { text in text.isEmpty ? nil : canonical(text: text) })
    }

    /// A term of a closed vocabulary, in any of the spellings it accepts (case, separators,
    /// aliases); it lists the vocabulary's values.
    public static func term<Term: VocabularyTerm>(
        _ name: String, _ summary: String, _ keyPath: any WritableKeyPath<Filter, Term?> & Sendable
    ) -> FilterField {
        keptIfGiven(
            name, summary, kind: .vocabulary(Term.vocabulary), acceptedValues: Term.spellings, keyPath,
            take: { value in value.text.flatMap(Term.init(matching:)) }, spell: { $0.rawValue })
    }

    /// A size-class condition, `VALUE-AXIS[-ORIENTATION]` (``SizeClassCondition``).
    public static func sizeClass(
        _ name: String, _ summary: String, _ keyPath: any WritableKeyPath<Filter, SizeClassCondition?> & Sendable
    ) -> FilterField {
        keptIfGiven(
            name, summary, kind: .vocabulary(.sizeClass), acceptedValues: FilterVocabulary.sizeClassConditions,
            keyPath, take: { value in value.text.flatMap(SizeClassCondition.init(parsing:)) }, spell: { $0.description }
        )
    }

    /// A finite number.
    public static func number(
        _ name: String, _ summary: String, _ keyPath: any WritableKeyPath<Filter, Double?> & Sendable
    ) -> FilterField {
        keptIfGiven(
            name, summary, kind: .number, keyPath, take: { value in value.number.flatMap { $0.isFinite ? $0 : nil } },
            spell: { number in JSONNumber(number).literal })
    }

    /// A portrait screen size in points.
    public static func screen(
        _ name: String, _ summary: String, _ keyPath: any WritableKeyPath<Filter, ScreenSize?> & Sendable
    ) -> FilterField {
        keptIfGiven(name, summary, kind: .screen, keyPath, take: { $0.screen }, spell: { $0.description })
    }

    /// A yes or no, `false` when not given: only `true` is written.
    public static func flag(
        _ name: String, _ summary: String, _ keyPath: any WritableKeyPath<Filter, Bool> & Sendable
    ) -> FilterField {
        kept(
            name, summary, kind: .flag, acceptedValues: ["true", "false"], keyPath, take: { $0.flag },
            spell: { flag in flag ? "true" : nil })
    }

    /// Text in its one spelling: matched without regard to case, so lower case, without the
    /// spaces and tabs around it.
    static func canonical(text: String) -> String {
        String(text.lowercased().trimming(while: { $0 == " " || $0 == "\t" }))
    }
}

extension FilterField {
    /// `platform`, as most filters take it.
    public static func platform(_ keyPath: any WritableKeyPath<Filter, Platform?> & Sendable) -> FilterField {
        .term("platform", "Platform.", keyPath)
    }

    /// `topic`, drawn from the data.
    public static func topic(_ keyPath: any WritableKeyPath<Filter, String?> & Sendable) -> FilterField {
        .text("topic", "Topic.", keyPath, vocabulary: .topic)
    }

    /// `style`, a text style or alias.
    public static func style(_ keyPath: any WritableKeyPath<Filter, String?> & Sendable) -> FilterField {
        .text("style", "Text style.", keyPath, vocabulary: .style)
    }

    /// `device`, an id or a model name.
    public static func device(_ keyPath: any WritableKeyPath<Filter, String?> & Sendable) -> FilterField {
        .text("device", "Device id or model name.", keyPath, vocabulary: .device)
    }

    /// `case`, an Apple Watch case size, on every collection with watch rows.
    public static func caseSize(_ keyPath: any WritableKeyPath<Filter, WatchCaseSize?> & Sendable) -> FilterField {
        .term("case", "Apple Watch case size: 45mm (45, 45 mm accepted).", keyPath)
    }
}

/// A filter declared as a table of fields (``FilterField``): everything that reads or writes a
/// filter's values — a query string's decoding, its canonical form, the API description, the
/// MCP arguments — walks ``fields``, so a field added here is added everywhere.
public protocol DeclaredFilter: Sendable {
    /// The fields, in the order the API description lists them and the canonical form writes them.
    static var fields: [FilterField<Self>] { get }
    /// The fields decoded before the others, in this order, where a filter has always reported
    /// one wrong value before another listed earlier; empty for most.
    static var decodedFirst: [String] { get }
    /// A filter that does not filter: every field absent.
    init()
}

extension DeclaredFilter {
    /// None: the fields decode in their declared order.
    public static var decodedFirst: [String] { [] }

    /// The filter's values in their one spelling, in the order of ``fields``; an absent value
    /// writes nothing. Decoding them gives the same filter back.
    public var canonicalFields: [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        for field in Self.fields {
            if let text = field.canonicalText(of: self) { pairs.append((field.name, text)) }
        }
        return pairs
    }
}
