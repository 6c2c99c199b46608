import SystemSupport

/// One thread's event loop: its own epoll, its own listener, its own connections.
///
/// Nothing here is shared with other loops except ``ServerControl``'s counters, which are
/// touched per connection and per wakeup, never per byte.
final class EventLoop {
    private let epoll: FileDescriptor
    /// This loop's listener, until the drain closes it.
    private var listener: FileDescriptor?
    /// Borrowed: ``ServerRuntime`` owns the loops' wake eventfds and closes them after the loops end.
    private let wake: Int32
    private let control: ServerControl
    let context: LoopContext

    /// Connection slots indexed by descriptor (``ConnectionSocket/tableIndex``); untouched
    /// slots cost no memory. Only this loop's thread reaches the table, one access at a time,
    /// so the runtime's exclusivity check (a call on every slot access) is left out.
    @exclusivity(unchecked) private var connections: SlotTable<Connection>
    private var highestIndex = -1
    private var openCount = 0
    private var publishedOpenCount = 0
    private var peakOpenSinceTrim = 0
    private let maxConnections: Int

    private var listenerPaused = false
    private var listenerResumeAt: Int64 = .max
    private var isDraining = false
    private var drainDeadline: Int64 = .max
    private let drainTimeout: Int64
    private let sweepInterval: Int64
    private var nextSweep: Int64 = 0
    /// The events of the last wait; unchecked as ``connections`` is.
    @exclusivity(unchecked) private var events = EpollEvents(capacity: 256)

    /// How soon a loop whose listener paused at the connection limit looks again.
    private static let admissionRetryMilliseconds: Int64 = 20

    init(
        listener: consuming FileDescriptor,
        wake: Int32,
        configuration: HTTPServer.Configuration,
        application: any HTTPApplication,
        control: ServerControl,
        workers: AnswerWorkers? = nil,
        tableSize: Int
    ) throws(SystemError) {
        let epoll = FileDescriptor(taking: try Syscall.makeEpoll())
        try Syscall.epollControl(
            epoll.rawValue, Epoll.add, listener.rawValue, events: Epoll.readable,
            data: EpollToken.listener.rawValue)
        try Syscall.epollControl(
            epoll.rawValue, Epoll.add, wake, events: Epoll.readable, data: EpollToken.wake.rawValue)
        self.epoll = epoll
        self.listener = .some(listener)
        self.wake = wake
        self.control = control
        self.context = LoopContext(
            application: application, configuration: configuration, bodyBudget: control.bodyBudget,
            unreadBudget: control.unreadBudget, answerWorkers: workers, answerCompletions: AnswerCompletions(wake: wake)
        )
        self.connections = SlotTable(count: tableSize)
        self.maxConnections = max(1, configuration.maxConnections)
        self.drainTimeout = configuration.drainTimeout.milliseconds
        let shortest = min(
            configuration.requestReadTimeout.milliseconds, configuration.idleTimeout.milliseconds,
            configuration.writeTimeout.milliseconds
        )
        self.sweepInterval = min(1000, max(5, shortest / 4))
    }

    /// Serves until a drain completes.
    func run() {
        while true {
            let now = SystemClock.monotonicMilliseconds()
            let timeout = Int32(clamping: max(0, min(nextSweep, drainDeadline) - now))
            let count = events.wait(on: epoll, timeout: timeout)
            context.now = SystemClock.monotonicMilliseconds()
            context.dateCache.refresh(now: SystemClock.wallSeconds())
            // A stop request is taken before this batch's events, so every request read from
            // now on is answered with `Connection: close`.
            if !isDraining && control.isStopRequested { beginDrain() }
            for position in 0..<count {
                let (flags, data) = events[position]
                let token = EpollToken(rawValue: data)
                if token == .listener {
                    acceptConnections()
                } else if token == .wake {
                    Syscall.drainEvent(wake)
                    if control.isStopRequested && !isDraining { beginDrain() }
                    writeCompletedAnswers()
                } else {
                    let index = token.slot
                    let generation = token.generation
                    // An event for a socket closed earlier in this batch, perhaps reused.
                    guard connections[index].state != .closed, connections[index].generation == generation else {
                        continue
                    }
                    if flags & (Epoll.hangUp | Epoll.error) != 0 && connections[index].isAwaitingAnswer {
                        // Reset or gone while its answer is computed: nobody will read it. Epoll
                        // reports these whatever the interest, so waiting would spin.
                        close(index)
                        continue
                    }
                    if flags & (Epoll.readable | Epoll.hangUp | Epoll.error) != 0 {
                        connections[index].markReadable()
                    }
                    drive(index)
                }
            }
            if context.now >= nextSweep { sweep() }
            flushAccessLog()
            publishCounters()
            if isDraining && (openCount == 0 || context.now >= drainDeadline) { break }
        }
        closeEverything()
        publishCounters()
    }

