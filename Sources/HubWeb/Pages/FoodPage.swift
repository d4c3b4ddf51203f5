import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Log food: search (live with the script, a GET form without it), pick, choose measure, amount and meal, see the
/// portion's nutrients and what is left today, then save.
struct FoodPage {
    var layout: Layout
    var session: WebSession
    var query: String
    var hits: [FoodSearchHit]
    var chosen: StoredFood?
    var amount: String
    var unit: String?
    var meal: Meal?
    var check: FoodsService.PortionCheck?
    var errors: [String] = []

    func render() -> String {
        let language = layout.language
        let t = language.text
        var body = """
            <form method="get" action="/food" class="search" role="search">
            <label for="q">\(t(.searchFood))</label>
            <span class="hint" id="q-hint">\(t(.searchHint))</span>
            <input id="q" name="q" type="search" value="\(esc(query))" autocomplete="off" aria-describedby="q-hint" \
            aria-controls="food-results" data-live-search="/api/v1/foods">
            <button type="submit">\(t(.search))</button>
            </form>
            <section aria-labelledby="results-heading">
            <h2 id="results-heading">\(t(.resultsHeading))</h2>
            <p id="results-count" role="status" aria-live="polite" data-template="\(esc(t(.resultsCount)))" \
            data-none="\(esc(t(.noResults)))">\(query.isEmpty ? "" : countText)</p>
            <ul id="food-results" class="results" data-own="\(esc(t(.ownFood)))">\(hitItems)</ul>
            </section>
            """
        if let chosen { body += portionForm(chosen) }
        return layout.page(title: t(.foodTitle), path: "/food", errors: errors, body: body)
    }

    private var countText: String {
        hits.isEmpty
            ? layout.language.text(.noResults)
            : layout.language.text(.resultsCount).replacingOccurrences(of: "%d", with: "\(hits.count)")
    }

    private var hitItems: String {
        hits.map { hit in
            let own = hit.isOwn ? " <span class=\"tag\">\(layout.language.text(.ownFood))</span>" : ""
            return "<li><a href=\"/food?food=\(hit.food.id)\">\(esc(hit.food.name))</a>\(own)</li>"
        }.joined()
    }

    private func portionForm(_ food: StoredFood) -> String {
        let language = layout.language
        let t = language.text
        let units = food.facts.unitNames.map { ($0, $0) }
        let meals: [(String, String)] = Meal.allCases.map { meal in
            (meal.rawValue, t(meal.messageKey))
        }
        let defaultUnit = unit ?? food.facts.typicalServing?.shortName ?? "g"
        var html = """
            <section aria-labelledby="portion-heading" id="portion">
            <h2 id="portion-heading">\(t(.chosenFood)): <span id="chosen-name">\(esc(food.name))</span></h2>
            <form method="get" action="/food" class="stack" id="portion-form">
            <input type="hidden" name="food" value="\(food.id)">
            \(Controls.select("unit", label: t(.measure), options: units, selected: defaultUnit))
            \(Controls.input("amount", label: t(.amount), type: "number", value: amount, extra: "min=\"0.01\" step=\"any\" required inputmode=\"decimal\""))
            \(Controls.select("meal", label: t(.meal), options: meals, selected: (meal ?? .snack).rawValue))
            <button type="submit">\(t(.showNutrients))</button>
            </form>
            """
        if let check { html += preview(check, food: food) }
        return html + "</section>"
    }

    private func preview(_ check: FoodsService.PortionCheck, food: StoredFood) -> String {
        let language = layout.language
        let t = language.text
        let portion = check.check.food
        var rows = ""
        for subject in IntakeSubject.todayOrder {
            let amount: Double? =
                subject == .fluid ? portion.fluidMilliliters : subject.nutrient.flatMap { portion.nutrients[$0] }
            let line = check.check.budget.first { $0.subject == subject }
            let unitName = UnitDisplayName.text(subject.unit)
            let eaten = line.map { "\(language.number($0.eatenToday)) \(unitName)" } ?? "–"
            let after = line.map { "\(language.number($0.remaining - (amount ?? 0))) \(unitName)" } ?? "–"
            rows += """
                <tr data-subject="\(subject.rawValue)"><th scope="row">\(t(subject.messageKey))</th>\
                <td class="num" data-value="\(amount ?? 0)">\(amount.map { language.number($0, digits: 1) } ?? "?") \(unitName)</td>\
                <td class="num">\(eaten)</td><td class="num">\(after)</td></tr>
                """
        }
        return """
            <div class="table-wrap"><table id="portion-nutrients">
            <caption>\(t(.portionCaption)) (\(language.number(portion.grams)) g)</caption>
            <thead><tr><th scope="col">\(t(.nutrient))</th><th scope="col">\(t(.portion))</th>\
            <th scope="col">\(t(.eatenToday))</th><th scope="col">\(t(.afterThis))</th></tr></thead>
            <tbody>\(rows)</tbody></table></div>
            <form method="post" action="/food/log">\(csrfField(session))
            <input type="hidden" name="food" value="\(food.id)">
            <input type="hidden" name="amount" value="\(esc(amount))">
            <input type="hidden" name="unit" value="\(esc(unit ?? "g"))">
            <input type="hidden" name="meal" value="\((meal ?? .snack).rawValue)">
            <button type="submit" id="log-food">\(t(.logThis))</button>
            </form>
            """
    }
}
