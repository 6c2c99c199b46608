import CLinuxSupport
import Glibc

/// A failed system call: which call, and its `errno`.
struct SystemError: Error {
    let call: StaticString
    let errno: Int32

    /// `strerror` for the operator.
    var reason: String { String(cString: strerror(errno)) }
}

/// The outcome of a call on a non-blocking descriptor: done, or "try again when ready".
enum IOResult<Value> {
    case done(Value)
    case wouldBlock
}

/// Runs one system call: retries `EINTR`, reports `EAGAIN` as ``IOResult/wouldBlock``, throws
/// the other failures, and traps on `EBADF`/`EFAULT`, which only a bug in the engine causes.
///
/// `@inline(never)` on the call sites' wrappers is unnecessary here because `errno` is read
/// through a C function immediately after the call returns, before any Swift code can run.
@inline(__always)
func retryingSyscall<Value: BinaryInteger>(
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
        case EBADF, EFAULT: fatalError("\(call) failed with \(code): a descriptor or buffer bug in the engine")
        default: throw SystemError(call: call, errno: code)
        }
    }
}

/// Like ``retryingSyscall(_:_:)`` for calls on blocking descriptors, where `EAGAIN` cannot happen.
@inline(__always)
func blockingSyscall<Value: BinaryInteger>(
    _ call: StaticString,
    _ body: () -> Value
) throws(SystemError) -> Value {
    switch try retryingSyscall(call, body) {
    case .done(let value): return value
    case .wouldBlock: throw SystemError(call: call, errno: EAGAIN)
    }
}
