/// A JSON number kept as the literal it was written as.
///
/// Keeping the literal is what lets `305.5` and `0.24` reach a client exactly as the data file
/// wrote them, with no binary floating-point detour.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written, a valid RFC 8259 number literal.
    public let literal: String

    /// Creates a number from a literal; `nil` unless `literal` is a valid RFC 8259 number.
    public init?(literal: String) {
        guard JSONParser.isNumberLiteral(literal) else { return nil }
        self.literal = literal
    }

    /// Creates a number from a literal already checked by the parser.
    package init(uncheckedLiteral: String) {
        self.literal = uncheckedLiteral
    }

    /// Creates an integer number.
    public init(_ value: Int) {
        self.literal = String(value)
    }

    /// Creates a number from a `Double` in its shortest round-tripping form (`44.0` is written `44`).
    ///
    /// Infinities and NaN have no JSON form and become `0`.
    public init(_ value: Double) {
        guard value.isFinite else {
            self.literal = "0"
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            self.literal = String(Int64(value))
        } else {
            self.literal = "\(value)"
        }
    }

    /// The value as a `Double`.
    public var double: Double { Double(literal) ?? 0 }

    /// The literal.
    public var description: String { literal }
}
