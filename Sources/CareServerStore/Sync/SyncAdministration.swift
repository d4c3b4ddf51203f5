import Foundation

/// One dose a hub pushed, a FHIR R4 `MedicationAdministration`, as the server keeps it: whose it is by its stable
/// identifier, its status (`completed`, `not-done`, …), when, and the resource as sent.
public struct SyncAdministration: Sendable, Equatable {
    public var identifierSystem: String
    public var identifierValue: String
    public var status: String
    public var effectiveAt: Date
    /// The resource's JSON text, stored as `jsonb`.
    public var resourceJSON: String

    public init(
        identifierSystem: String,
        identifierValue: String,
        status: String,
        effectiveAt: Date,
        resourceJSON: String
    ) {
        self.identifierSystem = identifierSystem
        self.identifierValue = identifierValue
        self.status = status
        self.effectiveAt = effectiveAt
        self.resourceJSON = resourceJSON
    }
}
