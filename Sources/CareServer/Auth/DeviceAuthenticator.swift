import CareServerStore
import Hummingbird

extension Authenticator {
    /// The patient behind a hub's device token (`Authorization: Bearer <token>`, or `Token <token>` as the rest of
    /// the API spells it): 401 without one, and for a token that is unknown or revoked, or that is an account's
    /// sign-in token (a device token is good for the sync alone, and a sign-in token never for the sync).
    func device(_ request: Request) async throws -> DevicePrincipal {
        guard let header = request.headers[.authorization] else { throw APIError.notAuthenticated }
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, ["token", "bearer"].contains(parts[0].lowercased()) else {
            throw APIError.notAuthenticated
        }
        let token = String(parts[1])
        guard token.utf8.count <= 128,
            let principal = try await store.devicePrincipal(tokenHash: TokenDerivation.storedHash(of: token))
        else { throw APIError.invalidToken }
        return principal
    }
}
