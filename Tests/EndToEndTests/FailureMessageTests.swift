import Foundation
import HubStore
import TestSupport
import Testing

/// Issue 21, drill finding 6: errors that misled. An adapter dying mid-import gave "write failed: Broken pipe
/// (-32603)", with no word that what was stored is kept and that a re-run is safe; an adapter that crashes on the
/// first sync gave "no adapter knows device …".
struct FailureMessageTests {
    @Test func anAdapterDyingMidImportSaysWhatHappenedWhatIsKeptAndThatARerunIsSafe() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let script = "\(Workspace.repositoryRoot)/Tests/conformance/dying-importer.py"
        let manifest: [String: Any] = [
            "id": "dying-importer", "name": "Dying importer", "version": "1", "executable": script,
            "protocolVersions": ["1.0"], "kinds": ["body_weight"],
            "matches": ["files": [["namePattern": "*.dying"]]],
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        _ = try workspace.write(String(decoding: data, as: UTF8.self), to: "adapters/dying-importer/adapter.json")
        let file = try workspace.write("two weights\n", to: "weights.dying")
        let result = try await workspace.kidneyhub(["import", file])
        #expect(result.status != 0)
        #expect(
            result.stderr.contains("the dying-importer adapter stopped in the middle of importing"),
            "\(result.stderr)"
        )
        #expect(
            result.stderr.contains(
                "The 2 records stored before it stopped are kept; running the same import again is safe"
            ),
            "\(result.stderr)"
        )
        #expect(try await workspace.openStore().measurementCount() == 2)
        await expectNoLeftovers(workspace)
    }

    @Test func anAdapterThatCrashesOnTheFirstSyncIsNamedAsUnableToLook() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let scenario = try String(
            contentsOfFile: "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json",
            encoding: .utf8
        )
        try workspace.installSimulator(scenario: scenario, arguments: ["--fault", "crash-on-start"])
        let result = try await workspace.kidneyhub(["devices", "sync", "sim-scale-1"], timeout: .seconds(180))
        #expect(result.status != 0)
        #expect(result.stderr.contains("adapters that could not look: "), "\(result.stderr)")
        #expect(result.stderr.contains("simulator: connection closed"), "\(result.stderr)")
        #expect(!result.stderr.contains("no adapter knows device"), "\(result.stderr)")
        await expectNoLeftovers(workspace)
    }
}
