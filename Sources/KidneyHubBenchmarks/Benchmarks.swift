import ArgumentParser
import Clinical
import Foundation
import HubCore
import HubStore

/// `kidneyhub-benchmarks`: the speed goals of the hub, measured end to end on this machine.
/// Build with `-c release`; each figure goes to docs/benchmarks.md with the command.
@main
struct Benchmarks: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kidneyhub-benchmarks",
        abstract: "Measure ingest throughput, acknowledgement latency and adapter start-up.",
        subcommands: [
            IngestThroughput.self, AcknowledgementLatency.self, AdapterStartup.self, Autocomplete.self,
            MeterDownload.self,
            // Issue 7: FIT decoding.
            FITDecode.self,
            // Issue 9: reading → goals → notification.
            GoalEvaluationLatency.self,
            // Issue 11: the PDF report of a year.
            ReportPDFTime.self,
            // Issue 22: the raw SQLite floor of an import.
            ImportRawBaseline.self,
            // Issue 18: the store the web app's page benchmark serves.
            WebStore.self,
            // Issue 20: a hub store for timing the care-team sync with the release build.
            SampleHistoryStore.self,
        ]
    )
}

/// Where the benchmark finds the simulator: beside itself in the build products.
enum BenchmarkEnvironment {
    static var productsDirectory: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
    }

    static var simulator: String { "\(productsDirectory)/kidneyhub-simulator" }

    /// Accepts the current terms in a benchmark's scratch store, as a user would before syncing.
    static func acceptTerms(in store: HubDatabase) async throws {
        _ = try await store.acceptTerms(version: TermsOfService.current.version, atMs: 0)
    }

    /// A fresh temporary directory for one run.
    static func scratchDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "kidneyhub-bench-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Installs the simulator in `directory` with a scenario; returns the adapters directory.
    static func installSimulator(in directory: String, scenario: String, arguments: [String] = []) throws -> String {
        let scenarioPath = "\(directory)/scenario.json"
        try scenario.write(toFile: scenarioPath, atomically: true, encoding: .utf8)
        let adapters = "\(directory)/adapters/simulator"
        try FileManager.default.createDirectory(atPath: adapters, withIntermediateDirectories: true)
        let manifest: [String: Any] = [
            "id": "simulator", "name": "Simulator", "version": "0.1.0", "executable": simulator,
            "arguments": ["--scenario", scenarioPath] + arguments, "protocolVersions": ["1.0"],
            "kinds": ["blood_glucose"],
        ]
        try JSONSerialization.data(withJSONObject: manifest).write(to: URL(fileURLWithPath: "\(adapters)/adapter.json"))
        return "\(directory)/adapters"
    }

    /// A scenario with one glucometer that holds `count` generated readings.
    static func bulkScenario(count: Int) -> String {
        """
        {"scenario":"benchmark","description":"one glucometer with \(count) readings",
         "devices":[{"deviceId":"bench-meter","name":"Bench Meter","manufacturer":"KidneyHub Simulator","model":"G1",
           "serial":"BM-1","readings":[],
           "generate":{"kind":"blood_glucose","unit":"mg/dL","count":\(count),"start":"2025-01-01T00:00:00+01:00",
                       "intervalSeconds":60,"minimum":70,"maximum":180}}]}
        """
    }
}

/// Percentiles of a sample, by nearest rank.
func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
