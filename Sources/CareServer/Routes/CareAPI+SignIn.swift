import CareServerStore
import Crypto
import Hummingbird

extension CareAPI {
    static let badCredentials = "Unable to log in with provided credentials."

    /// `POST /get_auth_token/`: the account's token for a username and password; 400 when they do not match; 429
    /// after too many failures for the account or from the address.
    func signIn(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let body = try SignInBody(try await RequestFields.read(request, context: context))
        let address = context.clientAddress
        if let wait = await limiter.blockedFor(account: body.username, address: address) {
            throw APIError.throttled(retryAfterSeconds: wait)
        }
        let record = try await store.signInRecord(username: body.username)
        let matches = try await hashing.verify(body.password, hash: record?.passwordHash ?? decoyHash)
        guard matches, let account = record?.account else {
            await limiter.recordFailure(account: body.username, address: address)
            throw APIError.invalid(["non_field_errors": .messages([Self.badCredentials])])
        }
        return try JSONResponse.make(TokenResponse(token: try await issueToken(accountID: account.id)))
    }

    /// `GET /sign_in/<code>/`: a one-time sign-in link (the first administrator's); the account's token, once.
    func signInOnce(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        guard let code = context.parameters.get("code"), code.utf8.count <= 128,
            let accountID = try await store.useOneTimeSignIn(codeHash: Array(SHA256.hash(data: Array(code.utf8))))
        else { throw APIError.notFound }
        return try JSONResponse.make(TokenResponse(token: try await issueToken(accountID: accountID)))
    }

    /// `POST /revoke_token/`: the caller's token stops working now.
    func revokeToken(_ request: Request, _ context: CareRequestContext) async throws -> Response {
        let caller = try await authenticator.principal(request)
        try AccessPolicy.require(caller, .revokeOwnToken)
        try await store.revokeToken(ofAccount: caller.accountID)
        return Response(status: .noContent)
    }
}
