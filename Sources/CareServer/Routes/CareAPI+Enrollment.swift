import CareServerStore
import Crypto
import Foundation
import Hummingbird

extension CareAPI {
    static let badEnrollmentCode = "This enrollment code is unknown, already used or expired."

    /// `POST /api/v1/patients/<id>/enrollment-codes`: a clinician creates a one-time code for a patient of her clinic
    /// (another clinic's patient, or no patient, answers 404); the answer is the only time the code is shown.
    func createEnrollmentCode(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .createEnrollmentCode)
        let patientID = try Self.pathID("id", context)
        var errors = FieldErrorCollector()
        KnownFields.check(try await RequestFields.read(request, context: context), allowed: [], into: &errors)
        guard errors.isEmpty else { throw APIError.invalid(errors.fields) }
        guard let patient = try await store.account(id: patientID), patient.role == .patient,
            patient.clinicID == caller.clinicID
        else { throw APIError.notFound }
        let code = EnrollmentCode.generate()
        guard let normalized = EnrollmentCode.normalized(code) else { throw StoreError.unreadable("enrollment code") }
        let expiresAt = Date().addingTimeInterval(TimeInterval(enrollmentCodeLifetime.components.seconds))
        try await store.addEnrollmentCode(
            codeHash: EnrollmentCode.storedHash(of: normalized),
            patientID: patientID,
            createdBy: caller.accountID,
            expiresAt: expiresAt,
            audit: event(caller, "create", "enrollment_code", patient: patientID, id: nil, context)
        )
        return try JSONResponse.make(
            EnrollmentCodeResponse(code: code, patient_id: patientID, expires_at: expiresAt.formatted(.iso8601)),
            status: .created
        )
    }

    /// `POST /api/v1/enrollments` with `{"code": …}`: the hub trades a one-time code for a device token scoped to
    /// that patient. A code that is unknown, used or expired answers 400 naming `code`; failures count against the
    /// client's address like failed sign-ins (429 past the limit), so codes cannot be guessed.
    func enroll(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let fields = try await RequestFields.read(request, context: context)
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: ["code"], into: &errors)
        let text = errors.read("code") { () throws(FieldFailure) in
            try FieldReaders.text(fields["code"], maximumCharacters: 64)
        }
        guard errors.isEmpty, let text else { throw APIError.invalid(errors.fields) }
        let address = context.clientAddress
        // Counted apart from sign-ins (a key of its own for the address), so that codes mistyped at a clinic's
        // front desk never lock its staff out of signing in.
        let limiterKey = "enrollment \(address)"
        if let wait = await limiter.blockedFor(account: limiterKey, address: limiterKey) {
            throw APIError.throttled(retryAfterSeconds: wait)
        }
        let token = Hex.string(TokenDerivation.newSalt() + TokenDerivation.newSalt())
        var enrolled: DevicePrincipal?
        if let normalized = EnrollmentCode.normalized(text) {
            enrolled = try await store.enroll(
                codeHash: EnrollmentCode.storedHash(of: normalized),
                deviceTokenHash: TokenDerivation.storedHash(of: token)
            ) { patientID, clinicID, tokenID in
                AuditEvent(
                    clinicID: clinicID,
                    actorID: patientID,
                    actorRole: .patient,
                    action: "create",
                    resource: "device_token",
                    patientID: patientID,
                    resourceID: tokenID,
                    address: address
                )
            }
        }
        guard let enrolled else {
            await limiter.recordFailure(account: limiterKey, address: limiterKey)
            throw APIError.invalid(["code": .messages([Self.badEnrollmentCode])])
        }
        return try JSONResponse.make(
            EnrollmentResponse(
                token: token,
                patient: "Patient/\(enrolled.patientID)",
                patient_id: enrolled.patientID
            ),
            status: .created
        )
    }
}
