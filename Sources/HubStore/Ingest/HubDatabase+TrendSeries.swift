import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

/// One local day's mean of a profile's readings of one kind, aggregated in SQL: what a chart over months draws (one
/// point per day) without reading every reading of the year.
public struct DailyReadingMean: Sendable, Hashable {
    /// The profile's local day.
    public var day: CalendarDate
    /// The unit the readings are stored in (the kind's canonical unit).
    public var unit: String
    /// The day's mean, for a kind with one value.
    public var value: Double?
    /// The day's mean of each component (systolic, diastolic), for a kind with components.
    public var components: [String: Double]?
    /// How many readings the day had.
    public var count: Int
}

extension StoreSnapshot {
    /// The daily means of the profile's readings of `kind` whose start is in [`sinceMs`, `untilMs`), each day a local
    /// day of `timeZone` (as `TrendAnalysis` counts days), oldest first.
    ///
    /// Left out as the reading lists leave them out: a meter's control-solution tests, and a meter's HI or LO (its
    /// bound, not a measurement: `meterRangeReadings` names them). `components` are the names averaged for a kind with
    /// components.
    public func dailyMeans(
        kind: MeasurementKind,
        components: [String],
        profileId: Int64,
        sinceMs: Int64,
        untilMs: Int64,
        timeZone: TimeZone
    ) throws -> [DailyReadingMean] {
        let (offsetSQL, offsetArguments) = HubDatabase.utcOffsetCase(
            sinceMs: sinceMs,
            untilMs: untilMs,
            timeZone: timeZone
        )
        let componentColumns = components.indices.map {
            ", AVG(json_extract(components, '$.' || ?)) AS c\($0)"
        }.joined()
        // The local day is floor((startMs + offset) / day), written so that it floors before 1970 too.
        let sql = """
            SELECT (localMs - ((localMs % 86400000) + 86400000) % 86400000) / 86400000 AS day, unit,
                   AVG(value) AS mean, count(*) AS n\(componentColumns)
            FROM (SELECT m.startMs + \(offsetSQL) AS localMs, m.unit, m.value, m.components
                  FROM measurement m
                  WHERE m.kind = ? AND m.startMs >= ? AND m.startMs < ?
                    AND EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id AND o.profileId = ?)
                    AND NOT \(HubDatabase.isControlSolutionSQL) AND NOT \(HubDatabase.isMeterRangeSQL))
            GROUP BY day, unit
            ORDER BY day, unit
            """
        var arguments = StatementArguments(components)
        arguments += StatementArguments(offsetArguments)
        let filter: StatementArguments = [kind.rawValue, sinceMs, untilMs, profileId]
        arguments += filter
        // Cached statements here and below: the trends page asks for these on every request, and compiling them
        // (GRDB's authorizer visiting each column, the JSON conditions) was a tenth of its time (perf).
        // Columns by position (day, unit, mean, n, then each component's): a copied row looks a name up by
        // lowercasing it.
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { row in
            var means: [String: Double]?
            if !components.isEmpty {
                var found: [String: Double] = [:]
                for (index, name) in components.enumerated() {
                    if let mean: Double = row[4 + index] { found[name] = mean }
                }
                means = found
            }
            return DailyReadingMean(
                day: CalendarDate(daysSinceEpoch: Int(row[0] as Int64)),
                unit: row[1],
                value: components.isEmpty ? row[2] : nil,
                components: means,
                count: row[3]
            )
        }
    }

