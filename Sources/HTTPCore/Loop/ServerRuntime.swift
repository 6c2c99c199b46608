import SystemSupport

/// Binds the listeners, starts one loop thread per configured thread, and supervises: signals,
/// reload requests, and the drain.
struct ServerRuntime {
    let server: HTTPServer

    func run(onReady: ((HTTPServer.Endpoint) -> Void)?) throws(HTTPServerError) {
        let configuration = server.configuration
        try validate(configuration)
        SignalDescriptor.ignoreBrokenPipes()
        let descriptorLimit = Listener.raiseDescriptorLimit()

        var signals: SignalDescriptor?
        if configuration.handlesSignals {
            // Blocked here, so the loop threads inherit the mask and the signalfd gets them all;
            // and before listening, so a SIGTERM sent once a client could connect always drains.
            do {
                signals = try SignalDescriptor()
            } catch {
                throw HTTPServerError(.system, "signalfd failed: \(error.reason)")
            }
        }
        defer {
            signals = nil  // closed by its owner, which then unblocks the signals
        }
        // Until each loop takes its listener, and until the loops end for their wake eventfds,
        // these groups own the descriptors: any failure on the way closes them all.
        var listeners = FileDescriptorGroup()
        let port = try Listener.bind(
            host: configuration.host, port: configuration.port, count: configuration.threads,
            sendBufferBytes: configuration.sendBufferBytes,
            maxUnsentBytes: configuration.maxUnsentBytes, into: &listeners)
        server.control.setBoundPort(port)

        let supervision: Supervision
        do {
            supervision = try Supervision(signals: signals?.rawValue)
        } catch {
            throw HTTPServerError(.system, "\(error.call) failed: \(error.reason)", errno: error.errno)
        }
        var loopWakes = FileDescriptorGroup()
        do {
            for _ in 0..<listeners.count { loopWakes.append(FileDescriptor(taking: try Syscall.makeEventFD())) }
        } catch {
            throw HTTPServerError(.system, "\(error.call) failed: \(error.reason)", errno: error.errno)
        }
        server.control.installWakeDescriptor(supervision.wake.rawValue)
        defer {
            // The supervision's epoll and eventfd close when this scope ends.
            _ = server.control.removeWakeDescriptor()
        }

        // Started after the signals were blocked, so the workers inherit the mask too.
        let workers =
            configuration.answerThreads > 0
            ? AnswerWorkers(threads: configuration.answerThreads, queueLength: configuration.maxQueuedAnswers) : nil
        // Every descriptor counts against the table: listeners, epolls, eventfds, logs.
        let tableSize = min(descriptorLimit, configuration.maxConnections + 1024)
        var threads: [SystemThread] = []
        for index in 0..<loopWakes.count {
            guard let listener = listeners.removeLast() else { preconditionFailure("one listener per loop") }
            let start = LoopStart(
                listener: listener, wake: loopWakes[index], configuration: configuration,
                application: server.application, control: server.control, workers: workers, tableSize: tableSize
            )
            threads.append(SystemThread.start { start.run() })
        }
        onReady?(HTTPServer.Endpoint(host: configuration.host, port: port))

        supervise(supervision, signals: signals)
        for index in 0..<loopWakes.count { Syscall.signalEvent(loopWakes[index]) }
        for thread in threads { thread.join() }
        // Answers still computing (a loop stopped at the drain timeout) post to their loops'
        // eventfds, so the workers end before those close.
        workers?.stop()
        // The loops borrowed their wake eventfds; they are closed once every loop and worker has ended.
        _ = consume loopWakes
    }

    /// Waits for SIGTERM/SIGINT or ``HTTPServer/stop()``; runs reloads as they are requested.
    private func supervise(_ supervision: borrowing Supervision, signals: borrowing SignalDescriptor?) {
        var events = EpollEvents(capacity: 1)
        while !server.control.isStopRequested {
            guard events.wait(on: supervision.epoll, timeout: -1) > 0 else { continue }
            if events[0].data == 1 {
                switch signals {
                case .some(let signals):
                    signals.readSignals { signal in
                        switch signal {
                        case SignalDescriptor.hangUp: server.control.requestReload()
                        default: server.control.requestStop()
                        }
                    }
                case .none:
                    break
                }
            } else {
                Syscall.drainEvent(supervision.wake.rawValue)
            }
            if server.control.hasReloadRequest && server.control.beginReloading() {
                startReloadThread()
            }
        }
    }

