import Clinical
import HubRecords
import HubStore
import TestSupport
import Testing

@testable import HubServices

/// The web app's first-run check, which every page asks for in one read: each step counts only once it is done, and
/// the same read gives the page the profiles' names and the language.
@Suite struct FirstRunStandingTests {
    @Test func eachStepCountsOnceItIsDone() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let app = try HubApplication.open(atPath: directory.file("hub.sqlite"))
        let none = FirstRunStanding(hasPassphrase: false, acceptedCurrentTerms: false, profileNames: [], language: "en")
        #expect(try await app.webAccess.firstRunStanding() == none)

        // A version other than the current one is not the current terms.
        try await app.store.acceptTerms(version: "an earlier version", atMs: 1)
        #expect(try await app.webAccess.firstRunStanding() == none)

        // The store keeps a bcrypt hash's shape (60 characters); the hash itself is the web app's to make.
        #expect(try await app.webAccess.setPassphraseHashOnce("$2b$10$" + String(repeating: "a", count: 53)))
        _ = try await app.terms.acceptCurrent()
        #expect(
            try await app.webAccess.firstRunStanding()
                == FirstRunStanding(hasPassphrase: true, acceptedCurrentTerms: true, profileNames: [], language: "en")
        )
        #expect(try await app.webAccess.firstRunStanding().hasProfile == false)

        var changes = ProfileChanges()
        changes.name = "Max"
        changes.birthDate = "1960-03-11"
        changes.sex = "male"
        changes.timeZone = "Europe/Berlin"
        _ = try await app.profiles.save(changes)
        try await app.webAccess.setLanguage("es")
        let done = try await app.webAccess.firstRunStanding()
        #expect(
            done
                == FirstRunStanding(
                    hasPassphrase: true,
                    acceptedCurrentTerms: true,
                    profileNames: ["Max"],
                    language: "es"
                )
        )
        #expect(done.hasProfile)
    }
}
