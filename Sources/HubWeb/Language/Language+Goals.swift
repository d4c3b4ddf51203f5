import Care
import Clinical
import Foundation
import HubCore
import HubRecords

extension Language {
    /// What a goal asks for, in this language: the Care module's own words in English, written again from the
    /// goal's numbers in Spanish (the goal itself holds no text).
    func goalSummary(_ kind: GoalKind) -> String {
        guard self == .spanish else { return kind.summary }
        let n = { (value: Double) in self.number(value, digits: 1) }
        switch kind {
        case .weightRange(let low, let high):
            return low == high ? "peso \(n(low)) kg" : "peso \(n(low))–\(n(high)) kg"
        case .bloodPressureBelow(let systolic, let diastolic):
            return "presión arterial por debajo de \(n(systolic))/\(n(diastolic)) mmHg"
        case .labInRange(let analyte, let low, let high):
            let range =
                switch (low, high) {
                case (let low?, let high?): "\(n(low))–\(n(high))"
                case (let low?, nil): "≥ \(n(low))"
                case (nil, let high?): "≤ \(n(high))"
                case (nil, nil): "anotado"
                }
            let lab = LabCatalog.standard.analyte(id: analyte)
            let unit = lab.map { UnitDisplayName.text($0.canonicalUnit.code) } ?? ""
            return "\(lab.map(labName) ?? analyte) \(range) \(unit)".trimmingCharacters(in: .whitespaces)
        case .egfrStable(let decline):
            return "FGe estable (descenso ≤ \(n(decline)) mL/min/1,73 m² al año)"
        case .interdialyticGainBelow(let percent):
            return "aumento de peso entre sesiones por debajo del \(n(percent)) % del peso seco"
        case .stepsPerDay(let steps):
            return "\(number(Double(steps))) pasos al día"
        case .intakeWithin(let subject, let minimum, let maximum):
            let range =
                switch (minimum, maximum) {
                case (let low?, let high?): "\(n(low))–\(n(high))"
                case (let low?, nil): "al menos \(n(low))"
                case (nil, let high?): "como mucho \(n(high))"
                case (nil, nil): "anotado"
                }
            return "\(text(subject.messageKey).lowercased()) \(range) \(subject.unit) al día"
        case .drinkWater(let milliliters):
            return "beber \(n(milliliters)) mL al día"
        case .fruitVegetableCups(let cups):
            return "\(n(cups)) taza\(cups == 1 ? "" : "s") de fruta y verdura al día"
        case .medicationsTaken:
            return "todas las dosis de medicación programadas tomadas, cada día"
        }
    }

    /// A goal template's title in this language: the template's own in English; in Spanish, what its goal asks
    /// (the template's default target), with the period a weekly mean is taken over.
    func goalTemplateTitle(_ template: GoalTemplate) -> String {
        guard self == .spanish else { return template.title }
        let summary = goalSummary(template.kind)
        let sentence = summary.prefix(1).uppercased() + summary.dropFirst()
        if case .bloodPressureBelow = template.kind, case .week = template.period {
            return sentence + " (media semanal)"
        }
        return sentence
    }

    /// A badge earned, in this language: English shows the stored words; Spanish writes them again from the
    /// achievement (a badge this build does not know stays as stored).
    func badge(_ reward: StoredReward) -> String {
        guard self == .spanish, let achievement = Achievement(key: reward.achievement) else { return reward.badge }
        return spanishBadge(achievement, met: Badge.allCases.first { $0.english == reward.badge }) ?? reward.badge
    }

    /// The Spanish words of `achievement` for a goal whose badge when met is `met`.
    func spanishBadge(_ achievement: Achievement, met: Badge?) -> String? {
        switch achievement {
        case .met: met.flatMap { Self.badges[$0] }
        case .streak(let count): "\(count) seguidos"
        case .improving: "En buena dirección"
        }
    }

    /// The goals' badges in Spanish.
    static let badges: [Badge: String] = [
        .steadyBetweenSessions: "Estable entre sesiones",
        .onDryWeight: "En su peso seco",
        .graftGuardian: "Guardián del injerto",
        .kidneyKeeper: "Cuidador de sus riñones",
        .pressureInCheck: "Presión bajo control",
        .onTheMove: "En movimiento",
        .kidneyFriendlyPlate: "Plato amigo del riñón",
        .wellHydrated: "Bien hidratado",
        .colourfulPlate: "Plato colorido",
        .everyDoseTaken: "Todas las dosis tomadas",
        .targetReached: "Objetivo alcanzado",
    ]
}
