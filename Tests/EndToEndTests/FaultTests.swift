import Foundation
import GRDB
import HubRecords
import HubStore
import Synchronization
import TestSupport
import Testing

/// The hub under adapter faults: crashes, crash loops, hangs, garbage and oversized lines, and
/// its own death by SIGKILL in the middle of an ingest. Each test asserts what was stored.
struct FaultTests {
    /// A glucometer holding `count` generated readings.
    private func bulkScenario(_ count: Int) -> String {
        """
        {"scenario":"bulk","devices":[{"deviceId":"meter","name":"Meter","manufacturer":"KidneyHub Simulator",
          "serial":"GM-1","readings":[],"generate":{"kind":"blood_glucose","unit":"mg/dL","count":\(count),
          "start":"2026-01-01T00:00:00+01:00","intervalSeconds":300,"minimum":70,"maximum":180}}]}
        """
    }

    /// Fast supervision so that backoffs and timeouts take fractions of a second.
    private let quick = ["--restart-backoff", "0.05"]

    private func events(_ store: HubDatabase) async throws -> [AdapterEvent] {
        try await store.adapterEvents()
    }

    private func expectDistinct(_ store: HubDatabase, count: Int) async throws {
        let (rows, distinct) = try await store.pool.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT count(*) FROM measurement") ?? -1,
                try Int.fetchOne(db, sql: "SELECT count(DISTINCT sourceRecordId) FROM measurement") ?? -1
            )
        }
        #expect(rows == count)
        #expect(distinct == count)
    }

    @Test func aCrashMidSyncIsRestartedAndTheSyncCompletesExactlyOnce() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        try workspace.installSimulator(
            scenario: bulkScenario(3000),
            arguments: ["--fault", "crash:1200,times=2,counterFile=\(workspace.path)/crashes"]
        )
        let result = try await workspace.kidneyhub(
            ["devices", "sync", "meter", "--adapter", "simulator", "--json"] + quick
        )
        #expect(result.status == 0, "sync failed: \(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["stored"] as? Int == 3000)
        #expect(report?["duplicates"] as? Int == 0)
        #expect(report?["resumptions"] as? Int == 2)
        // Per attempt and in total, named so: two attempts ended by the crash, the third completed and answered
        // for itself only (adapter-protocol.md §6); the attempts' stored counts add up to the total.
        let attempts = report?["attempts"] as? [[String: Any]] ?? []
        #expect(
            attempts.map { $0["outcome"] as? String } == [
                "adapter connection closed", "adapter connection closed", "completed",
            ]
        )
        #expect(attempts.compactMap { $0["stored"] as? Int }.reduce(0, +) == 3000)
        #expect(attempts.last?["submitted"] as? Int == report?["lastAttemptSubmitted"] as? Int)
        #expect((report?["lastAttemptSubmitted"] as? Int ?? 0) < 3000, "the last attempt resumed from the cursor")
        #expect(report?["submitted"] == nil, "no count that reads as a total but is one attempt's")
        let store = try workspace.openStore()
        try await expectDistinct(store, count: 3000)
        let kinds = try await events(store).map(\.kind)
        #expect(kinds.filter { $0 == .crashed }.count == 2)
        #expect(kinds.filter { $0 == .restarted }.count == 2)
        await expectNoLeftovers(workspace)
    }

    @Test func aCrashLoopTripsTheBreakerAndTheAdapterStaysFailedUntilRetried() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        // Crashes on its first five starts only, so that after a retry it works.
        try workspace.installSimulator(
            scenario: bulkScenario(10),
            arguments: ["--fault", "crash-on-start:times=5,counterFile=\(workspace.path)/starts"]
        )
        let result = try await workspace.kidneyhub(["devices", "sync", "meter", "--adapter", "simulator"] + quick)
        #expect(result.status != 0)
        #expect(result.stderr.contains("5 crashes"), "\(result.stderr)")
        let store = try workspace.openStore()
        let log = try await events(store)
        #expect(log.filter { $0.kind == .crashed }.count == 5)
        #expect(log.last?.kind == .quarantined)
        #expect(try await store.adapters().first { $0.id == "simulator" }?.state == .failed)
        #expect(try await store.measurementCount() == 0)

        // The mark outlives the hub that set it: the next command does not start the adapter.
        let refused = try await workspace.kidneyhub(["devices", "sync", "meter", "--adapter", "simulator"] + quick)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("adapters retry simulator"), "\(refused.stderr)")
        #expect(try await events(store).filter { $0.kind == .crashed }.count == 5)
        let listed = try await workspace.kidneyhub(["adapters", "list", "--json"])
        #expect(listed.stdout.contains(#""state" : "failed""#), "\(listed.stdout)")

        let retry = try await workspace.kidneyhub(["adapters", "retry", "simulator"])
        #expect(retry.status == 0, "\(retry.stderr)")
        let synced = try await workspace.kidneyhub(["devices", "sync", "meter", "--adapter", "simulator"] + quick)
        #expect(synced.status == 0, "\(synced.stderr)")
        #expect(try await store.measurementCount() == 10)
        await expectNoLeftovers(workspace)
    }

    @Test func aHungAdapterIsKilledAfterItsTimeout() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        try workspace.installSimulator(scenario: bulkScenario(10), arguments: ["--fault", "hang-sync"])
        let started = ContinuousClock.now
        let result = try await workspace.kidneyhub(
            ["devices", "sync", "meter", "--adapter", "simulator", "--request-idle-timeout", "0.3"] + quick
        )
        #expect(result.status != 0)
        // A bound on a loaded 2-core machine running the whole suite, as AdapterStopTests has: a hang is 0.3 s idle.
        #expect(ContinuousClock.now - started < .seconds(60))
        let log = try await events(try workspace.openStore())
        let hangs = log.filter { $0.kind == .hung }
        #expect(hangs.count == 5, "each attempt hung and was killed: \(log.map(\.message))")
        #expect(hangs.first?.message.contains("idle timeout") == true)
        await expectNoLeftovers(workspace)
    }

    @Test func aGarbageLineIsLoggedAsAViolationAndTheSyncCompletes() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        try workspace.installSimulator(scenario: bulkScenario(700), arguments: ["--fault", "garbage-line"])
        let result = try await workspace.kidneyhub(["devices", "sync", "meter", "--adapter", "simulator"] + quick)
        #expect(result.status == 0, "sync failed: \(result.stderr)")
        let store = try workspace.openStore()
        try await expectDistinct(store, count: 700)
        let violations = try await events(store).filter { $0.kind == .violation }
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("this is not json") == true)
        #expect(try await events(store).contains { $0.kind == .crashed } == false)
        await expectNoLeftovers(workspace)
    }

    @Test func anOversizedLineIsAViolationThatStopsTheAdapterNotTheHub() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        try workspace.installSimulator(scenario: bulkScenario(10), arguments: ["--fault", "oversized-line"])
        let result = try await workspace.kidneyhub(["devices", "sync", "meter", "--adapter", "simulator"] + quick)
        // Every attempt sends the oversized line again, so the breaker trips; the hub itself ends
        // normally with the reason, and the log holds each violation.
        #expect(result.status == 1)
        #expect(result.stderr.contains("unavailable"), "\(result.stderr)")
        let log = try await events(try workspace.openStore())
        #expect(log.filter { $0.kind == .oversizedLine }.count == 5)
        #expect(log.first { $0.kind == .oversizedLine }?.message.contains("1 MiB") == true)
        await expectNoLeftovers(workspace)
    }

    @Test func duplicateRecordsAreCountedAndStoredOnce() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        try workspace.installSimulator(scenario: bulkScenario(1200), arguments: ["--fault", "duplicate-records"])
        let result = try await workspace.kidneyhub(
            ["devices", "sync", "meter", "--adapter", "simulator", "--json"] + quick
        )
        #expect(result.status == 0, "sync failed: \(result.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(report?["stored"] as? Int == 1200)
        #expect(report?["duplicates"] as? Int == 1200)
        try await expectDistinct(try workspace.openStore(), count: 1200)
        await expectNoLeftovers(workspace)
    }

    @Test func aSlowAdapterThatReportsProgressIsNotTakenForHung() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        // Each pause (3 s) is longer than the idle timeout (2 s): the sync finishes only because the
        // simulator reports progress every 200 ms of a pause and progress resets the idle deadline.
        try workspace.installSimulator(scenario: bulkScenario(1000), arguments: ["--fault", "slow-sync:3000"])
        let result = try await workspace.kidneyhub(
            ["devices", "sync", "meter", "--adapter", "simulator", "--request-idle-timeout", "2"] + quick
        )
        #expect(result.status == 0, "sync failed: \(result.stderr)")
        let store = try workspace.openStore()
        try await expectDistinct(store, count: 1000)
        #expect(try await events(store).contains { $0.kind == .hung } == false)
        await expectNoLeftovers(workspace)
    }

    @Test func killingTheHubMidSyncLosesNothingAndStoresNothingTwice() async throws {
        let workspace = try Workspace()
        defer { workspace.remove() }
        try await workspace.acceptTerms()
        let total = 30_000
        let stalled = 10_000
        // The simulator stalls once, with the sync open, after 10 000 acknowledged readings: the kill lands at a
        // known point however loaded the machine is (KillDrillTests kills at random points mid-write).
        let stalls = workspace.path + "/stalls"
        try workspace.installSimulator(
            scenario: bulkScenario(total),
            arguments: ["--fault", "stall:\(stalled),counterFile=\(stalls)"]
        )
        let arguments = [
            "devices", "sync", "meter", "--adapter", "simulator", "--store", workspace.storePath,
            "--adapters-dir", workspace.adaptersDirectory,
        ]
        let hub = try CommandResult.start(Workspace.kidneyhub, arguments)
        // A wait that times out throws: the sync must not run on after the test.
        defer { if hub.isRunning { kill(hub.processIdentifier, SIGKILL) } }
        var seen = 0
        let opened = Mutex<HubDatabase?>(nil)
        try await eventually(
            "the sync to stall (\(stalled) readings stored and the stall claimed; seen \(seen))",
            within: .seconds(120)
        ) {
            let storePath = workspace.storePath
            seen = await offCooperativePool {
                // Opened once: opening checks the schema and can wait for the hub's writes; reading does not (WAL).
                if opened.withLock({ $0 }) == nil, FileManager.default.fileExists(atPath: storePath) {
                    let store = try? HubDatabase.open(atPath: storePath)
                    opened.withLock { $0 = store }
                }
                guard let store = opened.withLock({ $0 }) else { return 0 }
                return
                    (try? store.pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM measurement") ?? 0 })
                    ?? 0
            }
            // The stall is claimed (its counter file written) once its readings are acknowledged: killed before
            // that, the simulator never counted it and would stall again in the re-sync (a loaded run did).
            return seen >= stalled && FileManager.default.fileExists(atPath: stalls)
        }
        #expect(hub.isRunning, "the hub ended before the kill")
        kill(hub.processIdentifier, SIGKILL)
        await CommandResult.waitForExit(hub)
        #expect(hub.terminationReason == .uncaughtSignal)
        // The adapter sees its stdin close (and its hub gone) and exits on its own.
        await expectNoLeftovers(workspace)

        let store = try workspace.openStore()
        let afterKill = try await store.measurementCount()
        #expect(afterKill == stalled, "the stall holds exactly the acknowledged readings: \(afterKill)")
        let resumed = try await workspace.kidneyhub(["devices", "sync", "meter", "--adapter", "simulator"])
        #expect(resumed.status == 0, "the re-sync failed: \(resumed.stderr)")
        try await expectDistinct(store, count: total)
        await expectNoLeftovers(workspace)
    }
}
