import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Weight entry with the dialysis phase, the recent weights and the gains between sessions.
struct WeightPage {
    var layout: Layout
    var session: WebSession
    var listing: WeightService.Listing
    var errors: [String] = []
    /// What was typed into a refused form, shown again.
    var values = FormFields()

    func render() -> String {
        let language = layout.language
        let t = language.text
        let phases: [(String, String)] = [
            ("", t(.phaseAuto)), ("pre", t(.phasePre)), ("post", t(.phasePost)), ("intra", t(.phaseIntra)),
            ("none", t(.phaseNone)),
        ]
        let phaseName: [DialysisPhase: String] = [
            .pre: t(.phasePre), .post: t(.phasePost), .intra: t(.phaseIntra), .noDialysis: t(.phaseNone),
        ]
        let rows = listing.weights.suffix(10).reversed().map { weight in
            let time = LocalMinute.text(epochMilliseconds: weight.startMs, utcOffsetSeconds: weight.utcOffsetSeconds)
            return """
                <tr><td>\(esc(time))</td>\
                <td class="num">\(language.number(weight.kilograms, digits: 1)) kg</td>\
                <td>\(weight.phase.phase.flatMap { phaseName[$0] } ?? "?")</td></tr>
                """
        }.joined()
        return layout.page(
            title: t(.weightTitle),
            path: "/weight",
            errors: errors,
            body: """
                <form method="post" action="/weight" class="stack">\(csrfField(session))
                \(Controls.input("value", label: t(.weight), type: "number", value: values["value"] ?? "", extra: "min=\"20\" max=\"300\" step=\"0.1\" required inputmode=\"decimal\""))
                \(Controls.select("unit", label: t(.unit), options: [("kg", "kg"), ("lb", "lb")], selected: values["unit"] ?? listing.profile.profile.displayUnits.weight.rawValue))
                \(Controls.select("phase", label: t(.phase), options: phases, selected: values["phase"]))
                \(Controls.input("at", label: t(.when), type: "datetime-local", value: values["at"] ?? "", hint: t(.whenHint)))
                <button type="submit">\(t(.saveWeight))</button>
                </form>
                <h2 id="recent-heading">\(t(.recentWeights))</h2>
                <div class="table-wrap"><table aria-labelledby="recent-heading"><thead><tr><th scope="col">\(t(.time))</th>\
                <th scope="col">\(t(.weight))</th><th scope="col">\(t(.phase))</th></tr></thead><tbody>\(rows)</tbody></table></div>
                """
        )
    }
}