    // MARK: Connections

    /// Accepts a batch of up to 64 waiting connections; while draining, every one waiting.
    private func acceptConnections() {
        // An event queued before the drain closed the listener finds none.
        guard let listener = listener?.rawValue else { return }
        var batch = 0
        while isDraining || batch < 64 {
            batch += 1
            // While draining every waiting client is taken (and told to close), so no limit.
            guard control.admitConnection(limit: isDraining ? .max : maxConnections) else {
                // Every slot is taken, by this loop or another: the listener pauses and the
                // kernel backlog holds new clients. A close here resumes it at once; a close in
                // another loop does not wake this one, so it also looks again shortly.
                pauseListener(until: context.now + Self.admissionRetryMilliseconds)
                return
            }
            let socket: ConnectionSocket
            do {
                guard let accepted = try ConnectionSocket.accept(from: listener) else {
                    control.releaseConnection()
                    return
                }
                socket = accepted
            } catch {
                control.releaseConnection()
                if error.isOutOfDescriptorsOrMemory {
                    // Out of descriptors or memory: a level-triggered listener would spin, so
                    // stop polling it for a moment.
                    pauseListener(until: context.now + 100)
                    return
                }
                continue  // ECONNABORTED and friends concern that one client only
            }
            let index = socket.tableIndex
            guard index < connections.count else {
                socket.close()
                control.releaseConnection()
                continue
            }
            connections[index].open(socket: socket, now: context.now, idleTimeout: context.idleTimeout)
            openCount += 1
            if openCount > peakOpenSinceTrim { peakOpenSinceTrim = openCount }
            if index > highestIndex { highestIndex = index }
            if isDraining { connections[index].beginDrain() }
            drive(index)
        }
    }

