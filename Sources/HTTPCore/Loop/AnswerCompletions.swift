/// Deferred answers computed for one loop's connections, waiting for the loop to write them.
///
/// A worker appends under the lock and signals the loop's wake eventfd; the loop takes them all
/// at once when that eventfd is readable.
import SystemSupport

final class AnswerCompletions: Sendable {
    /// A computed answer and the connection it is for; no answer when the budget had no room
    /// for computing it.
    struct Completion: Sendable {
        let slot: Int
        let generation: UInt32
        let response: HTTPResponse?
    }

    private let pending = Locked<[Completion]>([])
    /// Borrowed: the loop's wake eventfd, which ``ServerRuntime`` closes once the loops and the
    /// workers have ended.
    private let wake: Int32

    init(wake: Int32) {
        self.wake = wake
    }

    /// Hands `completion` to the loop and wakes it.
    func post(_ completion: Completion) {
        pending.withLock { $0.append(completion) }
        Syscall.signalEvent(wake)
    }

    /// Every completion posted since the last call, oldest first.
    func takeAll() -> [Completion] {
        pending.withLock { pending in
            defer { pending.removeAll(keepingCapacity: true) }
            return pending
        }
    }
}
