import Foundation
import PostgresNIO

extension CareStore {
    /// Every patient of clinic `clinicID` with what the clinician's patient list flags, by id: one statement, each
    /// patient's newest values found by short backward scans of `reading_patient_code_time` (migration v5).
    ///
    /// A pre-dialysis blood pressure is one measured within an hour of a pre-dialysis weight (the hub tags weights
    /// with their dialysis phase, not pressures): that of the newest session that has one, in the 30 days before the
    /// newest pre-dialysis weight. Each session's pressure is one index probe (looking for each pressure's weight
    /// instead scanned all of a patient's pre-dialysis weights: 2.5 s for 1,000 patients with a year each).
    /// `onlyPatient` narrows the list to that one patient (the patient page); doses recorded as not taken are counted
    /// from `dosesSince`.
    public func patientOverviews(
        clinicID: Int64,
        onlyPatient: Int64? = nil,
        dosesSince: Date
    ) async throws -> [PatientOverview] {
        let pre = Self.phaseFilter("pre")
        let post = Self.phaseFilter("post")
        let weight = PortalCodes.bodyWeight
        let rows = try await client.query(
            """
            SELECT a.id, a.first_name, a.username, pre.value, pre.effective_at, post.value, post.effective_at,
                k.value, k.effective_at, bp.systolic, bp.diastolic, bp.effective_at, s.score, s.recorded_at,
                GREATEST(lr.at, s.recorded_at), d.not_taken
            FROM account a
            LEFT JOIN LATERAL (
                SELECT r.value, r.effective_at FROM reading r
                WHERE r.patient_id = a.id AND r.code = \(weight) AND r.value IS NOT NULL AND r.resource @> \(pre)::jsonb
                ORDER BY r.effective_at DESC LIMIT 1
            ) pre ON true
            LEFT JOIN LATERAL (
                SELECT r.value, r.effective_at FROM reading r
                WHERE r.patient_id = a.id AND r.code = \(weight) AND r.value IS NOT NULL
                    AND r.resource @> \(post)::jsonb AND r.effective_at < pre.effective_at
                ORDER BY r.effective_at DESC LIMIT 1
            ) post ON true
            LEFT JOIN LATERAL (
                SELECT r.value, r.effective_at FROM reading r
                WHERE r.patient_id = a.id AND r.code = ANY(\(PortalCodes.potassium)) AND r.value IS NOT NULL
                ORDER BY r.effective_at DESC LIMIT 1
            ) k ON true
            LEFT JOIN LATERAL (
                SELECT bp.systolic, bp.diastolic, bp.effective_at
                FROM (
                    SELECT w.effective_at FROM reading w
                    WHERE w.patient_id = a.id AND w.code = \(weight) AND w.resource @> \(pre)::jsonb
                        AND w.effective_at >= pre.effective_at - interval '30 days'
                    ORDER BY w.effective_at DESC
                ) AS session
                CROSS JOIN LATERAL (
                    SELECT \(unescaped: Self.component("b", PortalCodes.systolic)) AS systolic,
                        \(unescaped: Self.component("b", PortalCodes.diastolic)) AS diastolic, b.effective_at
                    FROM reading b
                    WHERE b.patient_id = a.id AND b.code = \(PortalCodes.bloodPressurePanel)
                        AND b.effective_at BETWEEN session.effective_at - interval '1 hour'
                            AND session.effective_at + interval '1 hour'
                    ORDER BY b.effective_at DESC LIMIT 1
                ) AS bp
                ORDER BY session.effective_at DESC LIMIT 1
            ) bp ON true
            LEFT JOIN LATERAL (
                SELECT (SELECT max(x) FROM unnest(l.scales) AS x) AS score, l.recorded_at FROM symptom_list l
                WHERE l.patient_id = a.id ORDER BY l.recorded_at DESC, l.id DESC LIMIT 1
            ) s ON true
            LEFT JOIN LATERAL (SELECT max(r.effective_at) AS at FROM reading r WHERE r.patient_id = a.id) lr ON true
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
        \(component("r", PortalCodes.systolic)), \(component("r", PortalCodes.diastolic))
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

    /// The SQL of one blood-pressure component's value of the reading aliased `alias` (NULL when it has none). The
    /// code is a constant of `PortalCodes`, never input.
    private static func component(_ alias: String, _ code: String) -> String {
        """
        (SELECT (c -> 'valueQuantity' ->> 'value')::float8
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(\(alias).resource -> 'component') = 'array'
            THEN \(alias).resource -> 'component' ELSE '[]'::jsonb END) AS c
         WHERE c -> 'code' -> 'coding' @> '[{"code":"\(code)"}]'
            AND jsonb_typeof(c -> 'valueQuantity' -> 'value') = 'number' LIMIT 1)
        """
    }

    /// The jsonb a body weight of dialysis phase `phase` contains.
    private static func phaseFilter(_ phase: String) -> String {
        #"{"extension":[{"url":"\#(PortalCodes.dialysisPhaseExtension)","valueCode":"\#(phase)"}]}"#
    }

    private static func timed(_ value: Double?, _ at: Date?) -> TimedValue? {
        guard let value, let at else { return nil }
        return TimedValue(value, at: at)
    }
}
