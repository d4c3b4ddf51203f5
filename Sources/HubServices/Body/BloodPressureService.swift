import Clinical
import HubCore
import HubRecords
import HubStore

/// Blood pressure typed by hand (readings from cuffs arrive through device sync).
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
    }

    /// Records systolic/diastolic (and the pulse as a heart rate) taken by hand, then runs the post-commit work a
    /// cuff's reading runs. `at`: RFC 3339 or a local time on the profile's clock, now when nil. Needs the terms.
    public func add(
        systolic: Double,
        diastolic: Double,
        unit: String,
        pulse: Double?,
        position: BodyPosition?,
        arm: String?,
        at: String?,
        profile name: String?
    ) async throws -> Added {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        let time = try EntryTimeText.rfc3339(at, profile: stored.profile, now: app.now())
        let context = RawMeasurementContext(bodyPosition: position?.rawValue, sampleSite: arm.map { "\($0) arm" })
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
        let rows = try await app.recordManualEntry(readings, for: stored)
        return Added(profile: stored, measurements: rows, time: time)
    }
}

extension HubApplication {
    /// Blood pressure entries.
    public var bloodPressure: BloodPressureService { BloodPressureService(app: self) }
}
