import Clinical
import HubCore
import HubRecords
import HubStore
import Logging

/// Gives newly stored body weights and blood pressures their dialysis phase, for the profile their device is assigned
/// to.
///
/// The phase is the one the device (or the manual entry) sent; else it is inferred from the profile's schedule and
/// time zone, given the weights of that day already tagged; else the weight waits for the user to confirm it
/// (`kidneyhub weight confirm`), with the reason. Weights from unassigned devices stay pending until their device is
/// assigned (`tagPending()` then tags them). An actor, so that the post-commit hook and a command's own pass never
/// tag the same weight twice at once; tagging again stores nothing twice.
public actor WeightPhaseTagger: PostCommitHook {
    private let store: HubDatabase
    private let now: @Sendable () -> Int64
    private let logger = Logger(label: "kidneyhub.weights")

    /// A tagger writing to `store`; `now` stamps the rows (tests fix it).
    public init(store: HubDatabase, now: @escaping @Sendable () -> Int64 = ManualEntry.currentMilliseconds) {
        self.store = store
        self.now = now
    }

    /// Tags the weights a committed batch stored (the post-commit hook); failures are logged, never thrown.
    public func didCommit(_ outcome: IngestOutcome, device: DeviceIdentity) async {
        // Readings were claimed by their profile when stored; only new weights and blood pressures need a phase.
        do {
            if outcome.touchedKinds.contains(.bodyWeight) { try await tag(measurementIds: outcome.storedIds) }
            if outcome.touchedKinds.contains(.bloodPressure) {
                try await store.tagPendingBloodPressures(
                    measurementIds: outcome.storedIds,
                    atMs: now(),
                    decide: Self.decide
                )
            }
        } catch {
            logger.error("could not tag the weights of a batch from \(device.adapterId)/\(device.deviceId): \(error)")
        }
    }

    /// Tags the given stored weights, or every assigned weight still without a phase when `measurementIds` is nil.
    @discardableResult
    public func tag(measurementIds: [Int64]? = nil) async throws -> [WeightPhaseRecord] {
        try await store.tagPendingWeights(measurementIds: measurementIds, atMs: now(), decide: Self.decide)
    }

    /// Every assigned weight and blood pressure still without a phase (after a device was assigned, or a batch whose
    /// hook did not run); returns the weights' rows.
    @discardableResult
    public func tagPending() async throws -> [WeightPhaseRecord] {
        let weights = try await tag(measurementIds: nil)
        try await store.tagPendingBloodPressures(atMs: now(), decide: Self.decide)
        return weights
    }

    /// The phase of one blood pressure, decided as a weight's is.
    public static func decide(_ reading: PendingBloodPressure, existing: [TaggedWeight]) -> WeightPhaseDecision {
        decide(
            sentPhase: reading.sentPhase,
            device: reading.device,
            profile: reading.profile,
            startMs: reading.startMs,
            existing: existing
        )
    }

    /// The phase of one weight: as sent (source `device`, or `manual` for a manual entry), else inferred from the
    /// profile, else none with the reason and the phases to choose from.
    public static func decide(_ weight: PendingWeight, existing: [TaggedWeight]) -> WeightPhaseDecision {
        decide(
            sentPhase: weight.sentPhase,
            device: weight.device,
            profile: weight.profile,
            startMs: weight.startMs,
            existing: existing
        )
    }

    /// The phase of a reading at `startMs`: as sent, else inferred from the profile's schedule and `existing` phased
    /// weights, else none with the reason and the likely phases.
    static func decide(
        sentPhase: DialysisPhase?,
        device: DeviceIdentity,
        profile: StoredProfile,
        startMs: Int64,
        existing: [TaggedWeight]
    ) -> WeightPhaseDecision {
        if let sent = sentPhase {
            return WeightPhaseDecision(
                phase: sent,
                source: device.adapterId == ManualEntry.adapterId ? .manual : .device
            )
        }
        let inferred: InferredPhase
        do {
            inferred = try profile.profile.inferDialysisPhase(at: startMs, existing: existing)
        } catch {
            return WeightPhaseDecision(phase: nil, source: .inferred, ambiguity: "cannot infer the phase: \(error)")
        }
        if case .ambiguous(let reason) = inferred {
            let choices = reason.candidates.map(\.rawValue).joined(separator: ", ")
            return WeightPhaseDecision(phase: nil, source: .inferred, ambiguity: "\(reason) (likely: \(choices))")
        }
        return WeightPhaseDecision(phase: inferred.phase, source: .inferred)
    }
}