    /// Performs the connection's actions until it has to wait, with system calls on the
    /// socket the slot owns.
    private func drive(_ index: Int) {
        /// The socket took no more output: the connection waits for `EPOLLOUT`.
        func waitUntilWritable() {
            connections[index].didBlockOnOutput(context: context)
            setInterest(index, Epoll.writable)
        }
        while true {
            switch connections[index].nextAction(context: context) {
            case .receive:
                let requested = connections[index].input.writableCount
                do {
                    let received = try connections[index].withInputAndSocket { input, socket throws(SystemError) in
                        try socket.receive(into: &input)
                    }
                    switch received {
                    case .done(0): connections[index].didReceiveEnd()
                    case .done(let count): connections[index].didReceive(count, requested: requested, context: context)
                    case .wouldBlock: connections[index].didExhaustInput()
                    }
                } catch {
                    // ECONNRESET and the like: nothing more can be delivered.
                    close(index)
                    return
                }
            case .logRefusal(let error):
                AccessLog.appendError(error, client: connections[index].socket.descriptor, context: context)
            case .send:
                // The body held in the body file goes with sendfile; any other with one write.
                guard let offset = connections[index].unsentBodyFileOffset else {
                    do {
                        switch try Self.sendUnsent(connections[index]) {
                        case .done(let count):
                            connections[index].didSend(count, context: context)
                        case .wouldBlock:
                            waitUntilWritable()
                            return
                        }
                    } catch {
                        close(index)
                        return
                    }
                    continue
                }
                guard let file = BodyFile.shared else { preconditionFailure("a file-backed body without a body file") }
                do {
                    var written = 0
                    let headCount = connections[index].output.readableCount
                    if headCount > 0 {
                        switch try Self.sendUnsentOutputWithMore(connections[index]) {
                        case .done(let count): written = count
                        case .wouldBlock:
                            waitUntilWritable()
                            return
                        }
                        if written < headCount {
                            connections[index].didSend(written, context: context)
                            continue
                        }
                    }
                    switch try Self.sendUnsentBody(connections[index], from: file, offset: offset) {
                    case .done(let count) where count > 0:
                        connections[index].didSend(written + count, context: context)
                    case .done:
                        close(index)  // the file ended early: cannot happen while the range is held
                        return
                    case .wouldBlock:
                        if written > 0 {
                            connections[index].didSend(written, context: context)
                            continue
                        }
                        waitUntilWritable()
                        return
                    }
                } catch {
                    close(index)
                    return
                }
            case .limitBody:
                Self.limitBody(&connections[index], context: context)
            case .answer:
                Self.answer(&connections[index], context: context)
            case .waitForInput:
                setInterest(index, Epoll.readable)
                return
            case .waitForOutput:
                setInterest(index, Epoll.writable)
                return
            case .waitForAnswer:
                // No interest: pipelined requests stay in the socket and the buffer until the
                // answer is written, and a level-triggered readiness would spin meanwhile.
                setInterest(index, 0)
                return
            case .shutdownOutput:
                connections[index].socket.shutdownOutput()
                connections[index].didShutdownOutput(context: context)
            case .close:
                close(index)
                return
            }
        }
    }

    /// Sends the unsent output and the unsent shared body in one call (``Connection/Action/send``).
    ///
    /// When the connection closes after them they go marked as more to come: the close (or
    /// half-close) right after sends them with its FIN in one segment, as nginx's `tcp_nopush`
    /// does, rather than a segment and then a FIN, which the client's side must process twice.
    @inline(__always)
    private static func sendUnsent(_ connection: borrowing Connection) throws(SystemError) -> IOResult<Int> {
        let body = connection.unsentBody
        let more = connection.closesAfterOutput
        if body.isEmpty {
            return more
                ? try connection.socket.sendMore(connection.unsentOutput)
                : try connection.socket.send(connection.unsentOutput)
        }
        return try connection.socket.send(connection.unsentOutput, body, more: more)
    }

    /// Sends the unsent output marked as more to come: the body follows from the file.
    @inline(__always)
    private static func sendUnsentOutputWithMore(_ connection: borrowing Connection) throws(SystemError)
        -> IOResult<Int>
    {
        try connection.socket.sendMore(connection.unsentOutput)
    }

    /// Sends the unsent shared body from `file`, where it starts at `offset`.
    @inline(__always)
    private static func sendUnsentBody(_ connection: borrowing Connection, from file: BodyFile, offset: Int64)
        throws(SystemError) -> IOResult<Int>
    {
        try connection.socket.sendFile(file, offset: offset, count: connection.unsentBody.count)
    }

    /// Writes the deferred answers workers have computed for this loop's connections; one for a
    /// connection closed meanwhile (its slot's generation moved on) is dropped.
    private func writeCompletedAnswers() {
        guard let completions = context.answerCompletions else { return }
        for completion in completions.takeAll() {
            let index = completion.slot
            guard index < connections.count, connections[index].state != .closed,
                connections[index].generation == completion.generation, connections[index].isAwaitingAnswer
            else { continue }
            Self.writeComputedAnswer(completion.response, to: &connections[index], context: context)
            drive(index)
        }
    }

