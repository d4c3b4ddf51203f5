import CareServer
import CareServerStore
import Clinical
import Foundation
import HubServices
import HubStore
import HummingbirdTesting
import Logging
import PostgresNIO
import SampleData
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("A year of a patient synced through SIGKILLs and a server outage, exactly once", .throwawayCluster)
struct HubSyncYearDrillTests {
    /// SIGKILLs of the hub in one run: a handful here (the suite's time), 20 with `KIDNEYHUB_SYNC_DRILL_KILLS=20`
    /// (the drill, docs/benchmarks.md).
    static var kills: Int { ProcessInfo.processInfo.environment["KIDNEYHUB_SYNC_DRILL_KILLS"].flatMap(Int.init) ?? 5 }

    /// A hub holding the generated year of a hemodialysis patient (readings, monthly labs, meals and drinks): the
    /// same content on every call, so that two hubs hold the same resources.
    static func yearHub() async throws -> (TemporaryDirectory, HubApplication) {
        let directory = try TemporaryDirectory()
        let path = directory.file("hub.sqlite")
        let store = try HubDatabase.open(atPath: path)
        _ = try await SamplePatientHistory.write(
            into: store,
            name: "Ana",
            days: 365,
            lastDay: try CalendarDate(year: 2026, month: 10, day: 31)
        )
        return (directory, try HubApplication.open(atPath: path))
    }

    /// A year hub connected with `code` and pushed whole in one run: its directory and the run's report.
    static func unbrokenPush(to url: String, code: String) async throws -> (TemporaryDirectory, CareTeamSyncReport) {
        let (directory, hub) = try await yearHub()
        _ = try await hub.careTeam.connect(serverURL: url, code: code)
        return (directory, try await hub.careTeam.sync(options: CareTeamSyncOptions(bundleSize: 500)))
    }

    /// Rows of `table` for the patient, and distinct identifiers among them.
    static func counted(_ store: CareStore, _ table: String, patient: Int) async throws -> (rows: Int, distinct: Int) {
        let rows = try await store.client.query(
            """
            SELECT count(*), count(DISTINCT (identifier_system, identifier_value)) FROM \(unescaped: table)
            WHERE patient_id = \(Int64(patient))
            """,
            logger: Logger(label: "test")
        )
        for try await (all, distinct) in rows.decode((Int, Int).self) { return (all, distinct) }
        return (0, 0)
    }

    /// Resources (identifier, value, time) one patient has on the server and the other has not.
    static func difference(_ store: CareStore, _ one: Int, _ other: Int) async throws -> Int {
        let rows = try await store.client.query(
            """
            SELECT count(*) FROM (
                SELECT identifier_system, identifier_value, value, effective_at FROM reading
                WHERE patient_id = \(Int64(one))
                EXCEPT
                SELECT identifier_system, identifier_value, value, effective_at FROM reading
                WHERE patient_id = \(Int64(other))
            ) d
            """,
            logger: Logger(label: "test")
        )
        for try await count in rows.decode(Int.self) { return count }
        return -1
    }

    @Test("SIGKILLs at random points and the server stopped mid-push: the same resources as an unbroken push")
    func yearThroughKillsAndOutage() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let ben = try await harness.patient("9000000002", in: clinic)
            let store = harness.server.store
            let port = try #require(harness.client.port)

            // The reference, Ben: the same year pushed in one unbroken run, while Ada's hub is written.
            let benCode = try await harness.enrollmentCode(for: ben.id, clinic: clinic)
            async let reference = Self.unbrokenPush(to: "http://127.0.0.1:\(port)", code: benCode)
            let (directory, hub) = try await Self.yearHub()
            defer { directory.remove() }
            let (benDirectory, unbroken) = try await reference
            defer { benDirectory.remove() }
            let total = try await Self.counted(store, "reading", patient: ben.id)
            #expect(unbroken.sent == total.rows && total.rows == total.distinct && total.rows > 3000)

            // Ada's hub pushes the same year through a server it sees go away and come back.
            let database = harness.server.configuration.databaseURL
            let first = try await RunningCareServer.start(database: database)
            _ = try await hub.careTeam.connect(
                serverURL: "http://127.0.0.1:\(first.port)",
                code: try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            )
            let sync = [
                "care-team", "sync", "--store", directory.file("hub.sqlite"), "--bundle-size", "40", "--attempts", "8",
            ]
            // Random points, in order, across the first two thirds of the push.
            let targets = (0..<Self.kills).map { _ in Int.random(in: 1..<(total.rows * 2 / 3)) }.sorted()
            var killedWhileRunning = 0
            for target in targets {
                let process = try CommandResult.start(HubSyncKillTests.kidneyhub, sync)
                defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
                try await eventually("the server to hold \(target) of Ada's resources", within: .seconds(120)) {
                    try await Self.counted(store, "reading", patient: ada.id).rows >= target || !process.isRunning
                }
                if process.isRunning {
                    killedWhileRunning += 1
                    kill(process.processIdentifier, SIGKILL)
                }
                await CommandResult.waitForExit(process)
                let counted = try await Self.counted(store, "reading", patient: ada.id)
                #expect(counted.rows == counted.distinct)
            }
            #expect(killedWhileRunning >= 1, "every sync ended before its kill")

            // The network cut mid-push: the server stops while a sync runs and comes back on the same address; the
            // sync's retries carry it through.
            let process = try CommandResult.start(HubSyncKillTests.kidneyhub, sync)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            let before = try await Self.counted(store, "reading", patient: ada.id).rows
            try await eventually("the sync to push more", within: .seconds(120)) {
                try await Self.counted(store, "reading", patient: ada.id).rows > before || !process.isRunning
            }
            let cutWhileRunning = process.isRunning
            try await first.stop()
            let second = try await RunningCareServer.start(database: database, port: first.port)
            await CommandResult.waitForExit(process)
            #expect(cutWhileRunning, "the sync ended before the cut")

            let last = try await CommandResult.run(HubSyncKillTests.kidneyhub, sync, timeout: .seconds(120))
            try await second.stop()
            #expect(last.status == 0, "\(last.stderr)")
            let counted = try await Self.counted(store, "reading", patient: ada.id)
            #expect(counted.rows == total.rows && counted.distinct == total.rows)
            #expect(try await Self.difference(store, ada.id, ben.id) == 0)
            #expect(try await Self.difference(store, ben.id, ada.id) == 0)
            let status = try await hub.careTeam.status()
            #expect(status.pendingReadings == 0 && status.pendingLabs == 0)
        }
    }
}
