import CareServerStore
import Hummingbird

extension CareAPI {
    static let duplicateUsername = "An account with this username already exists."

    /// `POST /clinicians/`: a clinic administrator creates a clinician of her clinic.
    func createClinician(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .createClinician)
        let body = try StaffBody(try await RequestFields.read(request, context: context))
        let new = NewAccount(
            clinicID: caller.clinicID,
            role: .clinician,
            username: body.username,
            passwordHash: try await hashing.hash(body.password),
            firstName: body.firstName
        )
        do {
            let account = try await store.createAccount(new) { id in
                event(caller, "create", "account", patient: nil, id: id, context)
            }
            return try JSONResponse.make(StaffResponse(account), status: .created)
        } catch StoreError.duplicateUsername {
            throw APIError.invalid(["username": .messages([Self.duplicateUsername])])
        }
    }

    /// `POST /patients/<id>/caregivers/`: the patient creates a caregiver's account, which may read her record.
    func addCaregiver(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let patientID = try Self.pathID("id", context)
        try AccessPolicy.require(caller, .manageCaregivers(patientID))
        let body = try StaffBody(try await RequestFields.read(request, context: context))
        let new = NewAccount(
            clinicID: caller.clinicID,
            role: .caregiver,
            username: body.username,
            passwordHash: try await hashing.hash(body.password),
            firstName: body.firstName
        )
        do {
            let account = try await store.createCaregiver(new, forPatient: patientID) { id in
                event(caller, "create", "caregiver_grant", patient: patientID, id: id, context)
            }
            return try JSONResponse.make(StaffResponse(account), status: .created)
        } catch StoreError.duplicateUsername {
            throw APIError.invalid(["username": .messages([Self.duplicateUsername])])
        }
    }

    /// `DELETE /patients/<id>/caregivers/<caregiver>/`: the patient ends a caregiver's access.
    func removeCaregiver(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let patientID = try Self.pathID("id", context)
        try AccessPolicy.require(caller, .manageCaregivers(patientID))
        let caregiverID = try Self.pathID("caregiver", context)
        let removed = try await store.revokeCaregiver(
            caregiverID,
            ofPatient: patientID,
            audit: event(caller, "delete", "caregiver_grant", patient: patientID, id: caregiverID, context)
        )
        guard removed else { throw APIError.notFound }
        return Response(status: .noContent)
    }

    /// `GET /audit/`: the clinic administrator reads the clinic's latest 500 audit events.
    func readAuditLog(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .readAuditLog)
        await recorder.flush()
        let events = try await store.auditEvents(clinicID: caller.clinicID, limit: 500)
        return try JSONResponse.make(events.map(AuditEventResponse.init))
    }
}
