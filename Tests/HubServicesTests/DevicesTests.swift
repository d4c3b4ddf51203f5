import AdapterHost
import AdapterProtocol
import Foundation
import HubRecords
import HubServices
import TestSupport
import Testing

/// Devices through the application layer, with no daemon running: each operation runs a hub of its own that holds
/// the store's lock, and stops its adapters before it returns.
struct DevicesTests {
    @Test func scanFindsTheSimulatedDevicesAndASyncStoresEachReadingOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulated = try SimulatedDevices(in: directory)
        let app = try HubApplication.open(atPath: directory.file("store.sqlite"), durability: .normal)
        _ = try await app.terms.acceptCurrent()
        let devices = app.devices(simulated.setup)

        let found = try await devices.scan(seconds: 0.5)
        #expect(found.devices.map(\.device.deviceId) == ["sim-cuff-1", "sim-glucometer-1", "sim-scale-1"])
        #expect(found.problems.isEmpty)
        // No adapter given: the scan finds the one that knows the device.
        let first = try await devices.sync(deviceId: "sim-scale-1", adapterId: nil)
        #expect(first.adapterId == "simulator" && first.stored == 3 && first.duplicates == 0)
        let second = try await devices.sync(deviceId: "sim-scale-1", adapterId: nil)
        #expect(second.stored == 0, "the cursor left by the first sync: nothing is sent again")
        #expect(try await app.knownDevices().map(\.identity.deviceId) == ["sim-scale-1"])
        #expect(simulated.adapterProcesses().isEmpty, "left running: \(simulated.adapterProcesses())")
    }

    @Test func assigningRefusesAUserSlotOutOfRangeAndAStoreWithoutTheTerms() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = try HubApplication.open(atPath: directory.file("store.sqlite"), durability: .normal)
        await #expect(throws: DeviceAssignmentService.Failure.self) {
            _ = try await app.deviceAssignments.assign(
                deviceId: "sim-scale-1",
                adapterId: nil,
                profile: nil,
                userIndex: 256,
                from: .always
            )
        }
        await #expect(throws: PatientRecordError.self) {
            _ = try await app.deviceAssignments.assign(
                deviceId: "sim-scale-1",
                adapterId: nil,
                profile: nil,
                userIndex: 1,
                from: .always
            )
        }
    }

    @Test func theDemoAcceptsTheTermsOnItsOwnStoreOnceAndPlaysTheDialysisDay() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulated = try SimulatedDevices(in: directory)
        let app = try HubApplication.open(atPath: directory.file("demo.sqlite"), durability: .normal)

        let first = try await app.demo(simulated.setup).playDay(scenario: nil, isDemoStore: true)
        #expect(first.acceptedTermsForDemo)
        #expect(first.reports.map(\.deviceId).sorted() == ["sim-cuff-1", "sim-glucometer-1", "sim-scale-1"])
        #expect(first.readings.count == first.reports.reduce(0) { $0 + $1.stored })
        let again = try await app.demo(simulated.setup).playDay(scenario: nil, isDemoStore: true)
        #expect(!again.acceptedTermsForDemo)
        #expect(again.reports.allSatisfy { $0.stored == 0 })
        await #expect(throws: DemoService.Failure.self) {
            _ = try await app.demo(simulated.setup).playDay(scenario: directory.file("none.json"), isDemoStore: true)
        }
    }

    @Test func adaptersAreListedIdleWithoutAStoreAndTheConformanceSuiteRunsOnTheSimulator() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let simulated = try SimulatedDevices(in: directory)
        let listing = try await AdaptersService(simulated.setup).list(storeAt: directory.file("absent.sqlite"))
        #expect(listing.adapters.map(\.adapter.id) == ["simulator"])
        #expect(listing.adapters.map(\.state) == ["idle"])
        #expect(!FileManager.default.fileExists(atPath: directory.file("absent.sqlite")), "listing made a store")

        // The service runs the suite; whether the simulator passes every check (timeouts included) is the end-to-end
        // ConformanceTests' subject, run through the command on an unloaded adapter.
        let report = try await AdaptersService.check(path: directory.file("adapters/simulator"))
        #expect(report.adapter == "simulator")
        let checks = Set(report.results.map(\.check))
        #expect(
            checks.isSuperset(of: ["handshake", "ping", "batch-acknowledgement", "shutdown", "exit-on-eof"]),
            "\(checks)"
        )
        await #expect(throws: AdaptersService.CheckError.self) {
            _ = try await AdaptersService.check(path: directory.file("nothing-here"))
        }
    }
}
