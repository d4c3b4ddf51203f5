import Clinical
import HubCore

/// A body weight assigned to a profile, with its phase: what `weight list` and the tagger read.
public struct ProfileWeight: Sendable, Equatable {
    /// The measurement row id.
    public var measurementId: Int64
    /// The instant (UTC epoch ms).
    public var startMs: Int64
    /// The offset the reading was taken in, for showing it.
    public var utcOffsetSeconds: Int
    /// The weight in kg.
    public var kilograms: Double
    /// The value and unit as entered or sent.
    public var originalValue: Double?
    public var originalUnit: String
    /// The device it came from (`manual` / `profile-<id>` for manual entries).
    public var device: DeviceIdentity
    /// The phase row.
    public var phase: WeightPhaseRecord

    /// A weight from its parts.
    public init(
        measurementId: Int64,
        startMs: Int64,
        utcOffsetSeconds: Int,
        kilograms: Double,
        originalValue: Double?,
        originalUnit: String,
        device: DeviceIdentity,
        phase: WeightPhaseRecord
    ) {
        self.measurementId = measurementId
        self.startMs = startMs
        self.utcOffsetSeconds = utcOffsetSeconds
        self.kilograms = kilograms
        self.originalValue = originalValue
        self.originalUnit = originalUnit
        self.device = device
        self.phase = phase
    }

    /// The weight as the domain's interdialytic gain calculator takes it.
    public var tagged: TaggedWeight {
        TaggedWeight(epochMilliseconds: startMs, kilograms: kilograms, phase: phase.phase)
    }
}

/// A stored body weight whose device (and user slot) is assigned to a profile but which has no phase row yet.
public struct PendingWeight: Sendable, Equatable {
    /// The measurement row id.
    public var measurementId: Int64
    /// The instant (UTC epoch ms).
    public var startMs: Int64
    /// The weight in kg.
    public var kilograms: Double
    /// The phase the device (or the manual entry) sent, if any.
    public var sentPhase: DialysisPhase?
    /// The device it came from.
    public var device: DeviceIdentity
    /// The profile its assignment gives it to.
    public var profile: StoredProfile

    /// A pending weight from its parts.
    public init(
        measurementId: Int64,
        startMs: Int64,
        kilograms: Double,
        sentPhase: DialysisPhase?,
        device: DeviceIdentity,
        profile: StoredProfile
    ) {
        self.measurementId = measurementId
        self.startMs = startMs
        self.kilograms = kilograms
        self.sentPhase = sentPhase
        self.device = device
        self.profile = profile
    }
}

/// What the tagger decided for a pending weight: a phase and its source, or none and why.
public struct WeightPhaseDecision: Sendable, Equatable {
    /// The phase; nil when the user has to confirm one.
    public var phase: DialysisPhase?
    /// Where the phase came from (`inferred` for an ambiguous one).
    public var source: WeightPhaseSource
    /// Why the user has to confirm; set exactly when `phase` is nil.
    public var ambiguity: String?

    /// A decision from its parts.
    public init(phase: DialysisPhase?, source: WeightPhaseSource, ambiguity: String? = nil) {
        self.phase = phase
        self.source = source
        self.ambiguity = ambiguity
    }
}
