import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Reports
import SampleData
import TestSupport
import Testing

/// Orders as MedicationRequest and doses as MedicationAdministration: R4-valid, round trip, codes checked.
@Suite struct MedicationFHIRTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!

    static func orders() throws -> [MedicationOrder] {
        let start = try CalendarDate(parsing: "2026-10-01")
        return [
            MedicationOrder(
                medication: MedicationCode(name: "sevelamer carbonate 800 mg tablet", rxNorm: "1372688"),
                prescriber: .clinician("Dr. Ortega"),
                reason: "high phosphate",
                dosages: [
                    DosageInstruction(dose: .quantity(2, .tablet), route: .oral, timing: TimingRepeat(when: [.meal]))
                ],
                authoredOn: start
            ),
            MedicationOrder(
                medication: MedicationCode(name: "amlodipine"),
                dosages: [
                    DosageInstruction(
                        dose: .range(low: 5, high: 10, .milligram),
                        timing: TimingRepeat(frequency: 1, period: 1, periodUnit: .day),
                        dialysis: DialysisTiming(days: .dialysis, event: .afterDialysis, offsetMinutes: 30)
                    ),
                    DosageInstruction(
                        dose: .quantity(5, .milligram),
                        timing: TimingRepeat(timeOfDay: [try LocalTime(parsing: "08:00")]),
                        dialysis: DialysisTiming(days: .nonDialysis)
                    ),
                ],
                authoredOn: start
            ),
            MedicationOrder(
                medication: MedicationCode(name: "hydroxyzine"),
                status: .onHold,
                dosages: [
                    DosageInstruction(
                        dose: .quantity(1, .tablet),
                        timing: TimingRepeat(
                            frequency: 1,
                            frequencyMax: 3,
                            period: 1.5,
                            periodMax: 3,
                            periodUnit: .day,
                            dayOfWeek: [.monday, .friday],
                            count: 10,
                            countMax: 12,
                            duration: 1,
                            durationMax: 2,
                            durationUnit: .hour,
                            bounds: .period(start: start, end: try CalendarDate(parsing: "2026-12-31"))
                        ),
                        asNeeded: AsNeeded(reason: "itching")
                    ),
                    DosageInstruction(
                        timing: TimingRepeat(
                            when: [.beforeBreakfast, .bedtime],
                            offset: 30,
                            bounds: .duration(10, .day)
                        ),
                        asNeeded: AsNeeded()
                    ),
                ],
                note: "dose: 25 mg; schedule: at night"
            ),
        ]
    }

    private func bundle(_ orders: [MedicationOrder]) throws -> FHIRJSON {
        let first = orders[0]
        let day = try CalendarDate(parsing: "2026-11-16")
        let patient = PatientDay(timeZone: Self.berlin)
        let due = DoseSchedule.doses(for: [first], on: day, patient: patient)
        let log = [
            DoseRecord(
                orderId: first.id,
                dose: due[0].key,
                status: .taken,
                takenAtMs: due[0].dueAtMs + 60_000,
                recordedAtMs: due[0].dueAtMs + 60_000
            ),
            DoseRecord(
                orderId: first.id,
                dose: due[1].key,
                status: .notTaken,
                reason: "skipped lunch",
                recordedAtMs: due[1].dueAtMs
            ),
        ]
        return MedicationFHIR.bundle(
            profileId: 1,
            profileName: "Ana",
            patientIdentifier: "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
            orders: orders,
            log: log,
            patient: patient,
            timeZone: Self.berlin
        )
    }

    @Test func theBundleValidatesAsR4() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("medications.json")
        try bundle(try Self.orders()).text().write(toFile: path, atomically: true, encoding: .utf8)
        let result = try await CommandResult.run(
            "\(Fixture.repositoryRoot)/.venv-fhir/bin/python",
            ["\(Fixture.repositoryRoot)/Tests/fhir/validate_bundle.py", path],
            timeout: .seconds(120)
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"MedicationRequest\": 3"), "\(result.stdout)")
        #expect(result.stdout.contains("\"MedicationAdministration\": 2"), "\(result.stdout)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"status\":\"not-done\",\"statusReason\":[{\"text\":\"skipped lunch\"}]"))
        // Stable: the same orders give the same bytes.
        #expect(try bundle(try Self.orders().map { $0 }).text().count > 0)
    }

    @Test func anExportedBundleImportsIntoAnEmptyStoreAsTheSameOrders() async throws {
        let orders = try Self.orders()
        let data = Data(try bundle(orders).text().utf8)
        let imported = try MedicationFHIRImport.orders(from: data)
        #expect(imported == orders)
        let fixture = try await Fixture.make(days: 1)
        defer { fixture.remove() }
        let profileId = fixture.written.profile.id
        #expect(try await fixture.store.medicationOrders(profileId: profileId).isEmpty)
        try await fixture.store.saveMedicationOrders(imported, profileId: profileId, atMs: 0)
        let stored = try await fixture.store.medicationOrders(profileId: profileId)
        #expect(stored == orders)
        for language in InstructionLanguage.allCases {
            #expect(
                stored.map { InstructionText.render($0, in: language) }
                    == orders.map { InstructionText.render($0, in: language) }
            )
        }
        // A single MedicationRequest too.
        let single = Data(MedicationFHIR.request(orders[1], patient: "urn:uuid:x").text().utf8)
        #expect(try MedicationFHIRImport.orders(from: single) == [orders[1]])
    }

    @Test func aWrongPeriodUnitOrEventCodeIsRefusedNamingTheField() throws {
        let text = try bundle(try Self.orders()).text()
        let wrongUnit = text.replacingOccurrences(of: "\"periodUnit\":\"d\"", with: "\"periodUnit\":\"day\"")
        #expect(wrongUnit != text)
        do {
            _ = try MedicationFHIRImport.orders(from: Data(wrongUnit.utf8))
            Issue.record("periodUnit 'day' was accepted")
        } catch {
            #expect(error.field == "entry[2].resource.dosageInstruction[0].timing.repeat.periodUnit", "\(error)")
        }
        let wrongEvent = text.replacingOccurrences(of: "\"when\":[\"C\"]", with: "\"when\":[\"BREAKFAST\"]")
        #expect(wrongEvent != text)
        do {
            _ = try MedicationFHIRImport.orders(from: Data(wrongEvent.utf8))
            Issue.record("when 'BREAKFAST' was accepted")
        } catch {
            #expect(error.field == "entry[1].resource.dosageInstruction[0].timing.repeat.when[0]", "\(error)")
        }
    }
}
