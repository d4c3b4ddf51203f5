import Clinical
import HubRecords
import HubServices
import TestSupport

/// A fresh store with the terms accepted and one profile, for service tests; `remove()` deletes it.
struct ServiceFixture {
    let directory: TemporaryDirectory
    let app: HubApplication

    /// A man born `birthDate` in `timeZone`, named Max.
    init(
        birthDate: String = "1960-03-11",
        timeZone: String = "Europe/Berlin",
        extra: (inout ProfileChanges) -> Void = { _ in }
    )
        async throws
    {
        directory = try TemporaryDirectory()
        app = try HubApplication.open(atPath: directory.file("hub.sqlite"))
        _ = try await app.terms.acceptCurrent()
        var changes = ProfileChanges()
        changes.name = "Max"
        changes.birthDate = birthDate
        changes.sex = "male"
        changes.timeZone = timeZone
        extra(&changes)
        _ = try await app.profiles.save(changes)
    }

    func remove() { directory.remove() }
}
