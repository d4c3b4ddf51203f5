import CareServerStore

/// A patient as the API shows her (never her password).
struct PatientResponse: Encodable, Sendable {
    var id: Int64
    var nhs_number: String
    var first_name: String
    var drug_course_id: Int32?
    var month_of_treatment: Int32?

    init(_ account: AccountRecord) {
        id = account.id
        nhs_number = account.username
        first_name = account.firstName
        drug_course_id = account.drugCourseID
        month_of_treatment = account.monthOfTreatment
    }

    enum CodingKeys: String, CodingKey {
        case id, nhs_number, first_name, drug_course_id, month_of_treatment
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(nhs_number, forKey: .nhs_number)
        try container.encode(first_name, forKey: .first_name)
        // Present as null rather than left out, as the document's server prints them.
        try container.encode(drug_course_id, forKey: .drug_course_id)
        try container.encode(month_of_treatment, forKey: .month_of_treatment)
    }
}
