/// The unit of a field's numbers.
public enum FieldUnit: Equatable, Sendable {
    /// One unit for every record: `pt`, `px`, `mm`, `1/1000 em`, `category`.
    case fixed(String)
    /// The record's own `unit` field says it (a metric's figures: pt, px, ratio, …).
    case perRecord
}

/// One field of a collection's records as the declaration describes it (``SpecCollection/fields``):
/// what the server's table layouts, OpenAPI schemas and the schema document read.
public struct FieldDescriptor: Sendable {
    /// The field's name in the data file and in API rows.
    public let name: String
    /// The shape of its value, as the loader checks it.
    public let kind: FieldKind
    /// The shape of its value in words (`text`, `number`, `{width, height}`, `record ids`, …).
    public let type: String
    /// Whether every record has it.
    public let isRequired: Bool
    /// The unit of its numbers, where they have one.
    public let unit: FieldUnit?
    /// What it means, in one line.
    public let meaning: String

    init(_ spec: FieldSpec) {
        name = spec.name
        kind = spec.kind
        type = Self.words(spec.kind)
        isRequired = spec.isRequired
        unit = spec.unit
        meaning = spec.meaning
    }

    /// A field kind in the words Docs/schema.md's field tables use.
    static func words(_ kind: FieldKind) -> String {
        switch kind {
        case .string: "text"
        case .number: "number"
        case .bool: "boolean"
        case .any: "any JSON value"
        case .oneOf(let values): "one of " + values.map { "`\($0)`" }.joined(separator: ", ")
        case .platforms: "platform ids"
        case .references(let collection?): "ids of `\(collection.key)` records"
        case .references(nil): "record ids"
        case .strings: "texts"
        case .size: "`{width, height}`"
        case .sizeClassPair: "`{horizontal, vertical}`"
        case .color: "`{red, green, blue, hex}`"
        case .citations: "Citations"
        case .basis: "Basis"
        case .sizeClassesByOrientation: "`{portrait, landscape}`"
        case .recordID: "record id"
        case .version: "version id"
        case .nullable(let kind): words(kind) + " or `null`"
        }
    }
}

extension SpecCollection {
    /// The collection's own fields, in the order API rows list them, each with its unit and
    /// meaning: the one description the server and the schema document derive from.
    public var fields: [FieldDescriptor] { declaration.fields.map(FieldDescriptor.init) }

    /// The fields every record that carries figures adds after its own (`status`, `unit`,
    /// `citations`, `basis`); none for a collection without figures.
    public var figureFields: [FieldDescriptor] {
        carriesFigures ? CollectionSchema.figureFields.map(FieldDescriptor.init) : []
    }

    /// The values a record's `platforms` (and a row's `platform`) hold: every platform id, and
    /// `all` for a record that applies to every one.
    public static var recordPlatforms: [String] { CollectionSchema.recordPlatforms }

    /// The declared field named `name`, own or figure field.
    public func field(_ name: String) -> FieldDescriptor? {
        (fields + figureFields).first { $0.name == name }
    }
}
