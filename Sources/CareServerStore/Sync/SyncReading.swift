import Foundation

/// One resource a hub pushed, as the server keeps it: whose it is by its stable identifier, what was measured (the
/// code), its value and unit where it has one value (a blood-pressure panel keeps its components in `resourceJSON`
/// only), when, and the resource as sent.
public struct SyncReading: Sendable, Equatable {
    public var identifierSystem: String
    public var identifierValue: String
    public var codeSystem: String
    public var code: String
    public var value: Double?
    public var unit: String?
    public var effectiveAt: Date
    /// The resource's JSON text, stored as `jsonb`.
    public var resourceJSON: String
    /// nil: a conditional create (a stored one is left as it is). Set: a conditional update, the hub's time of this
    /// version (`meta.lastUpdated`): it replaces a stored resource that differs and is not newer.
    public var version: Date?

    public init(
        identifierSystem: String,
        identifierValue: String,
        codeSystem: String,
        code: String,
        value: Double?,
        unit: String?,
        effectiveAt: Date,
        resourceJSON: String,
        version: Date? = nil
    ) {
        self.identifierSystem = identifierSystem
        self.identifierValue = identifierValue
        self.codeSystem = codeSystem
        self.code = code
        self.value = value
        self.unit = unit
        self.effectiveAt = effectiveAt
        self.resourceJSON = resourceJSON
        self.version = version
    }
}

/// What storing one pushed resource did: its row, whether this push created it (false: it was there already) and,
/// for a conditional update, whether it replaced the stored version; and which table (`Observation` or
/// `MedicationAdministration`) holds it.
public struct StoredSyncReading: Sendable, Equatable {
    public var id: Int64
    public var created: Bool
    public var updated = false
    public var resourceType = "Observation"
}

/// The patient a device token stands for, with her clinic (for the audit log).
public struct DevicePrincipal: Sendable, Equatable {
    public var deviceTokenID: Int64
    public var patientID: Int64
    public var clinicID: Int64
}
