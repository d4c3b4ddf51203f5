import AdapterHost
import AdapterProtocol
import ArgumentParser
import Clinical
import Foundation
import HubCore
import HubStore

/// `kidneyhub demo`: the hub and the device simulator on a dialysis-day scenario.
struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the hub with the device simulator and show what was stored.",
        discussion: """
            Without --scenario the simulator plays its built-in dialysis day. Without --store (or \
            $KIDNEYHUB_STORE) the readings go to a demo store of their own (~/.local/share/kidneyhub/demo.sqlite), so simulated \
            weights never mix into a patient's record; that store holds simulated data only, so the demo \
            accepts the terms of use there itself. With --store, the store's own terms acceptance applies.
            """
    )
    @OptionGroup var store: StoreOptions
    @OptionGroup var search: AdapterOptions
    @Option(help: "A simulator scenario file.") var scenario: String?

    func run() async throws {
        bootstrapLogging()
        var store = store
        if store.path == nil, (ProcessInfo.processInfo.environment["KIDNEYHUB_STORE"] ?? "").isEmpty {
            store.path = StoreOptions.demoStorePath
            let demo = try HubDatabase.open(atPath: store.resolvedPath, durability: store.durability)
            if (try? await demo.requireCurrentTerms()) == nil {
                _ = try await demo.acceptTerms(
                    version: TermsOfService.current.version,
                    atMs: currentEpochMilliseconds()
                )
                print(
                    "Demo store \(store.resolvedPath): simulated readings only; the terms of use were accepted there for the demo.\n"
                )
            }
        }
        var configs: [String: JSONValue] = [:]
        if let scenario {
            let path = URL(fileURLWithPath: scenario).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: path) else {
                throw ValidationError("no scenario file at \(scenario)")
            }
            configs["simulator"] = ["scenario": .string(path)]
        }
        let (reports, rows) = try await withHub(store: store, search: search, adapterConfigs: configs) { hub in
            let (found, problems) = await hub.scan(seconds: 1, adapterIds: ["simulator"])
            guard !found.isEmpty else {
                throw CommandFailure(
                    "the simulator found no devices\(problems.isEmpty ? "" : ": \(problems.joined(separator: "; "))")"
                )
            }
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
        print("Store: \(store.resolvedPath)\n")
        printTable(
            ["DEVICE", "NEW", "ALREADY STORED"],
            reports.map { [$0.deviceId, "\($0.stored)", "\($0.duplicates)"] }
        )
        print("")
        printMeasurementTable(rows)
    }
}
