/// The statements that compute the patient list's values from a patient's rows, for the patients in the array
/// `patients` (the summary's functions run them). Codes are `PortalCodes` constants, never input.
enum PatientSummarySQL {
    /// Per patient: the newest pre-dialysis body weight; the newest post-dialysis weight measured before it; the
    /// newest potassium; the newest blood pressure measured within an hour of a pre-dialysis weight, from the
    /// newest session that has one in the 30 days before the newest pre-dialysis weight (the hub tags weights with
    /// their dialysis phase, not pressures; each session's pressure is one index probe); and the newest time of any
    /// reading.
    static let readings = """
        SELECT p.patient_id, pre.value AS pre_kg, pre.effective_at AS pre_at, post.value AS post_kg,
            post.effective_at AS post_at, k.value AS potassium, k.effective_at AS potassium_at, bp.systolic,
            bp.diastolic, bp.effective_at AS pressure_at, last.at AS reading_at
        FROM (SELECT DISTINCT unnest(patients) AS patient_id) AS p
        LEFT JOIN LATERAL (
            SELECT r.value, r.effective_at FROM reading r
            WHERE r.patient_id = p.patient_id AND r.code = '\(PortalCodes.bodyWeight)' AND r.value IS NOT NULL
                AND r.resource @> '\(phase("pre"))'::jsonb
            ORDER BY r.effective_at DESC LIMIT 1
        ) AS pre ON true
        LEFT JOIN LATERAL (
            SELECT r.value, r.effective_at FROM reading r
            WHERE r.patient_id = p.patient_id AND r.code = '\(PortalCodes.bodyWeight)' AND r.value IS NOT NULL
                AND r.resource @> '\(phase("post"))'::jsonb AND r.effective_at < pre.effective_at
            ORDER BY r.effective_at DESC LIMIT 1
        ) AS post ON true
        LEFT JOIN LATERAL (
            SELECT r.value, r.effective_at FROM reading r
            WHERE r.patient_id = p.patient_id
                AND r.code IN (\(PortalCodes.potassium.map { "'\($0)'" }.joined(separator: ", ")))
                AND r.value IS NOT NULL
            ORDER BY r.effective_at DESC LIMIT 1
        ) AS k ON true
        LEFT JOIN LATERAL (
            SELECT bp.systolic, bp.diastolic, bp.effective_at
            FROM (
                SELECT w.effective_at FROM reading w
                WHERE w.patient_id = p.patient_id AND w.code = '\(PortalCodes.bodyWeight)'
                    AND w.resource @> '\(phase("pre"))'::jsonb
                    AND w.effective_at >= pre.effective_at - interval '30 days'
                ORDER BY w.effective_at DESC
            ) AS session
            CROSS JOIN LATERAL (
                SELECT \(component("b", PortalCodes.systolic)) AS systolic,
                    \(component("b", PortalCodes.diastolic)) AS diastolic, b.effective_at
                FROM reading b
                WHERE b.patient_id = p.patient_id AND b.code = '\(PortalCodes.bloodPressurePanel)'
                    AND b.effective_at BETWEEN session.effective_at - interval '1 hour'
                        AND session.effective_at + interval '1 hour'
                ORDER BY b.effective_at DESC LIMIT 1
            ) AS bp
            ORDER BY session.effective_at DESC LIMIT 1
        ) AS bp ON true
        LEFT JOIN LATERAL (SELECT max(r.effective_at) AS at FROM reading r WHERE r.patient_id = p.patient_id) AS last
            ON true
        """

    /// The SQL of one blood-pressure component's value of the reading aliased `alias` (NULL when it has none).
    static func component(_ alias: String, _ code: String) -> String {
        """
        (SELECT (c -> 'valueQuantity' ->> 'value')::float8
         FROM jsonb_array_elements(CASE WHEN jsonb_typeof(\(alias).resource -> 'component') = 'array'
            THEN \(alias).resource -> 'component' ELSE '[]'::jsonb END) AS c
         WHERE c -> 'code' -> 'coding' @> '[{"code":"\(code)"}]'
            AND jsonb_typeof(c -> 'valueQuantity' -> 'value') = 'number' LIMIT 1)
        """
    }

    /// The jsonb a body weight of dialysis phase `phase` contains.
    static func phase(_ phase: String) -> String {
        #"{"extension":[{"url":"\#(PortalCodes.dialysisPhaseExtension)","valueCode":"\#(phase)"}]}"#
    }
}
