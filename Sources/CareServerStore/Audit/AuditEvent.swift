import Foundation

/// One read or write of patient data: who, what, when, from where. Ids only, never the data itself.
public struct AuditEvent: Sendable, Equatable {
    public var at: Date
    public var clinicID: Int64
    public var actorID: Int64
    public var actorRole: Role
    /// `read`, `create`, `update` or `delete`.
    public var action: String
    /// What kind of record: `patient`, `symptom_list`, `side_effect_list`, `caregiver_grant`, `account`.
    public var resource: String
    public var patientID: Int64?
    public var resourceID: Int64?
    /// The client's address as the server saw it.
    public var address: String

    public init(
        at: Date = Date(),
        clinicID: Int64,
        actorID: Int64,
        actorRole: Role,
        action: String,
        resource: String,
        patientID: Int64?,
        resourceID: Int64?,
        address: String
    ) {
        self.at = at
        self.clinicID = clinicID
        self.actorID = actorID
        self.actorRole = actorRole
        self.action = action
        self.resource = resource
        self.patientID = patientID
        self.resourceID = resourceID
        self.address = address
    }
}
