import Care
import Clinical
import Foundation
import HubServices

/// The medicines: each order with its instructions (rendered by the application layer, never typed text), a link to
/// its page, and the entry form with the structured fields of a FHIR dosage.
struct MedicationsPage {
    var layout: Layout
    var session: WebSession
    var orders: [MedicationsService.OrderView]
    var showingAll: Bool
    var notice: String? = nil
    var errors: [String] = []
    /// The form as sent, kept when it was refused.
    var values = FormFields()

    /// The moments the form offers, in the order of a day; the rest of the FHIR value set is reachable from the
    /// command line and FHIR import.
    static let offeredEvents: [EventTiming] = [
        .wake, .beforeBreakfast, .breakfast, .afterBreakfast, .beforeLunch, .lunch, .afterLunch, .beforeDinner,
        .dinner, .afterDinner, .meal, .bedtime,
    ]

    func render() -> String {
        let t = layout.language.text
        let toggle =
            showingAll
            ? "<a href=\"/medications\">\(t(.showActiveOnly))</a>"
            : "<a href=\"/medications?all=1\">\(t(.showStopped))</a>"
        return layout.page(
            title: t(.medicationsTitle),
            path: "/medications",
            notice: notice,
            errors: errors,
            body: """
                <p>\(t(.medicationsIntro))</p>
                \(orders.isEmpty ? "<p>\(t(.noMedications))</p>" : table())
                <p>\(toggle)</p>
                <h2 id="add-heading">\(t(.addMedication))</h2>
                \(form())
                """
        )
    }

    private func table() -> String {
        let t = layout.language.text
        let rows = orders.map { view in
            let order = view.order
            return """
                <tr data-order="\(order.id.uuidString.lowercased())"><th scope="row">\
                <a href="/medications/\(order.id.uuidString.lowercased())">\(esc(order.medication.name))</a>\
                \(view.careTeam == nil ? "" : "<br><small class=\"care-team\">\(t(.orderedByCareTeam))</small>")</th>\
                <td data-label="\(t(.instructions))">\(esc(view.instructions))</td>\
                <td data-label="\(t(.orderStatus))">\(esc(t(Self.statusKey(order.status))))</td></tr>
                """
        }.joined()
        return """
            <div class="table-wrap"><table id="medications" class="cards"><thead><tr>\
            <th scope="col">\(t(.medicine))</th><th scope="col">\(t(.instructions))</th>\
            <th scope="col">\(t(.orderStatus))</th></tr></thead><tbody>\(rows)</tbody></table></div>
            """
    }

    private func form() -> String {
        let t = layout.language.text
        let words = layout.language.instructionLanguage
        let units = DoseUnit.allCases.map { ($0.rawValue, InstructionWords.doseUnit($0, in: words)) }
        let routes =
            [("", t(.anyRoute))] + DoseRoute.allCases.map { ($0.rawValue, InstructionWords.route($0, in: words)) }
        let periods = [TimingUnit.day, .week, .hour, .month].map {
            ($0.rawValue, InstructionWords.timeUnit($0, in: words))
        }
        let days = [("", t(.everyDay)), ("dialysis", t(.dialysisDaysOnly)), ("non-dialysis", t(.nonDialysisDaysOnly))]
        let chosen = Set(values.texts("when"))
        let events = Self.offeredEvents.map { event in
            let id = "when-\(event.rawValue)"
            let mark = chosen.contains(event.rawValue) ? " checked" : ""
            return """
                <div class="check"><input type="checkbox" id="\(id)" name="when" value="\(event.rawValue)"\(mark)>\
                <label for="\(id)">\(esc(InstructionWords.event(event, in: words)))</label></div>
                """
        }.joined()
        let times = values.texts("time")
        let asNeeded = values.text("asNeeded") == nil ? "" : " checked"
        return """
            <form method="post" action="/medications" class="stack" id="medication-form" aria-labelledby="add-heading">\
            \(csrfField(session))
            \(input("name", t(.medicationName), extra: "required autocomplete=\"off\""))
            \(input("dose", t(.doseAmount), hint: t(.doseAmountHint), extra: "inputmode=\"decimal\" autocomplete=\"off\""))
            \(Controls.select("unit", label: t(.doseUnit), options: units, selected: values.text("unit") ?? DoseUnit.tablet.rawValue))
            \(Controls.select("route", label: t(.route), options: routes, selected: values.text("route") ?? ""))
            \(input("frequency", t(.timesPerPeriod), hint: t(.timesPerPeriodHint), extra: "inputmode=\"numeric\""))
            \(input("period", t(.periodLength), value: values.text("period") ?? "1", extra: "inputmode=\"numeric\""))
            \(Controls.select("periodUnit", label: t(.periodUnit), options: periods, selected: values.text("periodUnit") ?? "d"))
            <fieldset aria-describedby="when-hint"><legend>\(t(.withEvents))</legend>\
            <span class="hint" id="when-hint">\(t(.withEventsHint))</span>\(events)</fieldset>
            \(Controls.input("offset", label: t(.eventOffset), type: "number", value: values.text("offset") ?? "", hint: t(.eventOffsetHint), extra: "min=\"0\" max=\"720\""))
            \(Controls.input("time", label: t(.timesOfDay), type: "time", value: times.first ?? "", hint: t(.timesOfDayHint)))
            \(Controls.select("dialysisDays", label: t(.whichDays), options: days, selected: values.text("dialysisDays") ?? ""))
            <div class="check"><input type="checkbox" id="asNeeded" name="asNeeded" value="1"\(asNeeded)>\
            <label for="asNeeded">\(t(.onlyWhenNeeded))</label></div>
            \(input("asNeededFor", t(.neededFor)))
            \(input("reason", t(.reasonFor)))
            \(input("prescriber", t(.prescribedBy), hint: t(.prescribedBySelf)))
            \(input("note", t(.note)))
            <button type="submit">\(t(.addMedication))</button>
            </form>
            """
    }

    /// A text input holding what was sent, when the form was refused.
    private func input(_ name: String, _ label: String, value: String? = nil, hint: String? = nil, extra: String = "")
        -> String
    {
        Controls.input(name, label: label, value: values.text(name) ?? value ?? "", hint: hint, extra: extra)
    }

    /// The words of an order's status.
    static func statusKey(_ status: OrderStatus) -> MessageKey {
        switch status {
        case .active: .statusActive
        case .onHold: .statusOnHold
        case .stopped: .statusStopped
        case .completed: .statusCompleted
        }
    }
}
