/// The answer to a sign-in: the account's token.
struct TokenResponse: Encodable, Sendable {
    var token: String
}
