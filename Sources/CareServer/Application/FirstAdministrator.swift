import CareServerStore
import Crypto
import Foundation

extension CareServer {
    /// Makes sure clinic `clinicName` exists with an administrator, and returns a one-time sign-in link for that
    /// administrator, valid for `lifetime` (the link answers the administrator's token once). The store's pool
    /// must be running.
    public func firstAdministratorLink(clinicName: String, baseURL: String, lifetime: Duration = .seconds(3600))
        async throws -> String
    {
        try await store.migrate()
        let clinicID = try await store.clinic(named: clinicName)
        var administrator = try await store.firstAdministrator(ofClinic: clinicID)
        if administrator == nil {
            // No password anyone knows: the administrator signs in through one-time links until she sets one.
            let unusable = try await api.hashing.hash(TokenDerivation.randomText())
            administrator = try await store.createAccount(
                NewAccount(
                    clinicID: clinicID,
                    role: .administrator,
                    username: "administrator-\(clinicID)",
                    passwordHash: unusable,
                    firstName: "Administrator"
                ),
                audit: { _ in nil }
            )
        }
        guard let administrator else { throw StoreError.notFound("administrator") }
        let code = TokenDerivation.randomText()
        try await store.addOneTimeSignIn(
            codeHash: Array(SHA256.hash(data: Array(code.utf8))),
            accountID: administrator.id,
            expiresAt: Date().addingTimeInterval(TimeInterval(lifetime.components.seconds))
        )
        return "\(baseURL)/sign_in/\(code)/"
    }
}
