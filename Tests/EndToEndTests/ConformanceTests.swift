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
        #expect(results.count == 16, "expected the 16 checks of adapter-protocol.md §10")
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

    /// Installs `Tests/conformance/held-out-adapter.py`, an adapter written from the protocol document
    /// apart from the shipped ones, optionally with one behaviour broken.
    private func installHeldOut(in workspace: Workspace, breaking check: String?) throws -> String {
        let script = "\(Workspace.repositoryRoot)/Tests/conformance/held-out-adapter.py"
        let manifest: [String: Any] = [
            "id": "held-out", "name": "Held-out adapter", "version": "1", "executable": script,
            "arguments": check.map { ["--break", $0] } ?? [], "protocolVersions": ["1.0"], "kinds": ["body_weight"],
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        return try workspace.write(String(decoding: data, as: UTF8.self), to: "adapters/held-out/adapter.json")
    }

    @Test func theHeldOutAdapterPassesEveryCheckWhenNothingIsBroken() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try await check(try installHeldOut(in: workspace, breaking: nil), in: workspace)
        #expect(try failedChecks(result) == [], "\(result.stdout)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let skipped = (report?["results"] as? [[String: Any]] ?? []).filter { $0["verdict"] as? String == "skip" }
        #expect(skipped.isEmpty, "every check applies to a syncing adapter: \(skipped)")
        #expect(result.status == 0)
        await expectNoLeftovers(workspace)
    }

    /// Each held-out bad adapter breaks one rule and fails `adapters check` naming the check about it.
    @Test(arguments: [
        ("handshake", "handshake"),
        ("unsupported-version", "unsupported-version"),
        ("not-initialized", "not-initialized"),
        ("unknown-method", "unknown-method"),
        ("ping", "ping"),
        ("stdout-purity", "stdout-purity"),
        ("cancellation", "cancellation"),
        ("batch-window", "batch-acknowledgement"),
        ("batch-size", "batch-acknowledgement"),
        ("invalid-records", "invalid-records"),
        ("cursor-only-batch", "cursor-only-batch"),
        ("progress", "progress"),
        ("shutdown", "shutdown"),
        ("request-after-shutdown", "request-after-shutdown"),
        ("batch-array", "batch-array"),
        ("parse-error", "parse-error"),
        ("exit-on-eof", "exit-on-eof"),
    ])
    func aHeldOutBadAdapterFailsNamingItsCheck(broken: String, failedCheck: String) async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let result = try await check(try installHeldOut(in: workspace, breaking: broken), in: workspace)
        #expect(result.status == 1)
        let failed = try failedChecks(result)
        // Some rules carry others: nothing works without a handshake; a batch larger than maxBatchRecords is refused
        // for good, so no sync completes (cancellation and progress fail too); an adapter that sends a §5.4 refusal
        // back unchanged also sends back a batch whose every record was refused.
        if ["handshake", "batch-size", "invalid-records"].contains(broken) {
            #expect(failed.contains(failedCheck), "\(result.stdout)")
        } else {
            #expect(failed == [failedCheck], "\(result.stdout)")
        }
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        let detail = (report?["results"] as? [[String: Any]] ?? []).first { $0["check"] as? String == failedCheck }
        let text = detail?["detail"] as? String ?? ""
        // The reason is a sentence, never a raw Swift error.
        #expect(!text.contains("DecodingError") && !text.contains("NullResult") && !text.isEmpty, "\(text)")
        if broken == "shutdown" {
            #expect(text == "shutdown was answered with {}; its result must be null (§3.6)")
        }
        if broken == "batch-window" {
            #expect(text.contains("beyond the window of 2") && text.contains("-32010"), "\(text)")
        }
        if broken == "batch-size" {
            #expect(text.contains("batch(es) of up to 10 records"), "\(text)")
        }
        await expectNoLeftovers(workspace)
    }
}
