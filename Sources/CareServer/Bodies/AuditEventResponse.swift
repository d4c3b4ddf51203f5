import CareServerStore
import Foundation

/// One audit event as the clinic administrator reads it.
struct AuditEventResponse: Encodable, Sendable {
    var at: String
    var actor_id: Int64
    var actor_role: String
    var action: String
    var resource: String
    var patient_id: Int64?
    var resource_id: Int64?
    var address: String

    init(_ event: AuditEvent) {
        at = event.at.formatted(.iso8601)
        actor_id = event.actorID
        actor_role = event.actorRole.rawValue
        action = event.action
        resource = event.resource
        patient_id = event.patientID
        resource_id = event.resourceID
        address = event.address
    }
}
