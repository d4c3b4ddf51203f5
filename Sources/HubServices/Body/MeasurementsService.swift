import HubCore
import HubRecords
import HubStore

/// Stored measurements of every kind, as devices and entries left them.
public struct MeasurementsService: Sendable {
    let app: HubApplication

    /// Measurements oldest first: of one kind when given, from `sinceMs` (inclusive) until `untilMs` (exclusive), at
    /// most `limit`.
    public func list(
        kind: MeasurementKind?,
        sinceMs: Int64?,
        untilMs: Int64?,
        limit: Int?
    ) async throws -> [StoredMeasurement] {
        try await app.store.measurements(kind: kind, sinceMs: sinceMs, untilMs: untilMs, limit: limit)
    }

    /// The highest measurement row id so far: where a watcher of arriving readings starts.
    public func newestId() async throws -> Int64 {
        try await app.store.newestMeasurementId()
    }

    /// Readings of the profile (or of nobody yet) stored after row `afterId`, oldest first, at most `limit`; the
    /// web app's live Today page polls it.
    public func arrived(afterId: Int64, profile: String?, limit: Int) async throws -> [ArrivedReading] {
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.readingsArrived(afterId: afterId, profileId: stored.id, limit: limit).map {
            ArrivedReading(id: $0.id, kind: $0.kind, receivedAtMs: $0.receivedAtMs)
        }
    }
}

/// A reading as it arrived in the store: its row id, its kind's code and when the hub stored it (epoch ms).
public struct ArrivedReading: Sendable, Hashable {
    public var id: Int64
    public var kind: String
    public var receivedAtMs: Int64
}

extension HubApplication {
    /// Stored measurements.
    public var measurements: MeasurementsService { MeasurementsService(app: self) }
}
