import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird
import NIOCore

/// The JSON API under /api/v1: the data of the pages, for the page's script and for third parties; described by
/// `OpenAPIDocument`; errors as RFC 9457 problem details.
struct APIRoutes {
    let web: WebApp

    struct FoodHit: Encodable {
        var id: Int64
        var name: String
        var own: Bool
    }
    struct FoodHits: Encodable { var foods: [FoodHit] }

    struct TodayLine: Encodable {
        var subject: String
        var unit: String
        var total: Double
        var maximum: Double?
        var left: Double?
    }
    struct Today: Encodable {
        var profile: String
        var date: String
        var intake: [TodayLine]
    }

    func register(on router: Router<WebContext>) {
        let api = router.group("/api/v1")
        api.get("/openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json))
            )
        }
        api.get("/foods") { request, context in
            guard let query = request.uri.queryParameters["q"].map(String.init)?.trimmingSpaces, !query.isEmpty else {
                return Problem(
                    status: .unprocessableContent,
                    title: "Missing search text",
                    detail: "Give the letters to search for in q.",
                    field: "q"
                ).response()
            }
            let limit = request.uri.queryParameters["limit"].flatMap { Int($0) } ?? FoodRoutes.resultLimit
            guard (1...50).contains(limit) else {
                return Problem(status: .unprocessableContent, title: "limit must be 1 to 50", field: "limit").response()
            }
            let hits = try await web.app.foods.search(query, profile: await web.profileName(context), limit: limit)
            return try APIJSON.response(
                FoodHits(foods: hits.map { FoodHit(id: $0.food.id, name: $0.food.name, own: $0.isOwn) })
            )
        }
        api.get("/today") { _, context in
            let summary = try await web.app.intake.day(.today, profile: await web.profileName(context))
            return try APIJSON.response(
                Today(profile: summary.profile.name, date: summary.day.description, intake: Self.lines(summary))
            )
        }
        TrendsAPIRoutes(web: web).register(on: api)
        PageDataRoutes(web: web).register(on: api)
    }

    /// A day's total of each subject against its limit, in Today's order.
    static func lines(_ summary: IntakeService.DaySummary) -> [TodayLine] {
        IntakeSubject.todayOrder.map { subject in
            let maximum = summary.limits.first { $0.limit.subject == subject }?.limit.maximum
            let total =
                subject == .fluid
                ? summary.intake.fluidMilliliters
                : (subject.nutrient.map { summary.intake.nutrients[$0].value } ?? 0)
            return TodayLine(
                subject: subject.rawValue,
                unit: subject.unit,
                total: total,
                maximum: maximum,
                left: maximum.map { $0 - total }
            )
        }
    }
}
