import Care
import Clinical
import Foundation
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Adds a goal to a profile, once the terms are accepted; priority nil puts it last.
    public func addGoal(
        profileId: Int64,
        kind: GoalKind,
        period: GoalPeriod,
        priority: Int? = nil,
        templateId: String? = nil,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) -> Goal {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            let last =
                try Int.fetchOne(
                    db,
                    sql: "SELECT max(priority) FROM goal WHERE profileId = ? AND removedAtMs IS NULL",
                    arguments: [profileId]
                ) ?? 0
            let chosen = min(max(priority ?? last + 1, 1), last + 1)
            // An explicit priority pushes the goals at and after it down by one.
            try db.execute(
                sql:
                    "UPDATE goal SET priority = priority + 1 WHERE profileId = ? AND removedAtMs IS NULL AND priority >= ?",
                arguments: [profileId, chosen]
            )
            try db.execute(
                sql: """
                    INSERT INTO goal (profileId, kind, period, priority, templateId, createdAtMs, updatedAtMs)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [profileId, try GoalJSON.encode(kind), period.description, chosen, templateId, atMs, atMs]
            )
            return Goal(
                id: db.lastInsertedRowID,
                profileId: profileId,
                kind: kind,
                period: period,
                priority: chosen,
                templateId: templateId,
                createdAtMs: atMs
            )
        }
    }

    /// A profile's goals by priority; removed ones too when asked.
    public func goals(profileId: Int64, includeRemoved: Bool = false) async throws -> [Goal] {
        try await pool.read { db in try Self.goals(profileId: profileId, includeRemoved: includeRemoved, in: db) }
    }

    static func goals(profileId: Int64?, includeRemoved: Bool, in db: Database) throws -> [Goal] {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let profileId {
            conditions.append("profileId = ?")
            arguments += [profileId]
        }
        if !includeRemoved { conditions.append("removedAtMs IS NULL") }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return try Row.fetchAll(
            db,
            sql: """
                SELECT id, profileId, kind, period, priority, templateId, createdAtMs, removedAtMs FROM goal
                \(filter) ORDER BY removedAtMs IS NOT NULL, priority, id
                """,
            arguments: arguments
        ).map { row in
            let id: Int64 = row["id"]
            let periodText: String = row["period"]
            let period: GoalPeriod
            do {
                period = try GoalPeriod(parsing: periodText)
            } catch {
                throw HubStoreError.corruptRow(table: "goal", id: id, reason: "\(error)")
            }
            return Goal(
                id: id,
                profileId: row["profileId"],
                kind: try GoalJSON.decode(GoalKind.self, row["kind"], table: "goal", id: id),
                period: period,
                priority: row["priority"],
                templateId: row["templateId"],
                createdAtMs: row["createdAtMs"],
                removedAtMs: row["removedAtMs"]
            )
        }
    }

    /// Every goal of every profile that is not removed, or removed after `sinceMs` (still owed its last periods).
    public func goalsForEvaluation(removedSinceMs sinceMs: Int64) async throws -> [Goal] {
        try await pool.read { db in
            try Self.goals(profileId: nil, includeRemoved: true, in: db).filter {
                $0.removedAtMs.map { $0 > sinceMs } ?? true
            }
        }
    }

    /// Changes a goal's target or period; its id, and so its rewards' keys, stay the same.
    public func editGoal(
        id: Int64,
        profileId: Int64,
        kind: GoalKind,
        period: GoalPeriod,
        atMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            try db.execute(
                sql: """
                    UPDATE goal SET kind = ?, period = ?, updatedAtMs = ?
                    WHERE id = ? AND profileId = ? AND removedAtMs IS NULL
                    """,
                arguments: [try GoalJSON.encode(kind), period.description, atMs, id, profileId]
            )
            guard db.changesCount == 1 else { throw PatientRecordError.database("profile has no goal #\(id)") }
        }
    }

    /// Removes a goal: it is no longer assessed; its row stays for the rewards it earned. Later goals move up.
    public func removeGoal(id: Int64, profileId: Int64, atMs: Int64) async throws(PatientRecordError) {
        try await patientRecordWrite { db in
            guard
                let priority = try Int.fetchOne(
                    db,
                    sql: "SELECT priority FROM goal WHERE id = ? AND profileId = ? AND removedAtMs IS NULL",
                    arguments: [id, profileId]
                )
            else { throw PatientRecordError.database("profile has no goal #\(id)") }
            try db.execute(
                sql: "UPDATE goal SET removedAtMs = ?, updatedAtMs = ? WHERE id = ?",
                arguments: [atMs, atMs, id]
            )
            try db.execute(
                sql:
                    "UPDATE goal SET priority = priority - 1 WHERE profileId = ? AND removedAtMs IS NULL AND priority > ?",
                arguments: [profileId, priority]
            )
        }
    }

    /// Moves a goal to `priority` (1 first), shifting the others; the priorities stay 1...n without gaps.
    public func prioritizeGoal(id: Int64, profileId: Int64, priority: Int, atMs: Int64) async throws(PatientRecordError)
    {
        try await patientRecordWrite { db in
            var ids = try Int64.fetchAll(
                db,
                sql: "SELECT id FROM goal WHERE profileId = ? AND removedAtMs IS NULL ORDER BY priority, id",
                arguments: [profileId]
            )
            guard let index = ids.firstIndex(of: id) else {
                throw PatientRecordError.database("profile has no goal #\(id)")
            }
            ids.remove(at: index)
            ids.insert(id, at: min(max(priority, 1), ids.count + 1) - 1)
            for (position, goalId) in ids.enumerated() {
                try db.execute(
                    sql: "UPDATE goal SET priority = ?, updatedAtMs = ? WHERE id = ?",
                    arguments: [position + 1, atMs, goalId]
                )
            }
        }
    }

    // MARK: - Data for the assessment

    /// The data goals need for a profile between `sinceMs` (inclusive) and `untilMs` (exclusive): readings of
    /// `kinds` the profile owns, its results of `labs`, and its tagged weights when `taggedWeights`.
    public func goalData(
        profileId: Int64,
        kinds: Set<MeasurementKind>,
        labs: Set<String>,
        taggedWeights: Bool,
        sinceMs: Int64,
        untilMs: Int64
    ) async throws -> GoalData {
        try await pool.read { db in
            // Cached statements read by position: the goals page and every goal evaluation ask, and compiling the
            // queries each time and finding a copied row's columns by name were most of this read (perf).
            var data = GoalData()
            for kind in kinds.sorted(by: { $0.rawValue < $1.rawValue }) {
                if kind == .bloodPressure {
                    data.pressures = try Row.fetchAll(
                        db.cachedStatement(
                            sql: """
                                SELECT m.startMs, json_extract(m.components, '$.systolic') AS s,
                                       json_extract(m.components, '$.diastolic') AS d, p.phase
                                FROM measurementOwner o JOIN measurement m ON m.id = o.measurementId
                                LEFT JOIN bloodPressurePhase p ON p.measurementId = m.id
                                WHERE o.profileId = ? AND m.kind = ? AND m.startMs >= ? AND m.startMs < ?
                                ORDER BY m.startMs, m.id
                                """
                        ),
                        arguments: [profileId, kind.rawValue, sinceMs, untilMs]
                    ).compactMap { row in
                        guard let systolic: Double = row[1], let diastolic: Double = row[2] else { return nil }
                        let phase: String? = row[3]
                        return GoalData.Pressure(
                            atMs: row[0],
                            systolic: systolic,
                            diastolic: diastolic,
                            phase: phase.flatMap(DialysisPhase.init(rawValue:))
                        )
                    }
                } else {
                    data.readings[kind] = try Row.fetchAll(
                        db.cachedStatement(
                            sql: """
                                SELECT m.startMs, m.value
                                FROM measurementOwner o JOIN measurement m ON m.id = o.measurementId
                                WHERE o.profileId = ? AND m.kind = ? AND m.startMs >= ? AND m.startMs < ?
                                    AND m.value IS NOT NULL
                                ORDER BY m.startMs, m.id
                                """
                        ),
                        arguments: [profileId, kind.rawValue, sinceMs, untilMs]
                    ).map { GoalData.Reading(atMs: $0[0], value: $0[1]) }
                }
            }
            for lab in labs.sorted() {
                data.labs[lab] = try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT takenAtMs, value FROM labResult
                            WHERE profileId = ? AND analyte = ? AND takenAtMs >= ? AND takenAtMs < ?
                            ORDER BY takenAtMs, id
                            """
                    ),
                    arguments: [profileId, lab, sinceMs, untilMs]
                ).map { GoalData.Reading(atMs: $0[0], value: $0[1]) }
            }
            if taggedWeights {
                data.taggedWeights = try Row.fetchAll(
                    db.cachedStatement(
                        sql: """
                            SELECT m.startMs, m.value, w.phase
                            FROM weightPhase w JOIN measurement m ON m.id = w.measurementId
                            WHERE w.profileId = ? AND m.startMs >= ? AND m.startMs < ?
                            ORDER BY m.startMs, m.id
                            """
                    ),
                    arguments: [profileId, sinceMs, untilMs]
                ).map { row in
                    let phase: String? = row[2]
                    return TaggedWeight(
                        epochMilliseconds: row[0],
                        kilograms: row[1],
                        phase: phase.flatMap(DialysisPhase.init(rawValue:))
                    )
                }
            }
            return data
        }
    }
}

extension HubDatabase {
    /// The owning profile of each of the given readings, with the kinds it received (readings no profile owns are
    /// left out).
    public func ownersAndKinds(measurementIds: [Int64]) async throws -> [Int64: Set<MeasurementKind>] {
        guard let low = measurementIds.min(), let high = measurementIds.max() else { return [:] }
        let ids = Set(measurementIds)
        return try await pool.read { db in
            var owners: [Int64: Set<MeasurementKind>] = [:]
            for row in try Row.fetchAll(
                db,
                sql: """
                    SELECT o.measurementId, o.profileId, m.kind FROM measurementOwner o JOIN measurement m ON m.id = o.measurementId
                    WHERE o.measurementId BETWEEN ? AND ?
                    """,
                arguments: [low, high]
            ) where ids.contains(row["measurementId"]) {
                let kindName: String = row["kind"]
                guard let kind = MeasurementKind(rawValue: kindName) else { continue }
                owners[row["profileId"], default: []].insert(kind)
            }
            return owners
        }
    }
}
