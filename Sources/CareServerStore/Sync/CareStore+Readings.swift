import Foundation
import PostgresNIO

extension CareStore {
    /// Stores a patient's pushed resources, each once, in one transaction with its audit event: a resource whose
    /// (patient, identifier system, identifier value) is already stored is left as it is (FHIR's conditional
    /// create), so a repeated push writes nothing. Answers each resource's row in the order given. The identifiers
    /// within one call must differ (the caller's validation refuses a Bundle naming one twice).
    public func storeReadings(
        patientID: Int64,
        _ readings: [SyncReading],
        audit: @Sendable (_ created: Int) -> AuditEvent
    ) async throws -> [StoredSyncReading] {
        guard !readings.isEmpty else { return [] }
        return try await transaction { connection in
            // One statement for the whole Bundle; PostgresNIO binds no arrays of optionals, so a missing value is a
            // flag beside a placeholder and a missing unit an empty text.
            let inserted = try await connection.query(
                """
                INSERT INTO reading (patient_id, identifier_system, identifier_value, code_system, code, value, unit,
                    effective_at, resource)
                SELECT \(patientID), s, v, cs, c, CASE WHEN hv THEN val END, nullif(ut, ''), to_timestamp(at),
                    r::jsonb
                FROM unnest(\(readings.map(\.identifierSystem)), \(readings.map(\.identifierValue)),
                    \(readings.map(\.codeSystem)), \(readings.map(\.code)), \(readings.map { $0.value != nil }),
                    \(readings.map { $0.value ?? 0 }), \(readings.map { $0.unit ?? "" }),
                    \(readings.map(\.effectiveAt.timeIntervalSince1970)), \(readings.map(\.resourceJSON)))
                    AS u(s, v, cs, c, hv, val, ut, at, r)
                ON CONFLICT (patient_id, identifier_system, identifier_value) DO NOTHING
                RETURNING identifier_system, identifier_value
                """,
                logger: logger
            )
            var created = Set<String>()
            for try await (system, value) in inserted.decode((String, String).self) {
                created.insert(Self.key(system, value))
            }
            let rows = try await connection.query(
                """
                SELECT r.id, r.identifier_system, r.identifier_value
                FROM reading r
                JOIN unnest(\(readings.map(\.identifierSystem)), \(readings.map(\.identifierValue))) AS k(s, v)
                    ON r.identifier_system = k.s AND r.identifier_value = k.v
                WHERE r.patient_id = \(patientID)
                """,
                logger: logger
            )
            var ids: [String: Int64] = [:]
            for try await (id, system, value) in rows.decode((Int64, String, String).self) {
                ids[Self.key(system, value)] = id
            }
            let stored = try readings.map { reading in
                let key = Self.key(reading.identifierSystem, reading.identifierValue)
                guard let id = ids[key] else { throw StoreError.notFound("reading") }
                return StoredSyncReading(id: id, created: created.contains(key))
            }
            try await AuditWriter.insert([audit(created.count)], on: connection, logger: logger)
            return stored
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
