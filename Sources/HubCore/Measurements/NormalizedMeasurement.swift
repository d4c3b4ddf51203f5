/// A validated measurement: value in its kind's canonical unit, time as a UTC instant, what was sent kept beside.
public struct NormalizedMeasurement: Sendable, Equatable, Codable {
    /// The adapter's stable id for this reading on its device (1–256 characters).
    public var sourceRecordId: String
    /// What was measured.
    public var kind: MeasurementKind
    /// The value in `unit`, for single-valued kinds; nil for multi-valued ones.
    public var value: Double?
    /// The components in `unit`, for multi-valued kinds; nil for single-valued ones.
    public var components: [String: Double]?
    /// The kind's canonical unit.
    public var unit: String
    /// The value as sent, in `originalUnit`.
    public var originalValue: Double?
    /// The components as sent, in `originalUnit`.
    public var originalComponents: [String: Double]?
    /// The unit as sent.
    public var originalUnit: String
    /// The reading's instant, or the start of its period, in UTC epoch milliseconds.
    public var startMs: Int64
    /// The end of the period in UTC epoch milliseconds; nil for an instant.
    public var endMs: Int64?
    /// The offset the device reported (of the period's start), so local time can be shown as the device saw it.
    public var utcOffsetSeconds: Int
    /// The reading's circumstances; nil when none were sent.
    public var context: MeasurementContext?

    /// A measurement from its parts; the normalizer is the usual way to make one.
    public init(
        sourceRecordId: String,
        kind: MeasurementKind,
        value: Double?,
        components: [String: Double]?,
        unit: String,
        originalValue: Double?,
        originalComponents: [String: Double]?,
        originalUnit: String,
        startMs: Int64,
        endMs: Int64?,
        utcOffsetSeconds: Int,
        context: MeasurementContext?
    ) {
        self.sourceRecordId = sourceRecordId
        self.kind = kind
        self.value = value
        self.components = components
        self.unit = unit
        self.originalValue = originalValue
        self.originalComponents = originalComponents
        self.originalUnit = originalUnit
        self.startMs = startMs
        self.endMs = endMs
        self.utcOffsetSeconds = utcOffsetSeconds
        self.context = context
    }
}
