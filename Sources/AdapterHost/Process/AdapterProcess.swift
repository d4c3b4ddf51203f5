import AdapterProtocol
import Foundation
import Logging
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// One running adapter process and the JSON-RPC connection on its stdin/stdout.
///
/// The process runs in its own session, so its pid is also its process-group id and signals
/// reach any helpers it started (architecture.md §2 S2). stdout and stderr are drained
/// concurrently for the process's whole life, so neither pipe can fill and block it (S1).
public final class AdapterProcess: Sendable {
    /// How an adapter process ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        case exited(Int32)
        case signaled(Int32)
        case failedToRun(String)

        public var description: String {
            switch self {
            case .exited(let code): "exited with status \(code)"
            case .signaled(let signal): "killed by signal \(signal)"
            case .failedToRun(let reason): "could not run: \(reason)"
            }
        }
    }

    public let adapterId: String
    /// The process id, equal to its process-group id.
    public let pid: pid_t
    /// The protocol connection over the process's stdin/stdout.
    public let connection: JSONRPCConnection
    let stderrTail: StderrTail
    private let termination: Task<Termination, Never>
    private let inputCloser: @Sendable () async -> Void
    private let reaped: ReapedFlag

    private init(
        adapterId: String,
        pid: pid_t,
        connection: JSONRPCConnection,
        stderrTail: StderrTail,
        termination: Task<Termination, Never>,
        inputCloser: @escaping @Sendable () async -> Void,
        reaped: ReapedFlag
    ) {
        self.adapterId = adapterId
        self.pid = pid
        self.connection = connection
        self.stderrTail = stderrTail
        self.termination = termination
        self.inputCloser = inputCloser
        self.reaped = reaped
    }

    /// Starts `executable` and returns once it runs; `registry` says what the hub understands.
    public static func launch(
        adapterId: String,
        executable: String,
        arguments: [String] = [],
        workingDirectory: String,
        registry: MessageRegistry = .hubSide
    ) async throws -> AdapterProcess {
        ignoreBrokenPipes
        let stderrTail = StderrTail()
        let logger = Logger(label: "kidneyhub.process")
        // Resolved once: with the running process, or nil when it could not be started. Waiting on
        // it ignores cancellation on purpose: a launch cancelled halfway must still learn the pid
        // of what it started, so that the caller can stop it.
        let started = OneShot<Started?>()
        let reaped = ReapedFlag()

        let termination = Task<Termination, Never> {
            var options = PlatformOptions()
            options.createSession = true
            do {
                let result = try await Subprocess.run(
                    .path(FilePath(executable)),
                    arguments: Arguments(arguments),
                    environment: .inherit.updating([
                        "KIDNEYHUB_PROTOCOL_VERSIONS": supportedProtocolVersions.joined(separator: ","),
                        // Python block-buffers a piped stdout; unbuffered is what the protocol needs (S7).
                        "PYTHONUNBUFFERED": "1",
                    ]),
                    workingDirectory: FilePath(workingDirectory),
                    platformOptions: options,
                    input: .inputWriter,
                    output: .sequence,
                    error: .sequence
                ) { execution in
                    let writer = execution.standardInputWriter
                    let connection = JSONRPCConnection(
                        name: adapterId,
                        registry: registry,
                        idPrefix: "h-",
                        answersMalformedLines: false
                    ) { line in
                        _ = try await writer.write(line)
                    }
                    started.resolve(
                        Started(
                            pid: execution.processIdentifier.value,
                            connection: connection,
                            inputCloser: { try? await writer.finish() }
                        )
                    )
                    let pid = execution.processIdentifier.value
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            do {
                                for try await buffer in execution.standardOutput {
                                    let bytes = buffer.withUnsafeBytes { Array($0) }
                                    await connection.receive(bytes)
                                }
                            } catch {
                                logger.warning("reading stdout of \(adapterId) failed: \(error)")
                            }
                            // End of stdout ends the session at once, even if a helper the adapter
                            // started still holds stderr open; a group that lingers 2 s more is
                            // killed, which also closes stderr and lets `run` reap the adapter.
                            await connection.close(reason: "adapter closed its output")
                            Task {
                                try? await Task.sleep(for: .seconds(2))
                                if !reaped.isSet { kill(-pid, SIGKILL) }
                            }
                        }
                        group.addTask {
                            do {
                                for try await buffer in execution.standardError {
                                    buffer.withUnsafeBytes { stderrTail.append($0) }
                                }
                            } catch {
                                logger.warning("reading stderr of \(adapterId) failed: \(error)")
                            }
                        }
                        await group.waitForAll()
                    }
                }
                reaped.set()
                // The adapter is reaped; anything it left in its process group goes too (§3.8). At once: a group
                // with members keeps its id, and an empty one's could only have been reused within these
                // microseconds, whereas later signals are refused (`signalGroup`).
                kill(-result.processIdentifier.value, SIGKILL)
                switch result.terminationStatus {
                case .exited(let code): return .exited(code)
                case .signaled(let signal): return .signaled(signal)
                }
            } catch {
                started.resolve(nil)
                return .failedToRun("\(error)")
            }
        }
        guard let process = await started.value() else {
            let reason = await termination.value
            throw AdapterLaunchError(adapterId: adapterId, executable: executable, reason: "\(reason)")
        }
        return AdapterProcess(
            adapterId: adapterId,
            pid: process.pid,
            connection: process.connection,
            stderrTail: stderrTail,
            termination: termination,
            inputCloser: process.inputCloser,
            reaped: reaped
        )
    }

    /// What the launch task hands out once the process runs.
    private struct Started: Sendable {
        var pid: pid_t
        var connection: JSONRPCConnection
        var inputCloser: @Sendable () async -> Void
    }

    /// Waits until the process has ended and been reaped.
    public func waitForExit() async -> Termination {
        await termination.value
    }

    /// Waits until the process has ended, at most `limit`; nil if it still runs.
    public func waitForExit(upTo limit: Duration) async -> Termination? {
        let termination = termination
        return await firstOf({ await termination.value }, orAfter: limit)
    }

    /// Closes the process's stdin: end of input means exit (adapter-protocol.md §3.7).
    public func closeInput() async {
        await inputCloser()
    }

    /// Sends a signal to the process group while the adapter is not reaped; a group that is already gone is not an
    /// error. Once reaped, the pid is free for the system to give to another process, which may lead a group of its
    /// own (Foundation and swift-subprocess start every child as one): a late signal could kill an unrelated group,
    /// so it is not sent. The sweep of what the adapter left behind is done once, right at reaping (`launch`).
    public func signalGroup(_ signal: Int32) {
        guard !reaped.isSet else { return }
        kill(-pid, signal)
    }

    /// The last stderr output, for crash reports.
    public var stderrText: String { stderrTail.text }
}

/// An adapter executable that could not be started.
public struct AdapterLaunchError: Error, Sendable, CustomStringConvertible {
    public var adapterId: String
    public var executable: String
    public var reason: String
    public var description: String { "adapter \(adapterId): cannot start \(executable): \(reason)" }
}

/// Set once `run` has reaped the process, so a late watchdog never signals a reused pid.
private final class ReapedFlag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// A write to an adapter that has exited must fail with EPIPE, not kill the hub (S6).
private let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()
