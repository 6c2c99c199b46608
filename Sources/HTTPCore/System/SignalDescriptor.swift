// Unsafe: read(2) fills signalfd's C structure by address.
// In HTTPCore, not SystemSupport: the engine's shutdown and reload signals, read by its loop.
import CLinuxSupport
import Glibc
import SystemSupport

/// A signalfd that receives SIGTERM, SIGINT and SIGHUP, with one owner: while it is open those
/// signals are blocked for the process (threads started meanwhile inherit the mask), so they
/// arrive here as readable data instead of interrupting whatever runs. Closing it unblocks them.
struct SignalDescriptor: ~Copyable {
    /// The descriptor, for registering with epoll while this value holds it.
    let rawValue: Int32

    /// Blocks the three signals and opens the signalfd for them.
    init() throws(SystemError) {
        let descriptor = clinux_signalfd_for_shutdown_and_reload()
        guard descriptor >= 0 else { throw SystemError(call: "signalfd", errno: clinux_errno()) }
        rawValue = descriptor
    }

    deinit {
        _ = Glibc.close(rawValue)
        clinux_unblock_shutdown_and_reload()
    }

    /// Reads every signal waiting and calls `body` with each one's number.
    func readSignals(_ body: (Int32) -> Void) {
        var info = signalfd_siginfo()
        while Glibc.read(rawValue, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            body(Int32(info.ssi_signo))
        }
    }

    /// SIGHUP, the signal that asks for a reload (the others ask to stop).
    static var hangUp: Int32 { SIGHUP }

    /// Makes writing to a closed socket fail with `EPIPE` instead of ending the process.
    static func ignoreBrokenPipes() {
        clinux_ignore_sigpipe()
    }
}
