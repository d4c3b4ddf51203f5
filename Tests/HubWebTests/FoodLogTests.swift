import Care
import Foundation
import HTTPTypes
import HubServices
import HubWeb
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Logging a food through the pages: the portion shown before saving is what Today's total rises by.
@Suite struct FoodLogTests {
    @Test func aMediumBananaPickedFromTheSearchRaisesTodaysPotassiumByItsPortion() async throws {
        let world = try WebWorld()
        defer { world.remove() }
        try await world.finishFirstRun()
        let (cookie, csrf) = await world.signedIn()
        let headers = WebWorld.headers(cookie: cookie)
        let id: Int64 = try await world.test { client in
            try await client.execute(uri: "/api/v1/foods?q=ban", method: .get, headers: headers) { response in
                #expect(response.status == .ok)
                struct Hits: Decodable {
                    struct Hit: Decodable {
                        var id: Int64
                        var name: String
                    }
                    var foods: [Hit]
                }
                let hits = try JSONDecoder().decode(Hits.self, from: Data(response.body.text.utf8))
                return try #require(hits.foods.first { $0.name.lowercased().hasPrefix("bananas, raw") }).id
            }
        }
        let before = try await world.app.intake.day(.today, profile: nil).intake.nutrients[.potassium].value
        let portion: Double = try await world.test { client in
            try await client.execute(
                uri: "/food?food=\(id)&unit=medium&amount=1&meal=breakfast",
                method: .get,
                headers: headers
            ) { response in
                #expect(response.status == .ok)
                let page = response.body.text
                let marker = "<tr data-subject=\"potassium\">"
                let row = try #require(page.range(of: marker)).upperBound
                let value = try #require(page[row...].range(of: "data-value=\""))
                return try #require(Double(page[value.upperBound...].prefix { $0 != "\"" }))
            }
        }
        // USDA SR Legacy 09040, bananas, raw: 358 mg potassium per 100 g; a medium one weighs 118 g.
        #expect(abs(portion - 358 * 1.18) < 1)
        let form = "food=\(id)&amount=1&unit=medium&meal=breakfast"
        #expect(try await world.post("/food/log", form, cookie: cookie, csrf: csrf).0 == .seeOther)
        let after = try await world.app.intake.day(.today, profile: nil).intake.nutrients[.potassium].value
        #expect(abs(after - before - portion) < 0.001)
    }
}
