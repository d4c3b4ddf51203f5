import AdapterHost
import ArgumentParser
import Foundation
import HubStore

/// Adapter start plus handshake for the Swift simulator: spawn → `initialize` answered →
/// `initialized` sent (issue 3's start-up goal: median ≤ 50 ms).
struct AdapterStartup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "startup")
    @Option(help: "How many starts to time.") var runs = 50

    func run() async throws {
        let directory = try BenchmarkEnvironment.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try HubDatabase.open(atPath: "\(directory)/hub.sqlite")
        var times: [Double] = []
        for _ in 0..<runs {
            let started = ContinuousClock.now
            let process = try await AdapterProcess.launch(
                adapterId: "simulator",
                executable: BenchmarkEnvironment.simulator,
                workingDirectory: directory
            )
            let client = await AdapterClient(process: process, sink: IngestPipeline(store: store))
            try await client.initialize()
            times.append(seconds(ContinuousClock.now - started) * 1000)
            await client.stop()
        }
        times.sort()
        print("startup: \(runs) starts of kidneyhub-simulator, spawn to handshake done")
        print(
            String(
                format: "  median %.1f ms, p90 %.1f ms, min %.1f ms, max %.1f ms",
                percentile(times, 50),
                percentile(times, 90),
                times.first ?? .nan,
                times.last ?? .nan
            )
        )
    }
}
