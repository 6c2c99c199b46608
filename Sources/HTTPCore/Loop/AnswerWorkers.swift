/// The threads that compute deferred answers (``HTTPResponse/deferred(holding:reserving:_:)``), shared
/// by every loop, and the bounded queue of answers waiting for one of them.
///
/// A loop hands over a ``Job`` and goes on serving; a worker computes the answer, gives back its
/// share of the body budget, and posts the answer to the loop's ``AnswerCompletions``, whose
/// eventfd wakes the loop to write it. No thread sleeps or polls: idle workers wait on the
/// queue's condition variable, an idle loop in `epoll_wait`.
import SystemSupport

final class AnswerWorkers: Sendable {
    /// One deferred answer and where it goes once computed.
    struct Job: Sendable {
        let answer: DeferredAnswer
        /// The budget its ``DeferredAnswer/held`` bytes were reserved from, and its
        /// ``DeferredAnswer/memory`` is reserved from while it runs.
        let budget: ByteBudget
        let completions: AnswerCompletions
        /// The connection's slot in its loop's table, and the slot's generation when the job
        /// was made: a slot closed (and perhaps reused) since then has another.
        let slot: Int
        let generation: UInt32

        /// Computes the answer if the budget has room for computing it (else posts `nil`: the
        /// loop answers `503`), and gives its bytes back as soon as the work is done: the
        /// answer's bytes are the connection's output from here, as any other answer's.
        func run() {
            var response: HTTPResponse?
            if budget.reserve(answer.memory) {
                response = answer.resolve()
                budget.release(answer.memory)
            }
            budget.release(answer.held)
            completions.post(AnswerCompletions.Completion(slot: slot, generation: generation, response: response))
        }
    }

    private let queue: WorkQueue<Job>
    private let threads: Locked<[SystemThread]>

    /// Starts `threads` workers over a queue of at most `queueLength` waiting answers.
    init(threads count: Int, queueLength: Int) {
        let queue = WorkQueue<Job>(capacity: queueLength)
        self.queue = queue
        var started: [SystemThread] = []
        for _ in 0..<max(1, count) {
            started.append(
                SystemThread.start {
                    while let job = queue.take() { job.run() }
                })
        }
        self.threads = Locked(started)
    }

    /// Queues `job`; `false` when ``HTTPServer/Configuration/maxQueuedAnswers`` answers already
    /// wait (or the workers have stopped).
    func submit(_ job: Job) -> Bool {
        queue.offer(job)
    }

    /// Lets the workers finish every queued answer, then waits for them to end. Called once, after
    /// the loops have ended; their wake eventfds must stay open until this returns.
    func stop() {
        queue.close()
        let threads = self.threads.withLock { threads in
            defer { threads = [] }
            return threads
        }
        for thread in threads { thread.join() }
    }
}