    /// The profile's readings of `kind` in [`sinceMs`, `untilMs`) that a meter flagged beyond its range (HI or LO),
    /// oldest first: a chart names them in a note instead of drawing them.
    public func meterRangeReadings(
        kind: MeasurementKind,
        profileId: Int64,
        sinceMs: Int64,
        untilMs: Int64
    ) throws -> [StoredMeasurement] {
        let sql = """
            SELECT m.id, m.sourceRecordId, m.kind, m.value, m.components, m.unit,
                   m.originalValue, m.originalComponents, m.originalUnit,
                   m.startMs, m.endMs, m.utcOffsetSeconds, m.context, m.receivedAtMs,
                   d.id AS deviceRowId, d.adapterId, d.deviceId, d.manufacturer, d.model, d.serial,
                   d.firstSeenAtMs, d.lastSeenAtMs
            FROM measurement m
            JOIN device d ON d.id = m.deviceRowId
            WHERE m.kind = ? AND m.startMs >= ? AND m.startMs < ? AND m.context IS NOT NULL
              AND EXISTS (SELECT 1 FROM measurementOwner o WHERE o.measurementId = m.id AND o.profileId = ?)
              AND NOT \(HubDatabase.isControlSolutionSQL) AND \(HubDatabase.isMeterRangeSQL)
            ORDER BY m.startMs, m.id
            """
        return try Row.fetchAll(db.cachedStatement(sql: sql), arguments: [kind.rawValue, sinceMs, untilMs, profileId])
            .map(HubDatabase.storedMeasurement)
    }

    /// The profile's body weights from `sinceMs` (inclusive) with their phase (nil while undecided), oldest first:
    /// only what the weight charts and the gain need, not the device and the phase's bookkeeping.
    public func taggedWeights(profileId: Int64, sinceMs: Int64) throws -> [TaggedWeight] {
        try Row.fetchAll(
            db.cachedStatement(
                // From the body-weight index over the window (every phase row is a body weight's), not every
                // weight of the profile.
                sql: """
                    SELECT m.startMs, m.value, w.phase
                    FROM measurement m
                    JOIN weightPhase w ON w.measurementId = m.id
                    WHERE m.kind = 'body_weight' AND m.startMs >= ? AND w.profileId = ?
                    ORDER BY m.startMs, m.id
                    """
            ),
            arguments: [sinceMs, profileId]
        ).map { row in
            TaggedWeight(epochMilliseconds: row[0], kilograms: row[1], phase: row[2])
        }
    }
}

extension HubDatabase {
    /// A reading's meter flagged it beyond its range (HI or LO).
    static let isMeterRangeSQL = """
        (\(hasMeasurementStatusSQL) AND EXISTS (SELECT 1 FROM json_each(m.context, '$.measurementStatus') s WHERE s.value IN (\(meterRangeStatusesSQL))))
        """

    /// `CASE WHEN m.startMs < ? THEN ? … ELSE ? END`: the zone's offset in ms at each reading's start, one branch per
    /// clock change between `sinceMs` and `untilMs` (as `LocalClock.local` reads the offset at the instant).
    static func utcOffsetCase(sinceMs: Int64, untilMs: Int64, timeZone: TimeZone) -> (String, [Int64]) {
        func date(_ ms: Int64) -> Date { Date(timeIntervalSince1970: Double(ms) / 1000) }
        func offsetMs(_ ms: Int64) -> Int64 { Int64(timeZone.secondsFromGMT(for: date(ms))) * 1000 }
        var branches: [(before: Int64, offset: Int64)] = []
        var cursor = sinceMs
        // Two changes a year at most in real zones; the bound keeps a strange zone from making a huge statement.
        while branches.count < 400, let next = timeZone.nextDaylightSavingTimeTransition(after: date(cursor)) {
            let nextMs = Int64((next.timeIntervalSince1970 * 1000).rounded())
            guard nextMs < untilMs, nextMs > cursor else { break }
            branches.append((nextMs, offsetMs(cursor)))
            cursor = nextMs
        }
        let last = offsetMs(cursor)
        guard !branches.isEmpty else { return ("?", [last]) }
        let sql = "CASE " + String(repeating: "WHEN m.startMs < ? THEN ? ", count: branches.count) + "ELSE ? END"
        return (sql, branches.flatMap { [$0.before, $0.offset] } + [last])
    }
}
