import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Tags every assigned blood pressure without a phase row yet (only those in `measurementIds` when given), in the
    /// order taken, in one transaction, as `tagPendingWeights` does for weights: `decide` gets each pending reading
    /// (with no earlier readings: several pre-dialysis blood pressures of one session are all `pre`) and returns its
    /// phase. Tagging twice stores nothing twice. Returns the rows written.
    @discardableResult
    public func tagPendingBloodPressures(
        measurementIds: [Int64]? = nil,
        atMs: Int64,
        decide: @escaping @Sendable (PendingBloodPressure, [TaggedWeight]) -> WeightPhaseDecision
    ) async throws -> [WeightPhaseRecord] {
        if measurementIds?.isEmpty == true { return [] }
        let given = measurementIds.map(Set.init)
        let range = measurementIds.flatMap { ids in ids.min().flatMap { low in ids.max().map { low...$0 } } }
        return try await pool.write { db in
            let restriction = range == nil ? "" : "AND o.measurementId BETWEEN ? AND ?"
            let pending = try Row.fetchAll(
                db,
                sql: """
                    SELECT m.id, m.startMs, json_extract(m.context, '$.dialysisPhase') AS sentPhase,
                           d.adapterId, d.deviceId, o.profileId
                    FROM measurementOwner o CROSS JOIN measurement m ON m.id = o.measurementId
                    JOIN device d ON d.id = m.deviceRowId
                    WHERE m.kind = 'blood_pressure'
                      AND NOT EXISTS (SELECT 1 FROM bloodPressurePhase p WHERE p.measurementId = m.id)
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
                let reading = PendingBloodPressure(
                    measurementId: row["id"],
                    startMs: row["startMs"],
                    sentPhase: (row["sentPhase"] as String?).flatMap(DialysisPhase.init(rawValue:)),
                    device: DeviceIdentity(adapterId: row["adapterId"], deviceId: row["deviceId"]),
                    profile: profile
                )
                // No earlier readings are passed: a session has one pre and one post weight, but may have several
                // pre-dialysis blood pressures, so another reading must not make this one ambiguous.
                let decision = decide(reading, [])
                let record = WeightPhaseRecord(
                    measurementId: reading.measurementId,
                    profileId: profileId,
                    phase: decision.phase,
                    source: decision.source,
                    ambiguity: decision.phase == nil ? (decision.ambiguity ?? "no phase could be decided") : nil,
                    updatedAtMs: atMs
                )
                try db.execute(
                    sql: """
                        INSERT INTO bloodPressurePhase (measurementId, profileId, phase, source, ambiguity, updatedAtMs)
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

    /// The profile's tagged blood pressures, oldest first; `sinceMs` inclusive.
    public func profileBloodPressures(profileId: Int64, sinceMs: Int64? = nil) async throws -> [ProfileBloodPressure] {
        try await pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.id, m.startMs, m.utcOffsetSeconds,
                           json_extract(m.components, '$.systolic') AS systolic,
                           json_extract(m.components, '$.diastolic') AS diastolic,
                           d.adapterId, d.deviceId,
                           p.profileId, p.phase, p.source, p.ambiguity, p.updatedAtMs
                    FROM bloodPressurePhase p
                    JOIN measurement m ON m.id = p.measurementId
                    JOIN device d ON d.id = m.deviceRowId
                    WHERE p.profileId = ? AND (? IS NULL OR m.startMs >= ?)
                    ORDER BY m.startMs, m.id
                    """,
                arguments: [profileId, sinceMs, sinceMs]
            ).compactMap { row in
                guard let systolic: Double = row["systolic"], let diastolic: Double = row["diastolic"] else {
                    return nil
                }
                return ProfileBloodPressure(
                    measurementId: row["id"],
                    startMs: row["startMs"],
                    utcOffsetSeconds: row["utcOffsetSeconds"],
                    systolic: systolic,
                    diastolic: diastolic,
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

    /// Sets the phase of one of the profile's blood pressures as the user confirmed it (source `confirmed`); once
    /// the terms `termsVersion` are accepted. Throws `ReadingAssignmentError.unknownBloodPressure` for an id that is
    /// not the profile's blood pressure.
    @discardableResult
    public func confirmBloodPressurePhase(
        measurementId: Int64,
        profile: StoredProfile,
        phase: DialysisPhase,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws -> WeightPhaseRecord {
        try await pool.write { db in
            try Self.requireTerms(termsVersion, in: db)
            try db.execute(
                sql: """
                    UPDATE bloodPressurePhase SET phase = ?, source = 'confirmed', ambiguity = NULL, updatedAtMs = ?
                    WHERE measurementId = ? AND profileId = ?
                    """,
                arguments: [phase.rawValue, atMs, measurementId, profile.id]
            )
            guard db.changesCount == 1 else {
                throw ReadingAssignmentError.unknownBloodPressure(measurementId, profile: profile.name)
            }
            return WeightPhaseRecord(
                measurementId: measurementId,
                profileId: profile.id,
                phase: phase,
                source: .confirmed,
                ambiguity: nil,
                updatedAtMs: atMs
            )
        }
    }
}
