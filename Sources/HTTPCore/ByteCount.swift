/// A byte count as a person would write a limit: `8 KiB`, `1 MiB` or `1000 bytes`. The one
/// formatter for sizes in errors, hints and the OpenAPI document.
public struct ByteCount: Sendable, Hashable, CustomStringConvertible {
    /// The number of bytes.
    public let bytes: Int

    /// A count of `bytes`.
    public init(_ bytes: Int) {
        self.bytes = bytes
    }

    /// Whole mebibytes or kibibytes when the count is a multiple of one, else bytes.
    public var description: String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}
