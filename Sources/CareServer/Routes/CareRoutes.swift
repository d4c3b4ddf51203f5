import Hummingbird

/// The document's API: the same paths, methods and answers as its Django REST Framework server.
enum CareRoutes {
    static func register(_ api: CareAPI, on router: Router<CareRequestContext>) {
        router.post("get_auth_token") { request, context in try await api.signIn(request, context) }
        router.get("get_auth_token") { request, _ -> Response in
            throw APIError.methodNotAllowed(request.method.rawValue)
        }
        router.get("sign_in/:code") { request, context in try await api.signInOnce(request, context) }
        router.post("revoke_token") { request, context in try await api.revokeToken(request, context) }
        router.get("health") { _, _ in Response(status: .ok) }

        router.post("patients") { request, context in try await api.registerPatient(request, context) }
        router.get("patients") { request, context in try await api.listPatients(request, context) }
        router.get("patients/:id") { request, context in try await api.readPatient(request, context) }
        router.put("patients/:id") { request, context in try await api.changePatient(request, context, partial: false) }
        router.patch("patients/:id") { request, context in try await api.changePatient(request, context, partial: true)
        }
        router.delete("patients/:id") { request, context in try await api.deletePatient(request, context) }
        router.get("patients/:id/symptoms") { request, context in
            try await api.listPatientSymptomLists(request, context)
        }
        router.get("patients/:id/side_effects") { request, context in
            try await api.listPatientSideEffectLists(request, context)
        }
        router.post("patients/:id/caregivers") { request, context in try await api.addCaregiver(request, context) }
        router.delete("patients/:id/caregivers/:caregiver") { request, context in
            try await api.removeCaregiver(request, context)
        }

        router.post("sym") { request, context in try await api.addSymptomList(request, context) }
        router.get("sym") { request, context in try await api.listOwnSymptomLists(request, context) }
        router.get("sym/:id") { request, context in try await api.readSymptomList(request, context) }
        router.post("se") { request, context in try await api.addSideEffectList(request, context) }
        router.get("se") { request, context in try await api.listOwnSideEffectLists(request, context) }
        router.get("se/:id") { request, context in try await api.readSideEffectList(request, context) }
        for path in ["sym/:id", "se/:id"] {
            for method in [HTTPRequest.Method.put, .patch, .delete, .post] {
                router.on(RouterPath(path), method: method) { request, context in
                    try await api.entryMethodNotAllowed(request, context)
                }
            }
        }

        router.post("clinicians") { request, context in try await api.createClinician(request, context) }
        router.get("audit") { request, context in try await api.readAuditLog(request, context) }
    }
}
