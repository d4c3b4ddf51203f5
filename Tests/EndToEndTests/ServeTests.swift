import Foundation
import HubStore
import TestSupport
import Testing

/// `kidneyhub serve`: the daemon owns the store; other commands reach it over its control socket
/// instead of starting a second hub, and it stops cleanly on SIGTERM.
struct ServeTests {
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
                "serve", "--store", workspace.storePath, "--adapters-dir", workspace.adaptersDirectory,
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
                "serve", "--store", workspace.storePath, "--adapters-dir", workspace.adaptersDirectory,
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
