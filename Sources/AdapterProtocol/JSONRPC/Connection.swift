/// How long a request may take: `idle` resets on every sign of activity, `absolute` never does
/// (adapter-protocol.md §6).
public struct RequestTimeout: Sendable, Hashable {
    public var idle: Duration
    public var absolute: Duration
    public init(idle: Duration, absolute: Duration) {
        self.idle = idle
        self.absolute = absolute
    }
}

/// A request that got no answer in time; both limits are named, as users need both to act.
public struct RequestTimedOut: Error, Sendable, CustomStringConvertible {
    public var method: String
    public var id: RequestID
    public var timeout: RequestTimeout
    public var description: String {
        "\(method) (id \(id)) timed out (idle timeout \(timeout.idle) / cap \(timeout.absolute))"
    }
}

/// A message the peer sent that this side must act on.
public enum IncomingCall: Sendable {
    /// Answer with `JSONRPCConnection.reply`.
    case request(id: RequestID, request: any RPCRequest)
    case notification(any RPCNotification)
}

/// A line the peer should not have sent.
public enum ProtocolViolation: Sendable, CustomStringConvertible {
    case notJSONRPC(line: String, reason: String)
    case oversizedLine(prefix: String)
    case unsolicitedResponse(id: RequestID?)
    /// An error response to no request of this side: `id` null answers a line that was not JSON
    /// (-32700) or not a request (-32600), adapter-protocol.md §2.
    case unsolicitedError(id: RequestID?, code: ErrorCode, message: String)
    case unservableNotification(method: String, reason: String)
    /// A request this side answered with -32601 or -32602 because it could not read it.
    case unreadableRequest(method: String, reason: String)

    public var description: String {
        switch self {
        case .notJSONRPC(let line, let reason): "not a JSON-RPC message (\(reason)): \(line)"
        case .oversizedLine(let prefix): "line over the 1 MiB cap, starting: \(prefix)"
        case .unsolicitedResponse(let id): "response to unknown request id \(id.map { "\($0)" } ?? "null")"
        case .unsolicitedError(let id, let code, let message):
            "error \(code) (\(message)) for unknown request id \(id.map { "\($0)" } ?? "null")"
        case .unservableNotification(let method, let reason): "notification \(method) ignored: \(reason)"
        case .unreadableRequest(let method, let reason): "request \(method) refused: \(reason)"
        }
    }
}

