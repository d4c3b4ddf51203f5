import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The first run's profile form (name, birth date, sex, height, category, schedule, dry weight, diabetes, time
/// zone, units).
struct ProfileFormPage {
    var layout: Layout
    var session: WebSession
    var errors: [String] = []
    var values = FormFields()

    static let categoryKeys: [DiseaseCategory: MessageKey] = [
        .ckdG1: .categoryG1, .ckdG2: .categoryG2, .ckdG3a: .categoryG3a, .ckdG3b: .categoryG3b, .ckdG4: .categoryG4,
        .ckdG5: .categoryG5, .hemodialysis: .categoryHemodialysis, .peritonealDialysis: .categoryPeritoneal,
        .kidneyTransplant: .categoryTransplant,
    ]

    func render() -> String {
        let t = layout.language.text
        let v = { (name: String) in values[name] ?? "" }
        let categories =
            [("", t(.notGiven))] + DiseaseCategory.allCases.map { ($0.rawValue, t(Self.categoryKeys[$0]!)) }
        let fields = [
            Controls.input("name", label: t(.name), value: v("name"), extra: "required autocomplete=\"name\""),
            Controls.input("birth_date", label: t(.birthDate), type: "date", value: v("birth_date")),
            Controls.select(
                "sex",
                label: t(.sex),
                options: [("", t(.notGiven)), ("female", t(.female)), ("male", t(.male))],
                selected: values["sex"]
            ),
            Controls.input(
                "height",
                label: t(.height),
                type: "number",
                value: v("height"),
                extra: "min=\"50\" max=\"250\" step=\"0.1\""
            ),
            Controls.select("category", label: t(.category), options: categories, selected: values["category"]),
            Controls.input("schedule", label: t(.schedule), value: v("schedule"), hint: t(.scheduleHint)),
            Controls.input(
                "dry_weight",
                label: t(.dryWeight),
                type: "number",
                value: v("dry_weight"),
                extra: "min=\"20\" max=\"300\" step=\"0.1\""
            ),
            Controls.select(
                "diabetes",
                label: t(.diabetes),
                options: [("none", t(.diabetesNone)), ("type_1", t(.diabetesType1)), ("type_2", t(.diabetesType2))],
                selected: values["diabetes"]
            ),
            Controls.input("time_zone", label: t(.timeZone), value: values["time_zone"] ?? TimeZone.current.identifier),
            Controls.select(
                "weight_unit",
                label: t(.weightUnit),
                options: [("kg", "kg"), ("lb", "lb")],
                selected: values["weight_unit"]
            ),
            Controls.select(
                "fluid_unit",
                label: t(.fluidUnit),
                options: [("mL", "mL"), ("fl_oz", "fl oz")],
                selected: values["fluid_unit"]
            ),
        ]
        return layout.page(
            title: t(.profileTitle),
            path: "/setup/profile",
            errors: errors,
            body: """
                <p>\(t(.profileIntro))</p>
                <form method="post" action="/setup/profile" class="stack">\(csrfField(session))
                \(fields.joined(separator: "\n"))
                <button type="submit">\(t(.createProfile))</button>
                </form>
                """
        )
    }
}
