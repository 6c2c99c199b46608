/// Why a text is not JSON, and where: byte offset, line and column (both 1-based; the column
/// counts characters, not bytes).
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, e.g. `expected ',' or '}' after an object member`.
    public let message: String
    /// The byte offset of the offending byte from the start of the text.
    public let offset: Int
    /// The 1-based line of the offending byte.
    public let line: Int
    /// The 1-based column, in characters, of the offending byte.
    public let column: Int

    /// `line L, column C: message`.
    public var description: String { "line \(line), column \(column): \(message)" }
}
