import Care
import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Why a body entry was not stored: the field at fault and why (an implausible value, a time in the future).
public struct EntryRefused: UserFacingError, Sendable, CustomStringConvertible {
    /// The normalizer's or the plausibility check's reason.
    public var description: String
    /// The same as data, for a front end in another language (nil when the reason is only in words).
    public var userMessage: UserMessage?

    /// The refusal of a field's value.
    init(_ error: MeasurementFieldError) {
        description = "\(error)"
        userMessage = UserMessage(error)
    }
}

/// Body weight: entries by hand, the list with each dialysis session's interdialytic gain, confirming phases.
public struct WeightService: Sendable {
    let app: HubApplication

    /// A stored weight and the phase the tagger gave it.
    public struct Entry: Sendable {
        /// The stored measurement.
        public var measurement: StoredMeasurement
        /// Its phase row (nil when the tagger has not reached it).
        public var phase: WeightPhaseRecord?
    }

    /// What `add` stored, for whom.
    public struct Added: Sendable {
        /// The profile the weight belongs to.
        public var profile: StoredProfile
        /// The stored weights (one) with their phase.
        public var entries: [Entry]
        /// The alerts the entry raised (an interdialytic gain at or above the alert threshold), as queued.
        public var alerts: [StoredNotification] = []
    }

    /// One session's gain, or what is missing, with the gain's level against the standard thresholds.
    public struct Session: Sendable {
        /// The calculator's result for the session.
        public var result: InterdialyticGainResult
        /// The level of the gain (nil for a gap, or a gain with no dry weight).
        public var level: InterdialyticGainLevel?
    }

    /// A profile's weights and, per dialysis session, the gain.
    public struct Listing: Sendable {
        /// The profile listed.
        public var profile: StoredProfile
        /// The profile's tagged weights, oldest first.
        public var weights: [ProfileWeight]
        /// The interdialytic gain of each session (or its gap).
        public var sessions: [Session]
        /// The profile's time zone (UTC when it is unknown), in which sessions are placed.
        public var timeZone: TimeZone
    }

    /// Records a weight taken by hand (`at`: RFC 3339 or a local time on the profile's clock; now when nil) and runs
    /// the post-commit work a scale's reading runs (tagging, goals, alerts). Needs the terms accepted.
    public func add(
        value: Double,
        unit: String,
        phase: DialysisPhase?,
        at: String?,
        profile name: String?
    ) async throws -> Added {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        let reading = RawMeasurement(
            kind: MeasurementKind.bodyWeight.rawValue,
            value: value,
            unit: UnitDisplayName.code(unit),
            effectiveTime: try EntryTimeText.rfc3339(at, profile: stored.profile, now: app.now()),
            context: phase.map { RawMeasurementContext(dialysisPhase: $0.rawValue) }
        )
        let (rows, alerts) = try await app.recordManualEntry([reading], for: stored)
        let weights = try await app.store.profileWeights(
            profileId: stored.id,
            sinceMs: rows.first?.measurement.startMs
        )
        return Added(
            profile: stored,
            entries: rows.map { row in
                Entry(measurement: row, phase: weights.first { $0.measurementId == row.id }?.phase)
            },
            alerts: alerts
        )
    }

    /// The profile's weights (of the last `days` days when given) and each session's interdialytic gain.
    public func list(days: Int?, profile name: String?) async throws -> Listing {
        let stored = try await app.store.selectProfile(named: name)
        let sinceMs = days.map { app.now() - Int64($0) * 86_400_000 }
        let weights = try await app.store.profileWeights(profileId: stored.id, sinceMs: sinceMs)
        let person = stored.profile
        let zone = (try? person.timeZone()) ?? TimeZone(identifier: "UTC")!
        let sessions = InterdialyticGainCalculator.perSession(
            weights.map(\.tagged),
            schedule: person.dialysisSchedule,
            timeZone: zone,
            dryWeightKilograms: person.dryWeightKilograms
        ).map { result in
            switch result {
            case .gain(let gain): Session(result: result, level: InterdialyticGainThresholds.standard.level(of: gain))
            case .gap: Session(result: result, level: nil)
            }
        }
        return Listing(profile: stored, weights: weights, sessions: sessions, timeZone: zone)
    }

    /// The profile's weights whose dialysis phase waits for the user's confirmation.
    public func pendingConfirmation(profile name: String?) async throws -> (StoredProfile, [ProfileWeight]) {
        let stored = try await app.store.selectProfile(named: name)
        let pending = try await app.store.profileWeights(profileId: stored.id).filter { $0.phase.phase == nil }
        return (stored, pending)
    }

    /// Sets the phase of one of the profile's weights as the user confirmed it. Needs the terms accepted.
    @discardableResult
    public func confirm(
        measurementId: Int64,
        phase: DialysisPhase,
        profile name: String?
    ) async throws -> (StoredProfile, WeightPhaseRecord) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        let record = try await app.store.confirmWeightPhase(
            measurementId: measurementId,
            profile: stored,
            phase: phase,
            atMs: app.now()
        )
        return (stored, record)
    }
}

extension HubApplication {
    /// Body weight.
    public var weight: WeightService { WeightService(app: self) }

    /// Stores readings typed by hand for the profile through `ManualEntry` and the one post-commit work
    /// (`postCommitWork()`), then delivers the notifications that work made due; returns the stored rows and the
    /// alerts queued for the profile meanwhile (so the command that stored a dangerous value prints its alert).
    func recordManualEntry(
        _ readings: [RawMeasurement],
        for profile: StoredProfile,
        confirmUnusual: Bool = false
    ) async throws -> (rows: [StoredMeasurement], alerts: [StoredNotification]) {
        let entry = ManualEntry(store: store, work: postCommitWork())
        do {
            let before = try await store.lastNotificationId()
            let rows = try await entry.record(readings, for: profile, confirmUnusual: confirmUnusual)
            await notificationDispatcher().deliverDue(at: now())
            return (rows, try await store.notifications(profileId: profile.id, type: .alert, afterId: before))
        } catch let error as MeasurementFieldError {
            throw EntryRefused(error)
        }
    }
}
