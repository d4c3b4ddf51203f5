import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What a finished command printed and how it exited (shared by the end-to-end and report tests).
public struct CommandResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// Runs an executable to completion on a thread of its own, so that waiting never blocks
    /// the cooperative pool the hub code under test (in-process tests) runs on.
    /// `environment` is added to this process's own.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        timeout: Duration,
        environment: [String: String] = [:],
        workingDirectory: String? = nil
    ) async throws -> CommandResult {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Result {
                        try runBlocking(
                            executable,
                            arguments,
                            timeout: timeout,
                            environment: environment,
                            workingDirectory: workingDirectory
                        )
                    }
                )
            }
        }
    }

    /// Runs an executable to completion, draining both pipes concurrently; kills it after `timeout`.
    private static func runBlocking(
        _ executable: String,
        _ arguments: [String],
        timeout: Duration,
        environment: [String: String],
        workingDirectory: String?
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        var pipes: (out: Pipe, err: Pipe)?
        process.standardInput = FileHandle.nullDevice
        try ProcessLauncher.run(process) {
            let made = (out: Pipe(), err: Pipe())
            process.standardOutput = made.out
            process.standardError = made.err
            pipes = made
        }
        startedProcesses.withLock { _ = $0.insert(process.processIdentifier) }
        guard let pipes else { preconditionFailure("ProcessLauncher.run returned without preparing") }
        let collected = DrainedPipes(out: pipes.out, err: pipes.err)
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            if ContinuousClock.now > deadline {
                process.terminate()
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        process.waitUntilExit()
        let (stdout, stderr) = collected.wait()
        return CommandResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }

    /// Waits for a started command to end without blocking the cooperative pool. A command still running after
    /// `limit` is killed (it is not reaped yet, so its pid is still its own) and said so on stderr: the caller's
    /// expectations on its exit then fail, where an unbounded wait would hang the whole test run.
    public static func waitForExit(_ process: Process, limit: Duration = .seconds(300)) async {
        let deadline = ContinuousClock.now + limit
        while process.isRunning {
            if ContinuousClock.now > deadline {
                let name = process.executableURL?.lastPathComponent ?? "?"
                FileHandle.standardError.write(Data("\(name) still ran after \(limit): killed\n".utf8))
                kill(process.processIdentifier, SIGKILL)
                break
            }
            try? await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
    }

    /// Starts a command and returns at once, for tests that kill it midway.
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> Process
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try ProcessLauncher.run(process)
        startedProcesses.withLock { _ = $0.insert(process.processIdentifier) }
        return process
    }
}

/// Reads two pipes to their end on background threads, so neither can fill and block the child.
private final class DrainedPipes: @unchecked Sendable {
    // Safe: each buffer is written by exactly one thread and read only after `group.wait()`.
    private var outData = Data()
    private var errData = Data()
    private let group = DispatchGroup()

    init(out: Pipe, err: Pipe) {
        group.enter()
        Thread.detachNewThread { [self] in
            outData = out.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        group.enter()
        Thread.detachNewThread { [self] in
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
    }

    func wait() -> (String, String) {
        group.wait()
        return (String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}

/// Every process the command runner started in this test process: what `expectNoLeftovers` holds to be reaped.
/// Adapters of the hubs that service tests run in process are children too, but they are reaped by the hub's own
/// process task (swift-subprocess), not by this runner.
public let startedProcesses = Mutex<Set<Int32>>([])