/// One JSON-RPC 2.0 connection: owns framing, request ids, correlation of answers and timeouts.
///
/// It knows nothing of processes: bytes arrive through `receive(_:)` and leave through the
/// writer given at creation. Incoming calls go to the handler in arrival order; the handler must
/// return quickly (queue long work) and answer requests with `reply`.
public actor JSONRPCConnection {
    /// Sends one complete line; called for one message at a time, in order.
    public typealias Writer = @Sendable ([UInt8]) async throws -> Void

    private let name: String
    private let writer: Writer
    private let decoder: MessageDecoder
    private let encoder = MessageEncoder()
    private let idPrefix: String
    /// Whether to answer unparseable lines with -32700 (an adapter does; the hub only logs them).
    private let answersMalformedLines: Bool

    private var framer = LineFramer()
    /// Lines waiting to be written, in the order they were produced; one task writes them, so
    /// messages never interleave and a batch never overtakes the one sent before it.
    private let outbound: AsyncStream<[UInt8]>.Continuation
    private let outboundLines: AsyncStream<[UInt8]>
    private var writerTask: Task<Void, Never>?
    private var nextID = 1
    private var outstanding: [RequestID: Outstanding] = [:]
    private var handler: (@Sendable (IncomingCall) -> Void)?
    private var violationHandler: (@Sendable (ProtocolViolation) -> Void)?
    private var closedReason: String?

    private struct Outstanding {
        var method: String
        var deliver: @Sendable (Result<[UInt8], any Error>) -> Void
        var timeout: RequestTimeout?
        var idleDeadline: ContinuousClock.Instant
        var absoluteDeadline: ContinuousClock.Instant
    }

    /// Creates a connection; `idPrefix` keeps this side's request ids apart from the peer's.
    public init(
        name: String,
        registry: MessageRegistry,
        idPrefix: String,
        answersMalformedLines: Bool,
        writer: @escaping Writer
    ) {
        self.name = name
        self.decoder = MessageDecoder(registry: registry)
        self.idPrefix = idPrefix
        self.answersMalformedLines = answersMalformedLines
        self.writer = writer
        (outboundLines, outbound) = AsyncStream.makeStream(of: [UInt8].self)
    }

    /// Sets who receives the peer's requests and notifications; those that arrived before are
    /// delivered now, in order.
    public func setHandler(_ handler: @escaping @Sendable (IncomingCall) -> Void) {
        self.handler = handler
        for call in earlyCalls { handler(call) }
        earlyCalls = []
    }

    /// Sets who hears about lines that break the protocol, including those seen already.
    public func setViolationHandler(_ handler: @escaping @Sendable (ProtocolViolation) -> Void) {
        self.violationHandler = handler
        for violation in earlyViolations { handler(violation) }
        earlyViolations = []
    }

    /// What arrived before the handlers were set (a process is read from its first byte).
    private var earlyCalls: [IncomingCall] = []
    private var earlyViolations: [ProtocolViolation] = []

    private func deliver(_ call: IncomingCall) {
        if let handler { handler(call) } else { earlyCalls.append(call) }
    }

    private func report(_ violation: ProtocolViolation) {
        if let violationHandler { violationHandler(violation) } else { earlyViolations.append(violation) }
    }

    /// Whether `close` was called.
    public var isClosed: Bool { closedReason != nil }

    // MARK: - Sending

    /// Sends a request and waits for its answer; throws the peer's `RPCError`, `RequestTimedOut`,
    /// or `RPCError.connectionClosed`. Cancelling the calling task sends `$/cancelRequest` and
    /// still waits for the answer, as the protocol requires one.
    public func send<R: RPCRequest>(_ request: R, timeout: RequestTimeout? = nil) async throws -> R.Result {
        try await start(request, timeout: timeout).value()
    }

    /// Queues a request now and returns its pending answer.
    public func start<R: RPCRequest>(_ request: R, timeout: RequestTimeout? = nil) -> PendingResponse<R.Result> {
        let id = RequestID.string("\(idPrefix)\(nextID)")
        nextID += 1
        let promise = ResponsePromise()
        let pending = PendingResponse<R.Result>(
            id: id,
            method: R.method,
            promise: promise,
            decoder: decoder,
            connection: self
        )
        if let closedReason {
            promise.fulfil(.failure(RPCError.connectionClosed(closedReason)))
            return pending
        }
        let bytes: [UInt8]
        do {
            bytes = try encoder.request(request, id: id)
        } catch {
            promise.fulfil(.failure(error))
            return pending
        }
        let now = ContinuousClock.now
        outstanding[id] = Outstanding(
            method: R.method,
            deliver: { promise.fulfil($0) },
            timeout: timeout,
            idleDeadline: now + (timeout?.idle ?? .zero),
            absoluteDeadline: now + (timeout?.absolute ?? .zero)
        )
        if let timeout { startTimer(for: id, firstWake: now + min(timeout.idle, timeout.absolute)) }
        enqueue(bytes)
        return pending
    }

    func cancel(_ id: RequestID) {
        guard outstanding[id] != nil else { return }
        notify(CancelRequestNotification(id: id))
    }

    /// Sends a notification.
    public func notify<N: RPCNotification>(_ notification: N) {
        guard closedReason == nil, let bytes = try? encoder.notification(notification) else { return }
        enqueue(bytes)
    }

    /// Answers a request of the peer with a result.
    public func reply<Result: Encodable & Sendable>(to id: RequestID, with result: Result) {
        guard closedReason == nil else { return }
        do {
            enqueue(try encoder.response(id: id, result: result))
        } catch {
            reply(to: id, error: RPCError(.internalError, "could not encode the result: \(error)"))
        }
    }

    /// Answers a request of the peer with an error.
    public func reply(to id: RequestID?, error: RPCError) {
        guard closedReason == nil, let bytes = try? encoder.errorResponse(id: id, error: error) else { return }
        enqueue(bytes)
    }

    /// Queues bytes exactly as given, bypassing encoding: only for simulators and test fixtures
    /// that must break the protocol on purpose.
    public func sendRaw(_ bytes: [UInt8]) {
        guard closedReason == nil else { return }
        enqueue(bytes)
    }

    private func enqueue(_ line: [UInt8]) {
        outbound.yield(line)
        guard writerTask == nil else { return }
        let lines = outboundLines
        let writer = writer
        writerTask = Task {
            for await line in lines {
                do {
                    try await writer(line)
                } catch {
                    self.close(reason: "write failed: \(error)")
                    return
                }
            }
        }
    }

    /// Ends sending: waits until every line queued so far was handed to the writer; later sends
    /// fail as after `close`.
    public func flush() async {
        if closedReason == nil { closedReason = "flushed" }
        outbound.finish()
        await writerTask?.value
    }

    // MARK: - Timeouts

    /// Pushes back the idle deadline of every outstanding request: the peer is visibly working.
    public func peerIsActive() {
        let now = ContinuousClock.now
        for (id, entry) in outstanding {
            guard let timeout = entry.timeout else { continue }
            outstanding[id]?.idleDeadline = now + timeout.idle
        }
    }

    private func startTimer(for id: RequestID, firstWake: ContinuousClock.Instant) {
        Task {
            var wake = firstWake
            while true {
                try? await Task.sleep(until: wake, clock: .continuous)
                guard let next = self.checkDeadline(id) else { return }
                wake = next
            }
        }
    }

    /// Fails the request if a deadline passed; returns when to look again, or nil when done.
    private func checkDeadline(_ id: RequestID) -> ContinuousClock.Instant? {
        guard let entry = outstanding[id], let timeout = entry.timeout else { return nil }
        let now = ContinuousClock.now
        if now >= entry.idleDeadline || now >= entry.absoluteDeadline {
            finish(id, with: .failure(RequestTimedOut(method: entry.method, id: id, timeout: timeout)))
            return nil
        }
        return min(entry.idleDeadline, entry.absoluteDeadline)
    }

    private func finish(_ id: RequestID, with result: Result<[UInt8], any Error>) {
        guard let entry = outstanding.removeValue(forKey: id) else { return }
        entry.deliver(result)
    }

    // MARK: - Receiving

    /// Feeds bytes read from the peer.
    public func receive(_ bytes: [UInt8]) {
        guard closedReason == nil else { return }
        for frame in framer.append(bytes) {
            switch frame {
            case .line(let line): handle(line: line)
            case .oversized(let prefix):
                // The peer broke framing: nothing after this line can be trusted, so the
                // connection ends here rather than racing the peer's next messages.
                report(.oversizedLine(prefix: String(decoding: prefix, as: UTF8.self)))
                close(reason: "line over the 1 MiB cap")
                return
            }
        }
    }

    private func handle(line: [UInt8]) {
        let message: IncomingMessage
        do {
            message = try decoder.decode(line)
        } catch {
            report(
                .notJSONRPC(line: String(decoding: line.prefix(200), as: UTF8.self), reason: error.reason)
            )
            if answersMalformedLines { reply(to: nil, error: RPCError(error.code, error.reason)) }
            return
        }
        switch message {
        case .request(let id, let request):
            deliver(.request(id: id, request: request))
        case .notification(let notification):
            deliver(.notification(notification))
        case .response(let id):
            guard outstanding[id] != nil else { return report(.unsolicitedResponse(id: id)) }
            finish(id, with: .success(line))
        case .errorResponse(let id, let error):
            guard let id, outstanding[id] != nil else {
                return report(.unsolicitedError(id: id, code: error.code, message: error.message))
            }
            finish(id, with: .failure(error))
        case .unservableRequest(let id, let method, let error):
            reply(to: id, error: error)
            report(.unreadableRequest(method: method, reason: error.message))
        case .unservableNotification(let method, let reason):
            // §2: unknown notifications are ignored; `$/` ones silently.
            if !method.hasPrefix("$/") { report(.unservableNotification(method: method, reason: reason)) }
        }
    }

    /// Closes the connection: every outstanding request fails with `connectionClosed`; lines
    /// already queued are still written (`flush` waits for them).
    public func close(reason: String) {
        guard closedReason == nil else { return }
        closedReason = reason
        outbound.finish()
        for id in Array(outstanding.keys) {
            finish(id, with: .failure(RPCError.connectionClosed(reason)))
        }
    }
}
