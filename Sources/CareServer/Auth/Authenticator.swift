import CareServerStore
import Hummingbird

/// The caller behind `Authorization: Token <key>`: 401 without one, 401 for a token that is unknown, expired or
/// revoked.
struct Authenticator: Sendable {
    let store: CareStore

    func principal(_ request: Request) async throws -> Principal {
        guard let header = request.headers[.authorization] else { throw APIError.notAuthenticated }
        let parts = header.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "token" else {
            // DRF answers "Invalid token header." for other shapes; a missing scheme is simply no credentials.
            throw parts.first?.lowercased() == "token" ? APIError.invalidToken : APIError.notAuthenticated
        }
        let token = String(parts[1])
        guard token.utf8.count <= 128,
            let principal = try await store.principal(
                tokenHash: TokenDerivation.storedHash(of: token)
            )
        else { throw APIError.invalidToken }
        return principal
    }
}
