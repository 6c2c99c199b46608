/// What every connection of one loop shares: the application, the limits, the clock, the
/// date, the buffer pool and the field table. Owned by one thread; never shared.
import SystemSupport

final class LoopContext {
    let application: any HTTPApplication
    let limits: RequestLimits
    let maxBodyLength: Int
    let requestReadTimeout: Int64
    let idleTimeout: Int64
    let writeTimeout: Int64
    /// How long a closing connection keeps reading (and discarding) after its last response.
    let lingerTimeout: Int64
    let maxRequestsPerConnection: Int
    let accessLog: HTTPServer.AccessLogFormat
    let accessLogDescriptor: Int32
    /// Peers whose `X-Forwarded-For` the access log believes; empty: none, and no header is read.
    let trustedProxies: [HTTPServer.AddressRange]
    let serverWideOptions: PreparedResponse
    /// The answer to each ``RequestError``, by raw value, as the application renders it.
    let errorResponses: [PreparedResponse]
    /// The server-wide budget for buffered request bodies.
    let bodyBudget: ByteBudget
    /// The server-wide budget for answers clients have not read.
    let unreadBudget: ByteBudget
    /// Below this much left of ``unreadBudget``, one client may have spent its share, so a
    /// request looks its client's share up.
    let unreadClientCheckThreshold: Int
    /// Budget a body may hold beyond the bytes it has received.
    let bodyWindow: Int
    /// Slowest body rate, bytes per second (0: no check), and when it starts to apply.
    let minBodyRate: Int
    let bodyRateGrace: Int64
    /// The threads deferred answers are computed on, and where they come back to this loop;
    /// `nil`: deferred answers are computed on the loop.
    let answerWorkers: AnswerWorkers?
    let answerCompletions: AnswerCompletions?

    let pool: BufferPool
    let dateCache = DateCache()
    /// Header fields of the request being parsed; one request is parsed at a time per loop.
    /// Reached only from the loop's thread, one access at a time, so the runtime's exclusivity
    /// check (a call per access, per request) is left out.
    @exclusivity(unchecked) var fields: FieldTable
    /// Which connection's head ``fields`` describes: its slot and generation
    /// (``Connection/fieldTableTag``), 0 for none. A head whose body arrives in a later read
    /// finds the table still its own unless another connection parsed a head meanwhile.
    var fieldsTag: UInt64 = 0
    /// Access-log lines not yet written.
    var logBuffer = ByteBuffer()

    /// This second's copies of large prepared responses with the `Date` written in, by the
    /// response they copy (held, so its identifier cannot be reused while the entry exists);
    /// dropped when the second changes.
    private var datedCopies: [ObjectIdentifier: (original: PreparedResponse, copy: PreparedResponse)] = [:]
    private var datedCopiesSecond = -1
    /// Where this loop's dated copies live: at most two chunks (4 MiB), one filling while the
    /// other empties as the connections still sending from it finish; none once the loop has
    /// sent no large answer for a second and the last connection sending one is done.
    private let datedArena = BodyArena(chunkLimit: 2)

    /// Monotonic milliseconds, refreshed by the loop once per wakeup.
    var now: Int64 = 0
    /// Set once the server drains: responses carry `Connection: close`.
    var isDraining = false
    /// Requests answered since the loop last published its count.
    var requestsAnswered = 0

    init(
        application: any HTTPApplication, configuration: HTTPServer.Configuration, pool: BufferPool = BufferPool(),
        bodyBudget: ByteBudget? = nil, unreadBudget: ByteBudget? = nil, answerWorkers: AnswerWorkers? = nil,
        answerCompletions: AnswerCompletions? = nil
    ) {
        self.answerWorkers = answerCompletions == nil ? nil : answerWorkers
        self.answerCompletions = answerWorkers == nil ? nil : answerCompletions
        self.unreadBudget =
            unreadBudget
            ?? ByteBudget(
                bytes: configuration.maxUnreadAnswerBytes, perClient: configuration.maxUnreadAnswerBytesPerClient)
        self.bodyBudget =
            bodyBudget
            ?? ByteBudget(
                bytes: configuration.maxBufferedBodyBytes, perClient: configuration.maxBufferedBodyBytesPerClient)
        self.unreadClientCheckThreshold =
            configuration.maxUnreadAnswerBytes
            - min(configuration.maxUnreadAnswerBytesPerClient, configuration.maxUnreadAnswerBytes)
        self.bodyWindow = max(4096, configuration.maxBufferedBodyBytesPerConnection)
        self.minBodyRate = max(0, configuration.minBodyBytesPerSecond)
        self.bodyRateGrace = max(0, configuration.bodyRateGracePeriod.milliseconds)
        self.application = application
        self.limits = RequestLimits(
            maxRequestLineLength: configuration.maxRequestLineLength,
            maxHeaderSectionLength: configuration.maxHeaderSectionLength,
            maxHeaderFields: configuration.maxHeaderFields
        )
        self.maxBodyLength = configuration.maxBodyLength
        self.requestReadTimeout = configuration.requestReadTimeout.milliseconds
        self.idleTimeout = configuration.idleTimeout.milliseconds
        self.writeTimeout = configuration.writeTimeout.milliseconds
        self.lingerTimeout = min(2000, configuration.requestReadTimeout.milliseconds)
        self.maxRequestsPerConnection = max(1, configuration.maxRequestsPerConnection)
        self.accessLog = configuration.accessLog
        self.accessLogDescriptor = configuration.accessLogDescriptor
        // Without a log nothing would read the forwarded address.
        self.trustedProxies = configuration.accessLog == .off ? [] : configuration.trustedProxies
        self.serverWideOptions = PreparedResponse(
            status: .ok,
            headers: [("Allow", configuration.serverWideAllow)],
            body: []
        )
        self.pool = pool
        self.errorResponses = RequestError.allCases.map { kind in
            let error = HTTPEngineError(kind, limits: configuration)
            let rendered = application.response(for: error)
            return rendered.status == error.status ? rendered : error.defaultResponse
        }
        self.fields = FieldTable(capacity: configuration.maxHeaderFields)
        self.now = SystemClock.monotonicMilliseconds()
    }

    /// `response` with this second's `Date` in a copy that a connection sends with one
    /// `sendfile`, head and body together; `nil` when the response's body is not in the
    /// ``BodyFile`` or no copy can be placed (the connection then copies the head, as for any
    /// response).
    func datedCopy(of response: PreparedResponse) -> PreparedResponse? {
        dropStaleDatedCopies()
        let key = ObjectIdentifier(response)
        if let entry = datedCopies[key] { return entry.copy }
        let date = dateCache.bytes
        guard let copy = response.datedCopy(date: date.span, arena: datedArena) else { return nil }
        datedCopies[key] = (response, copy)
        return copy
    }

    /// How many chunks of dated copies are mapped now.
    var datedChunkCount: Int { datedArena.liveChunkCount }

    /// Lets go of copies made in an earlier second, and of the responses they copy (which a
    /// reload may have replaced): called per copy asked for, and by the loop's sweep, so an
    /// idle loop holds none for long.
    @inline(__always) func dropStaleDatedCopies() {
        guard dateCache.second != datedCopiesSecond else { return }
        // A second without a copy: the loop is not serving large answers now, so their chunk
        // need not stay mapped (2 MiB) once the last connection sending from it is done.
        if datedCopies.isEmpty { datedArena.letGoOfCurrentChunk() }
        datedCopies.removeAll(keepingCapacity: true)
        datedCopiesSecond = dateCache.second
    }

    deinit {
        pool.recycle(&logBuffer)
    }
}
