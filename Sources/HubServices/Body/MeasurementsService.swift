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
}

extension HubApplication {
    /// Stored measurements.
    public var measurements: MeasurementsService { MeasurementsService(app: self) }
}
