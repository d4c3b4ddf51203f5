import HubCore

/// Where a weight's dialysis phase came from.
public enum WeightPhaseSource: String, Sendable, Hashable, Codable, CaseIterable {
    /// The device sent `context.dialysisPhase`.
    case device
    /// The user gave it with a manual entry (`kidneyhub weight add --phase`).
    case manual
    /// Inferred from the profile's dialysis schedule.
    case inferred
    /// The user confirmed or corrected it (`kidneyhub weight confirm`).
    case confirmed
}

/// The dialysis phase of one assigned body weight: the row of `weightPhase`.
public struct WeightPhaseRecord: Sendable, Equatable, Codable {
    /// The `body_weight` measurement.
    public var measurementId: Int64
    /// The profile the reading was assigned to.
    public var profileId: Int64
    /// The phase; nil while the user has to confirm one.
    public var phase: DialysisPhase?
    /// Where the phase came from.
    public var source: WeightPhaseSource
    /// Why the phase needs confirmation, for the user; nil once it has a phase.
    public var ambiguity: String?
    /// When the row last changed (UTC epoch ms).
    public var updatedAtMs: Int64

    /// A row from its columns.
    public init(
        measurementId: Int64,
        profileId: Int64,
        phase: DialysisPhase?,
        source: WeightPhaseSource,
        ambiguity: String?,
        updatedAtMs: Int64
    ) {
        self.measurementId = measurementId
        self.profileId = profileId
        self.phase = phase
        self.source = source
        self.ambiguity = ambiguity
        self.updatedAtMs = updatedAtMs
    }
}
