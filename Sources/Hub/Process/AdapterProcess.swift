import AdapterProtocol
import Foundation
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

    private init(
        adapterId: String,
        pid: pid_t,
        connection: JSONRPCConnection,
        stderrTail: StderrTail,
        termination: Task<Termination, Never>,
        inputCloser: @escaping @Sendable () async -> Void
    ) {
        self.adapterId = adapterId
        self.pid = pid
        self.connection = connection
        self.stderrTail = stderrTail
        self.termination = termination
        self.inputCloser = inputCloser
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
        let (started, startedSink) = AsyncStream.makeStream(of: Started.self)
        let launched = Mutex(false)
        let reaped = ReapedFlag()

        let termination = Task<Termination, Never> {
            var options = PlatformOptions()
            options.createSession = true
            // If this task is cancelled the process group gets SIGTERM, then SIGKILL after 2 s.
            options.teardownSequence = [.gracefulShutDown(toProcessGroup: true, allowedDurationToNextStep: .seconds(2))]
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
                    launched.withLock { $0 = true }
                    startedSink.yield(
                        Started(
                            pid: execution.processIdentifier.value,
                            connection: connection,
                            inputCloser: { try? await writer.finish() }
                        )
                    )
                    startedSink.finish()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            do {
                                for try await buffer in execution.standardOutput {
                                    let bytes = buffer.withUnsafeBytes { Array($0) }
                                    await connection.receive(bytes)
                                }
                            } catch {}
                        }
                        group.addTask {
                            do {
                                for try await buffer in execution.standardError {
                                    buffer.withUnsafeBytes { stderrTail.append($0) }
                                }
                            } catch {}
                        }
                        await group.waitForAll()
                    }
                    await connection.close(reason: "adapter closed its output")
                    // The output is closed, so the adapter is exiting and `run` reaps it once
                    // the body returns; one that lingers 2 s more is killed with its group.
                    let pid = execution.processIdentifier.value
                    Task {
                        try? await Task.sleep(for: .seconds(2))
                        if !reaped.isSet { kill(-pid, SIGKILL) }
                    }
                }
                reaped.set()
                switch result.terminationStatus {
                case .exited(let code): return .exited(code)
                case .signaled(let signal): return .signaled(signal)
                }
            } catch {
                if !launched.withLock({ $0 }) { startedSink.finish() }
                return .failedToRun("\(error)")
            }
        }
        for await process in started {
            return AdapterProcess(
                adapterId: adapterId,
                pid: process.pid,
                connection: process.connection,
                stderrTail: stderrTail,
                termination: termination,
                inputCloser: process.inputCloser
            )
        }
        let reason = await termination.value
        throw AdapterLaunchError(adapterId: adapterId, executable: executable, reason: "\(reason)")
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

    /// Closes the process's stdin: end of input means exit (adapter-protocol.md §3.7).
    public func closeInput() async {
        await inputCloser()
    }

    /// Sends a signal to the process group; a group that is already gone is not an error.
    public func signalGroup(_ signal: Int32) {
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
