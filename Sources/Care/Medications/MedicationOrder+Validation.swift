import Clinical
import Foundation

extension MedicationOrder {
    /// The longest medication name, reason or as-needed reason, in characters.
    public static let shortTextLimit = 200
    /// The longest note, in characters.
    public static let noteLimit = 4000
    /// The largest offset or dialysis offset: a day, in minutes.
    public static let offsetLimitMinutes = 1440

    /// Checks every field; the first problem is thrown, naming its path (`dosage[0].timing.periodUnit`).
    public func validate() throws(MedicationOrderError) {
        let name = medication.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw MedicationOrderError(field: "medication.name", reason: "a name is needed") }
        try Self.checkLength(name, field: "medication.name", limit: Self.shortTextLimit)
        if let code = medication.rxNorm, code.isEmpty || !code.allSatisfy(\.isASCII) || !code.allSatisfy(\.isNumber) {
            throw MedicationOrderError(field: "medication.rxNorm", reason: "'\(code)' is not an RxNorm id (digits)")
        }
        if case .clinician(let who) = prescriber {
            try Self.checkLength(who, field: "prescriber", limit: Self.shortTextLimit)
        }
        if let reason { try Self.checkLength(reason, field: "reason", limit: Self.shortTextLimit) }
        if let note { try Self.checkLength(note, field: "note", limit: Self.noteLimit) }
        for (index, dosage) in dosages.enumerated() {
            try dosage.validate(field: "dosage[\(index)]")
        }
    }

    static func checkLength(_ text: String, field: String, limit: Int) throws(MedicationOrderError) {
        guard text.count <= limit else {
            throw MedicationOrderError(field: field, reason: "\(text.count) characters; at most \(limit)")
        }
    }
}

extension DosageInstruction {
    /// Checks the dose, timing, dialysis timing and as-needed reason; `field` is this dosage's path.
    public func validate(field: String) throws(MedicationOrderError) {
        if let dose { try dose.validate(field: "\(field).dose") }
        if let timing { try timing.validate(field: "\(field).timing") }
        if let dialysis { try dialysis.validate(field: "\(field).dialysis") }
        if let reason = asNeeded?.reason {
            guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw MedicationOrderError(field: "\(field).asNeeded.reason", reason: "empty; leave it out instead")
            }
            try MedicationOrder.checkLength(reason, field: "\(field).asNeeded.reason", limit: 200)
        }
    }
}

extension DoseAmount {
    /// Checks that amounts are finite and above zero and that a range's low end is not above its high end.
    public func validate(field: String) throws(MedicationOrderError) {
        switch self {
        case .quantity(let value, _):
            try Self.checkPositive(value, field: field)
        case .range(let low, let high, _):
            try Self.checkPositive(low, field: "\(field).low")
            try Self.checkPositive(high, field: "\(field).high")
            guard low <= high else {
                throw MedicationOrderError(
                    field: "\(field).high",
                    reason: "\(shown(high)) is below the low end \(shown(low))"
                )
            }
        }
    }

    private static func checkPositive(_ value: Double, field: String) throws(MedicationOrderError) {
        guard value.isFinite, value > 0 else {
            throw MedicationOrderError(field: field, reason: "\(shown(value)) is not a dose: it must be above 0")
        }
    }
}

