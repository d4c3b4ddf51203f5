import AdapterProtocol
import Foundation
import Synchronization

/// Runs the conformance checks of adapter-protocol.md §10 against an adapter executable.
///
/// Each check that needs a fresh adapter starts its own process; every process is stopped and
/// reaped before the suite returns. Lines on stdout that are not JSON-RPC are collected across
/// all sessions for the `stdout-purity` check.
public struct ConformanceSuite: Sendable {
    public let adapterId: String
    public let executable: String
    public let arguments: [String]
    public let workingDirectory: String
    /// The manifest's id, which `adapterInfo.id` must equal; nil for a bare executable.
    public let expectedId: String?
    /// Small limits so that a sync of a few records still spans several batches.
    let limits = IngestLimits(maxBatchRecords: 3, maxUnacknowledgedBatches: 2)

    public init(
        adapterId: String,
        executable: String,
        arguments: [String] = [],
        workingDirectory: String,
        expectedId: String? = nil
    ) {
        self.adapterId = adapterId
        self.executable = executable
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.expectedId = expectedId
    }

    /// Checks the adapter of an installed manifest.
    public init(adapter: InstalledAdapter) {
        self.init(
            adapterId: adapter.id,
            executable: adapter.executablePath,
            arguments: adapter.manifest.arguments ?? [],
            workingDirectory: adapter.directory,
            expectedId: adapter.id
        )
    }

    /// Runs every check, in the order of the specification.
    public func run() async -> ConformanceReport {
        let violations = ViolationLog()
        var results: [ConformanceResult] = []
        results.append(
            await check("handshake", violations) { session in
                let result = try await session.client.initialize(expectedId: expectedId)
                guard result.protocolVersion == "1.0" else {
                    return .fail("answered protocol version '\(result.protocolVersion)' to an offer of [1.0]")
                }
                return .pass("version 1.0, adapter id '\(result.adapterInfo.id)'")
            }
        )
        results.append(
            await check("unsupported-version", violations) { session in
                do {
                    let result = try await session.client.initialize(protocolVersions: ["99.0"])
                    return .fail("accepted an offer of [99.0], answering version '\(result.protocolVersion)'")
                } catch let error as AdapterHandshakeError {
                    return .fail(error.reason)
                } catch let error as RPCError {
                    guard error.code == .invalidParams else { return .fail("answered \(error.code) instead of -32602") }
                    guard error.data["supported"]?.arrayValue != nil else {
                        return .fail("-32602 without data.supported")
                    }
                    return .pass("-32602 with data.supported")
                }
            }
        )
        results.append(
            await check("not-initialized", violations) { session in
                do {
                    _ = try await session.client.ping()
                    return .fail("answered ping before initialize")
                } catch let error as RPCError where error.code == .notInitialized {
                    return .pass("-32002 before initialize")
                } catch let error as RPCError {
                    return .fail("answered \(error.code) instead of -32002")
                }
            }
        )
        results.append(
            await check("unknown-method", violations) { session in
                try await session.client.initialize()
                do {
                    _ = try await session.process.connection.send(
                        UnknownMethodProbe(),
                        timeout: .init(idle: .seconds(5), absolute: .seconds(5))
                    )
                    return .fail("answered an unknown method with a result")
                } catch let error as RPCError where error.code == .methodNotFound {
                    return .pass("-32601")
                } catch let error as RPCError {
                    return .fail("answered \(error.code) instead of -32601")
                }
            }
        )
        results.append(
            await check("ping", violations) { session in
                try await session.client.initialize()
                try await session.client.ping()
                return .pass("answered {}")
            }
        )
        results.append(await check("cancellation", violations) { session in try await cancellation(session) })
        results.append(await check("batch-acknowledgement", violations) { session in try await batches(session) })
        results.append(await check("shutdown", violations) { session in try await shutdown(session) })
        results.append(await check("exit-on-eof", violations) { session in try await exitOnEndOfInput(session) })
        let impure = violations.lines
        results.insert(
            impure.isEmpty
                ? ConformanceResult(check: "stdout-purity", verdict: .pass, detail: "every stdout line was JSON-RPC")
                : ConformanceResult(check: "stdout-purity", verdict: .fail, detail: "stdout carried: \(impure[0])"),
            at: 5
        )
        return ConformanceReport(adapter: adapterId, results: results)
    }

