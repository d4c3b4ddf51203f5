import AdapterProtocol
import Foundation
import HubRecords
import HubStore
import Logging

/// Keeps one adapter running: starts it on demand, restarts it after a crash with backoff,
/// trips a breaker on a crash loop, kills it when it hangs or floods stdout with garbage, and
/// stops it gracefully (architecture.md §2 S1–S5).
public actor AdapterSupervisor {
    /// How an adapter is supervised; the defaults are the protocol's, tests shorten them.
    public struct Settings: Sendable {
        public var restartPolicy = RestartPolicy()
        public var timeouts = RequestTimeouts()
        public var limits = IngestLimits.default
        /// How often a running adapter is pinged; nil turns pings off.
        public var pingInterval: Duration? = .seconds(30)
        /// Missed pings in a row that mean a hang (P9).
        public var missedPingsForHang = 3
        /// Protocol violations a minute above which the adapter is stopped (adapter-protocol.md §1).
        public var violationsPerMinute = 10
        public init() {}
    }

    public let adapter: InstalledAdapter
    private let sink: any MeasurementSink
    private let config: JSONValue?
    private let settings: Settings
    private let onEvent: @Sendable (SupervisorEvent, SupervisorState) -> Void
    private let onActivity: @Sendable (String, AdapterActivity) -> Void
    private let logger: Logger

    public private(set) var state: SupervisorState
    private var current: AdapterClient?
    /// The start in progress (or the restart waiting out its backoff), which callers join.
    private var pendingStart: Task<AdapterClient, any Error>?
    private var crashes: CrashHistory
    private var startedAt = ContinuousClock.now
    private var recentViolations: [ContinuousClock.Instant] = []
    private var pingTask: Task<Void, Never>?

    /// Supervises `adapter`; `onEvent` hears every event with the state it led to.
    public init(
        adapter: InstalledAdapter,
        sink: any MeasurementSink,
        config: JSONValue? = nil,
        settings: Settings = Settings(),
        initialState: SupervisorState = .idle,
        onEvent: @escaping @Sendable (SupervisorEvent, SupervisorState) -> Void = { _, _ in },
        onActivity: @escaping @Sendable (String, AdapterActivity) -> Void = { _, _ in }
    ) {
        self.state = initialState
        self.adapter = adapter
        self.sink = sink
        self.config = config
        self.settings = settings
        self.onEvent = onEvent
        self.onActivity = onActivity
        self.crashes = CrashHistory(policy: settings.restartPolicy)
        self.logger = Logger(label: "kidneyhub.supervisor.\(adapter.id)")
    }

    /// The running adapter, started (or awaited through its backoff) if need be. Throws
    /// `AdapterUnavailable` when the breaker tripped or the adapter was stopped, and the start
    /// error when this start failed.
    public func client() async throws -> AdapterClient {
        switch state {
        case .running:
            if let current { return current }
        case .failed(let reason):
            throw AdapterUnavailable(adapterId: adapter.id, reason: reason)
        case .stopped:
            throw AdapterUnavailable(adapterId: adapter.id, reason: "stopped")
        case .idle, .starting, .backingOff:
            break
        }
        if pendingStart == nil { pendingStart = Task { try await self.launch() } }
        guard let pendingStart else { throw AdapterUnavailable(adapterId: adapter.id, reason: "not started") }
        return try await pendingStart.value
    }

    /// The process id of the running adapter, if any.
    public var runningPid: Int32? { current?.process.pid }

    /// Clears a tripped breaker so the next `client()` starts the adapter again.
    public func retry() {
        guard case .failed = state else { return }
        crashes.reset()
        transition(to: .idle)
    }

    /// Stops the adapter gracefully; it is not restarted.
    public func stop() async {
        // A tripped breaker stays tripped (and stored as failed) until the user retries it.
        if case .failed = state { return }
        let pending = pendingStart
        pendingStart = nil
        pending?.cancel()
        pingTask?.cancel()
        let client = current
        current = nil
        transition(to: .stopped)
        // A start in progress sees the stopped state and stops what it launched; wait for that,
        // so no adapter outlives its supervisor.
        _ = try? await pending?.value
        if let client {
            let termination = await client.stop()
            emit(.stopped, "stopped (\(termination))")
        } else {
            emit(.stopped, "stopped")
        }
    }

    /// Returns once the process behind `client` has exited and its end was handled, so the next
    /// `client()` starts (or waits for) a fresh one instead of returning the dead one.
    public func waitForEnd(of client: AdapterClient) async {
        // A connection can also end with the process still running (a write to it failed):
        // give it a moment to exit on its own, then end it.
        if await client.process.waitForExit(upTo: .seconds(3)) == nil { await client.kill() }
        let termination = await client.process.waitForExit()
        processEnded(pid: client.process.pid, description: "\(termination)", stderr: client.process.stderrText)
    }

    /// A request to the adapter timed out: kill it; the crash path restarts it.
    public func reportHang(of client: AdapterClient, reason: String) async {
        guard client === current else { return }
        emit(.hung, "hung: \(reason); killing it")
        await client.kill()
    }

    // MARK: - Starting and crashing

    private func launch() async throws -> AdapterClient {
        let isRestart = state == .backingOff
        transition(to: .starting)
        let process: AdapterProcess
        do {
            process = try await AdapterProcess.launch(
                adapterId: adapter.id,
                executable: adapter.executablePath,
                arguments: adapter.manifest.arguments ?? [],
                workingDirectory: adapter.directory
            )
        } catch {
            processEnded(pid: nil, description: "\(error)", stderr: "")
            throw error
        }
        if state == .stopped || Task.isCancelled {
            process.signalGroup(SIGKILL)
            _ = await process.waitForExit()
            throw CancellationError()
        }
        let adapterId = adapter.id
        let onActivity = onActivity
        let client = await AdapterClient(
            process: process,
            sink: sink,
            limits: settings.limits,
            timeouts: settings.timeouts
        ) { [weak self] activity in
            onActivity(adapterId, activity)
            if case .violation(let violation) = activity {
                Task { await self?.noteViolation(violation, pid: process.pid) }
            }
        }
        current = client
        startedAt = .now
        Task { [weak self] in
            let termination = await process.waitForExit()
            await self?.processEnded(pid: process.pid, description: "\(termination)", stderr: process.stderrText)
        }
        do {
            try await client.initialize(config: config, expectedId: adapter.id)
        } catch {
            logger.warning("handshake failed: \(error)")
            await client.kill()
            processEnded(pid: process.pid, description: "handshake failed: \(error)", stderr: process.stderrText)
            throw error
        }
        guard current === client, state != .stopped, !Task.isCancelled else {
            await client.stop()
            throw CancellationError()
        }
        pendingStart = nil
        transition(to: .running)
        emit(isRestart ? .restarted : .started, "\(isRestart ? "restarted" : "started") (pid \(process.pid))")
        startPings(for: client)
        return client
    }

    private func processEnded(pid: Int32?, description: String, stderr: String) {
        if let pid, current?.process.pid != pid { return }
        current = nil
        pingTask?.cancel()
        if state == .stopped { return }
        let decision = crashes.recordCrash(at: .now, startedAt: startedAt)
        switch decision {
        case .restart(let delay):
            transition(to: .backingOff)
            emit(.crashed, "crashed: \(description); restarting in \(delay)", detail: String(stderr.suffix(2000)))
            pendingStart = Task {
                try await Task.sleep(for: delay)
                return try await self.launch()
            }
        case .giveUp(let reason):
            pendingStart = nil
            transition(to: .failed(reason: reason))
            emit(.crashed, "crashed: \(description)", detail: String(stderr.suffix(2000)))
            emit(.quarantined, "marked failed: \(reason); retried only on request")
        }
    }

    private func noteViolation(_ violation: ProtocolViolation, pid: Int32) async {
        guard let client = current, client.process.pid == pid else { return }
        if case .unreadableRequest = violation {
            // A well-formed request whose params could not be read was answered -32601/-32602 (adapter-protocol.md
            // §2): the adapter learns of its mistake from the answer; it is not a violation that counts towards
            // stopping it.
            logger.warning("adapter request refused: \(violation)")
            return
        }
        if case .oversizedLine = violation {
            emit(.oversizedLine, "protocol violation: \(violation); stopping the adapter")
            await client.kill()
            return
        }
        emit(.violation, "protocol violation: \(violation)")
        let now = ContinuousClock.now
        recentViolations.append(now)
        recentViolations.removeAll { now - $0 > .seconds(60) }
        if recentViolations.count > settings.violationsPerMinute {
            recentViolations.removeAll()
            emit(.violation, "more than \(settings.violationsPerMinute) violations in a minute; stopping the adapter")
            await client.kill()
        }
    }

    private func startPings(for client: AdapterClient) {
        guard let interval = settings.pingInterval else { return }
        let missesForHang = settings.missedPingsForHang
        pingTask = Task { [weak self] in
            var missed = 0
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                if Task.isCancelled { return }
                do {
                    try await client.ping()
                    missed = 0
                } catch {
                    missed += 1
                    if missed >= missesForHang {
                        await self?.reportHang(of: client, reason: "\(missed) pings missed")
                        return
                    }
                }
            }
        }
    }

    private func transition(to newState: SupervisorState) {
        state = newState
    }

    private func emit(_ kind: AdapterEventKind, _ message: String, detail: String? = nil) {
        let event = SupervisorEvent(adapterId: adapter.id, kind: kind, message: message, detail: detail)
        switch kind {
        case .crashed, .hung, .quarantined, .violation, .oversizedLine: logger.warning("\(message)")
        default: logger.info("\(message)")
        }
        onEvent(event, state)
    }
}
