import PostgresNIO

/// The columns of an `AccountRecord`, selected and decoded in one place.
enum AccountColumns {
    static let list = "id, clinic_id, role, username, first_name, drug_course_id, month_of_treatment"

    static func record(_ row: PostgresRow) throws -> AccountRecord {
        let (id, clinicID, role, username, firstName, drugCourseID, month) = try row.decode(
            (Int64, Int64, String, String, String, Int32?, Int32?).self
        )
        guard let role = Role(rawValue: role) else { throw StoreError.unreadable("role") }
        return AccountRecord(
            id: id,
            clinicID: clinicID,
            role: role,
            username: username,
            firstName: firstName,
            drugCourseID: drugCourseID,
            monthOfTreatment: month
        )
    }
}
