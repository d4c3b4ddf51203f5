import Clinical
import Foundation

/// A dosage as a person types it (command-line options, a web form): text turned into a `DosageInstruction`, each
/// error naming its field (`dose`, `periodUnit`, `when` …). Both front ends fill one and call `dosage()`, so neither
/// parses timing on its own; the order's own validation then checks the values (a negative dose, a frequency
/// without its period).
public struct DosageDraft: Sendable, Equatable {
    /// Amount per dose, or a range `LOW-HIGH`.
    public var dose: String?
    /// The dose's unit: a `DoseUnit` code or a product word (tablet, capsule …).
    public var unit: String?
    public var route: String?
    /// Times per period, or a range.
    public var frequency: String?
    /// The period, or a range.
    public var period: String?
    public var periodUnit: String?
    /// Weekdays: `mon` … `sun` or full names, each possibly comma-separated.
    public var days: [String] = []
    /// Times of day, `HH:MM`.
    public var times: [String] = []
    /// FHIR event-timing codes (`ACM`, `C`, `HS` …), each possibly comma-separated.
    public var events: [String] = []
    /// Minutes from the events, a whole number.
    public var offset: String?
    public var count: String?
    public var duration: String?
    public var durationUnit: String?
    /// First and last day of the course, `YYYY-MM-DD`.
    public var from: String?
    public var until: String?
    /// The course's length, `N UNIT` (`10 d`).
    public var course: String?
    public var asNeeded = false
    public var asNeededFor: String?
    /// `dialysis` or `non-dialysis`.
    public var dialysisDays: String?
    /// `before-dialysis` or `after-dialysis`.
    public var dialysisEvent: String?
    /// Minutes before the session starts or after it ends, a whole number.
    public var dialysisOffset: String?

    /// An empty draft.
    public init() {}

    /// True when nothing was given.
    public var isEmpty: Bool { self == DosageDraft() }

