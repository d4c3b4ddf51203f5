import AdapterHost
import AdapterProtocol
import Foundation
import HubDaemon
import HubRecords
import HubServices
import Logging
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

/// The daemon as a library: started in this process, it syncs a simulated device, answers commands on its control
/// socket, and on graceful shutdown stops every adapter it started and releases the store.
struct HubDaemonTests {
    @Test func theDaemonSyncsASimulatedDeviceAndStopsGracefullyLeavingNoAdapterRunning() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let devices = try SimulatedDevices(in: directory)
        let storePath = directory.file("store.sqlite")
        let app = try HubApplication.open(atPath: storePath, durability: .normal)
        _ = try await app.terms.acceptCurrent()
        let synced = Mutex<[HubService.SyncReport]>([])
        let daemon = HubDaemon(
            app: app,
            configuration: HubDaemon.Configuration(
                adapters: devices.setup,
                syncInterval: .milliseconds(200),
                onSynced: { report in synced.withLock { $0.append(report) } }
            )
        )
        let group = ServiceGroup(services: [daemon], logger: Logger(label: "test.daemon"))
        let running = Task { try await group.run() }

        let socket = ControlServer.socketPath(forStore: storePath)
        // Generous: the whole suite (kill drills, imports) can hold both cores while the daemon starts.
        try await eventually("the daemon opened its control socket", within: .seconds(120)) {
            FileManager.default.fileExists(atPath: socket)
        }
        // The store is the daemon's (its lock): this pairing can only go through the control socket.
        let paired = try await app.devices(devices.setup).pair(
            deviceId: "sim-scale-1",
            adapterId: "simulator",
            passkey: nil
        )
        #expect(paired.deviceId == "sim-scale-1")
        // From now on the daemon's own loop syncs the paired scale.
        try await eventually("the daemon synced the scale's three weights") {
            synced.withLock { $0.reduce(0) { $0 + ($1.deviceId == "sim-scale-1" ? $1.stored : 0) } } == 3
        }
        #expect(try await app.knownDevices().map(\.identity.deviceId) == ["sim-scale-1"])
        #expect(!devices.adapterProcesses().isEmpty, "the simulator should be running under the daemon")

        await group.triggerGracefulShutdown()
        try await running.value

        #expect(devices.adapterProcesses().isEmpty, "left running: \(devices.adapterProcesses())")
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file outlived the daemon")
        // The store is free again: an operation now runs a hub of its own (from the cursor: nothing new).
        let again = try await app.devices(devices.setup).sync(deviceId: "sim-scale-1", adapterId: nil)
        #expect(again.stored == 0)
        #expect(devices.adapterProcesses().isEmpty, "left running: \(devices.adapterProcesses())")
    }

    @Test func aSecondHubOnTheStoreIsRefusedWhileTheDaemonRuns() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let devices = try SimulatedDevices(in: directory)
        let storePath = directory.file("store.sqlite")
        let app = try HubApplication.open(atPath: storePath, durability: .normal)
        let group = ServiceGroup(
            services: [HubDaemon(app: app, configuration: HubDaemon.Configuration(adapters: devices.setup))],
            logger: Logger(label: "test.daemon")
        )
        let running = Task { try await group.run() }
        try await eventually("the daemon opened its control socket", within: .seconds(120)) {
            FileManager.default.fileExists(atPath: ControlServer.socketPath(forStore: storePath))
        }
        let second = HubDaemon(app: app, configuration: HubDaemon.Configuration(adapters: devices.setup))
        await #expect(throws: HubSessionError.self) { try await second.run() }
        await group.triggerGracefulShutdown()
        try await running.value
    }
}
