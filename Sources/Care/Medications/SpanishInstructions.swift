import Clinical

/// Spanish words for dosage instructions.
struct SpanishInstructions: InstructionPhrasebook {
    func number(_ value: Double) -> String { number(value, decimalSeparator: ",") }
    func range(_ low: String, _ high: String) -> String { "\(low) a \(high)" }
    func list(_ items: [String]) -> String { list(items, conjunction: "y") }

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
        case .internationalUnit: one ? "unidad" : "unidades"
        case .drop: one ? "gota" : "gotas"
        case .tablet: one ? "comprimido" : "comprimidos"
        case .capsule: one ? "cápsula" : "cápsulas"
        case .puff: one ? "inhalación" : "inhalaciones"
        case .sachet: one ? "sobre" : "sobres"
        case .patch: one ? "parche" : "parches"
        }
    }

    func route(_ route: DoseRoute) -> String {
        switch route {
        case .oral: "por vía oral"
        case .sublingual: "por vía sublingual"
        case .inhaled: "por vía inhalatoria"
        case .subcutaneous: "por vía subcutánea"
        case .intravenous: "por vía intravenosa"
        case .intramuscular: "por vía intramuscular"
        case .topical: "por vía tópica"
        case .transdermal: "por vía transdérmica"
        case .nasal: "por vía nasal"
        case .ophthalmic: "por vía oftálmica"
        case .rectal: "por vía rectal"
        }
    }

    func unitName(_ unit: TimingUnit, one: Bool) -> String {
        switch unit {
        case .second: one ? "segundo" : "segundos"
        case .minute: one ? "minuto" : "minutos"
        case .hour: one ? "hora" : "horas"
        case .day: one ? "día" : "días"
        case .week: one ? "semana" : "semanas"
        case .month: one ? "mes" : "meses"
        case .year: one ? "año" : "años"
        }
    }

    func frequency(_ frequency: Int?, _ frequencyMax: Int?, period: Double?, _ periodMax: Double?, _ unit: TimingUnit?)
        -> String?
    {
        let times = Double(frequency ?? 1)
        let timesMax = frequencyMax.map(Double.init)
        let once = isOne(times, timesMax)
        let howOften = once ? "una vez" : "\(range(times, timesMax)) veces"
        guard let period, let unit else { return frequency == nil ? nil : howOften }
        let perOne = period == 1 && (periodMax == nil || periodMax == 1)
        if perOne {
            if once, [.second, .minute, .hour].contains(unit) { return "cada \(unitName(unit, one: true))" }
            let per =
                switch unit {
                case .second: "por segundo"
                case .minute: "por minuto"
                case .hour: "por hora"
                case .day: "al día"
                case .week: "a la semana"
                case .month: "al mes"
                case .year: "al año"
                }
            return "\(howOften) \(per)"
        }
        let every = "cada \(range(period, periodMax)) \(unitName(unit, one: false))"
        return once ? every : "\(howOften) \(every)"
    }

    func weekdays(_ days: [Weekday]) -> String {
        "los " + list(days.sorted().map(dayName))
    }

    /// Plural day names ("los lunes y sábados"); Monday to Friday do not change.
    private func dayName(_ day: Weekday) -> String {
        switch day {
        case .monday: "lunes"
        case .tuesday: "martes"
        case .wednesday: "miércoles"
        case .thursday: "jueves"
        case .friday: "viernes"
        case .saturday: "sábados"
        case .sunday: "domingos"
        }
    }

    func dialysisDays(_ days: DialysisDays) -> String {
        switch days {
        case .dialysis: "los días de diálisis"
        case .nonDialysis: "los días sin diálisis"
        }
    }

    /// `a las 08:00 y a las 20:00`; `a la 01:30` for the one o'clock hour.
    func times(_ times: [LocalTime]) -> String {
        list(times.sorted().map { "\($0.hour == 1 ? "a la" : "a las") \($0)" })
    }

    func event(_ event: EventTiming, offset: Int) -> String {
        guard offset > 0 else { return eventWords(event) }
        return "\(offsetText(offset)) \(event.offsetIsBefore ? "antes" : "después") \(anchor(event))"
    }

    func dialysisEvent(_ event: DialysisEvent, offset: Int) -> String {
        let direction = event == .beforeDialysis ? "antes" : "después"
        return offset > 0 ? "\(offsetText(offset)) \(direction) de la diálisis" : "\(direction) de la diálisis"
    }

    private func offsetText(_ minutes: Int) -> String {
        let (value, hours) = offsetParts(minutes)
        return "\(value) \(hours ? (value == 1 ? "hora" : "horas") : (value == 1 ? "minuto" : "minutos"))"
    }

    private func eventWords(_ event: EventTiming) -> String {
        switch event {
        case .morning: "por la mañana"
        case .earlyMorning: "a primera hora de la mañana"
        case .lateMorning: "a última hora de la mañana"
        case .noon: "al mediodía"
        case .afternoon: "por la tarde"
        case .earlyAfternoon: "a primera hora de la tarde"
        case .lateAfternoon: "a última hora de la tarde"
        case .evening: "al anochecer"
        case .earlyEvening: "a primera hora de la noche"
        case .lateEvening: "a última hora de la noche"
        case .night: "durante la noche"
        case .afterSleep: "después de dormir"
        case .bedtime: "al acostarse"
        case .wake: "al despertar"
        case .meal: "con las comidas"
        case .breakfast: "con el desayuno"
        case .lunch: "con el almuerzo"
        case .dinner: "con la cena"
        case .beforeMeal: "antes de las comidas"
        case .beforeBreakfast: "antes del desayuno"
        case .beforeLunch: "antes del almuerzo"
        case .beforeDinner: "antes de la cena"
        case .afterMeal: "después de las comidas"
        case .afterBreakfast: "después del desayuno"
        case .afterLunch: "después del almuerzo"
        case .afterDinner: "después de la cena"
        }
    }

    /// What an offset counts from, with its preposition ("del desayuno" in "30 minutos antes del desayuno").
    private func anchor(_ event: EventTiming) -> String {
        switch event.meal {
        case .anyMeal: return "de las comidas"
        case .breakfast: return "del desayuno"
        case .lunch: return "del almuerzo"
        case .dinner: return "de la cena"
        case nil: break
        }
        switch event {
        case .bedtime: return "de acostarse"
        case .wake: return "de despertar"
        case .afterSleep: return "de dormir"
        case .noon: return "del mediodía"
        default: return eventWords(event)
        }
    }

    func duration(_ duration: Double?, _ durationMax: Double?, _ unit: TimingUnit) -> String {
        guard let duration else {
            let most = durationMax ?? 1
            return "durante un máximo de \(number(most)) \(unitName(unit, one: most == 1))"
        }
        return "durante \(range(duration, durationMax)) \(unitName(unit, one: isOne(duration, durationMax)))"
    }

    func count(_ count: Int?, _ countMax: Int?) -> String {
        guard let count else { return "hasta \(countMax ?? 1) dosis en total" }
        return "\(range(Double(count), countMax.map(Double.init))) dosis en total"
    }

    func bounds(_ bounds: TimingBounds) -> String {
        switch bounds {
        case .duration(let value, let unit):
            "en un tratamiento de \(number(value)) \(unitName(unit, one: value == 1))"
        case .period(let start?, let end?): "del \(start) al \(end)"
        case .period(let start?, nil): "desde el \(start)"
        case .period(nil, let end?): "hasta el \(end)"
        case .period(nil, nil): ""
        }
    }

    func asNeeded(reason: String?) -> String { reason.map { "si es necesario para \($0)" } ?? "si es necesario" }

    var noInstructions: String { "sin instrucciones todavía" }
    var dosageSeparator: String { "; después " }
}
