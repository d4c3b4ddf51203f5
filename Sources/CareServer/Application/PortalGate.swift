import CareServerStore
import Crypto
import Foundation
import HTTPTypes

/// What the clinician portal (`CarePortal`, a module above this one) may use of the server, and nothing more: the
/// staff sign-in with the API's own bcrypt check and sign-in limits, the account behind a session (the account's
/// token, stored hashed with expiry and revocation, so that servers behind a load balancer share sessions through
/// the database), the one access check, the audit recorder, and the store for reading.
package struct PortalGate: Sendable {
    let api: CareAPI

    /// The outcome of a sign-in.
    package enum SignIn: Sendable, Equatable {
        /// Signed in: the session's token (the account's token) and who it is.
        case signedIn(token: String, principal: Principal)
        /// The username and password do not match (the same answer for an unknown username).
        case wrongCredentials
        /// Too many failures for the account or from the address; try again after this many seconds.
        case throttled(seconds: Int)
    }

    /// The store, for the portal's reads.
    package var store: CareStore { api.store }

    /// Whether the server speaks TLS (the session cookie is then `Secure`).
    package let usesTLS: Bool

    /// Checks a username and password exactly as `POST /get_auth_token/` does (bcrypt, a decoy hash for unknown
    /// names, failures counted per account and per address).
    package func signIn(username: String, password: String, address: String) async throws -> SignIn {
        if let wait = await api.limiter.blockedFor(account: username, address: address) {
            return .throttled(seconds: wait)
        }
        let record = try await api.store.signInRecord(username: username)
        let matches = try await api.hashing.verify(password, hash: record?.passwordHash ?? api.decoyHash)
        guard matches, let account = record?.account else {
            await api.limiter.recordFailure(account: username, address: address)
            return .wrongCredentials
        }
        let token = try await api.issueToken(accountID: account.id)
        guard let principal = try await principal(token: token) else { return .wrongCredentials }
        return .signedIn(token: token, principal: principal)
    }

    /// The account behind a session token, or nil for one that is unknown, expired or revoked.
    package func principal(token: String) async throws -> Principal? {
        guard token.utf8.count <= 128 else { return nil }
        return try await api.store.principal(tokenHash: TokenDerivation.storedHash(of: token))
    }

    /// Ends the account's session (its token stops working everywhere, as `POST /revoke_token/`).
    package func signOut(accountID: Int64) async throws {
        try await api.store.revokeToken(ofAccount: accountID)
    }

    /// The CSRF token of a session: HMAC-SHA-256 of the session token under the server's secret, so that it needs
    /// no storage and a page of another site, which cannot read the cookie, cannot make it.
    package func csrfToken(session token: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array("portal-csrf:\(token)".utf8), using: api.tokens.secret)
        return Hex.string(Array(mac))
    }

    /// The one access check's answer: nil when allowed, else the status to answer (403 or 404).
    package func refusal(_ caller: Principal, _ operation: Operation) -> HTTPResponse.Status? {
        AccessPolicy.refusal(caller, operation)?.status
    }

    /// Records a read of patient data in the audit log (stored with the recorder's next batch).
    package func auditRead(_ caller: Principal, resource: String, patientID: Int64?, address: String) async {
        await api.recorder.record(
            AuditEvent(
                clinicID: caller.clinicID,
                actorID: caller.accountID,
                actorRole: caller.role,
                action: "read",
                resource: resource,
                patientID: patientID,
                resourceID: nil,
                address: address
            )
        )
    }
}
