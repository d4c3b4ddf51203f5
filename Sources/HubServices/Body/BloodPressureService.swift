import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Blood pressure typed by hand (readings from cuffs arrive through device sync), its dialysis phase, the list.
public struct BloodPressureService: Sendable {
    let app: HubApplication

    /// What `add` stored, for whom, at what time.
    public struct Added: Sendable {
        /// The profile the readings belong to.
        public var profile: StoredProfile
        /// The blood pressure, and the heart rate when a pulse was given.
        public var measurements: [StoredMeasurement]
        /// The entry's time as RFC 3339, as read from `at`.
        public var time: String
        /// The blood pressure's phase row (nil when the tagger has not reached it).
        public var phase: WeightPhaseRecord?
        /// The alerts the entry raised (a value beyond a critical threshold), as queued in the feed.
        public var alerts: [StoredNotification] = []
    }

    /// A profile's blood pressures with their phases.
    public struct Listing: Sendable {
        /// The profile listed.
        public var profile: StoredProfile
        /// The readings, oldest first.
        public var readings: [ProfileBloodPressure]
        /// The profile's time zone (UTC when unknown), for showing times.
        public var timeZone: TimeZone
    }

    /// Records systolic/diastolic (and the pulse as a heart rate) taken by hand, then runs the post-commit work a
    /// cuff's reading runs (phase tagging, goals, alerts). `at`: RFC 3339 or a local time on the profile's clock, now
    /// when nil; `phase` as the person states it (else inferred from the schedule); a pair outside the usual ranges is
    /// refused unless `confirmUnusual`. Needs the terms.
    public func add(
        systolic: Double,
        diastolic: Double,
        unit: String,
        pulse: Double?,
        position: BodyPosition?,
        arm: String?,
        phase: DialysisPhase? = nil,
        confirmUnusual: Bool = false,
        at: String?,
        profile name: String?
    ) async throws -> Added {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        let time = try EntryTimeText.rfc3339(at, profile: stored.profile, now: app.now())
        let context = RawMeasurementContext(
            bodyPosition: position?.rawValue,
            dialysisPhase: phase?.rawValue,
            sampleSite: arm.map { "\($0) arm" }
        )
        var readings = [
            RawMeasurement(
                kind: MeasurementKind.bloodPressure.rawValue,
                components: ["systolic": systolic, "diastolic": diastolic],
                unit: unit,
                effectiveTime: time,
                context: context
            )
        ]
        if let pulse {
            readings.append(
                RawMeasurement(
                    kind: MeasurementKind.heartRate.rawValue,
                    value: pulse,
                    unit: "/min",
                    effectiveTime: time,
                    context: RawMeasurementContext(bodyPosition: position?.rawValue)
                )
            )
        }
        let (rows, alerts) = try await app.recordManualEntry(readings, for: stored, confirmUnusual: confirmUnusual)
        let ids = Set(rows.map(\.id))
        let phases = try await app.store.profileBloodPressures(
            profileId: stored.id,
            sinceMs: rows.first?.measurement.startMs
        )
        return Added(
            profile: stored,
            measurements: rows,
            time: time,
            phase: phases.first { ids.contains($0.measurementId) }?.phase,
            alerts: alerts
        )
    }

    /// The profile's blood pressures (of the last `days` days when given) with their phases.
    public func list(days: Int?, profile name: String?) async throws -> Listing {
        let stored = try await app.store.selectProfile(named: name)
        let sinceMs = days.map { app.now() - Int64($0) * 86_400_000 }
        let readings = try await app.store.profileBloodPressures(profileId: stored.id, sinceMs: sinceMs)
        let zone = (try? stored.profile.timeZone()) ?? .gmt
        return Listing(profile: stored, readings: readings, timeZone: zone)
    }

    /// Sets the phase of one of the profile's blood pressures as the user confirmed it. Needs the terms accepted.
    @discardableResult
    public func confirm(
        measurementId: Int64,
        phase: DialysisPhase,
        profile name: String?
    ) async throws -> (StoredProfile, WeightPhaseRecord) {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        let record = try await app.store.confirmBloodPressurePhase(
            measurementId: measurementId,
            profile: stored,
            phase: phase,
            atMs: app.now()
        )
        return (stored, record)
    }
}

extension HubApplication {
    /// Blood pressure entries.
    public var bloodPressure: BloodPressureService { BloodPressureService(app: self) }
}
