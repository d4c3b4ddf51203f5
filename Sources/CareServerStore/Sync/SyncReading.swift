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

    public init(
        identifierSystem: String,
        identifierValue: String,
        codeSystem: String,
        code: String,
        value: Double?,
        unit: String?,
        effectiveAt: Date,
        resourceJSON: String
    ) {
        self.identifierSystem = identifierSystem
        self.identifierValue = identifierValue
        self.codeSystem = codeSystem
        self.code = code
        self.value = value
        self.unit = unit
        self.effectiveAt = effectiveAt
        self.resourceJSON = resourceJSON
    }
}

/// What storing one pushed resource did: its row and whether this push created it (false: it was there already).
public struct StoredSyncReading: Sendable, Equatable {
    public var id: Int64
    public var created: Bool
}

/// The patient a device token stands for, with her clinic (for the audit log).
public struct DevicePrincipal: Sendable, Equatable {
    public var deviceTokenID: Int64
    public var patientID: Int64
    public var clinicID: Int64
}
