import Clinical

/// English words for dosage instructions.
struct EnglishInstructions: InstructionPhrasebook {
    func number(_ value: Double) -> String { number(value, decimalSeparator: ".") }
    func range(_ low: String, _ high: String) -> String { "\(low) to \(high)" }
    func list(_ items: [String]) -> String { list(items, conjunction: "and") }

    func dose(_ amount: DoseAmount) -> String {
        switch amount {
        case .quantity(let value, let unit): "\(number(value)) \(unitName(unit, one: value == 1))"
        case .range(let low, let high, let unit): "\(range(low, high)) \(unitName(unit, one: isOne(low, high)))"
        }
    }

    func unitName(_ unit: DoseUnit, one: Bool) -> String {
        switch unit {
        case .milligram: "mg"
        case .gram: "g"
        case .microgram: "µg"
        case .milliliter: "mL"
        case .millimole: "mmol"
        case .milliequivalent: "mEq"
        case .internationalUnit: one ? "unit" : "units"
        case .drop: one ? "drop" : "drops"
        case .tablet: one ? "tablet" : "tablets"
        case .capsule: one ? "capsule" : "capsules"
        case .puff: one ? "puff" : "puffs"
        case .sachet: one ? "sachet" : "sachets"
        case .patch: one ? "patch" : "patches"
        }
    }

    func route(_ route: DoseRoute) -> String {
        switch route {
        case .oral: "by mouth"
        case .sublingual: "under the tongue"
        case .inhaled: "by inhalation"
        case .subcutaneous: "under the skin"
        case .intravenous: "into a vein"
        case .intramuscular: "into a muscle"
        case .topical: "on the skin"
        case .transdermal: "as a skin patch"
        case .nasal: "in the nose"
        case .ophthalmic: "in the eye"
        case .rectal: "rectally"
        }
    }

    func unitName(_ unit: TimingUnit, one: Bool) -> String {
        let singular =
            switch unit {
            case .second: "second"
            case .minute: "minute"
            case .hour: "hour"
            case .day: "day"
            case .week: "week"
            case .month: "month"
            case .year: "year"
            }
        return one ? singular : singular + "s"
    }

    func frequency(_ frequency: Int?, _ frequencyMax: Int?, period: Double?, _ periodMax: Double?, _ unit: TimingUnit?)
        -> String?
    {
        let times = Double(frequency ?? 1)
        let timesMax = frequencyMax.map(Double.init)
        let once = isOne(times, timesMax)
        let howOften = once ? "once" : "\(range(times, timesMax)) times"
        guard let period, let unit else { return frequency == nil ? nil : howOften }
        let perOne = period == 1 && (periodMax == nil || periodMax == 1)
        if perOne {
            if once {
                switch unit {
                case .second: return "every second"
                case .minute: return "every minute"
                case .hour: return "every hour"
                case .day: return "daily"
                case .week: return "weekly"
                case .month: return "monthly"
                case .year: return "yearly"
                }
            }
            return "\(howOften) \(unit == .hour ? "an" : "a") \(unitName(unit, one: true))"
        }
        let every = "every \(range(period, periodMax)) \(unitName(unit, one: false))"
        return once ? every : "\(howOften) \(every)"
    }

    func weekdays(_ days: [Weekday]) -> String {
        "on " + list(days.sorted().map { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() })
    }

    func dialysisDays(_ days: DialysisDays) -> String {
        switch days {
        case .dialysis: "on dialysis days"
        case .nonDialysis: "on days without dialysis"
        }
    }

    func times(_ times: [LocalTime]) -> String { "at " + list(times.sorted().map(\.description)) }

    func event(_ event: EventTiming, offset: Int) -> String {
        guard offset > 0 else { return eventWords(event) }
        return "\(offsetText(offset)) \(event.offsetIsBefore ? "before" : "after") \(anchor(event))"
    }

    func dialysisEvent(_ event: DialysisEvent, offset: Int) -> String {
        let direction = event == .beforeDialysis ? "before" : "after"
        return offset > 0 ? "\(offsetText(offset)) \(direction) dialysis" : "\(direction) dialysis"
    }

    private func offsetText(_ minutes: Int) -> String {
        let (value, hours) = offsetParts(minutes)
        return "\(value) \(hours ? (value == 1 ? "hour" : "hours") : (value == 1 ? "minute" : "minutes"))"
    }

    private func eventWords(_ event: EventTiming) -> String {
        switch event {
        case .morning: "in the morning"
        case .earlyMorning: "early in the morning"
        case .lateMorning: "late in the morning"
        case .noon: "at noon"
        case .afternoon: "in the afternoon"
        case .earlyAfternoon: "early in the afternoon"
        case .lateAfternoon: "late in the afternoon"
        case .evening: "in the evening"
        case .earlyEvening: "early in the evening"
        case .lateEvening: "late in the evening"
        case .night: "at night"
        case .afterSleep: "after sleep"
        case .bedtime: "at bedtime"
        case .wake: "on waking"
        case .meal: "with meals"
        case .breakfast: "with breakfast"
        case .lunch: "with lunch"
        case .dinner: "with dinner"
        case .beforeMeal: "before meals"
        case .beforeBreakfast: "before breakfast"
        case .beforeLunch: "before lunch"
        case .beforeDinner: "before dinner"
        case .afterMeal: "after meals"
        case .afterBreakfast: "after breakfast"
        case .afterLunch: "after lunch"
        case .afterDinner: "after dinner"
        }
    }

    /// The thing an offset counts from ("breakfast" in "30 minutes before breakfast").
    private func anchor(_ event: EventTiming) -> String {
        switch event.meal {
        case .anyMeal: return "meals"
        case .breakfast: return "breakfast"
        case .lunch: return "lunch"
        case .dinner: return "dinner"
        case nil: break
        }
        switch event {
        case .bedtime: return "bedtime"
        case .wake: return "waking"
        case .afterSleep: return "sleep"
        case .noon: return "noon"
        default: return eventWords(event)
        }
    }

    func duration(_ duration: Double?, _ durationMax: Double?, _ unit: TimingUnit) -> String {
        guard let duration else {
            let most = durationMax ?? 1
            return "for up to \(number(most)) \(unitName(unit, one: most == 1))"
        }
        return "for \(range(duration, durationMax)) \(unitName(unit, one: isOne(duration, durationMax)))"
    }

    func count(_ count: Int?, _ countMax: Int?) -> String {
        guard let count else {
            let most = countMax ?? 1
            return "up to \(most) \(most == 1 ? "dose" : "doses") in total"
        }
        let high = countMax.map(Double.init)
        return "\(range(Double(count), high)) \(isOne(Double(count), high) ? "dose" : "doses") in total"
    }

    func bounds(_ bounds: TimingBounds) -> String {
        switch bounds {
        case .duration(let value, let unit): "over a course of \(number(value)) \(unitName(unit, one: value == 1))"
        case .period(let start?, let end?): "from \(start) to \(end)"
        case .period(let start?, nil): "from \(start)"
        case .period(nil, let end?): "until \(end)"
        case .period(nil, nil): ""
        }
    }

    func asNeeded(reason: String?) -> String { reason.map { "as needed for \($0)" } ?? "as needed" }

    var noInstructions: String { "no instructions yet" }
    var dosageSeparator: String { "; then " }
}
