import HubCore

/// A validated lab result: value in the lab's canonical unit, what was entered kept beside it.
public struct LabValue: Sendable, Hashable, Codable {
    /// The lab's catalog id, for example `potassium`.
    public var analyteID: String
    /// The value in `unit`.
    public var value: Double
    /// The lab's canonical UCUM unit.
    public var unit: String
    /// The value as entered, in `originalUnit`.
    public var originalValue: Double
    /// The UCUM code of the unit as entered (`mEq/L` typed becomes `meq/L`).
    public var originalUnit: String
    /// When the sample was taken.
    public var takenAt: RFC3339Timestamp

    /// A lab value from its parts; `LabValidation.validate` is the usual way to make one.
    public init(
        analyteID: String,
        value: Double,
        unit: String,
        originalValue: Double,
        originalUnit: String,
        takenAt: RFC3339Timestamp
    ) {
        self.analyteID = analyteID
        self.value = value
        self.unit = unit
        self.originalValue = originalValue
        self.originalUnit = originalUnit
        self.takenAt = takenAt
    }
}