    private func setInterest(_ index: Int, _ events: UInt32) {
        let isRegistered = connections[index].isRegistered
        if isRegistered && connections[index].registeredEvents == events { return }
        let data = EpollToken(slot: index, generation: connections[index].generation).rawValue
        do {
            try connections[index].socket.watch(with: epoll, events: events, data: data, isRegistered: isRegistered)
            connections[index].isRegistered = true
            connections[index].registeredEvents = events
        } catch {
            close(index)  // ENOMEM/ENOSPC: cannot watch it, so cannot serve it
        }
    }

    private func close(_ index: Int) {
        // Closing removes the socket from the epoll set; no EPOLL_CTL_DEL needed.
        connections[index].close(context: context)
        openCount -= 1
        control.releaseConnection()
        // A slot is free (and a descriptor): look at the backlog now rather than at the retry.
        if listenerPaused && !isDraining { resumeListener() }
    }

    // MARK: Listener

    private func pauseListener(until time: Int64) {
        guard !listenerPaused else {
            listenerResumeAt = min(listenerResumeAt, time)
            return
        }
        guard let listener = listener?.rawValue else { return }
        try? Syscall.epollControl(
            epoll.rawValue, Epoll.modify, listener, events: 0, data: EpollToken.listener.rawValue)
        listenerPaused = true
        listenerResumeAt = time
        if time != .max { nextSweep = min(nextSweep, time) }
    }

    private func resumeListener() {
        guard listenerPaused, let listener = listener?.rawValue else { return }
        try? Syscall.epollControl(
            epoll.rawValue, Epoll.modify, listener, events: Epoll.readable, data: EpollToken.listener.rawValue)
        listenerPaused = false
        listenerResumeAt = .max
    }

    // MARK: Time

    /// Applies every passed deadline; runs about four times per shortest timeout.
    private func sweep() {
        let now = context.now
        nextSweep = now + sweepInterval
        returnMemoryAfterABurst()
        context.dropStaleDatedCopies()
        if listenerPaused && now >= listenerResumeAt { resumeListener() }
        if highestIndex < 0 { return }
        for index in 0...highestIndex
        where connections[index].state != .closed && connections[index].checkDeadline(now: now, context: context) {
            drive(index)
        }
        while highestIndex >= 0 && connections[highestIndex].state == .closed { highestIndex -= 1 }
    }

    /// After a burst (open connections fell to under half their peak, or the buffer pool
    /// freed more than 8 MiB), hands free heap pages back to the kernel: glibc keeps them
    /// otherwise, and resident memory would stay at the burst's height.
    private func returnMemoryAfterABurst() {
        peakOpenSinceTrim = max(peakOpenSinceTrim, openCount)
        let fewerConnections = peakOpenSinceTrim >= 64 && openCount * 2 < peakOpenSinceTrim
        if fewerConnections || context.pool.freedBytes > 8 << 20 {
            context.pool.returnFreeMemory()
            peakOpenSinceTrim = openCount
        }
    }

    // MARK: Drain

    private func beginDrain() {
        isDraining = true
        context.isDraining = true
        drainDeadline = context.now + drainTimeout
        // Take everything that waits in this listener's queue, whatever the connection limit:
        // closing the listener would reset those clients.
        acceptConnections()
        listener = nil  // closed here, by its one owner
        guard highestIndex >= 0 else { return }
        for index in 0...highestIndex where connections[index].state != .closed {
            connections[index].beginDrain()
            drive(index)
        }
    }

    private func closeEverything() {
        listener = nil
        guard highestIndex >= 0 else { return }
        for index in 0...highestIndex where connections[index].state != .closed {
            close(index)
        }
        flushAccessLog()
    }

    // MARK: Output of counters and logs

    private func publishCounters() {
        control.adjustOpenConnections(by: openCount - publishedOpenCount)
        publishedOpenCount = openCount
        control.addRequestsServed(context.requestsAnswered)
        context.requestsAnswered = 0
    }

    private func flushAccessLog() {
        guard context.logBuffer.readableCount > 0 else { return }
        context.logBuffer.flush(to: context.accessLogDescriptor)
    }
}
