import Care
import CareServer
import CareServerStore
import Clinical
import Foundation
import HubCore
import HubServices
import HummingbirdTesting
import Logging
import PostgresNIO
import TestSupport
import Testing

@Suite("A hub syncs its labs, daily intake totals and doses too, each exactly once", .throwawayCluster)
struct HubSyncKindsTests {
    /// What the hub of `withEverything` holds beside its readings.
    struct Held {
        let readings: Int
        let labs: Int
        let doses: Int
        let intakeDays: Int
    }

    /// A hub with `days` days of readings (`HubSyncTests.hub`), a potassium and a creatinine result on each of the
    /// first three days, a drink on each of the first three days, and today's two doses (one taken, one skipped).
    static func withEverything(days: Int) async throws -> (TemporaryDirectory, HubApplication, Held) {
        let (directory, app, readings) = try await HubSyncTests.hub(days: days)
        for day in 1...3 {
            _ = try await app.labs.add(
                analyte: "potassium",
                value: "\(4.8 + Double(day) / 10)",
                unit: "mmol/L",
                date: "2026-10-0\(day)T07:00:00Z",
                profile: nil
            )
            _ = try await app.labs.add(
                analyte: "creatinine",
                value: "\(6.1 + Double(day) / 10)",
                unit: "mg/dL",
                date: "2026-10-0\(day)T07:00:00Z",
                profile: nil
            )
            _ = try await app.intake.logFluid(
                amount: 250,
                unit: "mL",
                what: "water",
                at: { _, _ in try RFC3339.parse("2026-10-0\(day)T12:00:00+01:00") },
                profile: nil
            )
        }
        for name in ["amlodipine", "calcitriol"] {
            _ = try await app.medications.add(Self.daily(name), profile: nil)
        }
        _ = try await app.doses.take("amlodipine", profile: nil)
        _ = try await app.doses.skip("calcitriol", reason: "felt sick", profile: nil)
        return (directory, app, Held(readings: readings, labs: 6, doses: 2, intakeDays: 3))
    }

    /// A tablet a day at 08:00.
    static func daily(_ name: String) -> MedicationOrder {
        MedicationOrder(
            medication: MedicationCode(name: name),
            dosages: [
                DosageInstruction(
                    dose: .quantity(1, .tablet),
                    route: .oral,
                    timing: TimingRepeat(
                        frequency: 1,
                        period: 1,
                        periodUnit: .day,
                        timeOfDay: [LocalTime(wallClockMinutes: 8 * 60)]
                    )
                )
            ]
        )
    }

    /// Rows and distinct identifiers of one identifier system in `table`, for the patient (counted in SQL).
    static func counted(_ store: CareStore, _ table: String, system: String, patient: Int) async throws
        -> (rows: Int, distinct: Int)
    {
        let rows = try await store.client.query(
            """
            SELECT count(*), count(DISTINCT identifier_value) FROM \(unescaped: table)
            WHERE patient_id = \(Int64(patient)) AND identifier_system = \(system)
            """,
            logger: Logger(label: "test")
        )
        for try await (all, distinct) in rows.decode((Int, Int).self) { return (all, distinct) }
        return (0, 0)
    }

    /// Every kind on the server exactly once, as many as the hub holds; intake totals at least one per day.
    static func expectExactlyOnce(_ store: CareStore, patient: Int, _ held: Held) async throws {
        let readings = try await counted(store, "reading", system: "urn:kidneyhub:measurement", patient: patient)
        #expect(readings.rows == held.readings && readings.distinct == held.readings)
        let labs = try await counted(store, "reading", system: "urn:kidneyhub:lab", patient: patient)
        #expect(labs.rows == held.labs && labs.distinct == held.labs)
        let doses = try await counted(
            store,
            "medication_administration",
            system: "urn:kidneyhub:medication-dose",
            patient: patient
        )
        #expect(doses.rows == held.doses && doses.distinct == held.doses)
        let intake = try await counted(store, "reading", system: "urn:kidneyhub:intake", patient: patient)
        #expect(intake.rows == intake.distinct && intake.rows >= held.intakeDays)
    }

    /// The stored fluid total of a local day, in mL.
    static func fluid(_ store: CareStore, patient: Int, day: String) async throws -> Double? {
        let rows = try await store.client.query(
            """
            SELECT value FROM reading WHERE patient_id = \(Int64(patient))
                AND identifier_system = 'urn:kidneyhub:intake' AND identifier_value LIKE \("%/\(day)/fluid")
            """,
            logger: Logger(label: "test")
        )
        for try await value in rows.decode(Double?.self) { return value }
        return nil
    }