    // MARK: - Checks that need more than one exchange

    private func cancellation(_ session: Session) async throws -> Outcome {
        let initialized = try await session.client.initialize()
        let capabilities = initialized.capabilities
        let request: Task<Void, any Error>
        if capabilities.sync == true, capabilities.discover == true,
            let device = try await session.client.discover(seconds: 1).devices.first
        {
            session.sink.setAckDelay(.milliseconds(300))
            request = Task { _ = try await session.client.sync(deviceId: device.deviceId, cursor: nil) }
        } else if capabilities.discover == true {
            request = Task { _ = try await session.client.discover(seconds: 5) }
        } else {
            return .skip("no long-running request among the adapter's capabilities")
        }
        try await Task.sleep(for: .milliseconds(100))
        request.cancel()
        let started = ContinuousClock.now
        do {
            try await request.value
            return .pass("the cancelled request was answered with its result")
        } catch let error as RPCError where error.code == .requestCancelled {
            return .pass("answered -32800 after \(ContinuousClock.now - started)")
        } catch let error as RequestTimedOut {
            return .fail("the cancelled request was never answered (\(error))")
        } catch let error as RPCError {
            return .fail("the cancelled request was answered with \(error.code): \(error.message)")
        }
    }

    private func batches(_ session: Session) async throws -> Outcome {
        let capabilities = try await session.client.initialize().capabilities
        guard capabilities.sync == true, capabilities.discover == true else {
            return .skip("the adapter does not sync devices")
        }
        guard let device = try await session.client.discover(seconds: 1).devices.first else {
            return .skip("discovery found no device to sync")
        }
        // Slow acknowledgements give an adapter that ignores the window the chance to show it,
        // and the first batch is refused once as retryable to see that it comes back.
        session.sink.setAckDelay(.milliseconds(20))
        session.sink.refuseFirstBatchOnce()
        _ = try await session.client.sync(deviceId: device.deviceId, cursor: nil)
        let seen = session.sink.snapshot()
        if seen.windowExceeded > 0 {
            return .fail("sent \(seen.windowExceeded) batches beyond the window of \(limits.maxUnacknowledgedBatches)")
        }
        if seen.batches == 0 { return .skip("the sync submitted no batch") }
        if let refused = seen.refusedBatchId, !seen.acceptedBatchIds.contains(refused) {
            return .fail("batch '\(refused)' was refused as retryable and never sent again")
        }
        return .pass("\(seen.batches) batches acknowledged, window respected, refused batch re-sent")
    }

    private func shutdown(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        let connection = session.process.connection
        do {
            _ = try await connection.send(ShutdownRequest(), timeout: .init(idle: .seconds(5), absolute: .seconds(5)))
        } catch is RequestTimedOut {
            await session.client.kill()
            return .fail("shutdown was not answered within 5 s")
        }
        await connection.notify(ExitNotification())
        await connection.flush()
        guard let termination = await session.waitForExit(upTo: .seconds(2)) else {
            await session.client.kill()
            return .fail("did not exit within 2 s of the exit notification")
        }
        guard termination == .exited(0) else { return .fail("after shutdown and exit it \(termination), not status 0") }
        return .pass("answered null, exited with status 0")
    }

    private func exitOnEndOfInput(_ session: Session) async throws -> Outcome {
        try await session.client.initialize()
        await session.process.closeInput()
        guard let termination = await session.waitForExit(upTo: .seconds(2)) else {
            await session.client.kill()
            return .fail("still running 2 s after its stdin was closed")
        }
        return .pass("exited (\(termination)) when stdin closed")
    }

    // MARK: - Running one check

    private enum Outcome {
        case pass(String), fail(String), skip(String)
    }

