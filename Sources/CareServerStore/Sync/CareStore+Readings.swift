import Foundation
import Logging
import PostgresNIO

extension CareStore {
    /// Stores a patient's pushed Observations (conditional creates only), each once; see `storeSync`.
    public func storeReadings(
        patientID: Int64,
        _ readings: [SyncReading],
        audit: @Sendable (_ created: Int) -> AuditEvent
    ) async throws -> [StoredSyncReading] {
        try await storeSync(patientID: patientID, readings: readings, administrations: [], audit: audit).readings
    }

    /// Stores a patient's pushed resources, each once, in one transaction with its audit event. A conditional
    /// create whose (patient, identifier system, identifier value) is already stored is left as it is (FHIR's
    /// conditional create), so a repeated push writes nothing; a conditional update replaces the stored resource
    /// when it differs (its `meta` aside) and the stored version is not newer. Answers each resource's row in the
    /// order given. The identifiers within one call must differ (the caller's validation refuses a Bundle naming
    /// one twice). One multi-row statement per kind of write (arrays bound once, `unnest`), and a second look-up
    /// only for the rows that were there already: a first push costs one round trip per kind. The patient list's
    /// summary of the patient (`patient_summary`) is refreshed by the database's triggers in this transaction.
    public func storeSync(
        patientID: Int64,
        readings: [SyncReading],
        administrations: [SyncAdministration],
        audit: @Sendable (_ created: Int) -> AuditEvent
    ) async throws -> (readings: [StoredSyncReading], administrations: [StoredSyncReading]) {
        guard !readings.isEmpty || !administrations.isEmpty else { return ([], []) }
        return try await transaction { connection in
            // The patient's summary row (migration v7) first: the triggers that refresh it lock it after each write,
            // and taking it before any write keeps two concurrent pushes for one patient from each holding a row the
            // other waits for.
            try await connection.query("SELECT patient_summary_lock(ARRAY[\(patientID)]::int8[])", logger: logger)
            var outcomes: [String: StoredSyncReading] = [:]
            let creates = readings.filter { $0.version == nil }
            let updates = readings.filter { $0.version != nil }
            if !creates.isEmpty {
                try await Self.createReadings(creates, patientID: patientID, on: connection, into: &outcomes, logger)
            }
            if !updates.isEmpty {
                try await Self.updateReadings(updates, patientID: patientID, on: connection, into: &outcomes, logger)
            }
            let missingReadings = readings.filter { outcomes[Self.key($0.identifierSystem, $0.identifierValue)] == nil }
            try await Self.existing(
                "reading",
                missingReadings.map { ($0.identifierSystem, $0.identifierValue) },
                patientID: patientID,
                resourceType: "Observation",
                on: connection,
                into: &outcomes,
                logger
            )
            var doses: [String: StoredSyncReading] = [:]
            if !administrations.isEmpty {
                try await Self.createAdministrations(
                    administrations,
                    patientID: patientID,
                    on: connection,
                    into: &doses,
                    logger
                )
                try await Self.existing(
                    "medication_administration",
                    administrations.filter { doses[Self.key($0.identifierSystem, $0.identifierValue)] == nil }
                        .map { ($0.identifierSystem, $0.identifierValue) },
                    patientID: patientID,
                    resourceType: "MedicationAdministration",
                    on: connection,
                    into: &doses,
                    logger
                )
            }
            let storedReadings = try readings.map { reading in
                guard let stored = outcomes[Self.key(reading.identifierSystem, reading.identifierValue)] else {
                    throw StoreError.notFound("reading")
                }
                return stored
            }
            let storedDoses = try administrations.map { dose in
                guard let stored = doses[Self.key(dose.identifierSystem, dose.identifierValue)] else {
                    throw StoreError.notFound("medication administration")
                }
                return stored
            }
            let created = (storedReadings + storedDoses).filter(\.created).count
            try await AuditWriter.insert([audit(created)], on: connection, logger: logger)
            return (storedReadings, storedDoses)
        }
    }

    /// Conditional creates: one INSERT … ON CONFLICT DO NOTHING for the whole Bundle. PostgresNIO binds no arrays of
    /// optionals, so a missing value is a flag beside a placeholder and a missing unit an empty text.
    private static func createReadings(
        _ readings: [SyncReading],
        patientID: Int64,
        on connection: PostgresConnection,
        into outcomes: inout [String: StoredSyncReading],
        _ logger: Logger
    ) async throws {
        let inserted = try await connection.query(
            """
            INSERT INTO reading (patient_id, identifier_system, identifier_value, code_system, code, value, unit,
                effective_at, resource)
            SELECT \(patientID), s, v, cs, c, CASE WHEN hv THEN val END, nullif(ut, ''), to_timestamp(at), r::jsonb
            FROM unnest(\(readings.map(\.identifierSystem)), \(readings.map(\.identifierValue)),
                \(readings.map(\.codeSystem)), \(readings.map(\.code)), \(readings.map { $0.value != nil }),
                \(readings.map { $0.value ?? 0 }), \(readings.map { $0.unit ?? "" }),
                \(readings.map(\.effectiveAt.timeIntervalSince1970)), \(readings.map(\.resourceJSON)))
                AS u(s, v, cs, c, hv, val, ut, at, r)
            ON CONFLICT (patient_id, identifier_system, identifier_value) DO NOTHING
            RETURNING id, identifier_system, identifier_value
            """,
            logger: logger
        )
        for try await (id, system, value) in inserted.decode((Int64, String, String).self) {
            outcomes[key(system, value)] = StoredSyncReading(id: id, created: true)
        }
    }

