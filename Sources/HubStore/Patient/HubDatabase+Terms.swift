import Clinical
import GRDB
import HubCore
import HubRecords

extension HubDatabase {
    /// Records that the person using the store accepted `version` at `atMs`; accepting a version again keeps the
    /// first acceptance. Returns the stored acceptance.
    @discardableResult
    public func acceptTerms(version: String, atMs: Int64) async throws(PatientRecordError) -> TermsAcceptance {
        try await patientRecordWrite { db in
            try db.execute(
                sql: """
                    INSERT INTO termsAcceptance (version, acceptedAtMs) VALUES (?, ?)
                    ON CONFLICT (version) DO NOTHING
                    """,
                arguments: [version, atMs]
            )
            guard let stored = try TermsAcceptance.filter(Column("version") == version).fetchOne(db) else {
                throw PatientRecordError.database("the acceptance of terms version \(version) was not stored")
            }
            return stored
        }
    }

    /// Every accepted version, oldest acceptance first.
    public func termsAcceptances() async throws(PatientRecordError) -> [TermsAcceptance] {
        try await patientRecordRead { db in try StoreSnapshot(db: db).termsAcceptances() }
    }

    /// The acceptance of `version`, or nil when it was never accepted.
    public func termsAcceptance(version: String) async throws(PatientRecordError) -> TermsAcceptance? {
        try await patientRecordRead { db in
            try TermsAcceptance.filter(Column("version") == version).fetchOne(db)
        }
    }

    /// Throws unless `version` (by default the current terms) was accepted; the error says how to accept.
    ///
    /// Every writer of patient data checks this inside its own transaction (`requireTerms(_:in:)`); commands call
    /// it first as well, so that a refusal names the terms before anything else.
    public func requireCurrentTerms(_ version: String = TermsOfService.current.version)
        async throws(PatientRecordError)
    {
        try await patientRecordRead { db in try Self.requireTerms(version, in: db) }
    }

    /// Throws `PatientRecordError.termsNotAccepted` or `.termsChanged` unless `version` was accepted.
    static func requireTerms(_ version: String, in db: Database) throws {
        if try TermsAcceptance.filter(Column("version") == version).fetchCount(db) > 0 { return }
        let latest = try TermsAcceptance.order(Column("acceptedAtMs").desc, Column("id").desc).fetchOne(db)
        if let latest {
            throw PatientRecordError.termsChanged(current: version, accepted: latest.version)
        }
        throw PatientRecordError.termsNotAccepted(current: version)
    }

    /// A write transaction whose errors arrive as `PatientRecordError` (store failures as `.database`).
    func patientRecordWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
        async throws(PatientRecordError) -> T
    {
        do {
            return try await pool.write(body)
        } catch let error as PatientRecordError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }

    /// A read whose errors arrive as `PatientRecordError` (store failures as `.database`).
    func patientRecordRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T)
        async throws(PatientRecordError) -> T
    {
        do {
            return try await pool.read(body)
        } catch let error as PatientRecordError {
            throw error
        } catch {
            throw .database("\(error)")
        }
    }
}

extension StoreSnapshot {
    /// Every accepted version, oldest acceptance first.
    public func termsAcceptances() throws -> [TermsAcceptance] {
        // Cached: the first-run check asks on every page (perf).
        try TermsAcceptance.fetchAll(db.cachedStatement(sql: "SELECT * FROM termsAcceptance ORDER BY acceptedAtMs, id"))
    }
}
