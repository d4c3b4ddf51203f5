import CareServerStore
import Foundation

/// A stored order as the `MedicationRequest` the API answers: the members written, with the server's own `id` (the
/// stable identifier), `status`, `authoredOn` and `meta` (`versionId`, one more at each change, and `lastUpdated`).
enum OrderResource {
    static func json(_ order: StoredOrder) throws -> JSONValue {
        let decoded: JSONValue
        do {
            decoded = try JSONDecoder().decode(JSONValue.self, from: Data(order.resource.utf8))
        } catch {
            throw StoreError.unreadable("medication order")
        }
        guard case .object(var members) = decoded else { throw StoreError.unreadable("medication order") }
        members["id"] = .string(order.identifier)
        members["status"] = .string(order.status)
        members["authoredOn"] = .string(order.authoredAt)
        members["subject"] = .object(["reference": .string("Patient/\(order.patientID)")])
        members["meta"] = .object([
            "versionId": .string(String(order.version)),
            "lastUpdated": .string(order.updatedAt),
        ])
        return .object(members)
    }
}

/// `GET /api/v1/sync/orders`: the orders changed after the hub's cursor, and the cursor to send next time.
struct OrderPull: Encodable {
    var orders: [JSONValue]
    var cursor: Int64
}
