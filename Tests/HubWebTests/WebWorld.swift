import Care
import Foundation
import HTTPTypes
import HubRecords
import HubServices
import HubWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import TestSupport

/// A web app on a fresh temporary store, exercised in process through Hummingbird's router test client.
struct WebWorld {
    static let host = "127.0.0.1:8470"
    let directory: TemporaryDirectory
    let app: HubApplication
    let router: Router<WebContext>
    let sessions: SessionStore

    init() throws {
        directory = try TemporaryDirectory()
        app = try HubApplication.open(atPath: directory.file("hub.sqlite"), durability: .normal)
        let made = WebServer.testRouter(app: app, hosts: [Self.host])
        router = made.0
        sessions = made.1
    }

    /// The store past the first run: a passphrase, the terms accepted, the profiles named (the first one a
    /// hemodialysis patient).
    func finishFirstRun(profiles: [String] = ["Ana"]) async throws {
        _ = try await app.webAccess.setPassphraseHashOnce("$2b$12$" + String(repeating: "a", count: 53))
        _ = try await app.terms.acceptCurrent()
        for name in profiles {
            var changes = ProfileChanges()
            changes.profile = name
            changes.name = name
            changes.create = true
            changes.category = "hemodialysis"
            changes.dryWeightKilograms = 70
            changes.schedule = "mon,tue,wed,thu,fri,sat,sun 08:00-12:00"
            changes.timeZone = "UTC"
            _ = try await app.profiles.save(changes)
        }
    }

    /// A signed-in session's cookie header and CSRF token.
    func signedIn() async -> (cookie: String, csrf: String) {
        let session = await sessions.open(now: app.now())
        return ("kidneyhub_session=\(session.id)", session.csrfToken)
    }

    /// Runs `body` with a client of the router.
    func test<T: Sendable>(_ body: @escaping @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        try await Application(router: router).test(.router, body)
    }

    /// Posts `form` to `path` as the signed-in browser (its cookie and CSRF token) and returns the status and the page.
    func post(_ path: String, _ form: String, cookie: String, csrf: String) async throws
        -> (HTTPResponse.Status, String)
    {
        try await test { client in
            try await client.execute(
                uri: path,
                method: .post,
                headers: Self.headers(cookie: cookie, form: true),
                body: ByteBuffer(string: form + "&csrf=\(csrf)")
            ) { ($0.status, $0.body.text) }
        }
    }

    /// Headers of a browser on this server: the Host, the cookie, and a form content type when posting.
    static func headers(cookie: String? = nil, form: Bool = false, host: String = host) -> HTTPFields {
        var fields = HTTPFields()
        fields[HTTPField.Name("Host")!] = host
        if let cookie { fields[.cookie] = cookie }
        if form { fields[.contentType] = "application/x-www-form-urlencoded" }
        return fields
    }

    /// Today's total of a subject, through the application layer.
    func todayTotal(fluid profile: String? = nil) async throws -> Double {
        try await app.intake.day(.today, profile: profile).intake.fluidMilliliters
    }

    func remove() { directory.remove() }
}

extension ByteBuffer {
    /// The body as text.
    var text: String { String(buffer: self) }
}
