import Foundation
import HubCore
import HubRecords
import HubStore

/// Readings a person types in: stored as measurements of the profile's own `manual` device through the same
/// normalizer and batch writer as device readings (a manual entry is just another source), then handed to the same
/// post-commit work as a device's batch (`CarePostCommitWork`: tagging, goals, alerts).
public struct ManualEntry: Sendable {
    /// The adapter id of manual entries' devices.
    public static let adapterId = "manual"
    /// How far ahead of the clock a manual entry may be, for clocks a little apart.
    public static let clockSkewMilliseconds: Int64 = 5 * 60_000

    private let store: HubDatabase
    private let work: CarePostCommitWork

    /// Entries into `store`, followed by `work`, the function a device's committed batch runs too.
    public init(store: HubDatabase, work: CarePostCommitWork) {
        self.store = store
        self.work = work
    }

    /// The device a profile's manual entries belong to.
    public static func device(profileId: Int64) -> DeviceIdentity {
        DeviceIdentity(
            adapterId: adapterId,
            deviceId: "profile-\(profileId)",
            manufacturer: "KidneyHub",
            model: "manual entry"
        )
    }

    /// Validates, normalizes and stores the readings (all or none) for the profile, then tags body weights and blood
    /// pressures; returns the stored rows. Throws `MeasurementFieldError` naming the field for an invalid or
    /// implausible value, a blood pressure outside the usual ranges (`UnusualEntryRanges`) unless `confirmUnusual`, or
    /// a time in the future, and the store's errors (terms not accepted).
    public func record(
        _ readings: [RawMeasurement],
        for profile: StoredProfile,
        confirmUnusual: Bool = false
    ) async throws -> [StoredMeasurement] {
        let now = Self.currentMilliseconds()
        var records: [IngestRecord] = []
        for var reading in readings {
            reading.sourceRecordId = reading.sourceRecordId ?? "manual-\(UUID().uuidString.lowercased())"
            let measurement = try MeasurementNormalizer.normalize(reading).get()
            try EntryPlausibility.check(measurement)
            if !confirmUnusual, measurement.kind == .bloodPressure,
                let unusual = UnusualEntryRanges.unusual(bloodPressure: measurement.components ?? [:])
            {
                throw unusual
            }
            guard measurement.startMs <= now + Self.clockSkewMilliseconds else {
                throw MeasurementFieldError(
                    field: "effectiveTime",
                    reason: "\(reading.effectiveTime ?? "") is in the future (accepted: now or earlier)",
                    problem: .inTheFuture
                )
            }
            records.append(IngestRecord(measurement))
        }
        let batch = IngestBatch(device: Self.device(profileId: profile.id), records: records, receivedAtMs: now)
        let outcome = try await store.ingestManualEntry(batch, profileId: profile.id)
        await work.didCommit(outcome, device: batch.device)
        // A pass over every weight still pending picks up an entry whose tagging an interrupted command never reached.
        await work.catchUp()
        let ids = Set(outcome.storedIds)
        return try await store.measurements(sinceMs: records.map(\.measurement.startMs).min())
            .filter { ids.contains($0.id) }
    }

    /// The current instant in UTC epoch milliseconds.
    @Sendable public static func currentMilliseconds() -> Int64 { EpochMilliseconds.now() }
}