    /// Runs ``HTTPApplication/reload()`` on a thread of its own, so a slow or stuck reload never
    /// delays SIGTERM/SIGINT: the supervisor keeps reading signals, and `run` returns after the
    /// drain without waiting for the reload. Requests made while it runs are served by it, one
    /// more reload after the current one.
    private func startReloadThread() {
        let application = server.application
        let control = server.control
        if !SystemThread.startDetached({ ReloadJob(application: application, control: control).run() }) {
            // No thread to spare: reload here rather than not at all.
            ReloadJob(application: application, control: control).run()
        }
    }

    private func validate(_ configuration: HTTPServer.Configuration) throws(HTTPServerError) {
        func require(_ condition: Bool, _ message: String) throws(HTTPServerError) {
            if !condition { throw HTTPServerError(.invalidConfiguration, message) }
        }
        try require(configuration.threads >= 1 && configuration.threads <= 1024, "threads must be 1...1024")
        try require(configuration.maxConnections >= 1, "maxConnections must be at least 1")
        try require(configuration.maxRequestLineLength >= 64, "maxRequestLineLength must be at least 64")
        try require(
            configuration.maxHeaderSectionLength >= configuration.maxRequestLineLength,
            "maxHeaderSectionLength must be at least maxRequestLineLength"
        )
        try require(configuration.maxHeaderFields >= 1, "maxHeaderFields must be at least 1")
        try require(
            configuration.maxBodyLength >= 0 && configuration.maxBodyLength <= 1 << 30,
            "maxBodyLength must be 0...1 GiB")
        try require(
            configuration.answerThreads >= 0 && configuration.answerThreads <= 256, "answerThreads must be 0...256")
        try require(configuration.maxQueuedAnswers >= 1, "maxQueuedAnswers must be at least 1")
    }
}

/// The supervisor's own descriptors: an epoll over the signalfd (event data 1) and the control
/// eventfd (event data 2) that ``HTTPServer/stop()`` and reload requests signal.
private struct Supervision: ~Copyable {
    let epoll: FileDescriptor
    let wake: FileDescriptor

    init(signals: Int32?) throws(SystemError) {
        // Locals first: a failure closes what was opened; `self` is set once nothing can fail.
        let epoll = FileDescriptor(taking: try Syscall.makeEpoll())
        let wake = FileDescriptor(taking: try Syscall.makeEventFD())
        if let signals {
            try Syscall.epollControl(epoll.rawValue, Epoll.add, signals, events: Epoll.readable, data: 1)
        }
        try Syscall.epollControl(epoll.rawValue, Epoll.add, wake.rawValue, events: Epoll.readable, data: 2)
        self.epoll = epoll
        self.wake = wake
    }
}

/// A reload thread's work: reload while requests keep coming, then end.
private final class ReloadJob {
    let application: any HTTPApplication
    let control: ServerControl

    init(application: any HTTPApplication, control: ServerControl) {
        self.application = application
        self.control = control
    }

    func run() {
        while true {
            while control.takeReloadRequest() { application.reload() }
            control.endReloading()
            // A request that came after the last take and before the end must not be lost.
            guard control.hasReloadRequest && control.beginReloading() else { return }
        }
    }
}

/// What a loop thread needs to build its loop; the only object its thread is given.
private final class LoopStart {
    /// Owned until ``run()`` hands it to the loop.
    var listener: FileDescriptor?
    /// Borrowed from ``ServerRuntime``, which closes it after the loop ends.
    let wake: Int32
    let configuration: HTTPServer.Configuration
    let application: any HTTPApplication
    let control: ServerControl
    let workers: AnswerWorkers?
    let tableSize: Int

    init(
        listener: consuming FileDescriptor, wake: Int32, configuration: HTTPServer.Configuration,
        application: any HTTPApplication, control: ServerControl, workers: AnswerWorkers?, tableSize: Int
    ) {
        self.listener = .some(listener)
        self.wake = wake
        self.configuration = configuration
        self.application = application
        self.control = control
        self.workers = workers
        self.tableSize = tableSize
    }

    func run() {
        do {
            // The loop's state is created on its own thread, so only Sendable values crossed.
            // The loop owns the listener from here: it closes it, also when it fails to start.
            guard let listener = listener.take() else { preconditionFailure("a loop starts once") }
            let loop = try EventLoop(
                listener: listener, wake: wake, configuration: configuration,
                application: application,
                control: control, workers: workers, tableSize: tableSize
            )
            loop.run()
        } catch {
            Syscall.writeToStandardError("event loop failed to start: \(error.call): \(error.reason)\n")
            control.requestStop()
        }
    }
}
