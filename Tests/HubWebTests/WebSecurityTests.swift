import Foundation
import HTTPTypes
import HubServices
import HubWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// The web app's refusals (issue 18 §5): each is refused with its status and changes nothing.
@Suite struct WebSecurityTests {
    @Test func aPageOrAnAPICallWithoutASessionIsRefusedWith401() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        try await world.test { client in
            try await client.execute(uri: "/today", method: .get, headers: WebWorld.headers()) { response in
                #expect(response.status == .unauthorized)
                #expect(response.body.text.contains("name=\"passphrase\""))
            }
            try await client.execute(uri: "/api/v1/today", method: .get, headers: WebWorld.headers()) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.contentType] == "application/problem+json")
                #expect(response.body.text.contains("\"field\":\"Cookie\""))
            }
            try await client.execute(
                uri: "/fluid",
                method: .post,
                headers: WebWorld.headers(form: true),
                body: ByteBuffer(string: "amount=250")
            ) { response in
                #expect(response.status == .unauthorized)
            }
        }
        #expect(try await world.todayTotal() == 0)
    }

    @Test func aFormWithAWrongOrMissingCSRFTokenIsRefusedWith403AndStoresNothing() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, csrf) = await world.signedIn()
        try await world.test { client in
            for body in ["amount=250&csrf=\(String(csrf.reversed()))", "amount=250"] {
                try await client.execute(
                    uri: "/fluid",
                    method: .post,
                    headers: WebWorld.headers(cookie: cookie, form: true),
                    body: ByteBuffer(string: body)
                ) { response in
                    #expect(response.status == .forbidden)
                    #expect(response.body.text.contains("\"field\":\"csrf\""))
                }
            }
        }
        #expect(try await world.todayTotal() == 0)
        try await world.test { client in
            try await client.execute(
                uri: "/fluid",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: "amount=250&csrf=\(csrf)")
            ) { response in
                #expect(response.status == .seeOther)
            }
        }
        #expect(try await world.todayTotal() == 250)
    }

    @Test func aForeignHostHeaderIsRefusedWith421() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, csrf) = await world.signedIn()
        try await world.test { client in
            try await client.execute(
                uri: "/today",
                method: .get,
                headers: WebWorld.headers(cookie: cookie, host: "rebound.example:8470")
            ) { response in
                #expect(response.status == .misdirectedRequest)
            }
            try await client.execute(
                uri: "/fluid",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true, host: "rebound.example:8470"),
                body: ByteBuffer(string: "amount=250&csrf=\(csrf)")
            ) { response in
                #expect(response.status == .misdirectedRequest)
            }
        }
        #expect(try await world.todayTotal() == 0)
    }

    @Test func aSessionCannotChooseAProfileOutsideItsStoreAndWritesOnlyToItsOwn() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun(profiles: ["Ana", "Ben"])
        let (cookie, csrf) = await world.signedIn()
        try await world.test { client in
            try await client.execute(
                uri: "/profiles/select",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: "profile=Zoe&csrf=\(csrf)")
            ) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(
                uri: "/profiles/select",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: "profile=Ben&csrf=\(csrf)")
            ) { response in
                #expect(response.status == .seeOther)
            }
            try await client.execute(
                uri: "/fluid",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: "amount=200&csrf=\(csrf)")
            ) { response in
                #expect(response.status == .seeOther)
            }
        }
        #expect(try await world.todayTotal(fluid: "Ben") == 200)
        #expect(try await world.todayTotal(fluid: "Ana") == 0)
        // Another server's session (another store) means nothing here.
        let other = try WebWorld()
        defer { other.remove() }
        let (foreignCookie, foreignCSRF) = await other.signedIn()
        try await world.test { client in
            try await client.execute(
                uri: "/fluid",
                method: .post,
                headers: WebWorld.headers(cookie: foreignCookie, form: true),
                body: ByteBuffer(string: "amount=200&csrf=\(foreignCSRF)")
            ) { response in
                #expect(response.status == .unauthorized)
            }
        }
        #expect(try await world.todayTotal(fluid: "Ana") == 0)
    }

    @Test func theSignInLinkWorksOnceAndSetsAStrictHttpOnlyCookie() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        let token = await world.sessions.issueSignInToken(now: world.app.now())
        try await world.test { client in
            try await client.execute(
                uri: "/signin/link?token=\(token)",
                method: .get,
                headers: WebWorld.headers()
            ) { response in
                #expect(response.status == .seeOther)
                let cookie = response.headers[.setCookie] ?? ""
                #expect(cookie.contains("HttpOnly"))
                #expect(cookie.contains("SameSite=Strict"))
            }
            try await client.execute(
                uri: "/signin/link?token=\(token)",
                method: .get,
                headers: WebWorld.headers()
            ) { response in
                #expect(response.status == .unauthorized)
                #expect(response.headers[.setCookie] == nil)
            }
        }
    }

    @Test func thePassphraseIsStoredAsBcryptAndChecked() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        let (cookie, csrf) = await world.signedIn()
        try await world.test { client in
            try await client.execute(
                uri: "/setup/passphrase",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: "passphrase=short&confirmation=short&csrf=\(csrf)")
            ) { response in
                #expect(response.status == .unprocessableContent)
            }
        }
        #expect(try await world.app.webAccess.passphraseHash() == nil)
        try await world.test { client in
            try await client.execute(
                uri: "/setup/passphrase",
                method: .post,
                headers: WebWorld.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: "passphrase=kidney+beans+42&confirmation=kidney+beans+42&csrf=\(csrf)")
            ) { response in
                #expect(response.status == .seeOther)
            }
        }
        let hash = try #require(try await world.app.webAccess.passphraseHash())
        // bcrypt, cost 12 (OWASP asks for at least 10); the passphrase itself is nowhere.
        #expect(hash.hasPrefix("$2b$12$") || hash.hasPrefix("$2a$12$") || hash.hasPrefix("$2y$12$"))
        #expect(!hash.contains("kidney"))
        try await world.test { client in
            try await client.execute(
                uri: "/signin",
                method: .post,
                headers: WebWorld.headers(form: true),
                body: ByteBuffer(string: "passphrase=kidney+beans+43")
            ) { response in
                #expect(response.status == .unauthorized)
            }
            try await client.execute(
                uri: "/signin",
                method: .post,
                headers: WebWorld.headers(form: true),
                body: ByteBuffer(string: "passphrase=kidney+beans+42")
            ) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.setCookie]?.contains("HttpOnly") == true)
            }
        }
    }

    @Test func everyResponseCarriesAPolicyWithoutInlineScript() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.test { client in
            try await client.execute(uri: "/signin", method: .get, headers: WebWorld.headers()) { response in
                let policy = response.headers[.contentSecurityPolicy] ?? ""
                #expect(policy.contains("script-src 'self'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(!response.body.text.contains("<script>"))
            }
        }
    }

    @Test func anAddressBeyondLoopbackIsRefusedWithoutTLS() throws {
        #expect(throws: WebServerError.exposedWithoutTLS(WebAddress(host: "0.0.0.0", port: 8470))) {
            try WebServer.check(WebAddress(parsing: "0.0.0.0:8470")!, tls: nil)
        }
        #expect(throws: Never.self) { try WebServer.check(WebAddress(parsing: "127.0.0.1:0")!, tls: nil) }
        // With a certificate and key the address is allowed (the files are read, and the passphrase checked, later).
        let tls = WebTLS(certificatePath: "/nonexistent/cert.pem", keyPath: "/nonexistent/key.pem")
        #expect(throws: Never.self) { try WebServer.check(WebAddress(parsing: "0.0.0.0:8470")!, tls: tls) }
        #expect(WebAddress(parsing: "[::1]:8470") == WebAddress(host: "::1", port: 8470))
        #expect(WebAddress(parsing: "8470") == nil)
    }
}