extension TimingRepeat {
    /// Checks FHIR's Timing invariants (tim-1 duration needs its unit, tim-2 period needs its unit, tim-4/5/6/7/8
    /// non-negative values and ordered maxima, tim-9 offset needs a `when` and not C/CM/CD/CV, tim-10 times of day
    /// or events, not both) and KidneyHub's own: a frequency needs a period, an offset only from an event that
    /// has an instant.
    public func validate(field: String) throws(MedicationOrderError) {
        func fail(_ name: String, _ reason: String) -> MedicationOrderError {
            MedicationOrderError(field: "\(field).\(name)", reason: reason)
        }
        if let frequency, frequency < 1 { throw fail("frequency", "\(frequency); at least 1") }
        if let frequencyMax {
            guard let frequency else { throw fail("frequency", "frequencyMax needs a frequency") }
            guard frequencyMax >= frequency else { throw fail("frequencyMax", "\(frequencyMax) is below \(frequency)") }
        }
        if let period {
            guard period.isFinite, period > 0 else { throw fail("period", "\(shown(period)); it must be above 0") }
            guard periodUnit != nil else {
                throw fail("periodUnit", "a period needs its unit (one of \(TimingUnit.codes))")
            }
        } else if periodUnit != nil {
            throw fail("period", "a period unit needs a period")
        }
        if let periodMax {
            guard let period else { throw fail("period", "periodMax needs a period") }
            guard periodMax.isFinite, periodMax >= period else {
                throw fail("periodMax", "\(shown(periodMax)) is below \(shown(period))")
            }
        }
        if frequency != nil, period == nil {
            throw fail("period", "a frequency needs a period and periodUnit (2 times per 1 d)")
        }
        if !timeOfDay.isEmpty, !when.isEmpty {
            throw fail("when", "times of day and events cannot both be given (FHIR tim-10)")
        }
        if Set(timeOfDay).count != timeOfDay.count { throw fail("timeOfDay", "a time is repeated") }
        if Set(when).count != when.count { throw fail("when", "an event is repeated") }
        if Set(dayOfWeek).count != dayOfWeek.count { throw fail("dayOfWeek", "a day is repeated") }
        if let offset {
            guard !when.isEmpty else { throw fail("offset", "an offset needs an event in when (FHIR tim-9)") }
            guard (0...MedicationOrder.offsetLimitMinutes).contains(offset) else {
                throw fail("offset", "\(offset) minutes; 0 to \(MedicationOrder.offsetLimitMinutes)")
            }
            if let event = when.first(where: { !$0.acceptsOffset }) {
                throw fail("offset", "no offset from \(event.rawValue): only from AC*, PC*, HS, WAKE, PHS and NOON")
            }
        }
        if let count, count < 1 { throw fail("count", "\(count); at least 1") }
        if let countMax {
            guard let count else { throw fail("count", "countMax needs a count") }
            guard countMax >= count else { throw fail("countMax", "\(countMax) is below \(count)") }
        }
        if let duration {
            guard duration.isFinite, duration > 0 else {
                throw fail("duration", "\(shown(duration)); it must be above 0")
            }
            guard durationUnit != nil else {
                throw fail("durationUnit", "a duration needs its unit (one of \(TimingUnit.codes))")
            }
        } else if durationUnit != nil {
            throw fail("duration", "a duration unit needs a duration")
        }
        if let durationMax {
            guard let duration else { throw fail("duration", "durationMax needs a duration") }
            guard durationMax.isFinite, durationMax >= duration else {
                throw fail("durationMax", "\(shown(durationMax)) is below \(shown(duration))")
            }
        }
        switch bounds {
        case .period(let start, let end):
            guard start != nil || end != nil else { throw fail("boundsPeriod", "needs a start or an end") }
            if let start, let end, end < start { throw fail("boundsPeriod.end", "\(end) is before \(start)") }
        case .duration(let value, _):
            guard value.isFinite, value > 0 else { throw fail("boundsDuration", "\(shown(value)); it must be above 0") }
        case nil: break
        }
    }
}

extension DialysisTiming {
    /// Checks that an offset comes with an event and stays within a day, and that something is said.
    public func validate(field: String) throws(MedicationOrderError) {
        guard days != nil || event != nil else {
            throw MedicationOrderError(field: "\(field)", reason: "give the days, the event, or both")
        }
        if let offsetMinutes {
            guard event != nil else {
                throw MedicationOrderError(
                    field: "\(field).offset",
                    reason: "an offset needs before- or after-dialysis"
                )
            }
            guard (0...MedicationOrder.offsetLimitMinutes).contains(offsetMinutes) else {
                throw MedicationOrderError(
                    field: "\(field).offset",
                    reason: "\(offsetMinutes) minutes; 0 to \(MedicationOrder.offsetLimitMinutes)"
                )
            }
        }
        if event != nil, days == .nonDialysis {
            throw MedicationOrderError(field: "\(field).event", reason: "a dialysis event needs a dialysis day")
        }
    }
}

extension EventTiming {
    /// The event for a FHIR code, or an error naming `field` and listing the codes.
    public static func parse(_ code: String, field: String) throws(MedicationOrderError) -> EventTiming {
        guard let event = EventTiming(rawValue: code) else {
            throw MedicationOrderError(field: field, reason: "unknown event code '\(code)' (one of \(codes))")
        }
        return event
    }
}

extension TimingUnit {
    /// The unit for a code, or an error naming `field` and listing the codes.
    public static func parse(_ code: String, field: String) throws(MedicationOrderError) -> TimingUnit {
        guard let unit = TimingUnit(rawValue: code) else {
            throw MedicationOrderError(field: field, reason: "unknown unit of time '\(code)' (one of \(codes))")
        }
        return unit
    }
}

/// A number in a refusal as a person typed it: `-1`, not Swift's `-1.0`.
private func shown(_ value: Double) -> String {
    value.isFinite ? FixedDecimal.format(value, maximumDigits: 6) : "\(value)"
}
