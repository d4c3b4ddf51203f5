import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HubWeb

/// A page takes the session's profile and the language from the standing `FirstRunMiddleware` read once for it.
@Suite struct PageStandingTests {
    @Test func aPageShowsTheProfileTheSessionChoseNotTheFirst() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun(profiles: ["Ana", "Ben"])
        let (cookie, csrf) = await world.signedIn()
        #expect(try await world.post("/profiles/select", "profile=Ben", cookie: cookie, csrf: csrf).0 == .seeOther)
        #expect(try await world.post("/fluid", "amount=437", cookie: cookie, csrf: csrf).0 == .seeOther)
        #expect(try await world.todayTotal(fluid: "Ben") == 437)
        func page(_ uri: String) async throws -> String {
            try await world.test { client in
                try await client.execute(uri: uri, method: .get, headers: WebWorld.headers(cookie: cookie)) {
                    #expect($0.status == .ok, "\(uri)")
                    return $0.body.text
                }
            }
        }
        #expect(try await page("/today").contains("437"))
        #expect(try await page("/profiles").contains("<strong>Ben</strong>"))
        #expect(try await world.post("/profiles/select", "profile=Ana", cookie: cookie, csrf: csrf).0 == .seeOther)
        #expect(try await !page("/today").contains("437"))
        #expect(try await page("/profiles").contains("<strong>Ana</strong>"))
    }

    @Test func theChosenProfileMustStillBeInTheStore() {
        #expect(WebApp.profileName("Ben", among: ["Ana", "Ben"]) == "Ben")
        #expect(WebApp.profileName("Zoe", among: ["Ana", "Ben"]) == "Ana")
        #expect(WebApp.profileName(nil, among: ["Ana", "Ben"]) == "Ana")
        #expect(WebApp.profileName("Ana", among: []) == nil)
    }
}
