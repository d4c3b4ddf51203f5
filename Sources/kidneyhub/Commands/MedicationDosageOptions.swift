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
    var isGiven: Bool { !draft.isEmpty }

    /// The options as the draft the medications service reads.
    var draft: DosageDraft {
        var draft = DosageDraft()
        (draft.dose, draft.unit, draft.route) = (dose, unit, route)
        (draft.frequency, draft.period, draft.periodUnit) = (frequency, period, periodUnit)
        (draft.days, draft.times, draft.events, draft.offset) = (day, time, when, offset.map(String.init))
        (draft.count, draft.duration, draft.durationUnit) = (count, duration, durationUnit)
        (draft.from, draft.until, draft.course) = (from, until, course)
        (draft.asNeeded, draft.asNeededFor) = (asNeeded, asNeededFor)
        (draft.dialysisDays, draft.dialysisEvent) = (dialysisDays, dialysisEvent)
        draft.dialysisOffset = dialysisOffset.map(String.init)
        return draft
    }

    /// The dosage the options describe; an error names the option (`--period-unit`), not the draft's field.
    func dosage() throws -> DosageInstruction {
        do { return try draft.dosage() } catch {
            throw CommandFailure("\(Self.option(error.field)): \(error.reason)")
        }
    }

    /// The option of a draft field: `periodUnit` is `--period-unit`.
    static func option(_ field: String) -> String {
        "--" + field.replacing(/[A-Z]/) { "-" + $0.output.lowercased() }
    }
}
