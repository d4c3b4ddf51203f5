import Care
import Clinical
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Sets (or, with neither bound, removes) the care team's limit of one subject for a profile.
    public func setCareTeamLimit(_ limit: CareTeamLimit, profileId: Int64, atMs: Int64) async throws(NutritionError) {
        for bound in [limit.minimum, limit.maximum].compactMap(\.self) where !(bound.isFinite && bound >= 0) {
            throw .invalid("a limit must be a number ≥ 0 (got \(bound))")
        }
        if let minimum = limit.minimum, let maximum = limit.maximum, minimum > maximum {
            throw .invalid("the minimum \(minimum) is above the maximum \(maximum)")
        }
        try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            if limit.minimum == nil && limit.maximum == nil {
                try db.execute(
                    sql: "DELETE FROM careTeamLimit WHERE profileId = ? AND subject = ?",
                    arguments: [profileId, limit.subject.rawValue]
                )
                return
            }
            try db.execute(
                sql: """
                    INSERT INTO careTeamLimit (profileId, subject, minimum, maximum, note, setAtMs)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (profileId, subject) DO UPDATE SET minimum = excluded.minimum,
                        maximum = excluded.maximum, note = excluded.note, setAtMs = excluded.setAtMs
                    """,
                arguments: [profileId, limit.subject.rawValue, limit.minimum, limit.maximum, limit.note, atMs]
            )
        }
    }

    /// Records the daily urine output the care team measured (for the hemodialysis fluid limit).
    public func setUrineOutput(millilitersPerDay: Double, note: String, profileId: Int64, atMs: Int64)
        async throws(NutritionError)
    {
        // 0–5,000 mL/day: a typing-error guard set by KidneyHub issue 8 (polyuria rarely exceeds 3–4 L/day).
        guard millilitersPerDay.isFinite, (0...5000).contains(millilitersPerDay) else {
            throw .invalid("urine output \(millilitersPerDay) mL/day is not plausible (0 to 5000)")
        }
        try await nutritionWrite { db in
            try Self.requireTerms(TermsOfService.current.version, in: db)
            try db.execute(
                sql: """
                    INSERT INTO profileUrineOutput (profileId, millilitersPerDay, note, setAtMs) VALUES (?, ?, ?, ?)
                    ON CONFLICT (profileId) DO UPDATE SET millilitersPerDay = excluded.millilitersPerDay,
                        note = excluded.note, setAtMs = excluded.setAtMs
                    """,
                arguments: [profileId, millilitersPerDay, note, atMs]
            )
        }
    }

    /// What a profile's limits depend on: category, diabetes, weight (dry weight, else the latest weighing), the
    /// latest serum potassium and phosphorus, and the recorded urine output.
    public func limitInputs(for stored: StoredProfile) async throws(NutritionError) -> LimitInputs {
        try await nutritionRead { db in try StoreSnapshot(db: db).limitInputs(for: stored) }
    }

    /// A profile's daily limits: defaults from its record with the care team's overrides.
    public func dailyLimits(for stored: StoredProfile) async throws(NutritionError) -> [DailyLimit] {
        try await nutritionRead { db in try StoreSnapshot(db: db).dailyLimits(for: stored) }
    }
}

extension StoreSnapshot {
    /// A profile's daily limits: defaults from its record with the care team's overrides.
    public func dailyLimits(for stored: StoredProfile) throws -> [DailyLimit] {
        DailyLimits.limits(for: try limitInputs(for: stored), overrides: try careTeamLimits(profileId: stored.id))
    }

    /// The limits the care team set for a profile.
    public func careTeamLimits(profileId: Int64) throws -> [CareTeamLimit] {
        try Row.fetchAll(
            db.cachedStatement(
                sql: "SELECT subject, minimum, maximum, note FROM careTeamLimit WHERE profileId = ? ORDER BY subject"
            ),
            arguments: [profileId]
        ).compactMap { row in
            guard let subject = IntakeSubject(rawValue: row["subject"]) else { return nil }
            return CareTeamLimit(subject: subject, minimum: row["minimum"], maximum: row["maximum"], note: row["note"])
        }
    }

    /// What a profile's limits depend on: category, diabetes, weight (dry weight, else the latest weighing), the
    /// latest serum potassium and phosphorus, and the recorded urine output.
    ///
    /// Only what the limits use is read: Today and the trends page ask for the limits on every request, and reading
    /// every lab and weight of a year for the last two labs and the last weight was a measurable part of their time
    /// (perf).
    public func limitInputs(for stored: StoredProfile) throws -> LimitInputs {
        let profile = stored.profile
        var weight = profile.dryWeightKilograms
        if weight == nil {
            weight = try Double.fetchOne(
                db.cachedStatement(
                    // From the profile's own phase rows (CROSS JOIN keeps SQLite from walking every profile's
                    // weights back along the body-weight index until it meets one of this profile's).
                    sql: """
                        SELECT m.value FROM weightPhase w CROSS JOIN measurement m ON m.id = w.measurementId
                        WHERE w.profileId = ? AND m.kind = 'body_weight' ORDER BY m.startMs DESC, m.id DESC LIMIT 1
                        """
                ),
                arguments: [stored.id]
            )
        }
        func latest(_ analyte: String, in unit: String, _ lab: Analyte) throws -> Double? {
            let record = try LabResultRecord.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT * FROM labResult WHERE profileId = ? AND analyte = ?
                        ORDER BY takenAtMs DESC, id DESC LIMIT 1
                        """
                ),
                arguments: [stored.id, analyte]
            )
            guard let record else { return nil }
            return try? UnitTable.standard.convert(record.value, from: record.unit, to: unit, analyte: lab)
        }
        return LimitInputs(
            category: profile.diseaseCategory,
            hasDiabetes: profile.diabetes?.hasDiabetes ?? false,
            weightKilograms: weight,
            latestPotassiumMillimolesPerLiter: try latest(LabAnalyte.potassium.id, in: "mmol/L", .potassium),
            latestPhosphorusMilligramsPerDeciliter: try latest(LabAnalyte.phosphorus.id, in: "mg/dL", .phosphorus),
            urineOutputMillilitersPerDay: try Double.fetchOne(
                db.cachedStatement(sql: "SELECT millilitersPerDay FROM profileUrineOutput WHERE profileId = ?"),
                arguments: [stored.id]
            )
        )
    }
}
