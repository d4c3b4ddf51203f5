import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices
import Hummingbird

/// Logging food: the search, the portion preview and the save.
struct FoodRoutes {
    let web: WebApp
    /// Results shown for a search.
    static let resultLimit = 12

    func register(on router: Router<WebContext>) {
        router.get("/food") { request, context in
            guard let session = context.session else { return seeOther("/signin") }
            let layout = await web.layout(context)
            let profile = await web.profileName(context)
            let query = request.uri.queryParameters["q"].map(String.init)?.trimmingSpaces ?? ""
            let hits =
                query.isEmpty ? [] : try await web.app.foods.search(query, profile: profile, limit: Self.resultLimit)
            let foodId = request.uri.queryParameters["food"].flatMap { Int64($0) }
            let chosen = try await foodId.asyncMap { try await web.app.foods.show("#\($0)", profile: profile) }
            let amountText = request.uri.queryParameters["amount"].map(String.init) ?? "1"
            let unit = request.uri.queryParameters["unit"].map(String.init)
            let meal = request.uri.queryParameters["meal"].flatMap { Meal(rawValue: String($0)) }
            var check: FoodsService.PortionCheck?
            var errors: [String] = []
            if let chosen, let unit, request.uri.queryParameters["amount"] != nil {
                if let amount = Double(amountText), amount > 0 {
                    do {
                        check = try await web.app.foods.check(
                            "#\(chosen.id)",
                            amount: amount,
                            unit: unit,
                            profile: profile
                        )
                    } catch let error as CareServiceError {
                        // English keeps the reason's own words after the field; other languages say it is not
                        // measurable that way.
                        errors.append(
                            layout.language == .english
                                ? "\(layout.language.text(.amount)): \(error)" : layout.language.refusal(error)
                        )
                    }
                } else {
                    errors.append("\(layout.language.text(.amount)): \(layout.language.text(.notANumber))")
                }
            }
            let page = FoodPage(
                layout: layout,
                session: session,
                query: query,
                hits: hits,
                chosen: chosen,
                amount: amountText,
                unit: unit,
                meal: meal,
                check: check,
                errors: errors
            )
            return htmlResponse(page.render(), status: errors.isEmpty ? .ok : .unprocessableContent)
        }
        router.post("/food/log") { _, context in
            let form = context.form
            // A refused entry goes back to the portion form with what was typed, where the check names the problem
            // in the page's language.
            let back = seeOther("/food?" + Self.query(form, ["food", "unit", "amount", "meal"]))
            guard let food = form.text("food").flatMap({ Int64($0) }),
                let amount = form.text("amount").flatMap(Double.init),
                let unit = form.text("unit"), let meal = form.text("meal").flatMap(Meal.init(rawValue:))
            else {
                return back
            }
            do {
                _ = try await web.app.intake.logFood(
                    "#\(food)",
                    amount: amount,
                    unit: unit,
                    meal: meal,
                    at: entryTime(nil),
                    profile: await web.profileName(context)
                )
            } catch is CareServiceError {
                return back
            }
            return seeOther("/today?done=loggedFood")
        }
    }
}

extension FoodRoutes {
    /// The named fields of `form` as a query string, each value percent-encoded.
    static func query(_ form: FormFields, _ names: [String]) -> String {
        names.compactMap { name in
            form[name].map { value in
                let encoded = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                return "\(name)=\(encoded)"
            }
        }.joined(separator: "&")
    }
}

extension Optional {
    /// The wrapped value mapped by an async throwing function.
    func asyncMap<T>(_ transform: (Wrapped) async throws -> T) async throws -> T? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
