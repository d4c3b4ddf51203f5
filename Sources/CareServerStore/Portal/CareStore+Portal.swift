import Foundation
import PostgresNIO

extension CareStore {
    /// Every patient of clinic `clinicID` with what the clinician's patient list flags, by id: one statement reading
    /// one `patient_summary` row per patient (migration v7: each patient's newest readings, kept by the
    /// transactions that write them), the newest symptom list's highest scale (one backward probe of `symptom_list_patient`) and the
    /// doses recorded as not taken since `dosesSince` (a partial index that holds only those). `onlyPatient`
    /// narrows the list to that one patient (the patient page).
    public func patientOverviews(
        clinicID: Int64,
        onlyPatient: Int64? = nil,
        dosesSince: Date
    ) async throws -> [PatientOverview] {
        let rows = try await client.query(
            """
            SELECT a.id, a.first_name, a.username, s.pre_kg, s.pre_at, s.post_kg, s.post_at, s.potassium,
                s.potassium_at, s.systolic, s.diastolic, s.pressure_at, l.score, l.recorded_at,
                GREATEST(s.reading_at, l.recorded_at), d.not_taken
            FROM account a
            LEFT JOIN patient_summary s ON s.patient_id = a.id
            LEFT JOIN LATERAL (
                SELECT l.highest_scale AS score, l.recorded_at FROM symptom_list l
                WHERE l.patient_id = a.id ORDER BY l.recorded_at DESC, l.id DESC LIMIT 1
            ) l ON true
            LEFT JOIN LATERAL (
                SELECT count(*) AS not_taken FROM medication_administration m
                WHERE m.patient_id = a.id AND m.status = 'not-done' AND m.effective_at >= \(dosesSince)
            ) d ON true
            WHERE a.clinic_id = \(clinicID) AND a.role = 'patient'
                AND (\(onlyPatient)::int8 IS NULL OR a.id = \(onlyPatient))
            ORDER BY a.id
            """,
            logger: logger
        )
        var overviews: [PatientOverview] = []
        for try await row in rows.decode(
            (
                Int64, String, String, Double?, Date?, Double?, Date?, Double?, Date?, Double?, Double?, Date?, Int32?,
                Date?, Date?, Int64
            ).self
        ) {
            let (id, name, username, preKg, preAt, postKg, postAt, potassium, potassiumAt) =
                (row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8)
            var overview = PatientOverview(patientID: id, firstName: name, username: username)
            overview.preDialysisWeight = Self.timed(preKg, preAt)
            overview.previousPostDialysisWeight = Self.timed(postKg, postAt)
            overview.potassium = Self.timed(potassium, potassiumAt)
            if let systolic = row.9, let diastolic = row.10, let at = row.11 {
                overview.preDialysisPressure = TimedPressure(systolic: systolic, diastolic: diastolic, at: at)
            }
            overview.symptomScore = Self.timed(row.12.map(Double.init), row.13)
            overview.lastDataAt = row.14
            overview.dosesNotTaken = Int(row.15)
            overviews.append(overview)
        }
        return overviews
    }

    /// A patient's readings of `codes` measured since `since`, oldest first.
    public func portalReadings(patientID: Int64, codes: [String], since: Date) async throws -> [PortalReading] {
        try await Self.portalReadings(
            client.query(
                """
                SELECT \(unescaped: Self.readingColumns) FROM reading r
                WHERE r.patient_id = \(patientID) AND r.code = ANY(\(codes)) AND r.effective_at >= \(since)
                ORDER BY r.effective_at, r.id
                """,
                logger: logger
            )
        )
    }

    /// A patient's newest `limit` laboratory results (FHIR category `laboratory`), newest first.
    public func portalLabs(patientID: Int64, limit: Int) async throws -> [PortalReading] {
        let laboratory = #"[{"coding":[{"code":"laboratory"}]}]"#
        return try await Self.portalReadings(
            client.query(
                """
                SELECT \(unescaped: Self.readingColumns) FROM reading r
                WHERE r.patient_id = \(patientID) AND r.resource -> 'category' @> \(laboratory)::jsonb
                ORDER BY r.effective_at DESC, r.id DESC LIMIT \(limit)
                """,
                logger: logger
            )
        )
    }

    private static let readingColumns = """
        r.code, r.resource -> 'code' -> 'coding' -> 0 ->> 'display', r.value, r.unit, r.effective_at,
        (SELECT e ->> 'valueCode' FROM jsonb_array_elements(CASE WHEN jsonb_typeof(r.resource -> 'extension') = 'array'
            THEN r.resource -> 'extension' ELSE '[]'::jsonb END) AS e
         WHERE e ->> 'url' = '\(PortalCodes.dialysisPhaseExtension)' LIMIT 1),
        \(PatientSummarySQL.component("r", PortalCodes.systolic)),
        \(PatientSummarySQL.component("r", PortalCodes.diastolic))
        """

    private static func portalReadings(_ rows: PostgresRowSequence) async throws -> [PortalReading] {
        var readings: [PortalReading] = []
        for try await (code, display, value, unit, at, phase, systolic, diastolic) in rows.decode(
            (String, String?, Double?, String?, Date, String?, Double?, Double?).self
        ) {
            readings.append(
                PortalReading(
                    code: code,
                    display: display,
                    value: value,
                    unit: unit,
                    effectiveAt: at,
                    phase: phase,
                    systolic: systolic,
                    diastolic: diastolic
                )
            )
        }
        return readings
    }

    private static func timed(_ value: Double?, _ at: Date?) -> TimedValue? {
        guard let value, let at else { return nil }
        return TimedValue(value, at: at)
    }
}
