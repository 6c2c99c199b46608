import SystemSupport

extension EventLoop {
    /// Performs ``Connection/Action/limitBody``: asks the application how large a body the
    /// request whose head `connection` has parsed may have.
    static func limitBody(_ connection: inout Connection, context: LoopContext) {
        let allowed = connection.withHead(context: context) { request in context.application.bodyLimit(for: request) }
        connection.didLimitBody(allowed, context: context)
    }

    /// Performs ``Connection/Action/answer``: asks the application for the answer to the
    /// complete request at the front of `connection`'s input and writes it, or hands an answer
    /// the application defers to the worker threads. The connection runs the protocol; the
    /// application call, the access log and the hand-off to workers are here, on the loop.
    static func answer(_ connection: inout Connection, context: LoopContext) {
        let started = context.accessLog == .off ? 0 : SystemClock.monotonicMicroseconds()
        var response: HTTPResponse
        if connection.asksAboutTheServer {
            response = .prepared(context.serverWideOptions)
        } else {
            response = connection.withRequest(context: context) { request in context.application.respond(to: request) }
        }
        if case .deferred(let deferred) = response.storage {
            guard let workers = context.answerWorkers, let completions = context.answerCompletions else {
                // No worker threads: computed here.
                write(deferred.resolve(), to: &connection, startedAt: started, context: context)
                return
            }
            // What it holds counts against the body budget while it waits (what computing it
            // takes, while it runs); without room for it, or for it in the queue, the client is
            // told to retry.
            guard context.bodyBudget.reserve(deferred.held) else {
                connection.fail(.answersOverCapacity, context: context)
                return
            }
            let job = AnswerWorkers.Job(
                answer: deferred, budget: context.bodyBudget, completions: completions,
                slot: connection.socket.tableIndex, generation: connection.generation)
            guard workers.submit(job) else {
                context.bodyBudget.release(deferred.held)
                connection.fail(.answersOverCapacity, context: context)
                return
            }
            connection.awaitAnswer(startedAt: started)
            return
        }
        write(response, to: &connection, startedAt: started, context: context)
    }

    /// A worker computed the answer `connection` awaited (``Connection/awaitAnswer(startedAt:)``):
    /// writes it as ``answer(_:context:)`` would have, judging the unread-answer budget as it is
    /// now. `nil`: the budget had no room for computing it, so the client is told to retry.
    static func writeComputedAnswer(_ response: HTTPResponse?, to connection: inout Connection, context: LoopContext) {
        guard let started = connection.didComputeAnswer() else { return }
        guard let response else {
            connection.fail(.answersOverCapacity, context: context)
            return
        }
        write(response, to: &connection, startedAt: started, context: context)
    }

    /// Writes `response` to the request at the front of `connection`'s input, logs it, and
    /// moves on to the next request.
    private static func write(
        _ response: HTTPResponse, to connection: inout Connection, startedAt started: Int64, context: LoopContext
    ) {
        guard let written = connection.write(response, context: context) else { return }
        if context.accessLog != .off {
            let client = connection.socket.descriptor
            let forwardedFor = connection.forwardedFor
            connection.withAnsweredRequest { head, request in
                AccessLog.append(
                    head: head, request: request, status: response.status, bytes: written,
                    microseconds: SystemClock.monotonicMicroseconds() - started, client: client,
                    forwardedFor: forwardedFor, context: context)
            }
        }
        connection.didAnswerRequest(context: context)
    }
}
