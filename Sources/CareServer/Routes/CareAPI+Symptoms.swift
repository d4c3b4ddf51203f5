import CareServerStore
import Hummingbird

extension CareAPI {
    /// `POST /sym/`: the patient records a symptom list in her own record.
    func addSymptomList(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .addOwnEntry)
        let body = try SymptomListBody(try await RequestFields.read(request, context: context))
        let stored = try await store.addSymptomList(patientID: caller.accountID, body.symptoms) { id in
            event(caller, "create", "symptom_list", patient: caller.accountID, id: id, context)
        }
        return SymptomListJSON.response(SymptomListResponse(stored), status: .created)
    }

    /// `GET /sym/`: the patient's own symptom lists.
    func listOwnSymptomLists(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .listOwnEntries)
        return try await symptomLists(of: caller.accountID, caller, context)
    }

    /// `GET /patients/<id>/symptoms/`: every symptom list of one patient.
    func listPatientSymptomLists(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        // The document's server answers 403 for any id but the caller's, also for an id that is not a number.
        let id = context.parameters.get("id", as: Int64.self) ?? -1
        try AccessPolicy.require(caller, .listPatientEntries(id))
        return try await symptomLists(of: id, caller, context)
    }

    private func symptomLists(of patientID: Int64, _ caller: Principal, _ context: CareRequestContext) async throws
        -> Response
    {
        let lists = try await store.symptomLists(patientID: patientID)
        await audited(caller, read: "symptom_lists", patient: patientID, id: nil, context)
        return SymptomListJSON.response(lists.map(SymptomListResponse.init))
    }

    /// `GET /sym/<id>/`: one symptom list, for its owner (403 for anyone else, 404 if there is none).
    func readSymptomList(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .lookUpEntries)
        let id = try Self.pathID("id", context)
        guard let list = try await store.symptomList(id: id) else { throw APIError.notFound }
        try AccessPolicy.require(caller, .readEntry(ownerID: list.patientID))
        await audited(caller, read: "symptom_list", patient: list.patientID, id: id, context)
        return SymptomListJSON.response(SymptomListResponse(list), status: .ok)
    }

    /// Anything but `GET` on `/sym/<id>/` or `/se/<id>/`: lists are never changed or removed (405), once the caller
    /// is known and may look lists up.
    func entryMethodNotAllowed(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .lookUpEntries)
        throw APIError.methodNotAllowed(request.method.rawValue)
    }
}
