import Clinical
import HubRecords
import HubStore

/// The web app's access and display settings (issue 18): the passphrase's hash and the pages' language. The hash is
/// made by the web app (bcrypt); this service only keeps it.
public struct WebAccessService: Sendable {
    let app: HubApplication

    /// The stored passphrase hash, or nil before the first run set one.
    public func passphraseHash() async throws(PatientRecordError) -> String? {
        try await app.store.webPassphraseHash()
    }

    /// How far the first run has come, with the profiles' names and the pages' language, read in one snapshot: every
    /// page asks before it shows anything, and a page needs the names and the language too.
    public func firstRunStanding() async throws(PatientRecordError) -> FirstRunStanding {
        let current = TermsOfService.current.version
        return try await app.store.snapshot { store in
            FirstRunStanding(
                hasPassphrase: try store.webPassphraseHash() != nil,
                acceptedCurrentTerms: try store.termsAcceptances().contains { $0.version == current },
                profileNames: try store.profiles().map(\.name),
                language: try store.webLanguage()
            )
        }
    }

    /// Stores the passphrase hash if none is set yet; returns whether it was stored.
    public func setPassphraseHashOnce(_ hash: String) async throws(PatientRecordError) -> Bool {
        try await app.store.setWebPassphraseHashOnce(hash, atMs: app.now())
    }

    /// The language code of the pages ("en" or "es").
    public func language() async throws(PatientRecordError) -> String {
        try await app.store.webLanguage()
    }

    /// Chooses the language of the pages.
    public func setLanguage(_ code: String) async throws(PatientRecordError) {
        try await app.store.setWebLanguage(code, atMs: app.now())
    }
}

/// How far the web app's first run has come: the passphrase set, the current terms accepted, a profile made.
public struct FirstRunStanding: Sendable, Equatable {
    /// The web app's passphrase is set.
    public var hasPassphrase: Bool
    /// The current version of the terms is accepted.
    public var acceptedCurrentTerms: Bool
    /// The names of the store's profiles, in the store's order.
    public var profileNames: [String]
    /// The language code of the pages ("en" until one is chosen).
    public var language: String

    /// The store holds at least one profile.
    public var hasProfile: Bool { !profileNames.isEmpty }

    /// The standing from its parts.
    public init(hasPassphrase: Bool, acceptedCurrentTerms: Bool, profileNames: [String], language: String) {
        self.hasPassphrase = hasPassphrase
        self.acceptedCurrentTerms = acceptedCurrentTerms
        self.profileNames = profileNames
        self.language = language
    }
}

extension HubApplication {
    /// The web app's access and display settings.
    public var webAccess: WebAccessService { WebAccessService(app: self) }
}
