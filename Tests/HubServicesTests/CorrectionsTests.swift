import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import HubStore
import TestSupport
import Testing

/// Corrections of manual entries: edit and delete by id, the data read afterwards follows, every change is recorded
/// with who, when and the old value, travels in the backup, and bad input changes nothing.
@Suite struct CorrectionsTests {
    static func weigh(_ app: HubApplication, _ kilograms: Double) async throws -> Int64 {
        let added = try await app.weight.add(
            value: kilograms,
            unit: "kg",
            phase: .pre,
            at: "2026-11-17T07:10",
            profile: nil
        )
        return try #require(added.entries.first?.measurement.id)
    }

    @Test func aMistypedWeightIsCorrectedThenDeletedAndBothChangesAreRecorded() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        // 84.2 typed for 82.4.
        let id = try await Self.weigh(fixture.app, 84.2)
        let old = try await fixture.app.weight.edit(measurementId: id, value: 82.4, unit: "kg", profile: nil)
        #expect(old.measurement.value == 84.2)
        let listing = try await fixture.app.weight.list(days: nil, profile: nil)
        #expect(listing.weights.map(\.kilograms) == [82.4])
        #expect(listing.weights.first?.phase.phase == .pre, "the phase stays")
        try await fixture.app.weight.delete(measurementId: id, profile: nil)
        #expect(try await fixture.app.weight.list(days: nil, profile: nil).weights.isEmpty)
        let (_, changes) = try await fixture.app.corrections.list(profile: nil)
        #expect(changes.map(\.action) == [.delete, .edit])
        #expect(changes.allSatisfy { $0.entry == .weight && $0.entryId == id && !$0.changedBy.isEmpty })
        let edit = try #require(changes.last)
        #expect(edit.oldValue.contains("\"value\":84.2") && edit.newValue?.contains("\"value\":82.4") == true)
        #expect(changes.first?.oldValue.contains("\"value\":82.4") == true && changes.first?.newValue == nil)
    }

    @Test func badCorrectionsNameTheFieldAndChangeNothing() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let id = try await Self.weigh(fixture.app, 82.4)
        // A missing id.
        do {
            try await fixture.app.weight.edit(measurementId: id + 100, value: 80, unit: "kg", profile: nil)
            Issue.record("a missing id was edited")
        } catch let error as EntryCorrectionError {
            #expect(error.description.hasPrefix("id: profile 'Max' has no weight with id \(id + 100)"))
        }
        // A weight's id is not a blood pressure's.
        await #expect(throws: EntryCorrectionError.notFound(.bloodPressure, id: id, profile: "Max")) {
            try await fixture.app.bloodPressure.delete(measurementId: id, profile: nil)
        }
        // An implausible value.
        do {
            try await fixture.app.weight.edit(measurementId: id, value: 824, unit: "kg", profile: nil)
            Issue.record("824 kg was stored")
        } catch let error as EntryRefused {
            #expect(error.description.hasPrefix("value:"), "\(error)")
        }
        // A blood pressure corrected to an implausible pair.
        let bp = try await fixture.app.bloodPressure.add(
            systolic: 138,
            diastolic: 84,
            unit: "mm[Hg]",
            pulse: nil,
            position: nil,
            arm: nil,
            at: "2026-11-17T07:12",
            profile: nil
        )
        let bpId = try #require(bp.measurements.first?.id)
        await #expect(throws: EntryRefused.self) {
            try await fixture.app.bloodPressure.edit(
                measurementId: bpId,
                systolic: 300,
                diastolic: 200,
                unit: "mm[Hg]",
                profile: nil
            )
        }
        #expect(try await fixture.app.weight.list(days: nil, profile: nil).weights.map(\.kilograms) == [82.4])
        #expect(try await fixture.app.bloodPressure.list(days: nil, profile: nil).readings.map(\.systolic) == [138])
        #expect(try await fixture.app.corrections.list(profile: nil).1.isEmpty, "nothing half-written")
        // Confirmed, the unusual pair is stored.
        try await fixture.app.bloodPressure.edit(
            measurementId: bpId,
            systolic: 250,
            diastolic: 35,
            unit: "mm[Hg]",
            confirmUnusual: true,
            profile: nil
        )
        #expect(try await fixture.app.bloodPressure.list(days: nil, profile: nil).readings.map(\.systolic) == [250])
    }

    @Test func aLabIsCorrectedAndDeletedAndTheChangeLogTravelsInTheBackup() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        _ = try await fixture.app.labs.add(
            analyte: "potassium",
            value: "7.0",
            unit: "mmol/L",
            date: "2026-11-17",
            profile: nil
        )
        _ = try await fixture.app.labs.add(
            analyte: "albumin",
            value: "3.6",
            unit: "g/dL",
            date: "2026-11-17",
            profile: nil
        )
        let listed = try await fixture.app.labs.list(analyte: nil, profile: nil).rows
        let potassium = try #require(listed.first { $0.result.value.analyteID == "potassium" }?.result.id)
        let albumin = try #require(listed.first { $0.result.value.analyteID == "albumin" }?.result.id)
        // 7.0 was a typing error for 5.0.
        try await fixture.app.labs.edit(id: potassium, value: "5.0", unit: "mmol/L", date: nil, profile: nil)
        await #expect(throws: LabsError.self) {
            try await fixture.app.labs.edit(id: albumin, value: "many", unit: "g/dL", date: nil, profile: nil)
        }
        try await fixture.app.labs.delete(id: albumin, profile: nil)
        let after = try await fixture.app.labs.list(analyte: nil, profile: nil).rows.map(\.result.value)
        #expect(after.map(\.analyteID) == ["potassium"] && after.map(\.value) == [5.0])
        await #expect(throws: EntryCorrectionError.self) {
            try await fixture.app.labs.delete(id: albumin, profile: nil)
        }

        // The backup holds both changes, and a restore into an empty store reads them back.
        let store = try HubDatabase.open(atPath: fixture.directory.file("hub.sqlite"))
        let backup = try await store.exportBackup()
        let table = try #require(backup.tables.first { $0.name == "entryChange" })
        #expect(table.rows.count == 2)
        let restored = try HubDatabase.open(atPath: fixture.directory.file("restored.sqlite"))
        _ = try await restored.importBackup(try BackupDocument.parse(Data(backup.json().utf8)))
        let profile = try #require(try await restored.profiles().first)
        let changes = try await restored.entryChanges(profileId: profile.id)
        #expect(changes.map(\.entry) == [.lab, .lab] && changes.map(\.action) == [.delete, .edit])
        #expect(changes.last?.oldValue.contains("\"value\":7") == true)
    }
}
