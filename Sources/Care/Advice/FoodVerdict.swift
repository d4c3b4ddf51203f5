import Clinical
import HubCore

/// The verdict on eating a portion now.
public enum FoodVerdict: String, Sendable, Equatable, Codable, CaseIterable {
    /// Fits every limit; no interaction.
    case fits
    /// Fits, with something to watch.
    case fitsWithCaution = "fits with caution"
    /// Breaks a limit or interacts with a medication.
    case doesNotFit = "does not fit"
    /// Dangerous for this patient: do not eat it.
    case avoid

    /// The verdict the most severe message calls for.
    public init(worst: AdviceSeverity?) {
        switch worst {
        case nil, .info?: self = .fits
        case .caution?: self = .fitsWithCaution
        case .warning?: self = .doesNotFit
        case .critical?: self = .avoid
        }
    }
}

/// A checked portion: the verdict, each limit's line, the interactions, and the nutrient most at issue.
public struct FoodCheck: Sendable, Equatable, Codable {
    /// The portion checked.
    public var food: AdviceFood
    /// The verdict.
    public var verdict: FoodVerdict
    /// One line per limit with a maximum.
    public var budget: [BudgetLine]
    /// Interaction and food–disease messages.
    public var interactions: [AdviceMessage]
    /// The limited subject this portion strains most (the highest share of what is left), if any is strained.
    public var subjectAtIssue: IntakeSubject?

    /// Every message: budget lines, then interactions.
    public var messages: [AdviceMessage] { budget.map(\.message) + interactions }
}

/// Checks a portion against a patient's state (issue 10, item 2).
public enum FoodChecker {
    /// The check of `food` for `state`.
    public static func check(_ food: AdviceFood, state: PatientAdviceState) -> FoodCheck {
        var lines: [BudgetLine] = []
        for limit in state.limits {
            guard let maximum = limit.maximum else { continue }
            lines.append(line(food: food, limit: limit, maximum: maximum, state: state))
        }
        let interactions =
            InteractionRules.evaluate(
                food: food,
                medications: state.medications,
                hasKidneyDisease: state.hasKidneyDisease
            ) + LabFoodRules.evaluate(food: food, state: state)
        let worst = (lines.map(\.message.severity) + interactions.map(\.severity)).max()
        let strained = lines.filter { $0.message.severity >= .caution && $0.portion != nil }
        // The budget line most strained; else the nutrient a warning interaction is about (banana with lisinopril).
        let interactionSubject = interactions.lazy.filter { $0.severity >= .warning }
            .compactMap { $0.facts["concerns"].flatMap(IntakeSubject.init(rawValue:)) }
            .first { subject in lines.contains { $0.subject == subject && $0.portion != nil } }
        let atIssue =
            strained.max { ($0.percentOfRemaining ?? .infinity) < ($1.percentOfRemaining ?? .infinity) }?.subject
            ?? interactionSubject
        return FoodCheck(
            food: food,
            verdict: FoodVerdict(worst: worst),
            budget: lines,
            interactions: interactions,
            subjectAtIssue: atIssue
        )
    }

    static func line(food: AdviceFood, limit: DailyLimit, maximum: Double, state: PatientAdviceState) -> BudgetLine {
        let subject = limit.subject
        let eaten = state.today.total(of: subject).value
        let remaining = max(0, maximum - eaten)
        let portion = food.amount(of: subject)
        let lab = PatientAdviceState.labID(for: subject).flatMap { state.latestStanding($0) }
        let unit = NutrientUnitText.text(limit.unit)
        var facts = [
            "subject": subject.rawValue, "limit": AdviceNumber.text(maximum), "unit": limit.unit,
            "eaten_today": AdviceNumber.text(eaten), "remaining": AdviceNumber.text(remaining), "food": food.name,
            "limit_source": limit.source,
        ]
        // The lab is named as itself: protein's is albumin ("your last albumin was 3.2 g/dL"), not "your last protein".
        let labText =
            lab.map { standing in
                let id = standing.value.analyteID
                let name = LabCatalog.standard.analyte(id: id)?.displayName.lowercased() ?? id
                return "; your last \(name) was \(standing.summary())"
            } ?? ""
        if let lab { facts["lab_\(lab.value.analyteID)"] = lab.summary() }
        let context =
            "(limit \(AdviceNumber.text(maximum)) \(unit) a day: \(limit.basis); eaten today "
            + "\(AdviceNumber.text(eaten)) \(unit))\(labText)."
        guard let portion else {
            let message = BudgetRules.unknown.fire(detail: "\(subject.rawValue) \(context)", facts: facts)
            return BudgetLine(
                subject: subject,
                unit: limit.unit,
                portion: nil,
                eatenToday: eaten,
                maximum: maximum,
                remaining: remaining,
                percentOfRemaining: nil,
                lab: lab,
                message: message
            )
        }
        facts["portion"] = AdviceNumber.text(portion)
        let percent = remaining > 0 ? portion / remaining * 100 : nil
        if let percent { facts["percent_of_remaining"] = AdviceNumber.text(percent) }
        let amount = "\(subject.rawValue) \(AdviceNumber.text(portion)) \(unit)"
        let message: AdviceMessage
        if remaining <= 0 && portion > 0 {
            message = BudgetRules.alreadyOver.fire(
                detail: "\(amount), nothing left of today's \(subject.rawValue) \(context)",
                facts: facts
            )
        } else if portion > remaining {
            message = BudgetRules.over.fire(
                detail: "\(amount), \(AdviceNumber.text(percent ?? 0)) % of the \(AdviceNumber.text(remaining)) "
                    + "\(unit) left today \(context)",
                facts: facts
            )
        } else if let percent, percent >= BudgetRules.largeShareOfRemaining * 100 {
            message = BudgetRules.largeShare.fire(
                detail: "\(amount), \(AdviceNumber.text(percent)) % of the \(AdviceNumber.text(remaining)) \(unit) "
                    + "left today \(context)",
                facts: facts
            )
        } else if let minimum = limit.minimum, eaten + portion < minimum {
            // Under the maximum but the day is still below its minimum (protein on dialysis): never "fits" as if
            // the limit were met.
            facts["minimum"] = AdviceNumber.text(minimum)
            message = BudgetRules.belowMinimum.fire(
                detail: "\(amount); with it today reaches \(AdviceNumber.text(eaten + portion)) of the minimum "
                    + "\(AdviceNumber.text(minimum)) \(unit) \(context)",
                facts: facts
            )
        } else {
            message = BudgetRules.fits.fire(
                detail: "\(amount), \(AdviceNumber.text(percent ?? 0)) % of the \(AdviceNumber.text(remaining)) "
                    + "\(unit) left today \(context)",
                facts: facts
            )
        }
        return BudgetLine(
            subject: subject,
            unit: limit.unit,
            portion: portion,
            eatenToday: eaten,
            maximum: maximum,
            remaining: remaining,
            percentOfRemaining: percent,
            lab: lab,
            message: message
        )
    }
}

/// UCUM units as people read them.
public enum NutrientUnitText {
    /// The display name of a UCUM code ("µg" for `ug`, "mmHg" for `mm[Hg]`).
    public static func text(_ ucum: String) -> String { UnitDisplayName.text(ucum) }
}
