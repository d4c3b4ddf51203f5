import AdapterHost
import Foundation
import HubStore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `kidneyhub import` while `kidneyhub serve` holds the store: the running hub imports (a second hub cannot take
/// the store's lock), and what it stored is the store's, as if the command had imported it itself.
struct ImportWhileServingTests {
    @Test func anImportWhileServeRunsGoesThroughTheRunningHub() async throws {
        let workspace = try await ImportTests.workspace()
        defer { workspace.remove() }
        // A public sample (Garmin's FIT SDK activity, see Tests/Fixtures/fit/README.md), named relative to the
        // command's working folder to check that the running hub, started elsewhere, still finds it.
        let sample = "\(Workspace.repositoryRoot)/Tests/Fixtures/fit/garmin-fenix-5-walk.fit"
        try FileManager.default.copyItem(atPath: sample, toPath: "\(workspace.path)/walk.fit")
        let serve = try CommandResult.start(
            Workspace.kidneyhub,
            [
                "serve", "--no-http", "--store", workspace.storePath, "--adapters-dir", workspace.adaptersDirectory,
                "--sync-interval", "3600",
            ]
        )
        defer { if serve.isRunning { kill(serve.processIdentifier, SIGKILL) } }
        let socket = workspace.storePath + ".sock"
        try await eventually("serve opened its socket") { FileManager.default.fileExists(atPath: socket) }

        let (first, outcomes) = try await ImportTests.importJSON(workspace, ["walk.fit"], from: workspace.path)
        #expect(first.status == 0, "\(first.stderr)")
        let report = try #require(outcomes.first?.report, "\(first.stdout) \(first.stderr)")
        #expect(report.path == "walk.fit")
        #expect(report.adapterId == "garmin-fit")
        let imported = report.kinds.values.map(\.imported).reduce(0, +)
        #expect(imported > 0)

        kill(serve.processIdentifier, SIGTERM)
        await CommandResult.waitForExit(serve)
        #expect(serve.terminationStatus == 0)
        #expect(try await workspace.openStore().measurementCount() == imported)
        // The same file again, now with the command's own hub: everything is already stored.
        let (second, again) = try await ImportTests.importJSON(workspace, ["walk.fit"], from: workspace.path)
        #expect(second.status == 0, "\(second.stderr)")
        let repeated = try #require(again.first?.report)
        #expect(repeated.kinds.values.map(\.imported).reduce(0, +) == 0)
        #expect(repeated.kinds.values.map(\.duplicates).reduce(0, +) == imported)
        await expectNoLeftovers(workspace)
    }
}
