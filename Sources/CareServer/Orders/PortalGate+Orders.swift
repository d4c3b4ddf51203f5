import Care
import CareServerStore
import Foundation
import HTTPTypes

extension PortalGate {
    /// An order as the portal lists it: as stored, and as the hub will read it (nil if it cannot be read, which
    /// the server's own check makes unexpected).
    package struct PortalOrder: Sendable {
        package var stored: StoredOrder
        package var order: MedicationOrder?
        /// The requester's name as written on the order.
        package var orderedBy: String
    }

    /// The outcome of a write from the portal's form.
    package enum OrderWrite: Sendable {
        case written(StoredOrder)
        /// Refused: each field's JSON pointer with what is wrong, as the API's problem details name them.
        case refused([(pointer: String, detail: String)])
        /// Not this clinician's to write (403) or no such patient in her clinic (404).
        case notAllowed(Int)
    }

    /// Writes an order (a `MedicationRequest` as JSON) for a patient, with the API's own access check, reading,
    /// storage and audit.
    package func writeOrder(_ caller: Principal, patientID: Int64, json: Data, address: String) async throws
        -> OrderWrite
    {
        let patient = try await orderPatient(patientID)
        if let refusal = AccessPolicy.refusal(caller, .writeOrder(patientClinicID: patient?.clinicID ?? -1)) {
            return .notAllowed(refusal.status.code)
        }
        guard patient != nil else { return .notAllowed(404) }
        let fields: [String: JSONValue]
        do {
            guard case .object(let object) = try JSONDecoder().decode(JSONValue.self, from: json) else {
                return .refused([("#", "Not a JSON object.")])
            }
            fields = object
        } catch {
            return .refused([("#", "Not JSON.")])
        }
        do {
            let body = try OrderBody(fields)
            return .written(try await api.storeOrder(body, by: caller, patientID: patientID, address: address).order)
        } catch let error as APIError {
            guard case .invalid(let errors) = error else { throw error }
            return .refused(ProblemDetails.flatten(errors, under: "#").map { ($0.pointer, $0.detail) })
        }
    }

    /// Stops a patient's order from the portal; false when there is no such order or it is not hers to stop.
    package func stopOrder(_ caller: Principal, patientID: Int64, identifier: UUID, address: String) async throws
        -> Bool
    {
        let patient = try await orderPatient(patientID)
        guard patient != nil,
            AccessPolicy.refusal(caller, .writeOrder(patientClinicID: patient?.clinicID ?? -1)) == nil
        else { return false }
        let stopped = try await api.store.stopOrder(patientID: patientID, identifier: identifier) { rowID in
            AuditEvent(
                clinicID: caller.clinicID,
                actorID: caller.accountID,
                actorRole: caller.role,
                action: "update",
                resource: "medication_order",
                patientID: patientID,
                resourceID: rowID,
                address: address
            )
        }
        return stopped != nil
    }

    /// A patient's orders for the portal (the caller has passed `.readClinicPatient`), newest change first.
    package func orders(patientID: Int64) async throws -> [PortalOrder] {
        try await api.store.orders(patientID: patientID).reversed().map { stored in
            let json = try OrderResource.json(stored)
            let data = try JSONResponse.encoder.encode(json)
            let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            var orderedBy = ""
            if case .object(let members) = json, case .object(let requester)? = members["requester"],
                case .string(let name)? = requester["display"]
            {
                orderedBy = name
            }
            return PortalOrder(
                stored: stored,
                order: object.flatMap { try? MedicationFHIRImport.order($0, path: "") },
                orderedBy: orderedBy
            )
        }
    }

    private func orderPatient(_ id: Int64) async throws -> AccountRecord? {
        guard let account = try await api.store.account(id: id), account.role == .patient else { return nil }
        return account
    }
}