    @Test("labs with LOINC, intake totals and doses go once; a day's total that changes is updated, not added")
    func everyKindOnce() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, held) = try await Self.withEverything(days: 5)
            defer { directory.remove() }
            let port = try #require(harness.client.port)
            let connected = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(port)", code: code)
            #expect(connected.pendingLabs == held.labs && connected.pendingDoses == held.doses)

            let report = try await app.careTeam.sync(options: CareTeamSyncOptions(bundleSize: 4))
            #expect(report.sentByKind["reading"] == held.readings)
            #expect(report.sentByKind["lab"] == held.labs && report.sentByKind["dose"] == held.doses)
            #expect((report.sentByKind["intake"] ?? 0) >= held.intakeDays)
            #expect(report.created == report.sent && report.alreadyStored == 0)
            try await Self.expectExactlyOnce(harness.server.store, patient: ada.id, held)
            // The lab's LOINC code and the dose's status are kept as columns.
            let potassium = try await harness.server.store.client.query(
                "SELECT count(*) FROM reading WHERE patient_id = \(Int64(ada.id)) AND code = '2823-3'",
                logger: Logger(label: "test")
            )
            for try await count in potassium.decode(Int.self) { #expect(count == 3) }
            let statuses = try await harness.server.store.client.query(
                "SELECT status FROM medication_administration WHERE patient_id = \(Int64(ada.id)) ORDER BY status",
                logger: Logger(label: "test")
            )
            var seen: [String] = []
            for try await status in statuses.decode(String.self) { seen.append(status) }
            #expect(seen == ["completed", "not-done"])
            #expect(try await Self.fluid(harness.server.store, patient: ada.id, day: "2026-10-01") == 250)

            // Nothing new: nothing sent.
            let again = try await app.careTeam.sync()
            #expect(again.sent == 0 && again.bundles == 0)
            let status = try await app.careTeam.status()
            #expect(status.pendingReadings == 0 && status.pendingLabs == 0 && status.pendingDoses == 0)

            // Another drink on the first day: that day's changed totals go again, as an update of the same rows.
            let intakeBefore = try await Self.counted(
                harness.server.store,
                "reading",
                system: "urn:kidneyhub:intake",
                patient: ada.id
            )
            _ = try await app.intake.logFluid(
                amount: 300,
                unit: "mL",
                what: "tea",
                at: { _, _ in try RFC3339.parse("2026-10-01T16:00:00+01:00") },
                profile: nil
            )
            let changed = try await app.careTeam.sync()
            #expect((changed.sentByKind["intake"] ?? 0) >= 1 && changed.sent == changed.sentByKind["intake"])
            #expect(changed.created == 0)
            let intakeAfter = try await Self.counted(
                harness.server.store,
                "reading",
                system: "urn:kidneyhub:intake",
                patient: ada.id
            )
            #expect(intakeAfter.rows == intakeBefore.rows)
            #expect(try await Self.fluid(harness.server.store, patient: ada.id, day: "2026-10-01") == 550)
            #expect(try await Self.fluid(harness.server.store, patient: ada.id, day: "2026-10-02") == 250)
            #expect(try await app.careTeam.sync().sent == 0)
        }
    }

    @Test("two server processes on one database behind a round-robin balancer: every resource exactly once")
    func twoServersOneDatabase() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let code = try await harness.enrollmentCode(for: ada.id, clinic: clinic)
            let (directory, app, held) = try await Self.withEverything(days: 20)
            defer { directory.remove() }
            let database = harness.server.configuration.databaseURL
            let first = try await RunningCareServer.start(database: database)
            let second = try await RunningCareServer.start(database: database)
            let balancer = try await RoundRobinBalancer.start(ports: [first.port, second.port])
            func stopAll() async throws {
                try await balancer.stop()
                try await first.stop()
                try await second.stop()
            }
            do {
                _ = try await app.careTeam.connect(serverURL: "http://127.0.0.1:\(balancer.port)", code: code)

                // Two syncs of the same hub at once: the same Bundles reach both servers at the same time, and each
                // resource is still stored once (the unique key decides, whichever transaction commits first).
                async let one = app.careTeam.sync(options: CareTeamSyncOptions(bundleSize: 7))
                async let other = app.careTeam.sync(options: CareTeamSyncOptions(bundleSize: 7))
                let reports = try await [one, other]
                #expect(reports.allSatisfy { $0.sent > 0 })
                let answered = balancer.answeredByServer
                #expect(answered.allSatisfy { $0 >= 3 }, "requests by server: \(answered)")
                try await Self.expectExactlyOnce(harness.server.store, patient: ada.id, held)
                #expect(try await app.careTeam.sync().sent == 0)
                let status = try await app.careTeam.status()
                #expect(status.pendingReadings == 0 && status.pendingLabs == 0 && status.pendingDoses == 0)
            } catch {
                try? await stopAll()
                throw error
            }
            try await stopAll()
        }
    }
}
