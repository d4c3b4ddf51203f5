import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// `kidneyhub demo`: the real hub binary and the real simulator on the dialysis-day scenario.
@Suite(.serialized) struct DemoTests {
    @Test func demoStoresTheDialysisDayExactlyOnce() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let scenario = try String(
            contentsOfFile: "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json",
            encoding: .utf8
        )
        try workspace.installSimulator(scenario: scenario)

        let first = try await workspace.kidneyhub(["demo"])
        #expect(first.status == 0, "demo failed: \(first.stderr)")
        #expect(first.stdout.contains("sim-scale-1"))
        #expect(first.stdout.contains("148/86"))

        let store = try workspace.openStore()
        let weights = try await store.measurements(kind: .bodyWeight)
        #expect(weights.count == 3)
        let pre = try #require(weights.first { $0.measurement.sourceRecordId == "SC-0001/2" })
        #expect(pre.measurement.value == 82.4)
        #expect(pre.measurement.context?.dialysisPhase == .pre)
        #expect(pre.measurement.utcOffsetSeconds == 3600)
        #expect(
            RFC3339.format(epochMilliseconds: pre.measurement.startMs, utcOffsetSeconds: 0) == "2026-11-17T06:10:00Z"
        )
        let total = try await store.measurementCount()
        #expect(total == 10)

        // A second run syncs from the stored cursors: nothing new, nothing stored twice.
        let second = try await workspace.kidneyhub(["demo"])
        #expect(second.status == 0, "second demo failed: \(second.stderr)")
        #expect(try await store.measurementCount() == total)

        let listing = try await workspace.kidneyhub(
            ["measurements", "list", "--kind", "blood_pressure", "--json"],
            runsAdapters: false
        )
        let rows = try JSONSerialization.jsonObject(with: Data(listing.stdout.utf8)) as? [[String: Any]]
        #expect(rows?.count == 2)
        #expect((rows?.first?["components"] as? [String: Double])?["systolic"] == 148)
        #expect(rows?.first?["unit"] as? String == "mm[Hg]")

        await expectNoLeftovers(workspace)
    }

    @Test func deviceReadingsAreRefusedBeforeTheTermsAreAccepted() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        let scenario = try String(
            contentsOfFile: "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/dialysis-day.json",
            encoding: .utf8
        )
        try workspace.installSimulator(scenario: scenario)
        let refused = try await workspace.kidneyhub(["devices", "sync", "sim-scale-1", "--adapter", "simulator"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("kidneyhub terms accept"), "\(refused.stderr)")
        #expect(try await workspace.openStore().measurementCount() == 0)
        try await workspace.acceptTerms()
        let synced = try await workspace.kidneyhub(["devices", "sync", "sim-scale-1", "--adapter", "simulator"])
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try await workspace.openStore().measurementCount() == 3)
        await expectNoLeftovers(workspace)
    }

    @Test func invalidRecordsAreRefusedAndTheValidOnesStored() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let scenario = try String(
            contentsOfFile: "\(Workspace.repositoryRoot)/Plugins/simulator/scenarios/invalid-records.json",
            encoding: .utf8
        )
        try workspace.installSimulator(scenario: scenario)
        let sync = try await workspace.kidneyhub([
            "devices", "sync", "sim-bad-scale-1", "--adapter", "simulator", "--json",
        ])
        #expect(sync.status == 0, "sync failed: \(sync.stderr)")
        let rows = try await workspace.openStore().measurements()
        #expect(rows.map(\.measurement.sourceRecordId) == ["SC-0666/1", "SC-0666/7"])
        // The hub's refusal named each bad record's field; the adapter logged and dropped them.
        for field in ["unit", "kind", "effectiveTime", "sourceRecordId"] {
            #expect(sync.stderr.contains(field), "the refusal did not name \(field): \(sync.stderr)")
        }
        await expectNoLeftovers(workspace)
    }

    @Test func thePythonExampleSyncsThroughTheHubIncrementally() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        try workspace.installPythonExample()
        let scan = try await workspace.kidneyhub(["devices", "scan", "--seconds", "1", "--json"])
        #expect(scan.status == 0, "\(scan.stderr)")
        #expect(scan.stdout.contains("py-scale-1"))
        let first = try await workspace.kidneyhub(["devices", "sync", "py-scale-1", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let store = try workspace.openStore()
        let stored = try await store.measurementCount()
        #expect(stored > 0)
        #expect(try await store.measurements(kind: .bloodPressure).allSatisfy { $0.measurement.unit == "mm[Hg]" })
        // The second sync starts from the stored cursor: the adapter sends nothing again.
        let second = try await workspace.kidneyhub(["devices", "sync", "py-scale-1", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(second.stdout.utf8)) as? [String: Any]
        #expect(report?["stored"] as? Int == 0)
        #expect(report?["duplicates"] as? Int == 0)
        #expect(try await store.measurementCount() == stored)
        await expectNoLeftovers(workspace)
    }

    @Test func listingsRefuseUnknownKindsAndBadDates() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let unknownKind = try await workspace.kidneyhub(
            ["measurements", "list", "--kind", "weight"],
            runsAdapters: false
        )
        #expect(unknownKind.status != 0)
        #expect(unknownKind.stderr.contains("body_weight"))
        let badDate = try await workspace.kidneyhub(
            ["measurements", "list", "--since", "17/11/2026"],
            runsAdapters: false
        )
        #expect(badDate.status != 0)
        #expect(badDate.stderr.contains("--since"))
    }
}
