/// A measurement record exactly as an adapter sent it (adapter-protocol.md §5.2), before any validation.
///
/// Every field is optional because the wire may omit it; a field that was present with the wrong JSON type is
/// left nil and named in `malformedFields`, so the normalizer can tell "missing" from "not a number".
public struct RawMeasurement: Sendable, Equatable {
    /// The adapter's stable id for this reading on this device.
    public var sourceRecordId: String?
    /// The kind name, for example `body_weight`.
    public var kind: String?
    /// The value of a single-valued kind.
    public var value: Double?
    /// The values of a multi-valued kind, for example `systolic`, `diastolic`.
    public var components: [String: Double]?
    /// The UCUM unit code.
    public var unit: String?
    /// When the reading was taken, RFC 3339 with offset.
    public var effectiveTime: String?
    /// The time frame of a period kind (steps, sleep ...).
    public var effectivePeriod: RawPeriod?
    /// Optional circumstances of the reading.
    public var context: RawMeasurementContext?
    /// Dotted names of fields that were present with the wrong JSON type, for example `value`, `context.userIndex`.
    public var malformedFields: [String]
    /// Of `malformedFields`, those that held a number too large or too small for a Double (1e400).
    public var unrepresentableFields: [String] = []

    /// A record with any of its fields.
    public init(
        sourceRecordId: String? = nil,
        kind: String? = nil,
        value: Double? = nil,
        components: [String: Double]? = nil,
        unit: String? = nil,
        effectiveTime: String? = nil,
        effectivePeriod: RawPeriod? = nil,
        context: RawMeasurementContext? = nil,
        malformedFields: [String] = [],
        unrepresentableFields: [String] = []
    ) {
        self.sourceRecordId = sourceRecordId
        self.kind = kind
        self.value = value
        self.components = components
        self.unit = unit
        self.effectiveTime = effectiveTime
        self.effectivePeriod = effectivePeriod
        self.context = context
        self.malformedFields = malformedFields
        self.unrepresentableFields = unrepresentableFields
    }
}

/// An `effectivePeriod` as sent: two RFC 3339 strings, either possibly missing.
public struct RawPeriod: Sendable, Equatable {
    /// Start of the time frame.
    public var start: String?
    /// End of the time frame.
    public var end: String?

    /// A period with either end.
    public init(start: String? = nil, end: String? = nil) {
        self.start = start
        self.end = end
    }
}

/// A `context` object as sent: enumerations still plain strings.
public struct RawMeasurementContext: Sendable, Equatable {
    /// One of `fasting`, `before_meal`, `after_meal`, `bedtime`, `casual`.
    public var mealRelation: String?
    /// One of `sitting`, `standing`, `lying`.
    public var bodyPosition: String?
    /// One of `pre`, `post`, `intra`, `none`.
    public var dialysisPhase: String?
    /// Free text, for example `finger`.
    public var sampleSite: String?
    /// Device flags, each a non-empty string.
    public var measurementStatus: [String]?
    /// User slot 0–255.
    public var userIndex: Int?

    /// A context with any of its fields.
    public init(
        mealRelation: String? = nil,
        bodyPosition: String? = nil,
        dialysisPhase: String? = nil,
        sampleSite: String? = nil,
        measurementStatus: [String]? = nil,
        userIndex: Int? = nil
    ) {
        self.mealRelation = mealRelation
        self.bodyPosition = bodyPosition
        self.dialysisPhase = dialysisPhase
        self.sampleSite = sampleSite
        self.measurementStatus = measurementStatus
        self.userIndex = userIndex
    }
}
