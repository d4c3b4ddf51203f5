import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Raises an alert the moment a lab result or reading beyond a critical threshold (`CriticalThresholds`) is stored,
/// whatever stored it: `CarePostCommitWork` calls it for every committed batch (device, import, manual entry) and the
/// labs service for every stored result. Each value's alert is keyed, so storing or checking twice raises it once.
///
/// A batch with many readings beyond one threshold (a meter's memory read at once) raises one alert per threshold
/// and profile: the latest such reading's. Values taken more than `recentWindowMilliseconds` before now are history
/// (an import of last year's meter), not news, and raise nothing.
public struct CriticalValueWatch: Sendable {
    /// How old a value may be and still raise an alert: a week, so a lab result reported days after the sample still
    /// does.
    public static let recentWindowMilliseconds: Int64 = 7 * 86_400_000

    private let store: HubDatabase
    private let table: [CriticalThreshold]

    /// A watch over `store` with the standard thresholds (tests may pass their own table).
    public init(store: HubDatabase, table: [CriticalThreshold] = CriticalThresholds.standard) {
        self.store = store
        self.table = table
    }

    /// Alerts for the stored readings among `measurementIds` (blood pressure, glucose); returns the drafts queued.
    @discardableResult
    public func readingsStored(_ measurementIds: [Int64], at atMs: Int64) async throws -> [NotificationDraft] {
        let readings = try await store.ownedReadings(
            measurementIds: measurementIds,
            kinds: [.bloodPressure, .bloodGlucose]
        )
        var latest: [String: (OwnedReading, CriticalThreshold, Double)] = [:]
        for owned in readings {
            let measurement = owned.reading.measurement
            // A meter's HI or LO has its own alert (`MeterRangeAlert`), and its value is only the meter's bound.
            guard measurement.meterRange == nil, measurement.startMs >= atMs - Self.recentWindowMilliseconds else {
                continue
            }
            // A reading nobody owns yet (an import or a device not assigned) alerts in the hub-wide feed.
            let owner = owned.profileId.map(String.init) ?? "hub"
            for (subject, value) in Self.values(of: measurement) {
                guard let threshold = CriticalThresholds.breached(subject, value: value, in: table) else { continue }
                let group = "\(owner):\(Self.group(of: threshold))"
                if let seen = latest[group] {
                    let seenStart = seen.0.reading.measurement.startMs
                    // A later reading speaks for the group; of one reading's parts, the more severe one.
                    let replaces =
                        measurement.startMs > seenStart
                        || (measurement.startMs == seenStart && threshold.severity > seen.1.severity)
                    guard replaces else { continue }
                }
                latest[group] = (owned, threshold, value)
            }
        }
        var drafts: [NotificationDraft] = []
        for (owned, threshold, value) in latest.values.sorted(by: { $0.0.reading.id < $1.0.reading.id }) {
            let zone = try await timeZone(
                profileId: owned.profileId,
                fallbackOffset: owned.reading.measurement.utcOffsetSeconds
            )
            let draft = CriticalValueAlert.draft(
                threshold,
                value: value,
                takenAtMs: owned.reading.measurement.startMs,
                timeZone: zone,
                key: "critical:\(threshold.id):reading:\(owned.reading.id)"
            )
            _ = try await store.postNotification(draft, profileId: owned.profileId, atMs: atMs, timeZone: zone)
            drafts.append(draft)
        }
        return drafts
    }

    /// Alerts for lab results just stored for `profile`; returns the drafts queued.
    @discardableResult
    public func labsStored(_ values: [LabValue], profile: StoredProfile, at atMs: Int64) async throws
        -> [NotificationDraft]
    {
        var latest: [String: (LabValue, CriticalThreshold)] = [:]
        for value in values where value.takenAt.epochMilliseconds >= atMs - Self.recentWindowMilliseconds {
            guard let threshold = CriticalThresholds.breached(.lab(value.analyteID), value: value.value, in: table)
            else { continue }
            let group = Self.group(of: threshold)
            if let seen = latest[group], seen.0.takenAt.epochMilliseconds > value.takenAt.epochMilliseconds { continue }
            latest[group] = (value, threshold)
        }
        let zone = (try? profile.profile.timeZone()) ?? .gmt
        var drafts: [NotificationDraft] = []
        for (value, threshold) in latest.values.sorted(by: { $0.1.id < $1.1.id }) {
            let taken = value.takenAt.epochMilliseconds
            let draft = CriticalValueAlert.draft(
                threshold,
                value: value.value,
                takenAtMs: taken,
                timeZone: zone,
                key: "critical:\(threshold.id):lab:\(profile.id):\(value.analyteID):\(taken)"
            )
            _ = try await store.postNotification(draft, profileId: profile.id, atMs: atMs, timeZone: zone)
            drafts.append(draft)
        }
        return drafts
    }

    /// The values a reading's thresholds look at: its components (systolic, diastolic) and its value.
    static func values(of measurement: NormalizedMeasurement) -> [(CriticalThreshold.Subject, Double)] {
        var values: [(CriticalThreshold.Subject, Double)] = []
        if let value = measurement.value { values.append((.reading(measurement.kind, component: nil), value)) }
        for (name, value) in (measurement.components ?? [:]).sorted(by: Self.systolicFirst) {
            values.append((.reading(measurement.kind, component: name), value))
        }
        return values
    }

    /// Components in a fixed order with systolic first: of one reading's parts equally severe, the first speaks.
    private static func systolicFirst(_ lhs: (key: String, value: Double), _ rhs: (key: String, value: Double)) -> Bool
    {
        (lhs.key == "systolic" ? 0 : 1, lhs.key) < (rhs.key == "systolic" ? 0 : 1, rhs.key)
    }

    /// Rows that speak for the same danger share a group (one lab or one kind of reading, one direction; a blood
    /// pressure's systolic and diastolic are one reading): one alert per group and batch.
    private static func group(of threshold: CriticalThreshold) -> String {
        switch threshold.subject {
        case .lab(let id): "lab:\(id):\(threshold.direction.rawValue)"
        case .reading(let kind, _): "reading:\(kind.rawValue):\(threshold.direction.rawValue)"
        case .interdialyticGain: "idwg:\(threshold.direction.rawValue)"
        }
    }

    /// The profile's time zone, else the offset the reading was taken at.
    private func timeZone(profileId: Int64?, fallbackOffset: Int) async throws -> TimeZone {
        if let profileId, let profile = try await store.profiles().first(where: { $0.id == profileId }),
            let zone = try? profile.profile.timeZone()
        {
            return zone
        }
        return TimeZone(secondsFromGMT: fallbackOffset) ?? .gmt
    }
}
