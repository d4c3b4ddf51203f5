import GRDB
import HubCore

extension HubDatabase {
    /// What one import brought: the device's measurements received at or after `sinceMs`, by kind,
    /// with control-solution tests (context `measurementStatus` holding "control_solution") apart.
    public struct NewReadings: Sendable, Hashable {
        /// Patient readings by kind.
        public var byKind: [String: Int] = [:]
        /// Control-solution tests, which are not patient readings.
        public var controlSolution = 0
        /// Patient readings flagged because the device's clock looked wrong.
        public var clockSuspect = 0
        /// Readings beyond the meter's range (HI or LO): the meter's bound, not a measurement.
        public var beyondMeterRange = 0
        public var patientTotal: Int { byKind.values.reduce(0, +) }
    }

    /// The readings of one device stored since `sinceMs` (epoch ms, by the time they were received).
    public func newReadings(adapterId: String, deviceId: String, sinceMs: Int64) async throws -> NewReadings {
        try await pool.read { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT m.kind,
                           \(Self.isControlSolutionSQL) AS control,
                           EXISTS (SELECT 1 FROM json_each(m.context, '$.measurementStatus') s
                                   WHERE s.value = 'device_clock_suspect') AS suspect,
                           EXISTS (SELECT 1 FROM json_each(m.context, '$.measurementStatus') s
                                   WHERE s.value IN (\(Self.meterRangeStatusesSQL))) AS beyond,
                           count(*) AS n
                    FROM measurement m JOIN device d ON d.id = m.deviceRowId
                    WHERE d.adapterId = ? AND d.deviceId = ? AND m.receivedAtMs >= ?
                    GROUP BY m.kind, control, suspect, beyond
                    """,
                arguments: [adapterId, deviceId, sinceMs]
            )
            var result = NewReadings()
            for row in rows {
                let count: Int = row["n"]
                if (row["control"] as Int?) == 1 {
                    result.controlSolution += count
                } else {
                    result.byKind[row["kind"], default: 0] += count
                    if (row["suspect"] as Int?) == 1 { result.clockSuspect += count }
                    if (row["beyond"] as Int?) == 1 { result.beyondMeterRange += count }
                }
            }
            return result
        }
    }
}

extension HubDatabase {
    /// The `measurementStatus` values of a meter's HI and LO, as an SQL list.
    static let meterRangeStatusesSQL = MeterRange.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
}
