import Clinical
import Foundation
import HubCore

/// Computes a goal's progress in a window from the data: the one place progress comes from.
public enum GoalAssessor {
    /// The progress of `kind` over the local dates of `window`, using data up to `untilMs` (exclusive; the window's
    /// end for a closed period, now for the open one).
    public static func progress(
        of kind: GoalKind,
        in window: PeriodWindow,
        data: GoalData,
        context: GoalContext,
        untilMs: Int64? = nil
    ) -> GoalProgress {
        let (windowStart, windowEnd) = window.instants(in: context.timeZone)
        let start = windowStart
        let end = min(windowEnd, untilMs ?? windowEnd)
        func inWindow(_ atMs: Int64) -> Bool { atMs >= start && atMs < end }

        switch kind {
        case .weightRange(let low, let high):
            let weights = data.taggedWeights.filter { inWindow($0.epochMilliseconds) }
            // After dialysis, the weight is compared with the dry weight (nutrition.md §2.7, [R24]); without
            // phases, the latest weight counts.
            let relevant = weights.filter { $0.phase == .post }.last ?? weights.last
            let latest =
                relevant.map { GoalData.Reading(atMs: $0.epochMilliseconds, value: $0.kilograms) }
                ?? data.readings[.bodyWeight, default: []].last { inWindow($0.atMs) }
            guard let latest else { return .noData }
            let distance = latest.value < low ? low - latest.value : (latest.value > high ? latest.value - high : 0)
            let met = distance == 0
            return GoalProgress(
                met: met,
                // 0 at 10 kg or more away: a scale for the progress bar, not a clinical figure.
                fraction: met ? 1 : max(0, 1 - distance / 10),
                detail: "latest \(GoalKind.number(latest.value)) kg"
                    + (met ? "" : ", \(String(format: "%.1f", distance)) kg from the target"),
                measure: latest.value
            )

        case .bloodPressureBelow(let systolicTarget, let diastolicTarget):
            // On hemodialysis the target is a pre-dialysis one (KDOQI 2005 CVD in dialysis patients, guideline 12):
            // readings after or during a session, between sessions or of an unknown phase do not count.
            let preDialysisOnly = context.diseaseCategory == .hemodialysis
            let readings = data.pressures.filter { inWindow($0.atMs) && (!preDialysisOnly || $0.phase == .pre) }
            guard !readings.isEmpty else { return .noData }
            let systolic = readings.map(\.systolic).reduce(0, +) / Double(readings.count)
            let diastolic = readings.map(\.diastolic).reduce(0, +) / Double(readings.count)
            let below = readings.filter { $0.systolic < systolicTarget && $0.diastolic < diastolicTarget }.count
            let met = systolic < systolicTarget && diastolic < diastolicTarget
            return GoalProgress(
                met: met,
                fraction: met ? 1 : Double(below) / Double(readings.count),
                detail: "\(preDialysisOnly ? "pre-dialysis " : "")mean \(AdviceNumber.whole(systolic))/"
                    + "\(AdviceNumber.whole(diastolic)) mmHg over \(readings.count) reading\(readings.count == 1 ? "" : "s")",
                measure: systolic
            )

        case .labInRange(let analyte, let low, let high):
            guard let latest = data.labs[analyte, default: []].last(where: { inWindow($0.atMs) }) else {
                return .noData
            }
            let met = (low.map { latest.value >= $0 } ?? true) && (high.map { latest.value <= $0 } ?? true)
            return GoalProgress(
                met: met,
                fraction: met ? 1 : 0,
                detail: "latest \(analyte) \(GoalKind.number(latest.value))",
                measure: latest.value
            )

        case .egfrStable(let maximumDecline):
            let results = data.labs["egfr", default: []]
            // A period is judged only when it brought a new eGFR; the slope uses the year before its end.
            guard results.contains(where: { inWindow($0.atMs) }) else { return .noData }
            let yearBefore = end - 365 * LocalClock.millisecondsPerDay
            let readings = results.filter { $0.atMs >= yearBefore && $0.atMs < end }
                .map { EGFRReading(epochMilliseconds: $0.atMs, egfr: $0.value) }
            guard let slope = try? EGFRSlope.fit(readings) else {
                return GoalProgress(met: nil, fraction: nil, detail: EGFRSlopeAssessment.notEnoughDataMessage)
            }
            let met = slope.perYear >= -maximumDecline
            return GoalProgress(
                met: met,
                fraction: met ? 1 : 0,
                detail: "slope \(String(format: "%+.1f", slope.perYear)) mL/min/1.73 m² a year",
                measure: slope.perYear
            )

        case .interdialyticGainBelow(let percent):
            let results = InterdialyticGainCalculator.perSession(
                data.taggedWeights.filter { $0.epochMilliseconds < end },
                schedule: context.dialysisSchedule,
                timeZone: context.timeZone,
                dryWeightKilograms: context.dryWeightKilograms
            )
            let gains: [InterdialyticGain] = results.compactMap { result in
                guard let gain = result.gain, gain.session.date >= window.first, gain.session.date <= window.last
                else { return nil }
                return gain
            }
            let percents: [Double] = gains.compactMap { $0.percentOfDryWeight }
            guard !percents.isEmpty else {
                return gains.isEmpty
                    ? .noData : GoalProgress(met: nil, fraction: nil, detail: "no dry weight set in the profile")
            }
            let below = percents.filter { $0 < percent }.count
            return GoalProgress(
                met: below == percents.count,
                fraction: Double(below) / Double(percents.count),
                detail: "\(below) of \(percents.count) gains below \(GoalKind.number(percent)) %, largest "
                    + String(format: "%.1f", percents.max() ?? 0) + " %",
                measure: percents.max()
            )

        case .intakeWithin(let subject, let minimum, let maximum):
            let limit = DailyLimit(subject: subject, minimum: minimum, maximum: maximum, basis: "", source: "")
            // Only days that have ended (or today, for the open window) are judged; a day with no entries is unlogged.
            let lastDay = min(window.last, GoalCalendar.date(at: end - 1, in: context.timeZone))
            // An until-window has no first day to count from (`GoalKind.acceptsUntilPeriod`): the data's first day.
            let firstDay = max(window.first, data.intake.keys.min() ?? lastDay)
            guard lastDay >= firstDay else { return .noData }
            var within = 0
            var logged = 0
            var total = 0.0
            for day in firstDay.daysSinceEpoch...lastDay.daysSinceEpoch {
                guard let intake = data.intake[CalendarDate(daysSinceEpoch: day)], intake.entries > 0 else { continue }
                logged += 1
                total += intake.total(of: subject).value
                if limit.status(of: intake.total(of: subject)) == .within { within += 1 }
            }
            guard logged > 0 else { return .noData }
            let met = within == window.dayCount
            return GoalProgress(
                met: met,
                fraction: Double(within) / Double(window.dayCount),
                detail: "\(within) of \(window.dayCount) day\(window.dayCount == 1 ? "" : "s") within, "
                    + "\(logged) logged, \(AdviceNumber.whole(total)) \(subject.unit) in all",
                measure: total / Double(logged)
            )

        case .drinkWater(let target):
            var total = 0.0
            for (day, intake) in data.intake where day >= window.first && day <= window.last {
                total += intake.fluidMilliliters
            }
            let perDay = total / Double(window.dayCount)
            guard total > 0 || end >= windowEnd else { return .noData }
            return GoalProgress(
                met: perDay >= target,
                fraction: min(1, perDay / target),
                detail: window.dayCount == 1
                    ? "\(AdviceNumber.whole(total)) mL" : "\(AdviceNumber.whole(perDay)) mL a day on average",
                measure: perDay
            )

        case .fruitVegetableCups(let target):
            // Not judged (so not rewarded) while the latest potassium is high (PotassiumGate).
            if let potassium = data.latestPotassium, potassium.atMs < end, PotassiumGate.isHigh(potassium.value) {
                let date = GoalCalendar.date(at: potassium.atMs, in: context.timeZone)
                return GoalProgress(
                    met: nil,
                    fraction: nil,
                    detail:
                        "paused: your last potassium was \(PotassiumGate.format(potassium.value)) mmol/L on \(date); "
                        + "ask your care team first"
                )
            }
            var total = 0.0
            for (day, cups) in data.fruitVegetableCups where day >= window.first && day <= window.last { total += cups }
            let perDay = total / Double(window.dayCount)
            guard total > 0 || end >= windowEnd else { return .noData }
            return GoalProgress(
                met: perDay >= target,
                fraction: min(1, perDay / target),
                detail: window.dayCount == 1
                    ? "\(String(format: "%.1f", total)) cups"
                    : "\(String(format: "%.1f", perDay)) cups a day on average",
                measure: perDay
            )

        case .medicationsTaken:
            // Judged on the days of the window that have doses and have ended (today's doses may still come).
            let days = data.medicationDays.filter { day, _ in
                day >= window.first && day <= window.last
                    && GoalCalendar.startOfDay(day.adding(days: 1), in: context.timeZone) <= end
            }
            guard !days.isEmpty else { return .noData }
            let full = days.values.filter { $0 }.count
            return GoalProgress(
                met: full == days.count,
                fraction: Double(full) / Double(days.count),
                detail: days.count == 1
                    ? (full == 1 ? "every dose taken" : "a dose not taken")
                    : "every dose taken on \(full) of \(days.count) days",
                measure: Double(full) / Double(days.count)
            )

        case .stepsPerDay(let target):
            let total = data.readings[.steps, default: []].filter { inWindow($0.atMs) }.map(\.value).reduce(0, +)
            let perDay = total / Double(window.dayCount)
            let met = perDay >= Double(target)
            guard total > 0 || end >= windowEnd else { return .noData }
            return GoalProgress(
                met: met,
                fraction: min(1, perDay / Double(target)),
                detail: window.dayCount == 1
                    ? "\(AdviceNumber.whole(total)) steps" : "\(AdviceNumber.whole(perDay)) steps a day on average",
                measure: perDay
            )
        }
    }
}
