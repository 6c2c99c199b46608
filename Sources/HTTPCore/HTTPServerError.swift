/// Why a server could not start or keep running: one clear line for the operator.
public struct HTTPServerError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is.
    public enum Code: Sendable, Hashable {
        /// Another process already listens on the address.
        case addressInUse
        /// The host is not an IPv4 or IPv6 address, or the port is out of range.
        case invalidAddress
        /// The process may not bind the address (a port below 1024 without privilege).
        case permissionDenied
        /// The configuration is inconsistent (no threads, a limit below its minimum).
        case invalidConfiguration
        /// A system call failed unexpectedly; ``HTTPServerError/errno`` says how.
        case system
    }

    /// What kind of failure this is.
    public let code: Code

    /// A sentence for the operator, naming the address or call involved.
    public let message: String

    /// The `errno` behind a failed call, or 0.
    public let errno: Int32

    /// The message, for printing.
    public var description: String { message }

    init(_ code: Code, _ message: String, errno: Int32 = 0) {
        self.code = code
        self.message = message
        self.errno = errno
    }
}
