/// `POST /get_auth_token/`: a username (for a patient, her NHS number) and a password.
struct SignInBody: Sendable {
    var username: String
    var password: String

    init(_ fields: [String: JSONValue]) throws(APIError) {
        var errors = FieldErrorCollector()
        let username = errors.read("username") { () throws(FieldFailure) in try FieldReaders.text(fields["username"]) }
        let password = errors.read("password") { () throws(FieldFailure) in
            try FieldReaders.text(fields["password"], maximumCharacters: 1000, trim: false)
        }
        guard errors.isEmpty, let username, let password else { throw .invalid(errors.fields) }
        self.username = username
        self.password = password
    }
}