    /// The dosage the draft describes; an error names the draft's field.
    public func dosage() throws(MedicationOrderError) -> DosageInstruction {
        var timing = TimingRepeat()
        if let frequency {
            let (low, high) = try Self.range(frequency, field: "frequency")
            (timing.frequency, timing.frequencyMax) = (Int(low), high.map { Int($0) })
        }
        if let period { (timing.period, timing.periodMax) = try Self.range(period, field: "period") }
        if let periodUnit { timing.periodUnit = try TimingUnit.parse(periodUnit, field: "periodUnit") }
        timing.dayOfWeek = try Self.split(days).map(Self.weekday)
        timing.timeOfDay = try times.map { text throws(MedicationOrderError) in
            do { return try LocalTime(parsing: text) } catch {
                throw MedicationOrderError(field: "time", reason: "\(error)")
            }
        }
        timing.when = try Self.split(events).map { code throws(MedicationOrderError) in
            try EventTiming.parse(code, field: "when")
        }
        timing.offset = try offset.map { text throws(MedicationOrderError) in try Self.minutes(text, field: "offset") }
        if let count {
            let (low, high) = try Self.range(count, field: "count")
            (timing.count, timing.countMax) = (Int(low), high.map { Int($0) })
        }
        if let duration { (timing.duration, timing.durationMax) = try Self.range(duration, field: "duration") }
        if let durationUnit { timing.durationUnit = try TimingUnit.parse(durationUnit, field: "durationUnit") }
        if let course {
            let parts = course.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[0]) else {
                throw MedicationOrderError(field: "course", reason: "'\(course)' is not 'N UNIT' (e.g. '10 d')")
            }
            timing.bounds = .duration(value, try TimingUnit.parse(String(parts[1]), field: "course"))
        } else if from != nil || until != nil {
            timing.bounds = .period(
                start: try from.map { text throws(MedicationOrderError) in try Self.date(text, field: "from") },
                end: try until.map { text throws(MedicationOrderError) in try Self.date(text, field: "until") }
            )
        }
        return DosageInstruction(
            dose: try amount(),
            route: try doseRoute(),
            timing: timing == TimingRepeat() ? nil : timing,
            dialysis: try dialysis(),
            asNeeded: asNeeded || asNeededFor != nil ? AsNeeded(reason: asNeededFor) : nil
        )
    }

    private func amount() throws(MedicationOrderError) -> DoseAmount? {
        guard let dose else { return nil }
        guard let unitText = unit else {
            throw MedicationOrderError(field: "unit", reason: "a dose needs its unit (tablet, mg …)")
        }
        guard let doseUnit = DoseUnit(text: unitText) else {
            let accepted = DoseUnit.allCases.map(\.rawValue).joined(separator: ", ")
            throw MedicationOrderError(
                field: "unit",
                reason: "unknown unit '\(unitText)' (accepted: \(accepted), tablet, capsule, puff, unit, drop, mcg)"
            )
        }
        let (low, high) = try Self.range(dose, field: "dose")
        return high.map { .range(low: low, high: $0, doseUnit) } ?? .quantity(low, doseUnit)
    }

    private func doseRoute() throws(MedicationOrderError) -> DoseRoute? {
        guard let route else { return nil }
        guard let found = DoseRoute(rawValue: route.lowercased()) else {
            let accepted = DoseRoute.allCases.map(\.rawValue).joined(separator: ", ")
            throw MedicationOrderError(field: "route", reason: "unknown route '\(route)' (accepted: \(accepted))")
        }
        return found
    }

    private func dialysis() throws(MedicationOrderError) -> DialysisTiming? {
        guard dialysisDays != nil || dialysisEvent != nil || dialysisOffset != nil else { return nil }
        return DialysisTiming(
            days: try dialysisDays.map { text throws(MedicationOrderError) in
                guard let days = DialysisDays(rawValue: text) else {
                    throw MedicationOrderError(
                        field: "dialysisDays",
                        reason: "'\(text)' is not dialysis or non-dialysis"
                    )
                }
                return days
            },
            event: try dialysisEvent.map { text throws(MedicationOrderError) in
                guard let event = DialysisEvent(rawValue: text) else {
                    throw MedicationOrderError(
                        field: "dialysisEvent",
                        reason: "'\(text)' is not before-dialysis or after-dialysis"
                    )
                }
                return event
            },
            offsetMinutes: try dialysisOffset.map { text throws(MedicationOrderError) in
                try Self.minutes(text, field: "dialysisOffset")
            }
        )
    }

    /// `N` or `LOW-HIGH`. A negative number is passed on whole, so the order's validation names the field it breaks.
    static func range(_ text: String, field: String) throws(MedicationOrderError) -> (Double, Double?) {
        if text.hasPrefix("-"), let negative = Double(text) { return (negative, nil) }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Double(parts[0]) else {
            throw MedicationOrderError(field: field, reason: "'\(text)' is not a number or a range LOW-HIGH")
        }
        guard parts.count == 2 else { return (low, nil) }
        guard let high = Double(parts[1]) else {
            throw MedicationOrderError(field: field, reason: "'\(text)' is not a range LOW-HIGH")
        }
        return (low, high)
    }

    /// A whole number of minutes; its range is the order's validation's to check.
    static func minutes(_ text: String, field: String) throws(MedicationOrderError) -> Int {
        guard let minutes = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw MedicationOrderError(field: field, reason: "'\(text)' is not a whole number of minutes")
        }
        return minutes
    }

    /// Values given one by one or comma-separated, trimmed, blanks dropped.
    static func split(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }

    static func date(_ text: String, field: String) throws(MedicationOrderError) -> CalendarDate {
        do { return try CalendarDate(parsing: text) } catch {
            throw MedicationOrderError(field: field, reason: "\(error)")
        }
    }

    static func weekday(_ text: String) throws(MedicationOrderError) -> Weekday {
        let lowered = text.lowercased()
        guard
            let day = Weekday.allCases.first(where: {
                $0.rawValue == lowered || $0.rawValue.hasPrefix(lowered) && lowered.count >= 3
            })
        else {
            throw MedicationOrderError(
                field: "day",
                reason: "unknown weekday '\(text)' (accepted: mon, tue, wed, thu, fri, sat, sun)"
            )
        }
        return day
    }
}
