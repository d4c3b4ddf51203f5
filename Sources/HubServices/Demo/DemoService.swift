import AdapterHost
import AdapterProtocol
import Clinical
import Foundation
import HubRecords
import HubStore

/// The demo: the hub and the device simulator on a dialysis-day scenario.
public struct DemoService: Sendable {
    let app: HubApplication
    let setup: AdapterSetup

    /// What a demo run did.
    public struct Outcome: Sendable {
        /// True when this run accepted the terms of use on the demo store (it holds simulated data only).
        public var acceptedTermsForDemo: Bool
        /// One sync per simulated device.
        public var reports: [HubService.SyncReport]
        /// The simulated devices' readings now in the store.
        public var readings: [StoredMeasurement]
    }

    /// Why the demo could not run.
    public enum Failure: Error, Sendable, CustomStringConvertible {
        /// The scenario file is missing.
        case noScenario(String)
        /// The simulator found no device.
        case noDevices(problems: [String])

        public var description: String {
            switch self {
            case .noScenario(let path): "no scenario file at \(path)"
            case .noDevices(let problems):
                "the simulator found no devices\(problems.isEmpty ? "" : ": \(problems.joined(separator: "; "))")"
            }
        }
    }

    /// Plays `scenario` (a simulator scenario file; the simulator's built-in dialysis day when nil): scans the
    /// simulator's devices and syncs each. `isDemoStore` says the store is the demo's own, holding simulated data
    /// only: the demo then accepts the terms of use there itself when they are not accepted yet.
    public func playDay(scenario: String?, isDemoStore: Bool) async throws -> Outcome {
        var accepted = false
        if isDemoStore, (try? await app.store.requireCurrentTerms()) == nil {
            _ = try await app.store.acceptTerms(version: TermsOfService.current.version, atMs: app.now())
            accepted = true
        }
        var setup = setup
        if let scenario {
            let path = URL(fileURLWithPath: scenario).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else { throw Failure.noScenario(scenario) }
            setup.configs["simulator"] = ["scenario": .string(path)]
        }
        let (reports, readings) = try await app.withInProcessHub(setup) { hub in
            let (found, problems) = await hub.scan(seconds: 1, adapterIds: ["simulator"])
            guard !found.isEmpty else { throw Failure.noDevices(problems: problems) }
            var reports: [HubService.SyncReport] = []
            for device in found {
                reports.append(try await hub.sync(deviceId: device.device.deviceId, adapterId: device.adapterId))
            }
            let ids = Set(found.map(\.device.deviceId))
            let rows = try await hub.store.measurements().filter {
                $0.device.identity.adapterId == "simulator" && ids.contains($0.device.identity.deviceId)
            }
            return (reports, rows)
        }
        return Outcome(acceptedTermsForDemo: accepted, reports: reports, readings: readings)
    }
}

extension HubApplication {
    /// The demo, with adapters found and supervised as `setup` says.
    public func demo(_ setup: AdapterSetup) -> DemoService { DemoService(app: self, setup: setup) }
}
