// Unsafe: pthread_create passes its thread one raw pointer, to the retained work it runs.
import Glibc

/// A pthread running one piece of work: the loops and the supervisor's reload thread.
///
/// The work crosses to the new thread by `sending`: the caller gives it up, so what it holds
/// is reached from that thread alone.
package struct SystemThread: Sendable {
    private let handle: pthread_t

    /// The work and its retain, the one pointer `pthread_create` passes its thread.
    private final class Work {
        let body: () -> Void

        init(_ body: sending @escaping () -> Void) {
            self.body = body
        }
    }

    /// Starts a joinable thread running `body`; traps if no thread can be started.
    ///
    /// With `blockingSignals`, the thread starts with every signal blocked: a server's SIGTERM,
    /// SIGINT and SIGHUP belong to its signalfd, and a thread with them unblocked would take
    /// them instead (SIGTERM's default action ends the process without a drain).
    package static func start(blockingSignals: Bool = false, _ body: sending @escaping () -> Void) -> SystemThread {
        var handle = pthread_t()
        let work = Unmanaged.passRetained(Work(body))
        var all = sigset_t()
        var previous = sigset_t()
        if blockingSignals {
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, &previous)
        }
        let result = pthread_create(&handle, nil, { SystemThread.run($0) }, work.toOpaque())
        if blockingSignals { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        precondition(result == 0, "pthread_create failed with \(result)")
        return SystemThread(handle: handle)
    }

    /// Starts a detached thread running `body`; `false` (and `body` not run) if no thread can
    /// be started.
    package static func startDetached(_ body: sending @escaping () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        defer { pthread_attr_destroy(&attributes) }
        var handle = pthread_t()
        let work = Unmanaged.passRetained(Work(body))
        let result = pthread_create(&handle, &attributes, { SystemThread.run($0) }, work.toOpaque())
        if result != 0 { work.release() }
        return result == 0
    }

    /// Waits until the thread ends. Call it once per started joinable thread.
    package func join() {
        pthread_join(handle, nil)
    }

    private static func run(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let argument else { preconditionFailure("a thread without its work") }
        Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
        return nil
    }
}
