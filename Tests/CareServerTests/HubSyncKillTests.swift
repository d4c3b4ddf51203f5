import CareServer
import CareServerStore
import Foundation
import HubServices
import HummingbirdTesting
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("The hub killed mid-push syncs every reading exactly once", .throwawayCluster)
struct HubSyncKillTests {
    /// The built `kidneyhub` beside this test bundle.
    static var kidneyhub: String {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
            + "/kidneyhub"
    }

    @Test("`kidneyhub care-team sync` killed with SIGKILL at four points and run again: every reading once")
    func killedAndRestarted() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, readings) = try await HubSyncTests.hub(days: 20)
            defer { directory.remove() }
            let port = try #require(harness.client.port)
            _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(port)", code: code)

            // One reading per Bundle: 60 requests, so that each kill lands between, or in the middle of, pushes.
            let sync = ["care-team", "sync", "--store", directory.file("hub.sqlite"), "--bundle-size", "1"]
            var killedWhileRunning = 0
            for target in [5, 17, 31, 46] {
                let hub = try CommandResult.start(Self.kidneyhub, sync)
                defer { if hub.isRunning { kill(hub.processIdentifier, SIGKILL) } }
                var held = 0
                try await eventually("the server to hold \(target) readings (holds \(held))", within: .seconds(120)) {
                    held = try await HubSyncTests.counted(harness.server.store, patient: ada.id).rows
                    return held >= target || !hub.isRunning
                }
                if hub.isRunning {
                    killedWhileRunning += 1
                    kill(hub.processIdentifier, SIGKILL)
                }
                await CommandResult.waitForExit(hub)
                // Whatever the kill interrupted, the server never holds a reading twice.
                let counted = try await HubSyncTests.counted(harness.server.store, patient: ada.id)
                #expect(counted.rows == counted.distinct)
            }
            #expect(killedWhileRunning >= 1, "every sync ended before its kill")

            let last = try await CommandResult.run(Self.kidneyhub, sync, timeout: .seconds(120))
            #expect(last.status == 0, "\(last.stderr)")
            let counted = try await HubSyncTests.counted(harness.server.store, patient: ada.id)
            #expect(counted.rows == readings && counted.distinct == readings)
            #expect(try await app.careTeam.status().pendingReadings == 0)
        }
    }
}
