import Foundation
import HubStore
import TestSupport
import Testing

/// `kidneyhub serve`: the daemon owns the store; other commands reach it over its control socket
/// instead of starting a second hub, and it stops cleanly on SIGTERM.
struct ServeTests {
    /// Issue 21, drill finding 10: a store whose socket path does not fit a Unix socket address (107 bytes) is
    /// refused by `serve` with the reason and what to do, not with a bare system error.
    @Test func serveRefusesAStoreWhoseSocketPathIsLongerThanAUnixSocketHolds() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let folder = workspace.path + "/" + String(repeating: "a-long-folder-name/", count: 6)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let store = folder + "store.sqlite"
        #expect((store + ".sock").utf8.count > 107)
        let terms = try await CommandResult.run(
            Workspace.kidneyhub,
            ["terms", "accept", "--store", store],
            timeout: .seconds(60)
        )
        #expect(terms.status == 0, "\(terms.stderr)")
        let serve = try await CommandResult.run(
            Workspace.kidneyhub,
            ["serve", "--no-http", "--store", store, "--adapters-dir", workspace.adaptersDirectory],
            timeout: .seconds(60)
        )
        #expect(serve.status != 0)
        #expect(serve.stderr.contains("a Unix socket's path holds at most 107"), "\(serve.stderr)")
        #expect(serve.stderr.contains("shorter path (--store)"), "\(serve.stderr)")
    }

    @Test func commandsGoThroughTheRunningHubWhichStopsCleanlyOnSIGTERM() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let scenario = try String(
            contentsOfFile: "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json",
            encoding: .utf8
        )
        try workspace.installSimulator(scenario: scenario)
        let serve = try CommandResult.start(
            Workspace.kidneyhub,
            [
                "serve", "--no-http", "--store", workspace.storePath, "--adapters-dir", workspace.adaptersDirectory,
                "--sync-interval", "3600",
            ]
        )
        let socket = workspace.storePath + ".sock"
        try await eventually("serve opened its socket") { FileManager.default.fileExists(atPath: socket) }

        // With the hub running, a second hub on the store is impossible (the lock), so this sync
        // can only succeed through the control socket.
        let sync = try await workspace.kidneyhub(["devices", "sync", "sim-scale-1", "--adapter", "simulator", "--json"])
        #expect(sync.status == 0, "sync through the running hub failed: \(sync.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [String: Any]
        #expect(report?["stored"] as? Int == 3)
        let scan = try await workspace.kidneyhub(["devices", "scan", "--seconds", "1", "--json"])
        #expect(scan.status == 0, "scan failed: \(scan.stderr)")
        #expect(scan.stdout.contains("sim-glucometer-1"))

        kill(serve.processIdentifier, SIGTERM)
        await CommandResult.waitForExit(serve)
        #expect(serve.terminationReason == .exit)
        #expect(serve.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket file outlived the hub")
        #expect(try await workspace.openStore().measurementCount() == 3)
        // The store is free again: a command now runs its own hub.
        let after = try await workspace.kidneyhub(["devices", "sync", "sim-cuff-1", "--adapter", "simulator"])
        #expect(after.status == 0, "\(after.stderr)")
        await expectNoLeftovers(workspace)
    }

    @Test func sigtermStopsTheHubEvenInTheMiddleOfAStuckSync() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        try workspace.installSimulator(
            scenario: #"{"scenario":"stuck","devices":[{"deviceId":"meter","name":"Meter","readings":[]}]}"#,
            arguments: ["--fault", "hang-sync"]
        )
        let serve = try CommandResult.start(
            Workspace.kidneyhub,
            [
                "serve", "--no-http", "--store", workspace.storePath, "--adapters-dir", workspace.adaptersDirectory,
                "--sync-interval", "3600",
            ]
        )
        try await eventually("serve opened its socket") {
            FileManager.default.fileExists(atPath: workspace.storePath + ".sock")
        }
        let stuck = try CommandResult.start(
            Workspace.kidneyhub,
            ["devices", "sync", "meter", "--adapter", "simulator", "--store", workspace.storePath]
        )
        // The sync now waits on an adapter that never answers: the hub started it for the request.
        try await eventually("the hub started the hanging adapter") {
            workspace.strayProcesses().contains { $0.contains("kidneyhub-simulator") }
        }
        let signalled = ContinuousClock.now
        kill(serve.processIdentifier, SIGTERM)
        await CommandResult.waitForExit(serve)
        #expect(ContinuousClock.now - signalled < .seconds(15))
        #expect(serve.terminationReason == .exit && serve.terminationStatus == 0)
        await CommandResult.waitForExit(stuck)
        #expect(stuck.terminationStatus != 0, "the stuck sync cannot have succeeded")
        await expectNoLeftovers(workspace)
    }
}
