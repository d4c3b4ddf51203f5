import CareServerStore
import Foundation
import HTTPTypes
import Hummingbird

extension CareAPI {
    /// `POST /api/v1/patients/<id>/orders`: a clinician of the patient's clinic writes a medication order (201; a
    /// retried write with the same identifier answers the stored order with 200). Another clinic's patient, or none,
    /// answers 404; any other role 403.
    func writeOrder(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let patientID = try Self.pathID("id", context)
        let patient = try await orderPatient(patientID)
        try AccessPolicy.require(caller, .writeOrder(patientClinicID: patient?.clinicID ?? -1))
        guard patient != nil else { throw APIError.notFound }
        let body = try OrderBody(try await RequestFields.read(request, context: context))
        let stored = try await storeOrder(body, by: caller, patientID: patientID, address: context.clientAddress)
        return try Self.orderResponse(stored.order, status: stored.created ? .created : .ok)
    }

    /// Stores an order read from a body (the API's and the portal's), its requester the caller, with its audit
    /// event; a retried write is recorded as a read of the order already stored.
    func storeOrder(_ body: OrderBody, by caller: Principal, patientID: Int64, address: String) async throws
        -> (order: StoredOrder, created: Bool)
    {
        var members = body.members
        let author = try await store.account(id: caller.accountID)
        members["requester"] = .object([
            "reference": .string("Practitioner/\(caller.accountID)"),
            "display": .string(author.map { $0.firstName.isEmpty ? $0.username : $0.firstName } ?? "Clinician"),
        ])
        let text = String(decoding: try JSONResponse.encoder.encode(JSONValue.object(members)), as: UTF8.self)
        func audit(_ action: String, _ rowID: Int64) -> AuditEvent {
            AuditEvent(
                clinicID: caller.clinicID,
                actorID: caller.accountID,
                actorRole: caller.role,
                action: action,
                resource: "medication_order",
                patientID: patientID,
                resourceID: rowID,
                address: address
            )
        }
        let stored = try await store.addOrder(
            patientID: patientID,
            identifier: body.identifier,
            authorID: caller.accountID,
            resource: text
        ) { rowID in audit("create", rowID) }
        if !stored.created { await recorder.record(audit("read", stored.order.rowID)) }
        return stored
    }

    /// `GET /api/v1/patients/<id>/orders`: the patient's orders, for a clinician of her clinic, the patient herself
    /// and a caregiver she granted.
    func listOrders(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        // As for the document's per-patient listings, an id that is not a number is another patient's.
        let patientID = context.parameters.get("id", as: Int64.self) ?? -1
        let patient = try await orderPatient(patientID)
        try AccessPolicy.require(caller, .readOrders(patientID: patientID, patientClinicID: patient?.clinicID ?? -1))
        guard patient != nil else { throw APIError.notFound }
        let orders = try await store.orders(patientID: patientID)
        await audited(caller, read: "medication_orders", patient: patientID, id: nil, context)
        return try JSONResponse.make(try orders.map(OrderResource.json))
    }

    /// `POST /api/v1/patients/<id>/orders/<identifier>/stop`: a clinician stops an order (its next version, status
    /// `stopped`); stopping a stopped order changes nothing. No such order answers 404.
    func stopOrder(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        let patientID = try Self.pathID("id", context)
        let patient = try await orderPatient(patientID)
        try AccessPolicy.require(caller, .writeOrder(patientClinicID: patient?.clinicID ?? -1))
        guard patient != nil else { throw APIError.notFound }
        var errors = FieldErrorCollector()
        KnownFields.check(try await RequestFields.read(request, context: context), allowed: [], into: &errors)
        guard errors.isEmpty else { throw APIError.invalid(errors.fields) }
        guard let text = context.parameters.get("order"), let identifier = UUID(uuidString: text) else {
            throw APIError.notFound
        }
        let stopped = try await store.stopOrder(patientID: patientID, identifier: identifier) { rowID in
            event(caller, "update", "medication_order", patient: patientID, id: rowID, context)
        }
        guard let stopped else { throw APIError.notFound }
        return try Self.orderResponse(stopped, status: .ok)
    }

    /// `GET /api/v1/sync/orders?after=<cursor>` (device token): the patient's orders whose current version came
    /// after the hub's cursor, oldest change first, and the cursor to send next.
    func pullOrders(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let device = try await authenticator.device(request)
        var after: Int64 = 0
        if let text = request.uri.queryParameters.get("after") {
            guard let number = Int64(text), number >= 0 else {
                throw APIError.invalid(["after": .messages(["A whole number of 0 or more is required."])])
            }
            after = number
        }
        let orders = try await store.orders(patientID: device.patientID, after: after)
        await recorder.record(
            AuditEvent(
                clinicID: device.clinicID,
                actorID: device.patientID,
                actorRole: .patient,
                action: "read",
                resource: "medication_orders",
                patientID: device.patientID,
                resourceID: device.deviceTokenID,
                address: context.clientAddress
            )
        )
        return try JSONResponse.make(
            OrderPull(
                orders: try orders.map(OrderResource.json),
                cursor: orders.last?.changeSequence ?? after
            )
        )
    }

    /// The patient an order route names, nil when there is no such patient.
    private func orderPatient(_ id: Int64) async throws -> AccountRecord? {
        guard let account = try await store.account(id: id), account.role == .patient else { return nil }
        return account
    }

    private static func orderResponse(_ order: StoredOrder, status: HTTPResponse.Status) throws -> Response {
        var response = try JSONResponse.make(try OrderResource.json(order), status: status)
        response.headers[.contentType] = "application/fhir+json"
        return response
    }
}
