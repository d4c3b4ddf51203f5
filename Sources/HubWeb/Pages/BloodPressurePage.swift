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

    func render() -> String {
        let t = layout.language.text
        return layout.page(
            title: t(.bloodPressureTitle),
            path: "/blood-pressure",
            errors: errors,
            body: """
                <form method="post" action="/blood-pressure" class="stack">\(csrfField(session))
                \(Controls.input("systolic", label: t(.systolic), type: "number", extra: "min=\"40\" max=\"300\" step=\"1\" required inputmode=\"numeric\""))
                \(Controls.input("diastolic", label: t(.diastolic), type: "number", extra: "min=\"20\" max=\"200\" step=\"1\" required inputmode=\"numeric\""))
                \(Controls.input("pulse", label: t(.pulse), type: "number", extra: "min=\"20\" max=\"250\" step=\"1\" inputmode=\"numeric\""))
                \(Controls.input("at", label: t(.when), type: "datetime-local", hint: t(.whenHint)))
                <button type="submit">\(t(.saveBloodPressure))</button>
                </form>
                """
        )
    }
}
