/// Why a data file was refused: what is wrong, in which file, where in it, and how to fix it.
///
/// `jsonPath` locates the offending value (`$.metrics[12].citations`); syntax errors also carry the
/// 1-based `line` and `column`. ``description`` is one line a person can act on.
public struct SpecStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of fault the file has; one of the static members.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code as it appears in messages, e.g. `missing_citation`.
        public let rawValue: String
        /// Creates a code.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The raw value.
        public var description: String { rawValue }

        /// The file could not be read.
        public static let unreadable = Code(rawValue: "unreadable")
        /// The file is over one of ``DataFileLimits``: its bytes, its nesting or its records.
        public static let tooLarge = Code(rawValue: "too_large")
        /// The file is not JSON; `line` and `column` say where.
        public static let syntax = Code(rawValue: "syntax")
        /// `schemaVersion` is not one this library knows.
        public static let schemaVersion = Code(rawValue: "schema_version")
        /// A required field is absent.
        public static let missingField = Code(rawValue: "missing_field")
        /// A field has the wrong JSON type.
        public static let wrongType = Code(rawValue: "wrong_type")
        /// A field's value is outside its vocabulary (a status, a platform, a unit, a date).
        public static let badValue = Code(rawValue: "bad_value")
        /// A record has a key the schema does not define.
        public static let unknownKey = Code(rawValue: "unknown_key")
        /// Two records (or two versions) share an id.
        public static let duplicateID = Code(rawValue: "duplicate_id")
        /// An id is not lower-case `[a-z0-9]` with `.` and `-` separators.
        public static let badID = Code(rawValue: "bad_id")
        /// `since`, `until` or `history.until` names no version.
        public static let unknownVersion = Code(rawValue: "unknown_version")
        /// Versions out of chronological order, `until` not after `since`, or history out of order.
        public static let badOrder = Code(rawValue: "bad_order")
        /// A published record (or a rule or myth) without a citation.
        public static let missingCitation = Code(rawValue: "missing_citation")
        /// A convention record without a basis.
        public static let missingBasis = Code(rawValue: "missing_basis")
        /// A record mixing published and convention (e.g. a published record with a basis).
        public static let mixedStatus = Code(rawValue: "mixed_status")
        /// A metric with no figure, more than one shape of figure, or a bound that does not fit it.
        public static let badFigure = Code(rawValue: "bad_figure")
        /// An id in `devices` or `related` that names no record.
        public static let danglingReference = Code(rawValue: "dangling_reference")
        /// A citation whose section is not Apple's heading at its URL's anchor, or whose page
        /// title disagrees with its URL.
        public static let badCitation = Code(rawValue: "bad_citation")
        /// A record present before a subject it names appeared (Liquid Glass in 2023).
        public static let anachronism = Code(rawValue: "anachronism")
        /// A row that names several models starting when a later one appeared: a relabel
        /// recorded as an addition.
        public static let relabelAsAddition = Code(rawValue: "relabel_as_addition")
    }

    /// What kind of fault it is.
    public let code: Code
    /// The file's name as given to the loader.
    public let file: String
    /// Where the fault is, as a JSONPath (`$` for the whole document).
    public let jsonPath: String
    /// The 1-based line of the fault in the file's text (for a missing field, of the record that
    /// lacks it); `nil` where the fault has no place in a text (an unreadable file).
    public let line: Int?
    /// The 1-based column, in characters, on that line.
    public let column: Int?
    /// What is wrong and, where it helps, what would be right.
    public let message: String

    /// Creates an error.
    public init(code: Code, file: String, jsonPath: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.code = code
        self.file = file
        self.jsonPath = jsonPath
        self.line = line
        self.column = column
        self.message = message
    }

    /// One line: `file:line:column: syntax: message` for syntax errors, `file:line:column: code at
    /// $.path: message` for other faults in the text, and `file: code at $.path: message` otherwise.
    public var description: String {
        switch (line, column) {
        case (let line?, let column?) where code == .syntax:
            return "\(file):\(line):\(column): \(code): \(message)"
        case (let line?, let column?):
            return "\(file):\(line):\(column): \(code) at \(jsonPath): \(message)"
        default:
            return "\(file): \(code) at \(jsonPath): \(message)"
        }
    }
}
