import AdapterHost
import AdapterProtocol
import Foundation
import HubServices
import TestSupport

/// The simulator adapter installed in a test's directory, playing the shipped dialysis day (a scale, a cuff and a
/// glucometer): its command line names the directory, so the test finds exactly its own adapter processes.
struct SimulatedDevices {
    let directory: TemporaryDirectory
    let setup: AdapterSetup

    /// The directory of the running test bundle, where SwiftPM puts every product of the build.
    static let productsDirectory: String = {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
    }()

    /// The source checkout, for the shipped scenarios.
    static let repositoryRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }()

    /// The simulator playing the dialysis day as `edit` changes its scenario's JSON text (unchanged by default).
    init(in directory: TemporaryDirectory, edit: (String) -> String = { $0 }) throws {
        self.directory = directory
        let shipped = try String(
            contentsOfFile: "\(Self.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json",
            encoding: .utf8
        )
        let scenario = edit(shipped)
        let scenarioPath = try directory.write(scenario, to: "scenarios/dialysis-day.json")
        let manifest: [String: Any] = [
            "id": "simulator", "name": "Simulator", "version": "0.1.0",
            "executable": "\(Self.productsDirectory)/kidneyhub-simulator",
            "arguments": ["--scenario", scenarioPath], "protocolVersions": ["1.0"],
            "kinds": ["body_weight", "blood_pressure", "heart_rate", "blood_glucose"],
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        _ = try directory.write(String(decoding: data, as: UTF8.self), to: "adapters/simulator/adapter.json")
        var settings = AdapterSupervisor.Settings()
        settings.restartPolicy.initialBackoff = .milliseconds(50)
        // These tests are about the services, not the handshake's deadline: a runner loaded by parallel suites has
        // been seen to take more than the protocol's 10 s to start an adapter process.
        settings.timeouts.initialize = RequestTimeout(idle: .seconds(60), absolute: .seconds(60))
        setup = AdapterSetup(
            catalog: AdapterCatalog(directories: [directory.file("adapters")], productsDirectory: nil),
            settings: settings
        )
    }

    /// Live processes (not zombies) whose command line mentions the test's directory: its adapters.
    func adapterProcesses() -> [String] {
        var found: [String] = []
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry), pid != getpid(),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"), !data.isEmpty,
                let stat = FileManager.default.contents(atPath: "/proc/\(entry)/stat"),
                let close = String(decoding: stat, as: UTF8.self).lastIndex(of: ")")
            else { continue }
            let statText = String(decoding: stat, as: UTF8.self)
            if statText[statText.index(after: close)...].split(separator: " ").first == "Z" { continue }
            let line = String(decoding: data.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
            if line.contains(directory.path) { found.append("\(pid): \(line)") }
        }
        return found
    }
}
