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
        results.append(await check("ping", violations) { session in try await ping(session) })
        results.append(await check("cancellation", violations) { session in try await cancellation(session) })
        results.append(await check("batch-acknowledgement", violations) { session in try await batches(session) })
        results.append(await check("invalid-records", violations) { session in try await invalidRecords(session) })
        results.append(await check("cursor-only-batch", violations) { session in try await cursorOnlyBatch(session) })
        results.append(await check("progress", violations) { session in try await progress(session) })
        results.append(await check("shutdown", violations) { session in try await shutdown(session) })
        results.append(
            await check("request-after-shutdown", violations) { session in try await requestAfterShutdown(session) }
        )
        results.append(await check("batch-array", violations) { session in try await batchArray(session) })
        results.append(await check("parse-error", violations) { session in try await parseError(session) })
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

    // MARK: - Running one check

    enum Outcome {
        case pass(String), fail(String), skip(String)
    }

    func check(
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
        } catch let error as UnreadableResult {
            outcome = .fail(error.description)
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
    struct Session {
        var process: AdapterProcess
        var client: AdapterClient
        var sink: ConformanceSink
        var log: SessionLog

        static func start(_ suite: ConformanceSuite, violations: ViolationLog) async throws -> Session {
            let process = try await AdapterProcess.launch(
                adapterId: suite.adapterId,
                executable: suite.executable,
                arguments: suite.arguments,
                workingDirectory: suite.workingDirectory
            )
            let sink = ConformanceSink()
            let log = SessionLog()
            var timeouts = RequestTimeouts()
            timeouts.initialize = RequestTimeout(idle: .seconds(5), absolute: .seconds(5))
            timeouts.longRunning = RequestTimeout(idle: .seconds(10), absolute: .seconds(30))
            let client = await AdapterClient(process: process, sink: sink, limits: suite.limits, timeouts: timeouts) {
                activity in
                switch activity {
                case .violation(.notJSONRPC(let line, _)), .violation(.oversizedLine(let line)):
                    violations.append(line)
                case .violation(.unsolicitedError(let id, let code, _)):
                    log.noteUnsolicitedError(id: id, code: code)
                case .violation(.unsolicitedResponse(let id)):
                    log.noteUnsolicitedResponse(id: id)
                case .windowExceeded:
                    sink.noteWindowExceeded()
                case .batchTooLarge(let records):
                    sink.noteOversized(records)
                case .progress(let token, _):
                    log.noteProgress(token: token)
                default:
                    break
                }
            }
            return Session(process: process, client: client, sink: sink, log: log)
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
final class ViolationLog: Sendable {
    private let seen = Mutex<[String]>([])
    func append(_ line: String) { seen.withLock { $0.append(line) } }
    var lines: [String] { seen.withLock { $0 } }
}
