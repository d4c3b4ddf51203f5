import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import TestSupport
import Testing

/// `ProfileService` (medications: `MedicationServiceTests`).
@Suite struct ProfileAndMedicationsTests {
    @Test func aProfileIsCreatedShownAndChanged() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        let view = try await fixture.app.profiles.show(nil)
        #expect(view.stored.name == "Max")
        #expect(view.age != nil)
        #expect(view.age == view.stored.profile.age(on: fixture.app.profiles.today(in: view.stored.profile)))
        var changes = ProfileChanges()
        changes.category = "hemodialysis"
        changes.schedule = "tue,thu,sat 08:00-12:00"
        let (saved, created) = try await fixture.app.profiles.save(changes)
        #expect(!created)
        #expect(saved.profile.dialysisSchedule?.sessions.count == 3)
    }

    @Test func aMistypedNameDoesNotStartASecondRecord() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        var changes = ProfileChanges()
        changes.profile = "Mxa"
        await #expect(throws: ProfileError.self) { _ = try await fixture.app.profiles.save(changes) }
        changes.create = true
        let (saved, created) = try await fixture.app.profiles.save(changes)
        #expect(created && saved.name == "Mxa")
        #expect(try await fixture.app.profiles.list().map(\.name) == ["Max", "Mxa"])
        #expect(try await fixture.app.profiles.select("mxa").id == saved.id)
    }

    @Test func everyInvalidInputIsNamedAndNothingIsSaved() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        var changes = ProfileChanges()
        changes.birthDate = "1960-13-40"
        changes.schedule = "funday 08:00-12:00"
        changes.heightCentimeters = -3
        do {
            _ = try await fixture.app.profiles.save(changes)
            Issue.record("an invalid change was saved")
        } catch ProfileError.notSaved(let problems) {
            #expect(problems.map(\.source) == [.input(.birthDate), .input(.schedule), .field("heightCentimeters")])
        }
        #expect(try await fixture.app.profiles.show(nil).stored.profile.heightCentimeters == nil)
    }
}
