import AdapterHost
import AdapterProtocol
import ArgumentParser
import Foundation
import HubRecords
import HubStore

/// Submitted → acknowledged latency at a low rate: the simulator sends one-record batches every
/// few milliseconds and times each from its sending to the hub's answer, which comes only after
/// the SQLite commit (issue 3's latency goal: p99 ≤ 5 ms).
struct AcknowledgementLatency: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "latency")
    @Option(help: "How many readings (one per batch).") var readings = 2000
    @Option(help: "Milliseconds between batches.") var interval = 5

    @Option(help: "Store durability: full (fsync per batch) or normal.") var durability = "full"

    func run() async throws {
        guard let durability = StoreDurability(rawValue: durability) else {
            throw ValidationError("--durability is full or normal")
        }
        let directory = try BenchmarkEnvironment.scratchDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = "\(directory)/latencies.ndjson"
        let adapters = try BenchmarkEnvironment.installSimulator(
            in: directory,
            scenario: BenchmarkEnvironment.bulkScenario(count: readings),
            arguments: ["--fault", "slow-sync:\(interval)", "--latency-report", report]
        )
        var settings = AdapterSupervisor.Settings()
        settings.limits.maxBatchRecords = 1
        let store = try HubDatabase.open(atPath: "\(directory)/hub.sqlite", durability: durability)
        try await BenchmarkEnvironment.acceptTerms(in: store)
        let hub = HubService(
            store: store,
            catalog: AdapterCatalog(directories: [adapters], productsDirectory: nil),
            settings: settings
        )
        let synced = try await hub.sync(deviceId: "bench-meter", adapterId: "simulator")
        await hub.stop()
        guard synced.stored == readings else { throw ValidationError("stored \(synced.stored) of \(readings)") }
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n")
        let latencies = try lines.flatMap { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Double] ?? []
        }.sorted()
        print(
            "latency: \(latencies.count) one-record batches, one every \(interval) ms, submitted → acknowledged, durability \(durability.rawValue)"
        )
        print(
            String(
                format: "  p50 %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms",
                percentile(latencies, 50),
                percentile(latencies, 90),
                percentile(latencies, 99),
                latencies.last ?? .nan
            )
        )
    }
}
