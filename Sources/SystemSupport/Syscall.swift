import CLinuxSupport
import Glibc

/// A failed system call: which call, and its `errno`.
@usableFromInline package struct SystemError: Error, Sendable {
    /// The call that failed, as its manual page names it.
    package let call: StaticString
    /// The `errno` it left.
    package let errno: Int32

    /// A failure of `call` with `errno`.
    @usableFromInline package init(call: StaticString, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// `strerror` for the operator.
    package var reason: String { String(cString: strerror(errno)) }

    /// Whether nothing is at the path (`ENOENT`).
    package var isNoSuchFile: Bool { errno == ENOENT }

    /// Whether something is already at the path (`EEXIST`).
    package var isExistingFile: Bool { errno == EEXIST }

    /// Whether the call would have blocked, or a socket's timeout ran out (`EAGAIN`).
    package var isTryAgain: Bool { errno == EAGAIN }
}

/// The outcome of a call on a non-blocking descriptor: done, or "try again when ready".
@usableFromInline package enum IOResult<Value> {
    case done(Value)
    case wouldBlock
}

/// Runs one system call: retries `EINTR`, reports `EAGAIN` as ``IOResult/wouldBlock``, throws
/// the other failures, and traps on `EBADF`/`EFAULT`, which only a bug in the caller causes.
///
/// `@inline(never)` on the call sites' wrappers is unnecessary here because `errno` is read
/// through a C function immediately after the call returns, before any Swift code can run.
/// `@inlinable`, so the engine's hot path calls it as if it were its own.
@inlinable @inline(__always)
package func retryingSyscall<Value: BinaryInteger>(
    _ call: StaticString,
    _ body: () -> Value
) throws(SystemError) -> IOResult<Value> {
    while true {
        let result = body()
        if result >= 0 { return .done(result) }
        let code = clinux_errno()
        switch code {
        case EINTR: continue
        case EAGAIN, EWOULDBLOCK: return .wouldBlock
        case EBADF, EFAULT: fatalError("\(call) failed with \(code): a descriptor or buffer bug")
        default: throw SystemError(call: call, errno: code)
        }
    }
}

/// Like ``retryingSyscall(_:_:)`` for calls on blocking descriptors, where `EAGAIN` cannot happen.
@inlinable @inline(__always)
package func blockingSyscall<Value: BinaryInteger>(
    _ call: StaticString,
    _ body: () -> Value
) throws(SystemError) -> Value {
    switch try retryingSyscall(call, body) {
    case .done(let value): return value
    case .wouldBlock: throw SystemError(call: call, errno: EAGAIN)
    }
}
