import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import HubServices
import HummingbirdTesting
import Logging
import PostgresNIO
import TestSupport
import Testing

@Suite("A hub syncs its readings to the care-team server exactly once", .throwawayCluster)
struct HubSyncTests {
    /// A hub with the terms accepted, one profile and `days` days of home readings as a dialysis patient takes them:
    /// a weight each morning, and a blood pressure with its pulse (two readings). Returns the readings' count.
    static func hub(days: Int) async throws -> (TemporaryDirectory, HubApplication, Int) {
        let directory = try TemporaryDirectory()
        let app = try HubApplication.open(atPath: directory.file("hub.sqlite"))
        _ = try await app.terms.acceptCurrent()
        var changes = ProfileChanges()
        changes.name = "Ada"
        changes.birthDate = "1958-06-02"
        changes.sex = "female"
        changes.timeZone = "Europe/London"
        _ = try await app.profiles.save(changes)
        for day in 1...days {
            let date = "2026-10-\(day < 10 ? "0" : "")\(day)"
            _ = try await app.weight.add(
                value: 68 + Double(day % 7) * 0.3,
                unit: "kg",
                phase: nil,
                at: "\(date)T06:30:00Z",
                profile: nil
            )
            _ = try await app.bloodPressure.add(
                systolic: 130 + Double(day % 5) * 4,
                diastolic: 80 + Double(day % 3) * 3,
                unit: "mm[Hg]",
                pulse: 70 + Double(day % 4),
                position: nil,
                arm: nil,
                at: "\(date)T06:40:00Z",
                profile: nil
            )
        }
        return (directory, app, days * 3)
    }

    /// Rows of the patient's readings on the server, and distinct identifiers among them (counted in SQL).
    static func counted(_ store: CareStore, patient: Int) async throws -> (rows: Int, distinct: Int) {
        let rows = try await store.client.query(
            """
            SELECT count(*), count(DISTINCT (identifier_system, identifier_value)) FROM reading
            WHERE patient_id = \(Int64(patient))
            """,
            logger: Logger(label: "test")
        )
        for try await (all, distinct) in rows.decode((Int, Int).self) { return (all, distinct) }
        return (0, 0)
    }

    @Test("enroll, connect, sync: every reading once; a second sync sends nothing; the code works once")
    func syncOnce() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, readings) = try await Self.hub(days: 20)
            defer { directory.remove() }
            let port = try #require(harness.client.port)
            let url = "http://127.0.0.1:\(port)"

            let connected = try await app.careTeam.connect(serverURL: url, code: code)
            #expect(connected.patientReference == "Patient/\(ada.id)")
            #expect(connected.pendingReadings == readings)

            let report = try await app.careTeam.sync(options: CareTeamSyncOptions(bundleSize: 25))
            #expect(report.sent == readings && report.created == readings && report.alreadyStored == 0)
            #expect(report.bundles == 3 && report.pending == 0 && report.retries == 0)
            var counted = try await Self.counted(harness.server.store, patient: ada.id)
            #expect(counted.rows == readings && counted.distinct == readings)

            let again = try await app.careTeam.sync()
            #expect(again.sent == 0 && again.bundles == 0 && again.pending == 0)
            counted = try await Self.counted(harness.server.store, patient: ada.id)
            #expect(counted.rows == readings)
            #expect(try await app.careTeam.status().pendingReadings == 0)

            // The code was used: a second connect is refused, naming the code, and the link is kept.
            do {
                _ = try await app.careTeam.connect(serverURL: url, code: code)
                Issue.record("a used code connected again")
            } catch CareTeamError.refused(let status, let detail) {
                #expect(status == 400)
                #expect(detail.contains("code"), "\(detail)")
            }
            #expect(try await app.careTeam.status().serverURL == url)
        }
    }

    @Test("the server stopped mid-sync: the cursor stays, and after it is back every reading is there once")
    func serverStoppedMidSync() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, readings) = try await Self.hub(days: 20)
            defer { directory.remove() }
            let database = harness.server.configuration.databaseURL
            let first = try await RunningCareServer.start(database: database)
            _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(first.port)", code: code)

            // One Bundle goes through, then the server goes away.
            let part = try await app.careTeam.sync(options: CareTeamSyncOptions(bundleSize: 20, maxBundles: 1))
            #expect(part.sent == 20 && part.pending == readings - 20)
            try await first.stop()

            let before = try await app.careTeam.status()
            do {
                _ = try await app.careTeam.sync(
                    options: CareTeamSyncOptions(
                        bundleSize: 20,
                        attempts: 3,
                        initialBackoff: .milliseconds(20),
                        // A stopped server on this machine refuses at once; each attempt ends after this.
                        connectTimeout: .seconds(1)
                    )
                )
                Issue.record("a sync to a stopped server succeeded")
            } catch CareTeamError.pushFailed(_, let acknowledged, let attempts) {
                #expect(acknowledged == 0 && attempts == 3)
            }
            let after = try await app.careTeam.status()
            #expect(after.readingCursor == before.readingCursor)
            #expect(after.pendingReadings == readings - 20)
            #expect(after.lastError != nil)
            #expect(try await Self.counted(harness.server.store, patient: ada.id).rows == 20)

            // Back on the same address: the rest goes, each reading once.
            let second = try await RunningCareServer.start(database: database, port: first.port)
            let rest = try await app.careTeam.sync(options: CareTeamSyncOptions(bundleSize: 20))
            try await second.stop()
            #expect(rest.sent == readings - 20 && rest.created == readings - 20 && rest.pending == 0)
            let counted = try await Self.counted(harness.server.store, patient: ada.id)
            #expect(counted.rows == readings && counted.distinct == readings)
            #expect(try await app.careTeam.status().lastError == nil)
        }
    }

    @Test("a server that refuses the push leaves the cursor where it was")
    func refusedPush() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, readings) = try await Self.hub(days: 3)
            defer { directory.remove() }
            let port = try #require(harness.client.port)
            _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(port)", code: code)
            // The clinic removes Ada's record (and with it her device token): the push is refused with 401.
            #expect(try await harness.send(.delete, "/patients/\(ada.id)/", token: ada.token).status == .noContent)
            do {
                _ = try await app.careTeam.sync()
                Issue.record("a push with a deleted patient's token succeeded")
            } catch CareTeamError.refused(let status, _) {
                #expect(status == 401)
            }
            let status = try await app.careTeam.status()
            #expect(status.readingCursor == 0 && status.pendingReadings == readings)
        }
    }
}
