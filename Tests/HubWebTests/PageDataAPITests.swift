import Foundation
import HTTPTypes
import HubCore
import HubServices
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

@testable import HubWeb

/// The pages' data under /api/v1: what is entered through the services comes back as JSON with its UCUM units, for
/// the session's profile; a wrong window is a problem naming `days`; nothing answers without a session.
@Suite struct PageDataAPITests {
    static let paths = [
        "/api/v1/trends/readings", "/api/v1/trends/labs", "/api/v1/trends/intake", "/api/v1/labs", "/api/v1/weights",
        "/api/v1/blood-pressure", "/api/v1/fluid", "/api/v1/medications", "/api/v1/questionnaires",
        "/api/v1/goals", "/api/v1/notifications", "/api/v1/devices", "/api/v1/reports", "/api/v1/profiles",
        "/api/v1/settings",
    ]

    /// The status, the content type and the body as a JSON object of a GET as the signed-in browser.
    private func get(_ world: WebWorld, _ path: String, cookie: String?) async throws
        -> (HTTPResponse.Status, String?, [String: Any])
    {
        let (status, type, body) = try await world.test { client in
            try await client.execute(uri: path, method: .get, headers: WebWorld.headers(cookie: cookie)) { response in
                (response.status, response.headers[.contentType], Data(response.body.readableBytesView))
            }
        }
        let object = try? JSONSerialization.jsonObject(with: body)
        return (status, type, object as? [String: Any] ?? [:])
    }

    /// A lab, a weight, a drink and a goal entered through the services, for the store's one profile.
    private func enterData(_ world: WebWorld) async throws {
        _ = try await world.app.labs.add(analyte: "potassium", value: "5.6", unit: "mmol/L", date: nil, profile: nil)
        _ = try await world.app.weight.add(value: 71.4, unit: "kg", phase: .post, at: nil, profile: nil)
        let now = world.app.now()
        _ = try await world.app.intake.logFluid(
            amount: 250,
            unit: "mL",
            what: "water",
            at: { _, _ in RFC3339Timestamp(epochMilliseconds: now, utcOffsetSeconds: 0) },
            profile: nil
        )
        var steps = GoalTarget()
        steps.kind = "steps"
        steps.steps = 5000
        _ = try await world.app.goals.add(template: nil, target: steps, priority: nil, profile: nil)
    }

