import CareServerStore
import Foundation
import Hummingbird

/// What every handler shares: the store, the caller's authentication, tokens, password hashing, the sign-in limits
/// and the audit recorder.
struct CareAPI: Sendable {
    let store: CareStore
    let authenticator: Authenticator
    let tokens: TokenDerivation
    let hashing: PasswordHashing
    let limiter: SignInLimiter
    let recorder: AuditRecorder
    let tokenLifetime: Duration
    let enrollmentCodeLifetime: Duration
    /// A hash to verify against when the username is unknown, so that an unknown username costs what a wrong
    /// password costs (no account enumeration by timing).
    let decoyHash: String

    /// The account's token (the current one while it is valid, else a new one).
    func issueToken(accountID: Int64) async throws -> String {
        let candidate = TokenDerivation.newSalt()
        let expiresAt = Date().addingTimeInterval(TimeInterval(tokenLifetime.components.seconds))
        let salt = try await store.tokenSalt(
            ofAccount: accountID,
            candidateSalt: candidate,
            candidateHash: TokenDerivation.storedHash(of: tokens.token(salt: candidate)),
            expiresAt: expiresAt
        )
        return tokens.token(salt: salt)
    }

    /// An audit event by this caller.
    func event(
        _ caller: Principal,
        _ action: String,
        _ resource: String,
        patient: Int64?,
        id: Int64?,
        _ context: CareRequestContext
    ) -> AuditEvent {
        AuditEvent(
            clinicID: caller.clinicID,
            actorID: caller.accountID,
            actorRole: caller.role,
            action: action,
            resource: resource,
            patientID: patient,
            resourceID: id,
            address: context.clientAddress
        )
    }

    /// Records a read (stored with the next batch).
    func audited(
        _ caller: Principal,
        read resource: String,
        patient: Int64?,
        id: Int64?,
        _ context: CareRequestContext
    ) async {
        await recorder.record(event(caller, "read", resource, patient: patient, id: id, context))
    }

    /// The integer id in the path, or 404 (as the document's server's `<int:pk>` routes answer).
    static func pathID(_ name: String, _ context: CareRequestContext) throws -> Int64 {
        guard let id = context.parameters.get(name, as: Int64.self) else { throw APIError.notFound }
        return id
    }
}
