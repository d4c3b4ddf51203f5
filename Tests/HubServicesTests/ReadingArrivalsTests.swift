import HubServices
import Synchronization
import TestSupport
import Testing

/// `ReadingArrivals`: a reading this process commits is pushed to listeners by the one post-commit work, and what
/// arrived is read per profile (the web app's Today announces only its own profile's readings).
@Suite struct ReadingArrivalsTests {
    @Test func aWeightByHandIsPushedAndOnlyItsProfileSeesIt() async throws {
        let fixture = try await ServiceFixture()
        defer { fixture.remove() }
        var ana = ProfileChanges()
        ana.profile = "Ana"
        ana.create = true
        ana.timeZone = "Europe/Madrid"
        _ = try await fixture.app.profiles.save(ana)
        let arrivals = fixture.app.readingArrivals
        let start = try await fixture.app.measurements.newestId()
        let pushed = Mutex(0)
        let listening = Task {
            for await _ in arrivals.stream() { pushed.withLock { $0 += 1 } }
        }
        try await eventually("the listener is registered") { arrivals.listenerCount == 1 }

        _ = try await fixture.app.weight.add(value: 71.5, unit: "kg", phase: nil, at: nil, profile: "Ana")
        try await eventually("the commit is pushed") { pushed.withLock { $0 } == 1 }
        let forAna = try await fixture.app.measurements.arrived(afterId: start, profile: "Ana", limit: 10)
        #expect(forAna.map(\.kind) == ["body_weight"])
        // Max's Today hears nothing of Ana's weight.
        #expect(try await fixture.app.measurements.arrived(afterId: start, profile: "Max", limit: 10).isEmpty)

        _ = try await fixture.app.weight.add(value: 80.2, unit: "kg", phase: nil, at: nil, profile: "Max")
        try await eventually("the second commit is pushed") { pushed.withLock { $0 } == 2 }
        let forMax = try await fixture.app.measurements.arrived(afterId: start, profile: "Max", limit: 10)
        #expect(forMax.count == 1 && forMax.first?.id ?? 0 > forAna.first?.id ?? 0)

        // A listener that stops is forgotten.
        listening.cancel()
        try await eventually("the listener is gone") { arrivals.listenerCount == 0 }
    }
}
