/// A food–drug (or food–disease) interaction rule as data: which drugs, which foods, and the rule's message.
public struct InteractionRule: Sendable, Hashable, Identifiable {
    /// Who the rule is for.
    public enum Patients: Sendable, Hashable {
        /// Patients taking one of these drugs (generic names in `DrugCatalog`).
        case taking([String])
        /// Patients taking one of `drugs` and also one of `alsoTaking` (a binder with ciprofloxacin).
        case takingBoth([String], alsoTaking: [String])
        /// Every patient with a kidney disease category (star fruit).
        case anyKidneyPatient
    }

    /// The rule: id, version, severity, message, source.
    public let rule: AdviceRule
    /// Who it is for.
    public let patients: Patients
    /// Which foods make it fire.
    public let trigger: FoodTrigger

    /// A rule from its parts.
    public init(_ rule: AdviceRule, patients: Patients, trigger: FoodTrigger) {
        self.rule = rule
        self.patients = patients
        self.trigger = trigger
    }

    /// The rule's id.
    public var id: String { rule.id }

    /// The limited nutrient the food side is about (potassium for the potassium-raising drugs), when the trigger
    /// names one: a check then suggests swaps lower in it.
    public var concerns: IntakeSubject? {
        func subject(_ trigger: FoodTrigger) -> IntakeSubject? {
            switch trigger {
            case .nutrientAtLeast(let nutrient, _): IntakeSubject.allCases.first { $0.nutrient == nutrient }
            case .anyOf(let triggers): triggers.lazy.compactMap(subject).first
            case .named, .anyFood: nil
            }
        }
        return subject(trigger)
    }

    /// Every generic name the rule refers to.
    public var drugNames: [String] {
        switch patients {
        case .taking(let drugs): drugs
        case .takingBoth(let drugs, let also): drugs + also
        case .anyKidneyPatient: []
        }
    }

    /// The firing for a patient with `medications` (already matched) and `hasKidneyDisease`, eating `food`; nil when
    /// it does not fire.
    public func evaluate(food: AdviceFood, medications: [MedicationMatch], hasKidneyDisease: Bool) -> AdviceMessage? {
        guard let foodReason = trigger.match(food) else { return nil }
        var facts = ["food": food.name, "food_trigger": foodReason]
        switch patients {
        case .anyKidneyPatient:
            guard hasKidneyDisease else { return nil }
            facts["patient"] = "has a kidney disease category"
        case .taking(let drugs):
            guard let medication = Self.first(of: drugs, in: medications) else { return nil }
            facts["medication"] = medication.name
        case .takingBoth(let drugs, let also):
            guard let medication = Self.first(of: drugs, in: medications),
                let other = Self.first(of: also, in: medications)
            else { return nil }
            facts["medication"] = medication.name
            facts["also_taking"] = other.name
        }
        if let concerns { facts["concerns"] = concerns.rawValue }
        let who = facts["medication"].map { " (your medication: \($0))" } ?? ""
        return rule.fire(detail: "— \(food.name)\(who).", facts: facts)
    }

    private static func first(of drugs: [String], in medications: [MedicationMatch]) -> MedicationMatch? {
        medications.first { match in match.drugs.contains { drugs.contains($0.generic) } }
    }
}
