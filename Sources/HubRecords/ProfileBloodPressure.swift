import HubCore

/// A blood pressure assigned to a profile, with its dialysis phase row (the same shape as a weight's): what
/// `bp list` and the pre-dialysis goal read.
public struct ProfileBloodPressure: Sendable, Equatable {
    /// The measurement row id.
    public var measurementId: Int64
    /// The instant (UTC epoch ms).
    public var startMs: Int64
    /// The offset the reading was taken in, for showing it.
    public var utcOffsetSeconds: Int
    /// Systolic pressure in mm[Hg].
    public var systolic: Double
    /// Diastolic pressure in mm[Hg].
    public var diastolic: Double
    /// The device it came from (`manual` / `profile-<id>` for manual entries).
    public var device: DeviceIdentity
    /// The phase row (`bloodPressurePhase`).
    public var phase: WeightPhaseRecord

    /// A reading from its parts.
    public init(
        measurementId: Int64,
        startMs: Int64,
        utcOffsetSeconds: Int,
        systolic: Double,
        diastolic: Double,
        device: DeviceIdentity,
        phase: WeightPhaseRecord
    ) {
        self.measurementId = measurementId
        self.startMs = startMs
        self.utcOffsetSeconds = utcOffsetSeconds
        self.systolic = systolic
        self.diastolic = diastolic
        self.device = device
        self.phase = phase
    }
}

/// An assigned blood pressure without a phase row yet, as the tagger gets it.
public struct PendingBloodPressure: Sendable, Equatable {
    /// The measurement row id.
    public var measurementId: Int64
    /// The instant (UTC epoch ms).
    public var startMs: Int64
    /// The phase the cuff (or the manual entry) sent, if any.
    public var sentPhase: DialysisPhase?
    /// The device it came from.
    public var device: DeviceIdentity
    /// The profile its assignment gives it to.
    public var profile: StoredProfile

    /// A pending reading from its parts.
    public init(
        measurementId: Int64,
        startMs: Int64,
        sentPhase: DialysisPhase?,
        device: DeviceIdentity,
        profile: StoredProfile
    ) {
        self.measurementId = measurementId
        self.startMs = startMs
        self.sentPhase = sentPhase
        self.device = device
        self.profile = profile
    }
}
