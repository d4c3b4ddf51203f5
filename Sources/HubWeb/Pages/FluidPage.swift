import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Log fluid: one-tap common amounts, or another amount.
struct FluidPage {
    var layout: Layout
    var session: WebSession
    var todayMilliliters: Double
    /// Why the last entry was refused, in the page's language.
    var errors: [String] = []
    /// What was typed into a refused form, shown again.
    var values = FormFields()
    /// Common cup and glass sizes in mL.
    static let quickAmounts = [100, 150, 200, 250, 330]

    func render() -> String {
        let language = layout.language
        let t = language.text
        let buttons = Self.quickAmounts.map { amount in
            """
            <li><form method="post" action="/fluid">\(csrfField(session))<input type="hidden" name="amount" value="\(amount)">\
            <button type="submit" data-amount="\(amount)">\(language.number(Double(amount))) mL</button></form></li>
            """
        }.joined()
        return layout.page(
            title: t(.fluidTitle),
            path: "/fluid",
            errors: errors,
            body: """
                <p>\(t(.fluidToday)): <strong id="fluid-today">\(language.number(todayMilliliters)) mL</strong></p>
                <h2 id="quick-heading">\(t(.quickAmounts))</h2>
                <ul class="quick" aria-labelledby="quick-heading">\(buttons)</ul>
                <form method="post" action="/fluid" class="stack">\(csrfField(session))
                \(Controls.input("amount", label: t(.otherAmount), type: "number", value: values["amount"] ?? "", extra: "min=\"1\" max=\"3000\" step=\"any\" required inputmode=\"decimal\""))
                \(Controls.input("what", label: t(.whatDrink), value: values["what"] ?? t(.water)))
                <button type="submit">\(t(.logFluid))</button>
                </form>
                """
        )
    }
}
