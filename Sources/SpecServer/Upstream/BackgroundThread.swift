// Unsafe: pthread_create takes the thread's closure as a raw pointer to a retained box.
import Glibc

/// A POSIX thread running one closure; the mirror polls on one, away from the event loops.
final class BackgroundThread: @unchecked Sendable {
    // @unchecked: `handle` is written once, before the thread can be joined, and read by join.
    private var handle = pthread_t()

    init(_ body: @escaping @Sendable () -> Void) {
        final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        // The thread starts with every signal blocked: SIGTERM, SIGINT and SIGHUP belong to the
        // server's signalfd, and a thread with them unblocked would take them instead (SIGTERM's
        // default action ends the process without a drain).
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let created = pthread_create(
            &handle, nil,
            { raw in
                let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        precondition(created == 0, "pthread_create failed: \(created)")
    }

    /// Waits for the closure to return.
    func join() {
        pthread_join(handle, nil)
    }
}
