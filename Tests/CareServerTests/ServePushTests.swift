import AdapterHost
import CareServer
import CareServerStore
import Foundation
import HubDaemon
import HubServices
import Logging
import ServiceLifecycle
import Synchronization
import TestSupport
import Testing

@Suite("`kidneyhub serve` pushes to the care team periodically", .throwawayCluster)
struct ServePushTests {
    /// The outcomes of every pass the daemon's push made.
    final class Passes: Sendable {
        let all = Mutex<[[CareTeamService.PassOutcome]]>([])
        var count: Int { all.withLock { $0.count } }
        var failures: Int {
            all.withLock { passes in
                passes.joined().filter { if case .failure = $0.result { true } else { false } }.count
            }
        }
    }

    @Test("nothing while not connected; then everything, over several bounded passes; a server away and back")
    func servePushes() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, held) = try await HubSyncKindsTests.withEverything(days: 10)
            defer { directory.remove() }
            let database = harness.server.configuration.databaseURL
            let server = try await RunningCareServer.start(database: database)
            let passes = Passes()
            let daemon = HubDaemon(
                app: app,
                configuration: HubDaemon.Configuration(
                    adapters: AdapterSetup(
                        catalog: AdapterCatalog(directories: [directory.file("no-adapters")], productsDirectory: nil)
                    ),
                    syncInterval: .seconds(3600),
                    careTeamPush: HubDaemon.CareTeamPush(
                        interval: .milliseconds(100),
                        maximumBackoff: .milliseconds(800),
                        // Two Bundles of ten per pass: the backlog goes over several passes.
                        options: CareTeamSyncOptions(
                            bundleSize: 10,
                            maxBundles: 2,
                            attempts: 1,
                            connectTimeout: .seconds(1)
                        ),
                        onPass: { outcomes in passes.all.withLock { $0.append(outcomes) } }
                    )
                )
            )
            let group = ServiceGroup(services: [daemon], logger: Logger(label: "test.daemon"))
            let running = Task { try await group.run() }
            var later: RunningCareServer?
            do {
                try await eventually("two passes while no profile is connected", within: .seconds(120)) {
                    passes.count >= 2
                }
                #expect(passes.all.withLock { $0.allSatisfy(\.isEmpty) })
                #expect(try await HubSyncTests.counted(harness.server.store, patient: ada.id).rows == 0)

                _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(server.port)", code: code)
                let connectedAt = passes.count
                try await eventually("serve pushed every reading, lab and dose", within: .seconds(120)) {
                    let status = try await app.careTeam.status()
                    return status.pendingReadings == 0 && status.pendingLabs == 0 && status.pendingDoses == 0
                }
                try await HubSyncKindsTests.expectExactlyOnce(harness.server.store, patient: ada.id, held)
                let pushing = passes.all.withLock { Array($0[connectedAt...]) }
                #expect(pushing.filter { !$0.isEmpty }.count >= 2, "a bounded pass left some for the next")

                // The server goes away; a new weight waits, passes fail, and it goes once the server is back.
                try await server.stop()
                _ = try await app.weight.add(
                    value: 70.2,
                    unit: "kg",
                    phase: nil,
                    at: "2026-11-01T06:30:00Z",
                    profile: nil
                )
                try await eventually("a pass failed while the server was away", within: .seconds(120)) {
                    passes.failures >= 1
                }
                later = try await RunningCareServer.start(database: database, port: server.port)
                try await eventually("the new weight reached the server once it was back", within: .seconds(120)) {
                    try await HubSyncKindsTests.counted(
                        harness.server.store,
                        "reading",
                        system: "urn:kidneyhub:measurement",
                        patient: ada.id
                    ).rows == held.readings + 1
                }
                let more = HubSyncKindsTests.Held(
                    readings: held.readings + 1,
                    labs: held.labs,
                    doses: held.doses,
                    intakeDays: held.intakeDays
                )
                try await HubSyncKindsTests.expectExactlyOnce(harness.server.store, patient: ada.id, more)
            } catch {
                await group.triggerGracefulShutdown()
                _ = try? await running.value
                try? await server.stop()
                try? await later?.stop()
                throw error
            }
            await group.triggerGracefulShutdown()
            try await running.value
            try await later?.stop()
        }
    }
}
