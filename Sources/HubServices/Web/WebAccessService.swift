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

    /// How far the first run has come, read in one snapshot: every page asks before it shows anything.
    public func firstRunStanding() async throws(PatientRecordError) -> FirstRunStanding {
        let current = TermsOfService.current.version
        return try await app.store.snapshot { store in
            FirstRunStanding(
                hasPassphrase: try store.webPassphraseHash() != nil,
                acceptedCurrentTerms: try store.termsAcceptances().contains { $0.version == current },
                hasProfile: !(try store.profiles().isEmpty)
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
    /// The store holds at least one profile.
    public var hasProfile: Bool
}

extension HubApplication {
    /// The web app's access and display settings.
    public var webAccess: WebAccessService { WebAccessService(app: self) }
}
