import CareServer
import CareServerStore
import Foundation
import HTTPTypes
import PostgresNIO
import Testing

@Suite("Care server sign-in, tokens and limits", .throwawayCluster)
struct SignInTests {
    @Test("a sign-in returns the account's one token until it is revoked; the stored hash is bcrypt at cost 10")
    func tokenLifecycle() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            #expect(ada.token.count == 40 && ada.token.allSatisfy(\.isHexDigit))
            #expect(try await harness.signIn(ada.username, "pass1234") == ada.token)
            #expect(try await harness.send(.get, "/sym/", token: ada.token).status == .ok)

            #expect(try await harness.send(.post, "/revoke_token/", token: ada.token).status == .noContent)
            let refused = try await harness.send(.get, "/sym/", token: ada.token)
            #expect(refused.status == .unauthorized)
            #expect(refused.object["detail"] as? String == "Invalid token.")
            let renewed = try await harness.signIn(ada.username, "pass1234")
            #expect(renewed != ada.token)
            #expect(try await harness.send(.get, "/sym/", token: renewed).status == .ok)

            let record = try #require(try await harness.server.store.signInRecord(username: ada.username))
            #expect(record.passwordHash.hasPrefix("$2b$10$") || record.passwordHash.hasPrefix("$2a$10$"))
            #expect(!record.passwordHash.contains("pass1234"))
        }
    }

    @Test("the database holds no token: only its SHA-256, so a copy of the database signs nobody in")
    func tokensStoredHashed() async throws {
        try await CareHarness.with { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            let rows = try await harness.server.store.client.query("SELECT encode(token_hash, 'hex') FROM access_token")
            var hashes: [String] = []
            for try await hash in rows.decode(String.self) { hashes.append(hash) }
            #expect(!hashes.isEmpty)
            #expect(!hashes.contains(ada.token))
            #expect(!hashes.contains { $0.contains(ada.token) })
        }
    }

    @Test("wrong passwords answer 400 until the account's limit, then 429 even with the right one")
    func rateLimitPerAccount() async throws {
        try await CareHarness.with(configure: { $0.failedSignInsPerAccount = 3 }) { harness async throws in
            let clinic = try await harness.clinic("North")
            let ada = try await harness.patient("9000000001", in: clinic)
            for _ in 0..<3 {
                let wrong = try await harness.send(
                    .post,
                    "/get_auth_token/",
                    json: #"{"username":"9000000001","password":"wrong"}"#
                )
                #expect(wrong.status == .badRequest)
                #expect(
                    (wrong.object["non_field_errors"] as? [String]) == ["Unable to log in with provided credentials."]
                )
            }
            let blocked = try await harness.send(
                .post,
                "/get_auth_token/",
                json: #"{"username":"9000000001","password":"pass1234"}"#
            )
            #expect(blocked.status == .tooManyRequests)
            #expect((blocked.object["detail"] as? String)?.hasPrefix("Request was throttled.") == true)
            // Another account from the same address is not blocked by this account's limit.
            let bea = try await harness.patient("9000000002", in: clinic)
            #expect(try await harness.signIn(bea.username, "pass1234") == bea.token)
            _ = ada
        }
    }

    @Test("failures from one address across accounts reach the address's limit (429)")
    func rateLimitPerAddress() async throws {
        try await CareHarness.with(configure: { $0.failedSignInsPerAddress = 4 }) { harness async throws in
            for n in 0..<4 {
                let wrong = try await harness.send(
                    .post,
                    "/get_auth_token/",
                    json: #"{"username":"nobody\#(n)","password":"x"}"#
                )
                #expect(wrong.status == .badRequest)
            }
            let blocked = try await harness.send(
                .post,
                "/get_auth_token/",
                json: #"{"username":"nobody9","password":"x"}"#
            )
            #expect(blocked.status == .tooManyRequests)
            #expect(blocked.text.contains("nobody") == false)
        }
    }

    @Test("a one-time sign-in link works once")
    func oneTimeLink() async throws {
        try await CareHarness.with { harness async throws in
            let link = try await harness.server.firstAdministratorLink(clinicName: "North", baseURL: "")
            #expect(try await harness.send(.get, link).status == .ok)
            #expect(try await harness.send(.get, link).status == .notFound)
        }
    }
}