    @Test func theLabsPageDataCarriesThePotassiumWithItsUnitAndStanding() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        try await enterData(world)
        let (cookie, _) = await world.signedIn()
        let (status, type, labs) = try await get(world, "/api/v1/labs", cookie: cookie)
        #expect(status == .ok)
        #expect(type == "application/json")
        #expect(labs["profile"] as? String == "Ana")
        let results = labs["results"] as? [[String: Any]] ?? []
        #expect(results.count == 1)
        #expect(results.first?["analyte"] as? String == "potassium")
        #expect(results.first?["value"] as? Double == 5.6)
        #expect(results.first?["unit"] as? String == "mmol/L")
        let latest = (labs["latest"] as? [[String: Any]])?.first
        let standing = latest?["standing"] as? [String: Any]
        #expect(latest?["analyte"] as? String == "potassium")
        #expect(standing?["unit"] as? String == "mmol/L")
        #expect(standing?["flag"] as? String == "high")
        // With creatinine there is an eGFR slope, its rate null until enough values give one (never left out).
        _ = try await world.app.labs.add(analyte: "creatinine", value: "6.1", unit: "mg/dL", date: nil, profile: nil)
        let (_, _, withCreatinine) = try await get(world, "/api/v1/labs", cookie: cookie)
        let slope = withCreatinine["egfrSlope"] as? [String: Any]
        #expect(slope?["unit"] as? String == "mL/min/{1.73_m2}/a")
        #expect(slope?.keys.contains("perYear") == true)
    }

    @Test func theTrendsPartsListWhatWasEntered() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        try await enterData(world)
        let (cookie, _) = await world.signedIn()

        let (status, _, labs) = try await get(world, "/api/v1/trends/labs?days=7", cookie: cookie)
        #expect(status == .ok)
        #expect(labs["days"] as? Int == 7)
        let potassium = (labs["labs"] as? [[String: Any]])?.first { $0["analyte"] as? String == "potassium" }
        let series = (potassium?["series"] as? [[String: Any]])?.first
        #expect(series?["unit"] as? String == "mmol/L")
        #expect((series?["points"] as? [[String: Any]])?.first?["value"] as? Double == 5.6)
        #expect((potassium?["standing"] as? [String: Any])?["flag"] as? String == "high")

        let (_, _, readings) = try await get(world, "/api/v1/trends/readings", cookie: cookie)
        #expect(readings["days"] as? Int == 30)
        let post = (readings["series"] as? [[String: Any]])?.first { $0["subject"] as? String == "post-weight" }
        #expect(post?["unit"] as? String == "kg")
        #expect((post?["points"] as? [[String: Any]])?.last?["value"] as? Double == 71.4)
        // The readings' points are the window's, as the page draws them: a weight of 40 days ago is in a 90-day
        // window, not in a 30-day one (whose trend also holds the period before it, which its summary compares).
        let fortyDaysAgo = RFC3339.format(epochMilliseconds: world.app.now() - 40 * 86_400_000, utcOffsetSeconds: 0)
        _ = try await world.app.weight.add(value: 73, unit: "kg", phase: .post, at: fortyDaysAgo, profile: nil)
        func postWeights(_ days: Int) async throws -> [Double] {
            let (_, _, readings) = try await get(world, "/api/v1/trends/readings?days=\(days)", cookie: cookie)
            let post = (readings["series"] as? [[String: Any]])?.first { $0["subject"] as? String == "post-weight" }
            return (post?["points"] as? [[String: Any]])?.compactMap { $0["value"] as? Double } ?? []
        }
        #expect(try await postWeights(30) == [71.4])
        #expect(try await postWeights(90) == [73, 71.4])

        let (_, _, intake) = try await get(world, "/api/v1/trends/intake?days=7", cookie: cookie)
        let days = intake["intake"] as? [[String: Any]] ?? []
        #expect(days.count == 7)
        let fluid = (days.last?["intake"] as? [[String: Any]])?.first { $0["subject"] as? String == "fluid" }
        #expect(fluid?["total"] as? Double == 250)
        #expect(fluid?["unit"] as? String == "mL")
    }

    @Test func aWindowOtherThanTheFourIsRefusedNamingDays() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, _) = await world.signedIn()
        for path in ["/api/v1/trends/readings?days=8", "/api/v1/trends/labs?days=abc", "/api/v1/trends/intake?days="] {
            let (status, type, problem) = try await get(world, path, cookie: cookie)
            #expect(status == .unprocessableContent, "\(path)")
            #expect(type == "application/problem+json")
            #expect(problem["field"] as? String == "days")
            #expect(problem["status"] as? Int == 422)
        }
    }

    @Test func todaysFluidWeightsAndGoalsComeBackForTheProfile() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        try await enterData(world)
        let (cookie, _) = await world.signedIn()

        let (_, _, fluid) = try await get(world, "/api/v1/fluid", cookie: cookie)
        #expect(fluid["total"] as? Double == 250)
        #expect(fluid["unit"] as? String == "mL")

        let (_, _, weights) = try await get(world, "/api/v1/weights", cookie: cookie)
        let weight = (weights["weights"] as? [[String: Any]])?.first
        #expect(weight?["value"] as? Double == 71.4)
        #expect(weight?["unit"] as? String == "kg")
        #expect(weight?["phase"] as? String == "post")

        let (_, _, goals) = try await get(world, "/api/v1/goals", cookie: cookie)
        let goal = (goals["goals"] as? [[String: Any]])?.first
        #expect(goal?["kind"] as? String == "steps")
        #expect(goals["totalPoints"] as? Int == 0)

        let (_, _, settings) = try await get(world, "/api/v1/settings", cookie: cookie)
        #expect(settings["language"] as? String == "en")
        let notifications = settings["notifications"] as? [String: Any]
        #expect(notifications?["disabledTypes"] as? [String] == [])
        #expect(notifications?.keys.contains("quietHours") == true)
    }

    @Test func theSessionsProfileIsTheOneAnsweredFor() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun(profiles: ["Ana", "Ben"])
        _ = try await world.app.labs.add(analyte: "potassium", value: "4.2", unit: "mmol/L", date: nil, profile: "Ben")
        let (cookie, _) = await world.signedIn()
        let id = String(cookie.dropFirst("kidneyhub_session=".count))

        await world.sessions.choose(profile: "Ben", for: id)
        let (_, _, ben) = try await get(world, "/api/v1/labs", cookie: cookie)
        #expect(ben["profile"] as? String == "Ben")
        #expect((ben["results"] as? [[String: Any]])?.count == 1)
        let (_, _, profiles) = try await get(world, "/api/v1/profiles", cookie: cookie)
        #expect(profiles["current"] as? String == "Ben")
        let listed = (profiles["profiles"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(listed == ["Ana", "Ben"])

        // A profile this store does not have is never looked at: the store's first one is.
        await world.sessions.choose(profile: "Zed", for: id)
        let (_, _, ana) = try await get(world, "/api/v1/labs", cookie: cookie)
        #expect(ana["profile"] as? String == "Ana")
        #expect((ana["results"] as? [[String: Any]])?.isEmpty == true)
    }

    @Test func everyEndpointAnswersWithAnEmptyStore() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, _) = await world.signedIn()
        for path in Self.paths {
            let (status, type, _) = try await get(world, path, cookie: cookie)
            #expect(status == .ok, "\(path)")
            #expect(type == "application/json", "\(path)")
        }
    }

    @Test func beforeAnyProfileEachEndpointAnswersAsTheDocumentSays() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        _ = try await world.app.webAccess.setPassphraseHashOnce("$2b$12$" + String(repeating: "a", count: 53))
        _ = try await world.app.terms.acceptCurrent()
        let (cookie, _) = await world.signedIn()
        let document = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any]
        let paths = document?["paths"] as? [String: Any] ?? [:]
        for path in Self.paths {
            let (status, type, problem) = try await get(world, path, cookie: cookie)
            let operation = (paths[String(path.dropFirst("/api/v1".count))] as? [String: Any])?["get"]
            let documented = (operation as? [String: Any])?["responses"] as? [String: Any] ?? [:]
            #expect(documented[String(status.code)] != nil, "\(path) answered \(status.code)")
            if status == .notFound {
                #expect(type == "application/problem+json", "\(path)")
                #expect(problem["field"] as? String == "profile", "\(path)")
            }
        }
        let (_, _, profiles) = try await get(world, "/api/v1/profiles", cookie: cookie)
        #expect(profiles["profiles"] as? [Any] != nil)
        #expect(profiles["current"] is NSNull)
    }

    @Test func noEndpointAnswersWithoutASession() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        try await enterData(world)
        for path in Self.paths {
            let (status, type, problem) = try await get(world, path, cookie: nil)
            #expect(status == .unauthorized, "\(path)")
            #expect(type == "application/problem+json", "\(path)")
            #expect(problem["field"] as? String == "Cookie", "\(path)")
            let (stale, _, _) = try await get(world, path, cookie: "kidneyhub_session=not-a-session")
            #expect(stale == .unauthorized, "\(path)")
        }
    }

    @Test func theDocumentDescribesEveryEndpoint() throws {
        let document = try JSONSerialization.jsonObject(with: Data(OpenAPIDocument.json.utf8)) as? [String: Any]
        let paths = document?["paths"] as? [String: Any] ?? [:]
        for path in Self.paths {
            let operation = (paths[String(path.dropFirst("/api/v1".count))] as? [String: Any])?["get"] as? [String: Any]
            let responses = operation?["responses"] as? [String: Any] ?? [:]
            #expect(responses["200"] != nil && responses["401"] != nil && responses["421"] != nil, "\(path)")
        }
    }

    @Test func eachNotificationOpensThePageItConcerns() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        // A dangerously high potassium raises an alert as it is stored.
        _ = try await world.app.labs.add(analyte: "potassium", value: "6.6", unit: "mmol/L", date: nil, profile: nil)
        let (cookie, _) = await world.signedIn()
        let (_, _, feed) = try await get(world, "/api/v1/notifications", cookie: cookie)
        let items = feed["notifications"] as? [[String: Any]] ?? []
        let alert = items.first { ($0["title"] as? String)?.contains("Potassium") == true }
        #expect(alert?["opens"] as? String == "/labs", "\(items)")
        let page = try await world.test { client in
            try await client.execute(uri: "/notifications", method: .get, headers: WebWorld.headers(cookie: cookie)) {
                String(buffer: $0.body)
            }
        }
        let title = try #require(alert?["title"] as? String)
        #expect(page.contains("<h2><a href=\"/labs\">\(title)</a></h2>"), "\(page)")
    }
}
