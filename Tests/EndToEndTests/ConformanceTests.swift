import Foundation
import TestSupport
import Testing

/// `kidneyhub adapters check` against the shipped adapters and against adapters that break
/// the protocol on purpose (the simulator with faults).
struct ConformanceTests {
    private func check(_ manifest: String, in workspace: Workspace) async throws -> CommandResult {
        try await CommandResult.run(
            Workspace.kidneyhub,
            ["adapters", "check", manifest, "--json"],
            timeout: .seconds(120)
        )
    }

    private func failedChecks(_ result: CommandResult) throws -> [String] {
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let results = report?["results"] as? [[String: Any]] ?? []
        #expect(results.count == 10, "expected the 10 checks of adapter-protocol.md §10")
        return results.filter { $0["verdict"] as? String == "fail" }.compactMap { $0["check"] as? String }
    }

    @Test func theSimulatorIsConformant() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let manifest = try workspace.installSimulator(
            scenario: try String(
                contentsOfFile: "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json",
                encoding: .utf8
            )
        )
        let result = try await check(manifest, in: workspace)
        #expect(try failedChecks(result) == [], "\(result.stdout)")
        #expect(result.status == 0)
        await expectNoLeftovers(workspace)
    }

    @Test func thePythonExampleIsConformant() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try await check(try workspace.installPythonExample(), in: workspace)
        #expect(try failedChecks(result) == [], "\(result.stdout)")
        #expect(result.status == 0)
        await expectNoLeftovers(workspace)
    }

    @Test(arguments: [
        ("stdout-log", "stdout-purity"),
        ("wrong-version", "unsupported-version"),
        ("ignore-shutdown", "shutdown"),
    ])
    func aBrokenAdapterFailsNamingTheCheck(fault: String, failedCheck: String) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let manifest = try workspace.installSimulator(
            scenario: #"{"scenario":"empty","devices":[]}"#,
            arguments: ["--fault", fault]
        )
        let result = try await check(manifest, in: workspace)
        #expect(result.status == 1)
        #expect(try failedChecks(result) == [failedCheck], "\(result.stdout)")
        let table = try await CommandResult.run(
            Workspace.kidneyhub,
            ["adapters", "check", manifest],
            timeout: .seconds(120)
        )
        #expect(table.stdout.contains("FAILED \(failedCheck)"))
        await expectNoLeftovers(workspace)
    }
}
