import Clinical
import HubCore
import HubRecords
import HubStore
import Testing

/// The patient record tables: terms acceptance, profiles and lab results.
struct PatientRecordStoreTests {
    static let terms = TermsOfService.current.version

    static func potassium(_ value: Double, atMs: Int64) -> LabValue {
        LabValue(
            analyteID: "potassium",
            value: value,
            unit: "mmol/L",
            originalValue: value,
            originalUnit: "mmol/L",
            takenAt: RFC3339Timestamp(epochMilliseconds: atMs, utcOffsetSeconds: 3600)
        )
    }

    @Test func writesAreRefusedUntilTheCurrentTermsAreAccepted() async throws {
        try await withTemporaryStore { store in
            let profile = PatientProfile(name: "Anna", timeZoneIdentifier: "Europe/Berlin")
            await #expect(throws: PatientRecordError.termsNotAccepted(current: Self.terms)) {
                try await store.saveProfile(profile, id: nil, atMs: 1)
            }
            await #expect(throws: PatientRecordError.termsNotAccepted(current: Self.terms)) {
                try await store.requireCurrentTerms()
            }
            #expect(try await store.profiles().isEmpty)
            let refusal = PatientRecordError.termsNotAccepted(current: Self.terms).description
            #expect(refusal.contains("kidneyhub terms show") && refusal.contains("kidneyhub terms accept"))

            try await store.acceptTerms(version: Self.terms, atMs: 10)
            try await store.requireCurrentTerms()
            let saved = try await store.saveProfile(profile, id: nil, atMs: 20)
            #expect(saved.profile == profile)

            // A newer version needs acceptance again, naming the one accepted.
            await #expect(throws: PatientRecordError.termsChanged(current: "2099-01-01", accepted: Self.terms)) {
                try await store.insertLabResults(
                    [Self.potassium(5.6, atMs: 1000)],
                    profileId: saved.id,
                    source: .manual,
                    createdAtMs: 30,
                    termsVersion: "2099-01-01"
                )
            }
            #expect(try await store.labResultCount() == 0)
        }
    }

    @Test func acceptingAgainKeepsTheFirstAcceptance() async throws {
        try await withTemporaryStore { store in
            try await store.acceptTerms(version: "2026-01-01", atMs: 5)
            try await store.acceptTerms(version: Self.terms, atMs: 10)
            let again = try await store.acceptTerms(version: Self.terms, atMs: 99)
            #expect(again.acceptedAtMs == 10)
            #expect(try await store.termsAcceptances().map(\.version) == ["2026-01-01", Self.terms])
            #expect(try await store.termsAcceptance(version: Self.terms)?.acceptedAtMs == 10)
        }
    }

    @Test func profilesUpsertAndAreSelectedByName() async throws {
        try await withTemporaryStore { store in
            await #expect(throws: PatientRecordError.noProfile) { try await store.selectProfile(named: nil) }
            try await store.acceptTerms(version: Self.terms, atMs: 1)
            var anna = PatientProfile(name: "Anna", sexAtBirth: .female, timeZoneIdentifier: "Europe/Berlin")
            let created = try await store.saveProfile(anna, id: nil, atMs: 10)
            #expect(try await store.selectProfile(named: nil).id == created.id)

            anna.dryWeightKilograms = 68.5
            anna.dialysisSchedule = DialysisSchedule(
                weekdays: [.tuesday, .thursday, .saturday],
                start: try LocalTime(parsing: "08:00"),
                end: try LocalTime(parsing: "12:00")
            )
            anna.diseaseCategory = .hemodialysis
            let updated = try await store.saveProfile(anna, id: created.id, atMs: 20)
            #expect(updated.id == created.id && updated.createdAtMs == 10 && updated.updatedAtMs == 20)
            #expect(try await store.selectProfile(named: "anna").profile == anna)

            try await store.saveProfile(PatientProfile(name: "Ben", timeZoneIdentifier: "UTC"), id: nil, atMs: 30)
            await #expect(throws: PatientRecordError.profileNotChosen(known: ["Anna", "Ben"])) {
                try await store.selectProfile(named: nil)
            }
            await #expect(throws: PatientRecordError.unknownProfile("Cleo", known: ["Anna", "Ben"])) {
                try await store.selectProfile(named: "Cleo")
            }
            await #expect(throws: PatientRecordError.profileNameTaken("ANNA")) {
                try await store.saveProfile(PatientProfile(name: "ANNA", timeZoneIdentifier: "UTC"), id: nil, atMs: 40)
            }
            #expect(try await store.profiles().map(\.name) == ["Anna", "Ben"])
        }
    }

    @Test func aLabAtTheSameTimeIsStoredOnce() async throws {
        try await withTemporaryStore { store in
            try await store.acceptTerms(version: Self.terms, atMs: 1)
            let anna = try await store.saveProfile(
                PatientProfile(name: "Anna", timeZoneIdentifier: "UTC"),
                id: nil,
                atMs: 2
            )
            let ben = try await store.saveProfile(
                PatientProfile(name: "Ben", timeZoneIdentifier: "UTC"),
                id: nil,
                atMs: 3
            )
            let batch = [Self.potassium(5.6, atMs: 1000), Self.potassium(4.9, atMs: 2000)]
            let first = try await store.insertLabResults(batch, profileId: anna.id, source: .import, createdAtMs: 10)
            #expect(first == LabInsertOutcome(stored: 2, duplicates: 0))
            let again = try await store.insertLabResults(batch, profileId: anna.id, source: .import, createdAtMs: 11)
            #expect(again == LabInsertOutcome(stored: 0, duplicates: 2))
            // Another profile's result at the same time is its own.
            let other = try await store.insertLabResults(batch, profileId: ben.id, source: .manual, createdAtMs: 12)
            #expect(other.stored == 2)

            let stored = try await store.labResults(profileId: anna.id, analyte: "potassium")
            #expect(stored.map(\.value) == batch)
            #expect(stored.allSatisfy { $0.source == .import && $0.createdAtMs == 10 })
            #expect(try await store.labResults(profileId: anna.id, analyte: "creatinine").isEmpty)
            #expect(try await store.labResultCount(profileId: ben.id) == 2)
        }
    }

    @Test func aFailedBatchLeavesNothing() async throws {
        try await withTemporaryStore { store in
            try await store.acceptTerms(version: Self.terms, atMs: 1)
            let anna = try await store.saveProfile(
                PatientProfile(name: "Anna", timeZoneIdentifier: "UTC"),
                id: nil,
                atMs: 2
            )
            // The second row breaks the table's rules (NaN is stored as NULL, refused by NOT NULL).
            let batch = [Self.potassium(5.6, atMs: 1000), Self.potassium(.nan, atMs: 2000)]
            await #expect(throws: PatientRecordError.self) {
                try await store.insertLabResults(batch, profileId: anna.id, source: .import, createdAtMs: 10)
            }
            #expect(try await store.labResultCount() == 0)
            await #expect(throws: PatientRecordError.self) {
                try await store.insertLabResults(
                    [Self.potassium(5.6, atMs: 1000)],
                    profileId: 999,
                    source: .manual,
                    createdAtMs: 10
                )
            }
            #expect(try await store.labResultCount() == 0)
        }
    }
}
