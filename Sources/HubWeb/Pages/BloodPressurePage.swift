import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Blood pressure entry: systolic, diastolic, pulse, when.
struct BloodPressurePage {
    var layout: Layout
    var session: WebSession
    var errors: [String] = []
    /// What was typed into a refused form, shown again.
    var values = FormFields()
    /// The reading was refused as unusual: the form offers to store it as typed.
    var asksConfirmation = false

    func render() -> String {
        let t = layout.language.text
        let value = { (name: String) in values[name] ?? "" }
        // The confirmation sends the same fields again with `confirm`; it follows the save button, so Enter in a field
        // (the form's first button) never confirms.
        let confirmation =
            asksConfirmation
            ? """
            <section class="confirm" aria-labelledby="confirm-heading"><h2 id="confirm-heading">\(t(.confirmUnusualHeading))</h2>
            <button type="submit" name="confirm" value="yes" id="confirm-unusual">\(t(.confirmUnusual))</button></section>
            """ : ""
        return layout.page(
            title: t(.bloodPressureTitle),
            path: "/blood-pressure",
            errors: errors,
            body: """
                <form method="post" action="/blood-pressure" class="stack">\(csrfField(session))
                \(Controls.input("systolic", label: t(.systolic), type: "number", value: value("systolic"), extra: "min=\"40\" max=\"300\" step=\"1\" required inputmode=\"numeric\""))
                \(Controls.input("diastolic", label: t(.diastolic), type: "number", value: value("diastolic"), extra: "min=\"20\" max=\"200\" step=\"1\" required inputmode=\"numeric\""))
                \(Controls.input("pulse", label: t(.pulse), type: "number", value: value("pulse"), extra: "min=\"20\" max=\"250\" step=\"1\" inputmode=\"numeric\""))
                \(Controls.input("at", label: t(.when), type: "datetime-local", value: value("at"), hint: t(.whenHint)))
                <button type="submit">\(t(.saveBloodPressure))</button>
                \(confirmation)
                </form>
                """
        )
    }
}
