/// A clinician (`POST /clinicians/`, by a clinic administrator) or a caregiver (`POST /patients/<id>/caregivers/`,
/// by the patient): a username, a password and a first name. The role comes from the path, never from the body.
struct StaffBody: Sendable {
    var username: String
    var password: String
    var firstName: String

    init(_ fields: [String: JSONValue]) throws(APIError) {
        var errors = FieldErrorCollector()
        KnownFields.check(fields, allowed: ["username", "password", "first_name"], into: &errors)
        let username = errors.read("username") { () throws(FieldFailure) in try FieldReaders.text(fields["username"]) }
        let password = errors.read("password") { () throws(FieldFailure) in
            let text = try FieldReaders.text(fields["password"], maximumCharacters: 72)
            guard text.utf8.count <= 72 else { throw .message("Ensure this field has no more than 72 bytes.") }
            return text
        }
        let firstName = errors.read("first_name") { () throws(FieldFailure) in
            try FieldReaders.text(fields["first_name"])
        }
        guard errors.isEmpty, let username, let password, let firstName else { throw .invalid(errors.fields) }
        self.username = username
        self.password = password
        self.firstName = firstName
    }
}
