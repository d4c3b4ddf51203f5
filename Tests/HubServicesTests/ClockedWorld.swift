import CareEngine
import HubServices
import TestSupport

/// A fresh store on a manual clock starting at `start`, the terms accepted, and one profile, Ana in Berlin: the world
/// of the tests that move time (reminders, doses, watches).
func clockedWorld(at start: Int64) async throws -> (TemporaryDirectory, HubApplication, ManualClock) {
    let directory = try TemporaryDirectory()
    let clock = ManualClock(start: start)
    let app = try HubApplication.open(atPath: directory.file("hub.sqlite"), clock: clock)
    _ = try await app.terms.acceptCurrent()
    var changes = ProfileChanges()
    changes.name = "Ana"
    changes.timeZone = "Europe/Berlin"
    _ = try await app.profiles.save(changes)
    return (directory, app, clock)
}
