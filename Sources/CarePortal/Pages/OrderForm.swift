import Foundation

/// The portal's "Write an order" form: a medication, the dose as words ("1 tablet", "800 mg"), how many times a
/// day and at which moment, and the start; turned into the FHIR `MedicationRequest` the API takes. A refused field
/// is named beside its input (`aria-invalid`, `aria-describedby`), with the values kept.
enum OrderForm {
    /// What the clinician typed.
    struct Values: Equatable {
        var medication = ""
        var dose = ""
        var times = "1"
        var when = ""
        var start = ""

        init() {}

        init(_ form: PortalForm) {
            medication = form["medication"]
            dose = form["dose"]
            times = form["times"]
            when = form["when"]
            start = form["start"]
        }
    }

    /// The form's field a refusal names (its input's name), and what is wrong.
    typealias FieldError = (field: String, message: String)

    /// The form read: the order as JSON, or the form's own refusals.
    enum Outcome {
        case json(Data)
        case refused([FieldError])
    }

    /// The most times a day the form offers.
    static let mostTimesADay = 6

    /// The `MedicationRequest` as JSON for these values, or the form's own refusals (a number of times, a dose in
    /// words the hub reads); the API then checks everything else and names its fields by JSON pointer.
    static func request(_ values: Values) -> Outcome {
        var errors: [FieldError] = []
        let name = values.medication.trimmingCharacters(in: .whitespaces)
        if name.isEmpty { errors.append(("medication", "Enter the medication.")) }
        guard let times = Int(values.times.trimmingCharacters(in: .whitespaces)), (1...mostTimesADay).contains(times)
        else {
            errors.append(("times", "Enter how many times a day, 1 to \(mostTimesADay)."))
            return .refused(errors)
        }
        var dosage: [String: Any] = [:]
        var repeating: [String: Any] = ["frequency": times, "period": 1, "periodUnit": "d"]
        let moment = values.when.trimmingCharacters(in: .whitespaces)
        if !moment.isEmpty {
            guard PatientCareSections.moments.contains(where: { $0.code == moment }) else {
                errors.append(("when", "Choose a moment of the day from the list."))
                return .refused(errors)
            }
            repeating["when"] = [moment]
        }
        let start = values.start.trimmingCharacters(in: .whitespaces)
        if !start.isEmpty { repeating["boundsPeriod"] = ["start": start] }
        dosage["timing"] = ["repeat": repeating]
        let dose = values.dose.trimmingCharacters(in: .whitespaces)
        if !dose.isEmpty {
            let parts = dose.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2, let amount = Double(parts[0].replacingOccurrences(of: ",", with: ".")) else {
                errors.append(("dose", "Write the dose as a number and a unit, such as 1 tablet or 800 mg."))
                return .refused(errors)
            }
            dosage["doseAndRate"] = [["doseQuantity": ["value": amount, "unit": parts[1], "code": parts[1]]]]
        }
        guard errors.isEmpty else { return .refused(errors) }
        let resource: [String: Any] = [
            "resourceType": "MedicationRequest",
            "medicationCodeableConcept": ["text": name],
            "dosageInstruction": [dosage],
        ]
        do {
            return .json(try JSONSerialization.data(withJSONObject: resource))
        } catch {
            return .refused([("medication", "The order could not be written: \(error)")])
        }
    }

    /// The form's field for a JSON pointer the API named.
    static func field(forPointer pointer: String) -> String {
        if pointer.contains("medicationCodeableConcept") { return "medication" }
        if pointer.contains("doseAndRate") || pointer.contains("/dose") { return "dose" }
        if pointer.contains("boundsPeriod") { return "start" }
        if pointer.contains("/when") || pointer.contains("/offset") { return "when" }
        return "times"
    }

    /// The form, with `values` and the refusals beside their inputs.
    static func render(patientID: Int64, csrf: String, form values: Values, errors: [FieldError]) -> String {
        func problem(_ field: String) -> (attributes: String, text: String) {
            let messages = errors.filter { $0.field == field }.map(\.message)
            guard !messages.isEmpty else { return ("", "") }
            return (
                #" aria-invalid="true" aria-describedby="order-\#(field)-error""#,
                #"<p class="error" id="order-\#(field)-error">\#(esc(messages.joined(separator: " ")))</p>"#
            )
        }
        let medication = problem("medication")
        let dose = problem("dose")
        let times = problem("times")
        let when = problem("when")
        let start = problem("start")
        let options = PatientCareSections.moments.map { moment in
            let selected = moment.code == values.when ? " selected" : ""
            return "<option value=\"\(esc(moment.code))\"\(selected)>\(esc(moment.label))</option>"
        }.joined()
        let summary =
            errors.isEmpty
            ? ""
            : #"<p class="error" role="alert" id="order-errors">The order was not written: "#
                + "\(errors.count == 1 ? "one field needs" : "\(errors.count) fields need") a change.</p>"
        return """
            <h3 id="write-order-heading">Write an order</h3>\(summary)\
            <form method="post" action="/portal/patients/\(patientID)/orders" class="stacked" \
            aria-labelledby="write-order-heading">\
            <input type="hidden" name="csrf" value="\(esc(csrf))">\
            <label for="order-medication">Medication</label>\
            <input id="order-medication" name="medication" required maxlength="200" autocomplete="off" \
            value="\(esc(values.medication))"\(medication.attributes)>\(medication.text)\
            <label for="order-dose">Dose</label>\
            <p class="note" id="order-dose-hint">A number and a unit, such as 1 tablet or 800 mg.</p>\
            <input id="order-dose" name="dose" maxlength="60" autocomplete="off" value="\(esc(values.dose))" \
            \(dose.attributes.isEmpty ? #"aria-describedby="order-dose-hint""# : dose.attributes)>\(dose.text)\
            <label for="order-times">Times a day</label>\
            <input id="order-times" name="times" type="number" min="1" max="\(mostTimesADay)" required \
            value="\(esc(values.times))"\(times.attributes)>\(times.text)\
            <label for="order-when">When</label>\
            <select id="order-when" name="when"\(when.attributes)>\(options)</select>\(when.text)\
            <label for="order-start">Start</label>\
            <input id="order-start" name="start" type="date" value="\(esc(values.start))"\(start.attributes)>\
            \(start.text)<button type="submit">Write the order</button></form>
            """
    }
}
