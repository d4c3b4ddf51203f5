import CareEngine
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

extension HubApplication {
    /// Corrects or deletes a weight or blood pressure typed by hand: `replacement` (nil to delete) is validated like
    /// a new entry (the normalizer, the plausibility ranges and, for blood pressure, the usual ranges unless
    /// `confirmUnusual`), then the store replaces the values and records the change in one transaction. Goals and
    /// reports read the corrected data from then on; rewards already earned stay. Returns the entry as it was.
    func correctMeasurement(
        id: Int64,
        entry: CorrectedEntry,
        replacement: RawMeasurement?,
        confirmUnusual: Bool,
        profile stored: StoredProfile
    ) async throws -> StoredMeasurement {
        try await terms.requireAccepted()
        var normalized: NormalizedMeasurement?
        if var replacement {
            replacement.effectiveTime = RFC3339.format(epochMilliseconds: now(), utcOffsetSeconds: 0)
            replacement.sourceRecordId = "correction"
            do {
                let measurement = try MeasurementNormalizer.normalize(replacement).get()
                try EntryPlausibility.check(measurement)
                if !confirmUnusual, measurement.kind == .bloodPressure,
                    let unusual = UnusualEntryRanges.unusual(bloodPressure: measurement.components ?? [:])
                {
                    throw unusual
                }
                normalized = measurement
            } catch let error as MeasurementFieldError {
                throw EntryRefused(error)
            }
        }
        let old = try await store.correctManualMeasurement(
            id: id,
            entry: entry,
            profile: stored,
            replacement: normalized,
            by: changeAuthor,
            atMs: now()
        )
        await notificationDispatcher().deliverDue(at: now())
        return old
    }
}

extension WeightService {
    /// Replaces the value of a weight typed by hand (its time and phase stay); returns the weight as it was.
    @discardableResult
    public func edit(measurementId: Int64, value: Double, unit: String, profile name: String?) async throws
        -> StoredMeasurement
    {
        let stored = try await app.store.selectProfile(named: name)
        return try await app.correctMeasurement(
            id: measurementId,
            entry: .weight,
            replacement: RawMeasurement(
                kind: MeasurementKind.bodyWeight.rawValue,
                value: value,
                unit: UnitDisplayName.code(unit)
            ),
            confirmUnusual: false,
            profile: stored
        )
    }

    /// Deletes a weight typed by hand; returns it as it was.
    @discardableResult
    public func delete(measurementId: Int64, profile name: String?) async throws -> StoredMeasurement {
        let stored = try await app.store.selectProfile(named: name)
        return try await app.correctMeasurement(
            id: measurementId,
            entry: .weight,
            replacement: nil,
            confirmUnusual: false,
            profile: stored
        )
    }
}

extension BloodPressureService {
    /// Replaces systolic/diastolic of a blood pressure typed by hand (its time and phase stay); a pair outside the
    /// usual ranges needs `confirmUnusual`. Returns the reading as it was.
    @discardableResult
    public func edit(
        measurementId: Int64,
        systolic: Double,
        diastolic: Double,
        unit: String,
        confirmUnusual: Bool = false,
        profile name: String?
    ) async throws -> StoredMeasurement {
        let stored = try await app.store.selectProfile(named: name)
        return try await app.correctMeasurement(
            id: measurementId,
            entry: .bloodPressure,
            replacement: RawMeasurement(
                kind: MeasurementKind.bloodPressure.rawValue,
                components: ["systolic": systolic, "diastolic": diastolic],
                unit: unit
            ),
            confirmUnusual: confirmUnusual,
            profile: stored
        )
    }

    /// Deletes a blood pressure typed by hand; returns it as it was.
    @discardableResult
    public func delete(measurementId: Int64, profile name: String?) async throws -> StoredMeasurement {
        let stored = try await app.store.selectProfile(named: name)
        return try await app.correctMeasurement(
            id: measurementId,
            entry: .bloodPressure,
            replacement: nil,
            confirmUnusual: false,
            profile: stored
        )
    }
}

extension LabsService {
    /// Replaces a lab result's value and unit (and its date when given), validated as a new result; returns the
    /// result as it was.
    @discardableResult
    public func edit(id: Int64, value: String, unit: String, date: String?, profile name: String?) async throws
        -> StoredLabResult
    {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        guard let current = try await app.store.labResults(profileId: stored.id).first(where: { $0.id == id }) else {
            throw EntryCorrectionError.notFound(.lab, id: id, profile: stored.name)
        }
        let replacement: LabValue
        do {
            replacement = try Self.validate(
                analyte: current.value.analyteID,
                value: value,
                unit: unit,
                date: date ?? RFC3339.format(current.value.takenAt),
                profile: stored.profile,
                now: app.now()
            )
        } catch {
            throw LabsError.invalid(error)
        }
        return try await app.store.correctLabResult(
            id: id,
            profile: stored,
            replacement: replacement,
            by: app.changeAuthor,
            atMs: app.now()
        )
    }

    /// Deletes a lab result; returns it as it was.
    @discardableResult
    public func delete(id: Int64, profile name: String?) async throws -> StoredLabResult {
        try await app.terms.requireAccepted()
        let stored = try await app.store.selectProfile(named: name)
        return try await app.store.correctLabResult(
            id: id,
            profile: stored,
            replacement: nil,
            by: app.changeAuthor,
            atMs: app.now()
        )
    }
}

/// The record of corrections.
public struct CorrectionsService: Sendable {
    let app: HubApplication

    /// The profile's recorded edits and deletions, newest first.
    public func list(profile name: String?) async throws -> (StoredProfile, [EntryChange]) {
        let stored = try await app.store.selectProfile(named: name)
        return (stored, try await app.store.entryChanges(profileId: stored.id))
    }
}

extension HubApplication {
    /// The record of corrections.
    public var corrections: CorrectionsService { CorrectionsService(app: self) }
}
