import ArgumentParser
import Care
import Clinical
import Foundation
import HubRecords
import HubServices

/// The structured dosage options of `medications add|edit` (FHIR `Dosage` and `Timing.repeat`).
struct MedicationDosageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Amount per dose, or a range.", valueName: "N|LOW-HIGH")) var dose: String?
    @Option(
        help: ArgumentHelp("Unit of the dose: mg, g, mcg, mL, tablet, capsule, puff, unit, drop …", valueName: "UNIT")
    )
    var unit: String?
    @Option(
        help: ArgumentHelp("Route: \(DoseRoute.allCases.map(\.rawValue).joined(separator: ", ")).", valueName: "ROUTE")
    )
    var route: String?
    @Option(help: ArgumentHelp("Times per period, or a range.", valueName: "N|LOW-HIGH")) var frequency: String?
    @Option(help: ArgumentHelp("The period, or a range.", valueName: "N|LOW-HIGH")) var period: String?
    @Option(help: ArgumentHelp("Unit of the period: \(TimingUnit.codes).", valueName: "UNIT")) var periodUnit: String?
    @Option(help: ArgumentHelp("A weekday (repeatable, or comma-separated): mon … sun.", valueName: "DAY"))
    var day: [String] = []
    @Option(help: ArgumentHelp("A time of day (repeatable).", valueName: "HH:MM")) var time: [String] = []
    @Option(
        help: ArgumentHelp("An event code (repeatable): ACM, C, HS, WAKE … (FHIR event-timing).", valueName: "CODE")
    )
    var when: [String] = []
    @Option(help: ArgumentHelp("Minutes from the events (before for AC*, after for the others).", valueName: "MIN"))
    var offset: Int?
    @Option(help: ArgumentHelp("Doses in total, or a range.", valueName: "N|LOW-HIGH")) var count: String?
    @Option(help: ArgumentHelp("How long each dose lasts, or a range.", valueName: "N|LOW-HIGH")) var duration: String?
    @Option(help: ArgumentHelp("Unit of the duration: \(TimingUnit.codes).", valueName: "UNIT")) var durationUnit:
        String?
    @Option(help: ArgumentHelp("First day of the course.", valueName: "YYYY-MM-DD")) var from: String?
    @Option(help: ArgumentHelp("Last day of the course.", valueName: "YYYY-MM-DD")) var until: String?
    @Option(help: ArgumentHelp("Length of the course, e.g. '10 d'.", valueName: "'N UNIT'")) var course: String?
    @Flag(help: "Taken only when needed.") var asNeeded = false
    @Option(help: ArgumentHelp("Taken when needed for this reason.", valueName: "TEXT")) var asNeededFor: String?
    @Option(help: ArgumentHelp("Only on dialysis days or days without.", valueName: "dialysis|non-dialysis"))
    var dialysisDays: String?
    @Option(help: ArgumentHelp("Timed against dialysis.", valueName: "before-dialysis|after-dialysis"))
    var dialysisEvent: String?
    @Option(help: ArgumentHelp("Minutes before the session starts or after it ends.", valueName: "MIN"))
    var dialysisOffset: Int?

    /// True when any dosage option was given.
    var isGiven: Bool {
        dose != nil || unit != nil || route != nil || frequency != nil || period != nil || periodUnit != nil
            || !day.isEmpty || !time.isEmpty || !when.isEmpty || offset != nil || count != nil || duration != nil
            || durationUnit != nil || from != nil || until != nil || course != nil || asNeeded || asNeededFor != nil
            || dialysisDays != nil || dialysisEvent != nil || dialysisOffset != nil
    }

    /// The dosage the options describe; errors name the option.
    func dosage() throws -> DosageInstruction {
        var timing = TimingRepeat()
        if let frequency {
            let (low, high) = try Self.range(frequency, option: "--frequency")
            (timing.frequency, timing.frequencyMax) = (Int(low), high.map { Int($0) })
        }
        if let period { (timing.period, timing.periodMax) = try Self.range(period, option: "--period") }
        timing.periodUnit = try periodUnit.map { try Self.unitOfTime($0, option: "--period-unit") }
        timing.dayOfWeek = try day.flatMap { $0.split(separator: ",") }.map { try Self.weekday(String($0)) }
        timing.timeOfDay = try time.map { text in
            do { return try LocalTime(parsing: text) } catch { throw CommandFailure("--time: \(error)") }
        }
        timing.when = try when.flatMap { $0.split(separator: ",") }.map { code in
            do { return try EventTiming.parse(String(code), field: "--when") } catch {
                throw CommandFailure("\(error)")
            }
        }
        timing.offset = offset
        if let count {
            let (low, high) = try Self.range(count, option: "--count")
            (timing.count, timing.countMax) = (Int(low), high.map { Int($0) })
        }
        if let duration { (timing.duration, timing.durationMax) = try Self.range(duration, option: "--duration") }
        timing.durationUnit = try durationUnit.map { try Self.unitOfTime($0, option: "--duration-unit") }
        if let course {
            let parts = course.split(separator: " ")
            guard parts.count == 2, let value = Double(parts[0]) else {
                throw CommandFailure("--course: '\(course)' is not 'N UNIT' (e.g. '10 d')")
            }
            timing.bounds = .duration(value, try Self.unitOfTime(String(parts[1]), option: "--course"))
        } else if from != nil || until != nil {
            timing.bounds = .period(
                start: try from.map { try Self.date($0, "--from") },
                end: try until.map { try Self.date($0, "--until") }
            )
        }
        var amount: DoseAmount?
        if let dose {
            guard let unitText = unit else { throw CommandFailure("--unit: a dose needs its unit (tablet, mg …)") }
            guard let doseUnit = DoseUnit(text: unitText) else {
                throw CommandFailure(
                    "--unit: unknown unit '\(unitText)' (accepted: \(DoseUnit.allCases.map(\.rawValue).joined(separator: ", ")), tablet, capsule, puff, unit, drop, mcg)"
                )
            }
            let (low, high) = try Self.range(dose, option: "--dose")
            amount = high.map { .range(low: low, high: $0, doseUnit) } ?? .quantity(low, doseUnit)
        }
        let doseRoute = try route.map { text in
            guard let found = DoseRoute(rawValue: text.lowercased()) else {
                throw CommandFailure(
                    "--route: unknown route '\(text)' (accepted: \(DoseRoute.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            return found
        }
        var dialysis: DialysisTiming?
        if dialysisDays != nil || dialysisEvent != nil || dialysisOffset != nil {
            dialysis = DialysisTiming(
                days: try dialysisDays.map { text in
                    guard let days = DialysisDays(rawValue: text) else {
                        throw CommandFailure("--dialysis-days: '\(text)' is not dialysis or non-dialysis")
                    }
                    return days
                },
                event: try dialysisEvent.map { text in
                    guard let event = DialysisEvent(rawValue: text) else {
                        throw CommandFailure("--dialysis-event: '\(text)' is not before-dialysis or after-dialysis")
                    }
                    return event
                },
                offsetMinutes: dialysisOffset
            )
        }
        let hasTiming = timing != TimingRepeat()
        return DosageInstruction(
            dose: amount,
            route: doseRoute,
            timing: hasTiming ? timing : nil,
            dialysis: dialysis,
            asNeeded: asNeeded || asNeededFor != nil ? AsNeeded(reason: asNeededFor) : nil
        )
    }

    static func range(_ text: String, option: String) throws -> (Double, Double?) {
        // A negative number is passed on whole, so the order's validation names the field it breaks.
        if text.hasPrefix("-"), let negative = Double(text) { return (negative, nil) }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let low = Double(parts[0]) else {
            throw CommandFailure("\(option): '\(text)' is not a number or a range LOW-HIGH")
        }
        guard parts.count == 2 else { return (low, nil) }
        guard let high = Double(parts[1]) else { throw CommandFailure("\(option): '\(text)' is not a range LOW-HIGH") }
        return (low, high)
    }

    static func unitOfTime(_ text: String, option: String) throws -> TimingUnit {
        do { return try TimingUnit.parse(text, field: option) } catch { throw CommandFailure("\(error)") }
    }

    static func date(_ text: String, _ option: String) throws -> CalendarDate {
        do { return try CalendarDate(parsing: text) } catch { throw CommandFailure("\(option): \(error)") }
    }

    static func weekday(_ text: String) throws -> Weekday {
        let lowered = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard
            let day = Weekday.allCases.first(where: {
                $0.rawValue == lowered || $0.rawValue.hasPrefix(lowered) && lowered.count >= 3
            })
        else {
            throw CommandFailure("--day: unknown weekday '\(text)' (accepted: mon, tue, wed, thu, fri, sat, sun)")
        }
        return day
    }
}
