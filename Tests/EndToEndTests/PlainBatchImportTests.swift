import AdapterHost
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// A third-party file adapter that sends `measurements/submit` only in the plain JSON form of
/// adapter-protocol.md §5.1 and asks for no optional capability (issue 22): it still passes
/// `kidneyhub adapters check` and its import stores every record once.
@Suite struct PlainBatchImportTests {
    /// Installs the Python example adapter with the test's CSV importer beside it, as its own adapter.
    private static func installPlainImporter(in workspace: Workspace) throws -> String {
        let directory = "\(workspace.adaptersDirectory)/plain-csv"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "\(Workspace.repositoryRoot)/Plugins/python-example/adapter.py",
            toPath: "\(directory)/adapter.py"
        )
        try FileManager.default.copyItem(
            atPath: "\(Workspace.repositoryRoot)/Tests/EndToEndTests/Fixtures/plain_csv_importer.py",
            toPath: "\(directory)/plain_csv_importer.py"
        )
        let manifest: [String: Any] = [
            "id": "plain-csv", "name": "Plain CSV weights (test)", "version": "0.1.0",
            "executable": "./plain_csv_importer.py", "arguments": [String](), "protocolVersions": ["1.0"],
            "kinds": ["body_weight", "blood_pressure", "heart_rate"],
            "matches": ["files": [["namePattern": "*.csv"]]],
        ]
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys])
        return try workspace.write(String(decoding: data, as: UTF8.self), to: "adapters/plain-csv/adapter.json")
    }

    /// 1,200 weights a minute apart from midnight, and a row that is not one: three batches of the hub's default
    /// 500, so the window is used.
    private static func weights() -> String {
        var text = "time,kg\n"
        for minute in 0..<1_200 {
            let time = String(format: "2026-11-20T%02d:%02d:00+01:00", minute / 60, minute % 60)
            text += time + String(format: ",%.1f\n", 80 + Double(minute % 7) / 10)
        }
        return text + "2026-11-21T07:00:00+01:00,heavy\n"
    }

    @Test func aPlainBatchImporterPassesTheChecksAndImportsEveryRecordOnce() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let manifest = try Self.installPlainImporter(in: workspace)
        try await workspace.acceptTerms()

        let check = try await CommandResult.run(
            Workspace.kidneyhub,
            ["adapters", "check", manifest],
            timeout: .seconds(120)
        )
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("plain-csv: conformant"), "\(check.stdout)")

        let csv = try workspace.write(Self.weights(), to: "weights.csv")
        let (first, outcomes) = try await ImportTests.importJSON(workspace, [csv])
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let report = try #require(outcomes.first?.report, "\(first.stdout)\(first.stderr)")
        #expect(report.adapterId == "plain-csv")
        #expect(report.kinds["body_weight"]?.imported == 1_200)
        #expect(report.rejected.map(\.location) == ["weights.csv:1202"])
        let store = try workspace.openStore()
        let stored = try await store.measurements(kind: .bodyWeight)
        #expect(stored.count == 1_200)
        #expect(stored.first?.measurement.value == 80.0)
        #expect(stored.first?.measurement.startMs == 1_795_129_200_000)  // 2026-11-20T00:00+01:00
        #expect(Set(stored.map(\.device.identity.deviceId)) == ["csv-scale"])

        // The same file again: every record a duplicate, nothing stored twice.
        let (second, again) = try await ImportTests.importJSON(workspace, [csv])
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        #expect(again.first?.report?.kinds["body_weight"] == .init(imported: 0, duplicates: 1_200, rejected: 1))
        #expect(try await store.measurementCount() == 1_200)
        await expectNoLeftovers(workspace)
    }
}
