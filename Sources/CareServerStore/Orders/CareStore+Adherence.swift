import Foundation
import PostgresNIO

extension CareStore {
    /// Per medication, the doses a patient's hub pushed (`MedicationAdministration`): `completed` (taken) and
    /// `not-done` (not taken) in the 7 and 30 days before `now`, and the newest not taken; by name. Doses entered in
    /// error count as neither.
    public func doseTallies(patientID: Int64, now: Date) async throws -> [DoseTally] {
        let week = now.addingTimeInterval(-7 * 86_400)
        let month = now.addingTimeInterval(-30 * 86_400)
        let rows = try await client.query(
            """
            SELECT coalesce(resource -> 'medicationCodeableConcept' ->> 'text', 'Unnamed medication') AS medication,
                count(*) FILTER (WHERE status = 'completed' AND effective_at >= \(week) AND effective_at <= \(now)),
                count(*) FILTER (WHERE status = 'not-done' AND effective_at >= \(week) AND effective_at <= \(now)),
                count(*) FILTER (WHERE status = 'completed' AND effective_at >= \(month) AND effective_at <= \(now)),
                count(*) FILTER (WHERE status = 'not-done' AND effective_at >= \(month) AND effective_at <= \(now)),
                max(effective_at) FILTER (WHERE status = 'not-done')
            FROM medication_administration WHERE patient_id = \(patientID)
            GROUP BY 1 ORDER BY 1
            """,
            logger: logger
        )
        var tallies: [DoseTally] = []
        for try await (name, taken7, missed7, taken30, missed30, last) in rows.decode(
            (String, Int, Int, Int, Int, Date?).self
        ) {
            tallies.append(
                DoseTally(
                    medication: name,
                    taken7: taken7,
                    notTaken7: missed7,
                    taken30: taken30,
                    notTaken30: missed30,
                    lastNotTaken: last
                )
            )
        }
        return tallies
    }
}
