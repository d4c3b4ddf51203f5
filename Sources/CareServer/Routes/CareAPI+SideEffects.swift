import CareServerStore
import Hummingbird

extension CareAPI {
    /// `POST /se/`: the patient records a side-effect questionnaire in her own record.
    func addSideEffectList(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .addOwnEntry)
        let body = try SideEffectListBody(try await RequestFields.read(request, context: context))
        let stored = try await store.addSideEffectList(patientID: caller.accountID, body.answers) { id in
            event(caller, "create", "side_effect_list", patient: caller.accountID, id: id, context)
        }
        return try JSONResponse.make(SideEffectListResponse(stored), status: .created)
    }

    /// `GET /se/`: the patient's own questionnaires.
    func listOwnSideEffectLists(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .listOwnEntries)
        return try await sideEffectLists(of: caller.accountID, caller, context)
    }

    /// `GET /patients/<id>/side_effects/`: every questionnaire of one patient.
    func listPatientSideEffectLists(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let id = context.parameters.get("id", as: Int64.self) ?? -1
        try AccessPolicy.require(caller, .listPatientEntries(id))
        return try await sideEffectLists(of: id, caller, context)
    }

    private func sideEffectLists(of patientID: Int64, _ caller: Principal, _ context: CareRequestContext) async throws
        -> Response
    {
        let lists = try await store.sideEffectLists(patientID: patientID)
        await audited(caller, read: "side_effect_lists", patient: patientID, id: nil, context)
        return try JSONResponse.make(lists.map(SideEffectListResponse.init))
    }

    /// `GET /se/<id>/`: one questionnaire, for its owner (403 for anyone else, 404 if there is none).
    func readSideEffectList(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .lookUpEntries)
        let id = try Self.pathID("id", context)
        guard let list = try await store.sideEffectList(id: id) else { throw APIError.notFound }
        try AccessPolicy.require(caller, .readEntry(ownerID: list.patientID))
        await audited(caller, read: "side_effect_list", patient: list.patientID, id: id, context)
        return try JSONResponse.make(SideEffectListResponse(list))
    }
}
