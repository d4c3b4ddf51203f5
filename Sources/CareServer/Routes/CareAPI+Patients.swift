import CareServerStore
import Hummingbird

extension CareAPI {
    static let duplicateNHSNumber = "A patient with this NHS number already exists."

    /// `POST /patients/`: a clinician registers a patient of her clinic.
    func registerPatient(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .registerPatient)
        let body = try PatientBody(try await RequestFields.read(request, context: context), partial: false)
        guard let nhsNumber = body.nhsNumber, let firstName = body.firstName, let password = body.password else {
            throw APIError.invalid([:])
        }
        let new = NewAccount(
            clinicID: caller.clinicID,
            role: .patient,
            username: nhsNumber,
            passwordHash: try await hashing.hash(password),
            firstName: firstName,
            drugCourseID: body.drugCourseID,
            monthOfTreatment: body.monthOfTreatment
        )
        do {
            let account = try await store.createAccount(new) { id in
                event(caller, "create", "patient", patient: id, id: id, context)
            }
            return try JSONResponse.make(PatientResponse(account), status: .created)
        } catch StoreError.duplicateUsername {
            throw APIError.invalid(["nhs_number": .messages([Self.duplicateNHSNumber])])
        }
    }

    /// `GET /patients/`: a clinician lists her clinic's patients.
    func listPatients(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .listPatients)
        let patients = try await store.patients(ofClinic: caller.clinicID)
        await audited(caller, read: "patient_list", patient: nil, id: nil, context)
        return try JSONResponse.make(patients.map(PatientResponse.init))
    }

    /// `GET /patients/<id>/`: the patient herself (or her caregiver) reads her record.
    func readPatient(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let id = try Self.pathID("id", context)
        try AccessPolicy.require(caller, .readPatient(id))
        guard let account = try await store.account(id: id), account.role == .patient else { throw APIError.notFound }
        await audited(caller, read: "patient", patient: id, id: id, context)
        return try JSONResponse.make(PatientResponse(account))
    }

    /// `PUT` (every field) or `PATCH` (some) `/patients/<id>/`: the patient changes her record.
    func changePatient(_ request: Request, _ context: CareRequestContext, partial: Bool) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let id = try Self.pathID("id", context)
        try AccessPolicy.require(caller, .changePatient(id))
        let body = try PatientBody(try await RequestFields.read(request, context: context), partial: partial)
        var changes = AccountChanges(
            username: body.nhsNumber,
            firstName: body.firstName,
            drugCourseID: body.drugCourseID,
            monthOfTreatment: body.monthOfTreatment
        )
        if let password = body.password { changes.passwordHash = try await hashing.hash(password) }
        do {
            let account = try await store.updateAccount(
                id: id,
                changes,
                audit: event(caller, "update", "patient", patient: id, id: id, context)
            )
            return try JSONResponse.make(PatientResponse(account))
        } catch StoreError.duplicateUsername {
            throw APIError.invalid(["nhs_number": .messages([Self.duplicateNHSNumber])])
        }
    }

    /// `DELETE /patients/<id>/`: the patient deletes her record and everything in it.
    func deletePatient(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let id = try Self.pathID("id", context)
        try AccessPolicy.require(caller, .changePatient(id))
        try await store.deleteAccount(id: id, audit: event(caller, "delete", "patient", patient: id, id: id, context))
        return Response(status: .noContent)
    }
}
