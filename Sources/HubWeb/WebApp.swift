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

    /// The language of a request's page: as the request's standing has it, else read.
    func language(_ context: WebContext) async -> Language {
        if let standing = context.standing, let language = Language(rawValue: standing.language) { return language }
        return await language()
    }

    /// The page frame for a request.
    func layout(_ context: WebContext) async -> Layout {
        Layout(language: await language(context), session: context.session)
    }

    /// Where the first run still has to go: the passphrase, then the terms, then the profile; nil once done.
    static func firstRunStep(_ standing: FirstRunStanding?) -> String? {
        guard let standing, standing.hasPassphrase else { return "/setup/passphrase" }
        guard standing.acceptedCurrentTerms else { return "/setup/terms" }
        guard standing.hasProfile else { return "/setup/profile" }
        return nil
    }

    /// The names of the store's profiles: as the request's standing has them, else read.
    func profileNames(_ context: WebContext) async throws -> [String] {
        if let standing = context.standing { return standing.profileNames }
        return try await app.profiles.list().map(\.name)
    }

    /// The profile a session looks at (nil: the store's only one), checked to still exist in this store.
    func profileName(_ context: WebContext) async -> String? {
        Self.profileName(context.session?.profile, among: (try? await profileNames(context)) ?? [])
    }

    /// The session's chosen profile if it is among `names`, else the first of them.
    static func profileName(_ chosen: String?, among names: [String]) -> String? {
        if let chosen, names.contains(chosen) { return chosen }
        return names.first
    }
}