    private func check(
        _ name: String,
        _ violations: ViolationLog,
        body: (Session) async throws -> Outcome
    ) async -> ConformanceResult {
        let session: Session
        do {
            session = try await Session.start(self, violations: violations)
        } catch {
            return ConformanceResult(check: name, verdict: .fail, detail: "could not start the adapter: \(error)")
        }
        let outcome: Outcome
        do {
            outcome = try await body(session)
        } catch let error as RequestTimedOut {
            outcome = .fail("no answer: \(error)")
        } catch let error as RPCError {
            outcome = .fail("answered \(error.code): \(error.message)")
        } catch {
            outcome = .fail("\(error)")
        }
        // Graceful stopping is the `shutdown` check's business; here the process is only reaped.
        await session.client.kill()
        switch outcome {
        case .pass(let detail): return ConformanceResult(check: name, verdict: .pass, detail: detail)
        case .fail(let detail): return ConformanceResult(check: name, verdict: .fail, detail: detail)
        case .skip(let detail): return ConformanceResult(check: name, verdict: .skip, detail: detail)
        }
    }

    /// One adapter process under test.
    private struct Session {
        var process: AdapterProcess
        var client: AdapterClient
        var sink: ConformanceSink

        static func start(_ suite: ConformanceSuite, violations: ViolationLog) async throws -> Session {
            let process = try await AdapterProcess.launch(
                adapterId: suite.adapterId,
                executable: suite.executable,
                arguments: suite.arguments,
                workingDirectory: suite.workingDirectory
            )
            let sink = ConformanceSink()
            var timeouts = RequestTimeouts()
            timeouts.initialize = RequestTimeout(idle: .seconds(5), absolute: .seconds(5))
            timeouts.longRunning = RequestTimeout(idle: .seconds(10), absolute: .seconds(30))
            let client = await AdapterClient(process: process, sink: sink, limits: suite.limits, timeouts: timeouts) {
                activity in
                switch activity {
                case .violation(.notJSONRPC(let line, _)), .violation(.oversizedLine(let line)):
                    violations.append(line)
                case .windowExceeded:
                    sink.noteWindowExceeded()
                default:
                    break
                }
            }
            return Session(process: process, client: client, sink: sink)
        }

        func waitForExit(upTo limit: Duration) async -> AdapterProcess.Termination? {
            await process.waitForExit(upTo: limit)
        }
    }
}

/// A request no adapter implements, for the `unknown-method` check.
private struct UnknownMethodProbe: RPCRequest {
    static let method = "kidneyhub/conformance-probe"
    typealias Result = JSONValue
}

/// Non-JSON-RPC stdout lines seen in any session.
private final class ViolationLog: Sendable {
    private let seen = Mutex<[String]>([])
    func append(_ line: String) { seen.withLock { $0.append(line) } }
    var lines: [String] { seen.withLock { $0 } }
}

/// Acknowledges batches without storing them, watching how the adapter sends them.
final class ConformanceSink: MeasurementSink {
    struct Observations: Sendable {
        var batches = 0
        var windowExceeded = 0
        var refusedBatchId: String?
        var acceptedBatchIds: Set<String> = []
    }

    private struct State {
        var observations = Observations()
        var ackDelay: Duration = .zero
        var refuseFirst = false
    }
    private let state = Mutex(State())

    func setAckDelay(_ delay: Duration) { state.withLock { $0.ackDelay = delay } }
    func refuseFirstBatchOnce() { state.withLock { $0.refuseFirst = true } }
    func noteWindowExceeded() { state.withLock { $0.observations.windowExceeded += 1 } }
    func snapshot() -> Observations { state.withLock { $0.observations } }

    func prepare(_ request: SubmitMeasurementsRequest, from adapterId: String) -> Result<PreparedBatch, RPCError> {
        .success(PreparedBatch(request: request, adapterId: adapterId, ingest: nil))
    }

    func commit(_ batch: PreparedBatch) async -> Result<SubmitMeasurementsResult, RPCError> {
        let request = batch.request
        let (delay, refuse) = state.withLock { state -> (Duration, Bool) in
            let refuse = state.refuseFirst && state.observations.refusedBatchId == nil
            if refuse { state.observations.refusedBatchId = request.batchId }
            return (state.ackDelay, refuse)
        }
        try? await Task.sleep(for: delay)
        if refuse {
            // A failed write (-32603, retryable) is a refusal an adapter must answer by sending again.
            return .failure(RPCError(.internalError, "refused once by the conformance suite", retryable: true))
        }
        state.withLock {
            $0.observations.batches += 1
            $0.observations.acceptedBatchIds.insert(request.batchId)
        }
        return .success(
            SubmitMeasurementsResult(batchId: request.batchId, stored: request.records.count, duplicates: 0)
        )
    }
}
