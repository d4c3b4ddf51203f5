import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// The stored device with this id, from `adapterId` when given; throws when none or several match.
    public func device(id deviceId: String, adapterId: String? = nil) async throws -> StoredDevice {
        let all = try await devices()
        let matches = all.filter {
            $0.identity.deviceId == deviceId && (adapterId == nil || $0.identity.adapterId == adapterId)
        }
        switch matches.count {
        case 1: return matches[0]
        case 0: throw ReadingAssignmentError.unknownDevice(deviceId, known: all.map(\.identity.deviceId))
        default: throw ReadingAssignmentError.ambiguousDevice(deviceId, adapters: matches.map(\.identity.adapterId))
        }
    }

    /// Gives a device's readings (of one user slot, or `DeviceAssignment.anyUser`) to a profile, replacing an
    /// earlier assignment of that slot; once the terms `termsVersion` are accepted.
    ///
    /// Weights already tagged for another profile keep their tag; the caller tags the ones still pending.
    public func assign(
        _ assignment: DeviceAssignment,
        termsVersion: String = TermsOfService.current.version
    ) async throws {
        try await pool.write { db in
            try Self.requireTerms(termsVersion, in: db)
            try assignment.upsert(db)
        }
    }

    /// Every assignment, by device and slot.
    public func deviceAssignments() async throws -> [DeviceAssignment] {
        try await pool.read { db in
            try DeviceAssignment.order(Column("deviceRowId"), Column("userIndex")).fetchAll(db)
        }
    }

    /// Stores a manual entry's batch and, in the same transaction, assigns its device (the profile's own
    /// `manual` device) to the profile; once the terms `termsVersion` are accepted.
    public func ingestManualEntry(
        _ batch: IngestBatch,
        profileId: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws -> IngestOutcome {
        try await pool.write { db in
            try Self.requireTerms(termsVersion, in: db)
            let outcome = try BatchWriter.write(batch, in: db)
            try db.execute(
                sql: """
                    INSERT INTO deviceAssignment (deviceRowId, userIndex, profileId, assignedAtMs)
                    SELECT id, ?, ?, ? FROM device WHERE adapterId = ? AND deviceId = ?
                    ON CONFLICT (deviceRowId, userIndex) DO NOTHING
                    """,
                arguments: [
                    DeviceAssignment.anyUser, profileId, batch.receivedAtMs, batch.device.adapterId,
                    batch.device.deviceId,
                ]
            )
            // The first entry's device had no assignment when the batch was written.
            if let first = outcome.storedIds.first, let last = outcome.storedIds.last {
                try BatchWriter.claimReadings(ids: first...last, atMs: batch.receivedAtMs, in: db)
            }
            return outcome
        }
    }

    /// Tags every assigned body weight that has no phase row yet (only those in `measurementIds` when given), in
    /// the order taken, in one transaction: `decide` gets each pending weight with the profile's phased weights from
    /// two days around it (including those tagged earlier in this call) and returns its phase.
    ///
    /// A weight whose device and user slot have no assignment stays pending, so a later assignment tags it. Tagging
    /// twice stores nothing twice. Returns the rows written.
    @discardableResult
    public func tagPendingWeights(
        measurementIds: [Int64]? = nil,
        atMs: Int64,
        decide: @escaping @Sendable (PendingWeight, [TaggedWeight]) -> WeightPhaseDecision
    ) async throws -> [WeightPhaseRecord] {
        if measurementIds?.isEmpty == true { return [] }
        let given = measurementIds.map(Set.init)
        let range = measurementIds.flatMap { ids in ids.min().flatMap { low in ids.max().map { low...$0 } } }
        return try await pool.write { db in
            // Readings are claimed when they are stored (`BatchWriter`); a pass over every pending weight also
            // claims the readings stored before their device was assigned, in the same transaction.
            if measurementIds == nil {
                try db.execute(
                    sql: "INSERT INTO measurementOwner (measurementId, profileId, ownedSinceMs) "
                        + Schema.claimSelect() + " ON CONFLICT (measurementId) DO NOTHING",
                    arguments: [atMs]
                )
            }
            // Given readings are found through their owner rows' id range (a batch's new rows have consecutive
            // ids; CROSS JOIN makes SQLite start from the owners, so readings no profile owns cost nothing),
            // then narrowed to the ids given; without, the body-weight index finds every pending weight.
            let readings =
                measurementIds == nil
                ? "measurement m JOIN measurementOwner o ON o.measurementId = m.id"
                : "measurementOwner o CROSS JOIN measurement m ON m.id = o.measurementId"
            let restriction = measurementIds == nil ? "" : "AND o.measurementId BETWEEN ? AND ?"
            let pending = try Row.fetchAll(
                db,
                sql: """
                    SELECT m.id, m.startMs, m.value, json_extract(m.context, '$.dialysisPhase') AS sentPhase,
                           d.adapterId, d.deviceId, o.profileId
                    FROM \(readings)
                    JOIN device d ON d.id = m.deviceRowId
                    WHERE m.kind = 'body_weight'
                      AND NOT EXISTS (SELECT 1 FROM weightPhase w WHERE w.measurementId = m.id)
                      \(restriction)
                    ORDER BY m.startMs, m.id
                    """,
                arguments: StatementArguments(range.map { [$0.lowerBound, $0.upperBound] } ?? [])
            ).filter { row in given?.contains(row["id"]) ?? true }
            var profiles: [Int64: StoredProfile] = [:]
            var written: [WeightPhaseRecord] = []
            for row in pending {
                let profileId: Int64 = row["profileId"]
                if profiles[profileId] == nil {
                    profiles[profileId] = try ProfileRecord.fetchOne(db, key: profileId)?.stored()
                }
                guard let profile = profiles[profileId] else { continue }
                let weight = PendingWeight(
                    measurementId: row["id"],
                    startMs: row["startMs"],
                    kilograms: row["value"],
                    sentPhase: (row["sentPhase"] as String?).flatMap(DialysisPhase.init(rawValue:)),
                    device: DeviceIdentity(adapterId: row["adapterId"], deviceId: row["deviceId"]),
                    profile: profile
                )
                let twoDays: Int64 = 2 * 86_400_000
                let existing = try Self.phasedWeights(
                    profileId: profileId,
                    sinceMs: weight.startMs - twoDays,
                    untilMs: weight.startMs + twoDays,
                    in: db
                )
                let decision = decide(weight, existing)
                let record = WeightPhaseRecord(
                    measurementId: weight.measurementId,
                    profileId: profileId,
                    phase: decision.phase,
                    source: decision.source,
                    ambiguity: decision.phase == nil ? (decision.ambiguity ?? "no phase could be decided") : nil,
                    updatedAtMs: atMs
                )
                // Only the "already tagged" conflict is skipped (a concurrent pass got there first); a row
                // breaking a CHECK must fail loudly, and only rows really written are reported.
                try db.execute(
                    sql: """
                        INSERT INTO weightPhase (measurementId, profileId, phase, source, ambiguity, updatedAtMs)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (measurementId) DO NOTHING
                        """,
                    arguments: [
                        record.measurementId, record.profileId, record.phase?.rawValue, record.source.rawValue,
                        record.ambiguity, record.updatedAtMs,
                    ]
                )
                if db.changesCount > 0 { written.append(record) }
            }
            return written
        }
    }

    /// The profile's tagged body weights (those with a phase row), oldest first; `sinceMs` inclusive.
    public func profileWeights(profileId: Int64, sinceMs: Int64? = nil) async throws -> [ProfileWeight] {
        // With a start, the readings come from the body-weight index from that start (only body weights have phase
        // rows; `tagPendingWeights` tags no other kind): the profile's index read every weight of the year for
        // Today's four days, ten times the time (sqlite3 .timer). Cached statements: Today asks on every request.
        let (from, window) =
            sinceMs == nil
            ? ("weightPhase w JOIN measurement m ON m.id = w.measurementId", "AND m.kind = 'body_weight'")
            : (
                "measurement m JOIN weightPhase w ON w.measurementId = m.id",
                "AND m.kind = 'body_weight' AND m.startMs >= ?"
            )
        let arguments: StatementArguments = [profileId] + StatementArguments(sinceMs.map { [$0] } ?? [])
        return try await pool.read { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT m.id, m.startMs, m.utcOffsetSeconds, m.value, m.originalValue, m.originalUnit,
                               d.adapterId, d.deviceId,
                               w.profileId, w.phase, w.source, w.ambiguity, w.updatedAtMs
                        FROM \(from)
                        JOIN device d ON d.id = m.deviceRowId
                        WHERE w.profileId = ? \(window)
                        ORDER BY m.startMs, m.id
                        """
                ),
                arguments: arguments
            ).map { row in
                ProfileWeight(
                    measurementId: row["id"],
                    startMs: row["startMs"],
                    utcOffsetSeconds: row["utcOffsetSeconds"],
                    kilograms: row["value"],
                    originalValue: row["originalValue"],
                    originalUnit: row["originalUnit"],
                    device: DeviceIdentity(adapterId: row["adapterId"], deviceId: row["deviceId"]),
                    phase: WeightPhaseRecord(
                        measurementId: row["id"],
                        profileId: row["profileId"],
                        phase: row["phase"],
                        source: row["source"],
                        ambiguity: row["ambiguity"],
                        updatedAtMs: row["updatedAtMs"]
                    )
                )
            }
        }
    }

    /// Sets the phase of one of the profile's weights as the user confirmed it (source `confirmed`); once the terms
    /// `termsVersion` are accepted.
    @discardableResult
    public func confirmWeightPhase(
        measurementId: Int64,
        profile: StoredProfile,
        phase: DialysisPhase,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws -> WeightPhaseRecord {
        try await pool.write { db in
            try Self.requireTerms(termsVersion, in: db)
            guard var record = try WeightPhaseRecord.fetchOne(db, key: measurementId), record.profileId == profile.id
            else {
                throw ReadingAssignmentError.unknownWeight(measurementId, profile: profile.name)
            }
            record.phase = phase
            record.source = .confirmed
            record.ambiguity = nil
            record.updatedAtMs = atMs
            try record.update(db)
            return record
        }
    }

    /// The profile's weights with a phase in [sinceMs, untilMs), for inferring the next one.
    static func phasedWeights(profileId: Int64, sinceMs: Int64, untilMs: Int64, in db: Database) throws
        -> [TaggedWeight]
    {
        // From the body-weight index over the window (every phase row is a body weight's), not every weight of the
        // profile: this runs for each weight stored.
        try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT m.startMs, m.value, w.phase
                    FROM measurement m
                    JOIN weightPhase w ON w.measurementId = m.id
                    WHERE m.kind = 'body_weight' AND m.startMs >= ? AND m.startMs < ?
                      AND w.profileId = ? AND w.phase IS NOT NULL
                    ORDER BY m.startMs, m.id
                    """
            ),
            arguments: [sinceMs, untilMs, profileId]
        ).map { row in
            TaggedWeight(epochMilliseconds: row["startMs"], kilograms: row["value"], phase: row["phase"])
        }
    }
}
