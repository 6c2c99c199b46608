// Unsafe: the connection table is calloc'ed memory indexed by descriptor (untouched slots cost nothing).
import CLinuxSupport
import Glibc

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

    /// Connection slots indexed by descriptor, `calloc`ed: untouched slots cost no memory.
    private let connections: UnsafeMutablePointer<Connection>
    private let tableSize: Int
    private var highestDescriptor: Int32 = -1
    private var openCount = 0
    private var publishedOpenCount = 0
    private var peakOpenSinceTrim = 0
    private let maxOpen: Int

    private var listenerPaused = false
    private var listenerResumeAt: Int64 = .max
    private var isDraining = false
    private var drainDeadline: Int64 = .max
    private let drainTimeout: Int64
    private let sweepInterval: Int64
    private var nextSweep: Int64 = 0
    private let events: UnsafeMutableBufferPointer<epoll_event>

    private static let listenerToken: UInt64 = 1 << 62
    private static let wakeToken: UInt64 = 1 << 61

    init(
        listener: consuming FileDescriptor,
        wake: Int32,
        configuration: HTTPServer.Configuration,
        application: any HTTPApplication,
        control: ServerControl,
        tableSize: Int
    ) throws(SystemError) {
        let epoll = FileDescriptor(taking: try Descriptor.makeEpoll())
        try Descriptor.epollControl(
            epoll.rawValue, EPOLL_CTL_ADD, listener.rawValue, events: EPOLLIN.rawValue, data: EventLoop.listenerToken)
        try Descriptor.epollControl(
            epoll.rawValue, EPOLL_CTL_ADD, wake, events: EPOLLIN.rawValue, data: EventLoop.wakeToken)
        self.epoll = epoll
        self.listener = .some(listener)
        self.wake = wake
        self.control = control
        self.context = LoopContext(
            application: application, configuration: configuration, bodyBudget: control.bodyBudget)
        self.tableSize = tableSize
        guard let table = calloc(tableSize, MemoryLayout<Connection>.stride) else { fatalError("out of memory") }
        self.connections = table.bindMemory(to: Connection.self, capacity: tableSize)
        let threads = max(1, configuration.threads)
        self.maxOpen = max(1, (configuration.maxConnections + threads - 1) / threads)
        self.drainTimeout = configuration.drainTimeout.milliseconds
        let shortest = min(
            configuration.requestReadTimeout.milliseconds, configuration.idleTimeout.milliseconds,
            configuration.writeTimeout.milliseconds
        )
        self.sweepInterval = min(1000, max(5, shortest / 4))
        self.events = .allocate(capacity: 256)
    }

    deinit {
        events.deallocate()
        free(connections)
    }

    /// Serves until a drain completes.
    func run() {
        while true {
            let now = Clock.monotonicMilliseconds()
            let timeout = Int32(clamping: max(0, min(nextSweep, drainDeadline) - now))
            let count = Descriptor.epollWait(epoll.rawValue, events, timeout: timeout)
            context.now = Clock.monotonicMilliseconds()
            context.dateCache.refresh(now: Clock.wallSeconds())
            // A stop request is taken before this batch's events, so every request read from
            // now on is answered with `Connection: close`.
            if !isDraining && control.isStopRequested { beginDrain() }
            for index in 0..<count {
                let event = events[index]
                let data = event.data.u64
                if data == Self.listenerToken {
                    acceptConnections()
                } else if data == Self.wakeToken {
                    Descriptor.drainEvent(wake)
                    if control.isStopRequested && !isDraining { beginDrain() }
                } else {
                    let descriptor = Int32(truncatingIfNeeded: data)
                    let generation = UInt32(truncatingIfNeeded: data >> 32)
                    let connection = connections + Int(descriptor)
                    // An event for a descriptor closed earlier in this batch, perhaps reused.
                    guard connection.pointee.state != .closed, connection.pointee.generation == generation else {
                        continue
                    }
                    if event.events & (EPOLLIN.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0 {
                        connection.pointee.markReadable()
                    }
                    drive(descriptor)
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
            if openCount >= maxOpen && !isDraining {
                // Beyond the limit the listener pauses; the kernel backlog holds new clients.
                pauseListener(until: .max)
                return
            }
            let descriptor: Int32
            do {
                switch try Descriptor.accept(listener) {
                case .done(let accepted): descriptor = accepted
                case .wouldBlock: return
                }
            } catch {
                switch error.errno {
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    // Out of descriptors or memory: a level-triggered listener would spin, so
                    // stop polling it for a moment.
                    pauseListener(until: context.now + 100)
                    return
                default:
                    continue  // ECONNABORTED and friends concern that one client only
                }
            }
            guard Int(descriptor) < tableSize else {
                ConnectionSocket(taking: descriptor).close()
                continue
            }
            connections[Int(descriptor)].open(
                descriptor: descriptor, now: context.now, idleTimeout: context.idleTimeout)
            openCount += 1
            if openCount > peakOpenSinceTrim { peakOpenSinceTrim = openCount }
            if descriptor > highestDescriptor { highestDescriptor = descriptor }
            if isDraining { connections[Int(descriptor)].beginDrain() }
            drive(descriptor)
        }
    }

    /// Performs the connection's actions until it has to wait.
    private func drive(_ descriptor: Int32) {
        let connection = connections + Int(descriptor)
        /// The socket took no more output: the connection waits for `EPOLLOUT`.
        func waitUntilWritable() {
            connection.pointee.didBlockOnOutput(context: context)
            setInterest(descriptor, EPOLLOUT.rawValue)
        }
        while true {
            switch connection.pointee.nextAction(context: context) {
            case .receive:
                let space = connection.pointee.receiveSpace
                do {
                    switch try Descriptor.receive(descriptor, into: space) {
                    case .done(0): connection.pointee.didReceiveEnd()
                    case .done(let count):
                        connection.pointee.didReceive(count, requested: space.count, context: context)
                    case .wouldBlock: connection.pointee.didExhaustInput()
                    }
                } catch {
                    // ECONNRESET and the like: nothing more can be delivered.
                    close(descriptor)
                    return
                }
            case .send:
                let (bytes, shared) = connection.pointee.pendingOutput
                do {
                    let result =
                        shared.isEmpty
                        ? try Descriptor.send(descriptor, bytes) : try Descriptor.send(descriptor, bytes, shared)
                    switch result {
                    case .done(let count):
                        connection.pointee.didSend(count, context: context)
                    case .wouldBlock:
                        waitUntilWritable()
                        return
                    }
                } catch {
                    close(descriptor)
                    return
                }
            case .sendFile(let offset):
                let (head, body) = connection.pointee.pendingOutput
                guard let file = BodyFile.shared else { preconditionFailure("a file-backed body without a body file") }
                do {
                    var written = 0
                    if !head.isEmpty {
                        switch try Descriptor.sendMore(descriptor, head) {
                        case .done(let count): written = count
                        case .wouldBlock:
                            waitUntilWritable()
                            return
                        }
                        if written < head.count {
                            connection.pointee.didSend(written, context: context)
                            continue
                        }
                    }
                    switch try Descriptor.sendFile(
                        descriptor, from: file.descriptor, offset: offset, count: body.count)
                    {
                    case .done(let count) where count > 0:
                        connection.pointee.didSend(written + count, context: context)
                    case .done:
                        close(descriptor)  // the file ended early: cannot happen while the range is held
                        return
                    case .wouldBlock:
                        if written > 0 {
                            connection.pointee.didSend(written, context: context)
                            continue
                        }
                        waitUntilWritable()
                        return
                    }
                } catch {
                    close(descriptor)
                    return
                }
            case .waitForInput:
                setInterest(descriptor, EPOLLIN.rawValue)
                return
            case .waitForOutput:
                setInterest(descriptor, EPOLLOUT.rawValue)
                return
            case .shutdownOutput:
                Descriptor.shutdownWrite(descriptor)
                connection.pointee.didShutdownOutput(context: context)
            case .close:
                close(descriptor)
                return
            }
        }
    }

    private func setInterest(_ descriptor: Int32, _ events: UInt32) {
        let connection = connections + Int(descriptor)
        if connection.pointee.isRegistered && connection.pointee.registeredEvents == events { return }
        let data = UInt64(UInt32(bitPattern: descriptor)) | UInt64(connection.pointee.generation) << 32
        do {
            try Descriptor.epollControl(
                epoll.rawValue, connection.pointee.isRegistered ? EPOLL_CTL_MOD : EPOLL_CTL_ADD, descriptor,
                events: events, data: data
            )
            connection.pointee.isRegistered = true
            connection.pointee.registeredEvents = events
        } catch {
            close(descriptor)  // ENOMEM/ENOSPC: cannot watch it, so cannot serve it
        }
    }

    private func close(_ descriptor: Int32) {
        // Closing removes the descriptor from the epoll set; no EPOLL_CTL_DEL needed.
        connections[Int(descriptor)].close(context: context)
        openCount -= 1
        if listenerPaused && listenerResumeAt == .max && openCount < maxOpen && !isDraining {
            resumeListener()
        }
    }

    // MARK: Listener

    private func pauseListener(until time: Int64) {
        guard !listenerPaused else {
            listenerResumeAt = min(listenerResumeAt, time)
            return
        }
        guard let listener = listener?.rawValue else { return }
        try? Descriptor.epollControl(epoll.rawValue, EPOLL_CTL_MOD, listener, events: 0, data: Self.listenerToken)
        listenerPaused = true
        listenerResumeAt = time
        if time != .max { nextSweep = min(nextSweep, time) }
    }

    private func resumeListener() {
        guard listenerPaused, let listener = listener?.rawValue else { return }
        try? Descriptor.epollControl(
            epoll.rawValue, EPOLL_CTL_MOD, listener, events: EPOLLIN.rawValue, data: Self.listenerToken)
        listenerPaused = false
        listenerResumeAt = .max
    }

    // MARK: Time

    /// Applies every passed deadline; runs about four times per shortest timeout.
    private func sweep() {
        let now = context.now
        nextSweep = now + sweepInterval
        returnMemoryAfterABurst()
        if listenerPaused && now >= listenerResumeAt && openCount < maxOpen { resumeListener() }
        if highestDescriptor < 0 { return }
        for descriptor in 0...highestDescriptor {
            let connection = connections + Int(descriptor)
            if connection.pointee.state != .closed && connection.pointee.checkDeadline(now: now, context: context) {
                drive(descriptor)
            }
        }
        while highestDescriptor >= 0 && connections[Int(highestDescriptor)].state == .closed { highestDescriptor -= 1 }
    }

    /// After a burst (open connections fell to under half their peak, or the buffer pool
    /// freed more than 8 MiB), hands free heap pages back to the kernel: glibc keeps them
    /// otherwise, and resident memory would stay at the burst's height.
    private func returnMemoryAfterABurst() {
        peakOpenSinceTrim = max(peakOpenSinceTrim, openCount)
        let fewerConnections = peakOpenSinceTrim >= 64 && openCount * 2 < peakOpenSinceTrim
        if fewerConnections || context.pool.freedBytes > 8 << 20 {
            _ = clinux_malloc_trim()
            peakOpenSinceTrim = openCount
            context.pool.freedBytes = 0
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
        guard highestDescriptor >= 0 else { return }
        for descriptor in 0...highestDescriptor where connections[Int(descriptor)].state != .closed {
            connections[Int(descriptor)].beginDrain()
            drive(descriptor)
        }
    }

    private func closeEverything() {
        listener = nil
        guard highestDescriptor >= 0 else { return }
        for descriptor in 0...highestDescriptor where connections[Int(descriptor)].state != .closed {
            close(descriptor)
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
        let bytes = context.logBuffer.readableBytes
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(context.accessLogDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && clinux_errno() == EINTR { continue }
            if written <= 0 { break }  // a broken log must not stop the server
            offset += written
        }
        context.logBuffer.clear()
    }
}
