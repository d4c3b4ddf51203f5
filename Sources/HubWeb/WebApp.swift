import HubRecords
import HubServices

/// What every route reaches: the application layer, the sessions, the sign-in throttle and the clock.
struct WebApp: Sendable {
    let app: HubApplication
    let sessions: SessionStore
    let throttle: SignInThrottle
    /// Set when the server begins to shut down.
    let stopping: ShutdownFlag
    /// The adapters devices and imports run with (the daemon's own, reached through its control socket).
    var adapters: AdapterSetup = .noAdapters
    /// What adapters report while they sync or import, for the pages' live progress.
    var progress = DeviceProgressFeed()
    /// True under TLS: the session cookie is then marked `Secure`, never sent over plain HTTP.
    var secureCookies = false

    /// The language chosen in settings, English until one is.
    func language() async -> Language {
        (try? await app.webAccess.language()).flatMap(Language.init(rawValue:)) ?? .english
    }

    /// The page frame for a request.
    func layout(_ context: WebContext) async -> Layout {
        Layout(language: await language(), session: context.session)
    }

    /// Where the first run still has to go: the passphrase, then the terms, then the profile; nil once done.
    func firstRunStep() async -> String? {
        guard let standing = try? await app.webAccess.firstRunStanding(), standing.hasPassphrase else {
            return "/setup/passphrase"
        }
        guard standing.acceptedCurrentTerms else { return "/setup/terms" }
        guard standing.hasProfile else { return "/setup/profile" }
        return nil
    }

    /// The profile a session looks at (nil: the store's only one), checked to still exist in this store.
    func profileName(_ context: WebContext) async -> String? {
        let profiles = (try? await app.profiles.list()) ?? []
        if let chosen = context.session?.profile, profiles.contains(where: { $0.name == chosen }) { return chosen }
        return profiles.first?.name
    }
}
