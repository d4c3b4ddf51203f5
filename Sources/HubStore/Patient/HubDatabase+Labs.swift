import Clinical
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Stores validated lab results for a profile in one transaction, once the terms `termsVersion` are accepted.
    ///
    /// A result the profile already has (same lab, same instant, same value) is skipped and counted as a duplicate,
    /// so importing a file twice stores nothing twice; the same lab and instant with another value is a conflict
    /// (`labConflict`). Any failure rolls the whole batch back: nothing is stored.
    /// The caller validates each value (`LabValidation.validate`).
    @discardableResult
    public func insertLabResults(
        _ values: [LabValue],
        profileId: Int64,
        source: LabResultSource,
        createdAtMs: Int64,
        termsVersion: String = TermsOfService.current.version
    ) async throws(PatientRecordError) -> LabInsertOutcome {
        let records = values.map { LabResultRecord($0, profileId: profileId, source: source, createdAtMs: createdAtMs) }
        return try await patientRecordWrite { db in
            try Self.requireTerms(termsVersion, in: db)
            guard try ProfileRecord.exists(db, key: profileId) else {
                throw PatientRecordError.unknownProfile("#\(profileId)", known: try Self.profiles(in: db).map(\.name))
            }
            // Only the uniqueness conflict is skipped: `INSERT OR IGNORE` would also drop rows that break a CHECK
            // or NOT NULL constraint, silently.
            let statement = try db.makeStatement(
                sql: """
                    INSERT INTO labResult (profileId, analyte, value, unit, originalValue, originalUnit,
                                           takenAtMs, utcOffsetSeconds, source, createdAtMs)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (profileId, analyte, takenAtMs) DO NOTHING
                    """
            )
            var stored = 0
            for record in records {
                try statement.execute(arguments: [
                    record.profileId, record.analyte, record.value, record.unit, record.originalValue,
                    record.originalUnit, record.takenAtMs, record.utcOffsetSeconds, record.source,
                    record.createdAtMs,
                ])
                if db.changesCount > 0 {
                    stored += 1
                    continue
                }
                // The same result again is a duplicate; another value at the same instant is a conflict, never
                // silently dropped (a corrected report must not leave the old value looking current).
                let existing = try Double.fetchOne(
                    db,
                    sql: "SELECT value FROM labResult WHERE profileId = ? AND analyte = ? AND takenAtMs = ?",
                    arguments: [record.profileId, record.analyte, record.takenAtMs]
                )
                if let existing, abs(existing - record.value) > 1e-9 * max(1, abs(existing)) {
                    throw PatientRecordError.labConflict(
                        analyte: record.analyte,
                        takenAt: RFC3339.format(
                            epochMilliseconds: record.takenAtMs,
                            utcOffsetSeconds: record.utcOffsetSeconds
                        ),
                        stored: existing,
                        new: record.value,
                        unit: record.unit
                    )
                }
            }
            return LabInsertOutcome(stored: stored, duplicates: records.count - stored)
        }
    }

    /// A profile's lab results, oldest first, optionally of one lab.
    public func labResults(profileId: Int64, analyte: String? = nil) async throws(PatientRecordError)
        -> [StoredLabResult]
    {
        try await patientRecordRead { db in try StoreSnapshot(db: db).labResults(profileId: profileId, analyte: analyte)
        }
    }

    /// How many lab results are stored, for one profile or for all.
    public func labResultCount(profileId: Int64? = nil) async throws(PatientRecordError) -> Int {
        try await patientRecordRead { db in
            var request = LabResultRecord.all()
            if let profileId { request = request.filter(Column("profileId") == profileId) }
            return try request.fetchCount(db)
        }
    }
}

extension StoreSnapshot {
    /// A profile's lab results, oldest first, optionally of one lab.
    public func labResults(profileId: Int64, analyte: String? = nil) throws -> [StoredLabResult] {
        // A cached statement: compiling the query (and GRDB's authorizer with it) on each page was measurable.
        // One statement per shape, so a single lab's read keeps the (profileId, analyte, takenAtMs) index order.
        let oneLab = analyte == nil ? "" : "AND analyte = ?"
        let statement = try db.cachedStatement(
            sql: """
                SELECT \(LabResultRecord.selection) FROM labResult WHERE profileId = ? \(oneLab)
                ORDER BY takenAtMs, id
                """
        )
        let arguments: StatementArguments = analyte.map { [profileId, $0] } ?? [profileId]
        return try Array(
            Row.fetchCursor(statement, arguments: arguments).map { try LabResultRecord(selected: $0).stored }
        )
    }
}
