/// A patient as the clinician portal registers her (`POST /patients/`) or she changes her record (`PUT` with every
/// field, `PATCH` with some): NHS number (10 digits, the username), first name, password, drug course and month
/// of treatment.
struct PatientBody: Sendable {
    var nhsNumber: String?
    var firstName: String?
    var password: String?
    var drugCourseID: Int32?
    var monthOfTreatment: Int32?

    static let fields: Set<String> = ["nhs_number", "first_name", "password", "drug_course_id", "month_of_treatment"]
    /// PostgreSQL's integer range for a PositiveIntegerField.
    static let positiveInteger: ClosedRange<Int64> = 0...Int64(Int32.max)

    /// Reads the fields; with `partial` a missing field is left out instead of required.
    init(_ fields: [String: JSONValue], partial: Bool) throws(APIError) {
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: Self.fields, into: &errors)
        func present(_ name: String) -> Bool { !partial || fields[name] != nil }
        if present("nhs_number") {
            nhsNumber = errors.read("nhs_number") { () throws(FieldFailure) in
                let text = try FieldReaders.text(fields["nhs_number"])
                guard text.count == 10, text.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                    throw .message("An NHS number is 10 digits.")
                }
                return text
            }
        }
        if present("first_name") {
            firstName = errors.read("first_name") { () throws(FieldFailure) in
                try FieldReaders.text(fields["first_name"])
            }
        }
        if present("password") {
            password = errors.read("password") { () throws(FieldFailure) in
                let text = try FieldReaders.text(fields["password"], maximumCharacters: 72)
                // bcrypt reads at most 72 bytes; a longer password would be cut without a word.
                guard text.utf8.count <= 72 else { throw .message("Ensure this field has no more than 72 bytes.") }
                return text
            }
        }
        if present("drug_course_id") {
            drugCourseID = errors.read("drug_course_id") { () throws(FieldFailure) in
                try FieldReaders.integer(fields["drug_course_id"], in: Self.positiveInteger)
            }
        }
        if present("month_of_treatment") {
            monthOfTreatment = errors.read("month_of_treatment") { () throws(FieldFailure) in
                try FieldReaders.integer(fields["month_of_treatment"], in: Self.positiveInteger)
            }
        }
        guard errors.isEmpty else { throw .invalid(errors.fields) }
    }
}