    /// Conditional updates (FHIR R4 §3.1.0.4.1 "Conditional update"): one INSERT … ON CONFLICT DO UPDATE, which
    /// replaces a stored resource only when the content differs and the stored version is not newer.
    private static func updateReadings(
        _ readings: [SyncReading],
        patientID: Int64,
        on connection: PostgresConnection,
        into outcomes: inout [String: StoredSyncReading],
        _ logger: Logger
    ) async throws {
        let written = try await connection.query(
            """
            INSERT INTO reading (patient_id, identifier_system, identifier_value, code_system, code, value, unit,
                effective_at, resource, source_updated_at)
            SELECT \(patientID), s, v, cs, c, CASE WHEN hv THEN val END, nullif(ut, ''), to_timestamp(at), r::jsonb,
                to_timestamp(ver)
            FROM unnest(\(readings.map(\.identifierSystem)), \(readings.map(\.identifierValue)),
                \(readings.map(\.codeSystem)), \(readings.map(\.code)), \(readings.map { $0.value != nil }),
                \(readings.map { $0.value ?? 0 }), \(readings.map { $0.unit ?? "" }),
                \(readings.map(\.effectiveAt.timeIntervalSince1970)), \(readings.map(\.resourceJSON)),
                \(readings.map { $0.version?.timeIntervalSince1970 ?? 0 }))
                AS u(s, v, cs, c, hv, val, ut, at, r, ver)
            ON CONFLICT (patient_id, identifier_system, identifier_value) DO UPDATE SET
                code_system = excluded.code_system, code = excluded.code, value = excluded.value,
                unit = excluded.unit, effective_at = excluded.effective_at, resource = excluded.resource,
                source_updated_at = excluded.source_updated_at, received_at = now()
            WHERE (reading.resource - 'meta') IS DISTINCT FROM (excluded.resource - 'meta')
                AND (reading.source_updated_at IS NULL OR reading.source_updated_at <= excluded.source_updated_at)
            RETURNING id, identifier_system, identifier_value, xmax = 0
            """,
            logger: logger
        )
        for try await (id, system, value, inserted) in written.decode((Int64, String, String, Bool).self) {
            outcomes[key(system, value)] = StoredSyncReading(id: id, created: inserted, updated: !inserted)
        }
    }

    /// Doses: conditional creates into `medication_administration`, as readings.
    private static func createAdministrations(
        _ doses: [SyncAdministration],
        patientID: Int64,
        on connection: PostgresConnection,
        into outcomes: inout [String: StoredSyncReading],
        _ logger: Logger
    ) async throws {
        let inserted = try await connection.query(
            """
            INSERT INTO medication_administration (patient_id, identifier_system, identifier_value, status,
                effective_at, resource)
            SELECT \(patientID), s, v, st, to_timestamp(at), r::jsonb
            FROM unnest(\(doses.map(\.identifierSystem)), \(doses.map(\.identifierValue)), \(doses.map(\.status)),
                \(doses.map(\.effectiveAt.timeIntervalSince1970)), \(doses.map(\.resourceJSON)))
                AS u(s, v, st, at, r)
            ON CONFLICT (patient_id, identifier_system, identifier_value) DO NOTHING
            RETURNING id, identifier_system, identifier_value
            """,
            logger: logger
        )
        for try await (id, system, value) in inserted.decode((Int64, String, String).self) {
            outcomes[key(system, value)] = StoredSyncReading(
                id: id,
                created: true,
                resourceType: "MedicationAdministration"
            )
        }
    }

    /// The rows of resources this push did not write (stored before, by this hub or by a concurrent push through
    /// another server process: this statement's snapshot sees what that one committed).
    private static func existing(
        _ table: String,
        _ identifiers: [(system: String, value: String)],
        patientID: Int64,
        resourceType: String,
        on connection: PostgresConnection,
        into outcomes: inout [String: StoredSyncReading],
        _ logger: Logger
    ) async throws {
        guard !identifiers.isEmpty else { return }
        // The table name is one of two literals in this file, never input.
        let rows = try await connection.query(
            """
            SELECT t.id, t.identifier_system, t.identifier_value
            FROM \(unescaped: table) t
            JOIN unnest(\(identifiers.map(\.system)), \(identifiers.map(\.value))) AS k(s, v)
                ON t.identifier_system = k.s AND t.identifier_value = k.v
            WHERE t.patient_id = \(patientID)
            """,
            logger: logger
        )
        for try await (id, system, value) in rows.decode((Int64, String, String).self) {
            outcomes[key(system, value)] = StoredSyncReading(id: id, created: false, resourceType: resourceType)
        }
    }

    /// How many readings are stored for a patient (what the sync tests count).
    public func readingCount(patientID: Int64) async throws -> Int {
        let rows = try await client.query(
            "SELECT count(*) FROM reading WHERE patient_id = \(patientID)",
            logger: logger
        )
        for try await count in rows.decode(Int.self) { return count }
        return 0
    }

    private static func key(_ system: String, _ value: String) -> String { "\(system)|\(value)" }
}
