import CareServerStore
import Clinical
import Foundation

/// The patient list's flags: one pure function of what the store read for a patient (`PatientOverview`), the time
/// and the limits. The pages only show what this returns.
public enum PatientFlags {
    /// The interdialytic weight gain: the newest pre-dialysis weight minus the post-dialysis weight before it, in
    /// kg and in % of the reference weight.
    ///
    /// The hub does not send the prescribed dry weight, so the reference is that last post-dialysis weight (the
    /// weight the session ended at, the closest synced stand-in for dry weight); the flag's text says so.
    public static func gain(_ overview: PatientOverview) -> (kilograms: Double, percent: Double)? {
        guard let pre = overview.preDialysisWeight, let post = overview.previousPostDialysisWeight, post.value > 0
        else { return nil }
        let kilograms = pre.value - post.value
        return (kilograms, kilograms / post.value * 100)
    }

    /// Every flag of `overview` at `now`, in the order of `PatientFlag.Kind`.
    public static func flags(
        _ overview: PatientOverview,
        now: Date,
        rules: FlagRules = .standard
    ) -> [PatientFlag] {
        var flags: [PatientFlag] = []
        if let gain = gain(overview), gain.percent >= rules.gainPercent {
            flags.append(
                PatientFlag(
                    .weightGain,
                    "Weight gain \(fixed(gain.kilograms, 1)) kg, \(fixed(gain.percent, 1)) % of the last "
                        + "post-dialysis weight (no dry weight synced; limit \(fixed(rules.gainPercent, 0)) %)"
                )
            )
        }
        if let potassium = overview.potassium, potassium.value >= rules.potassiumMillimolesPerLitre {
            flags.append(
                PatientFlag(
                    .potassium,
                    "Potassium \(fixed(potassium.value, 1)) mmol/L, at or over "
                        + "\(fixed(rules.potassiumMillimolesPerLitre, 1)) (\(rules.potassiumSource))"
                )
            )
        }
        if let pressure = overview.preDialysisPressure,
            pressure.systolic >= rules.systolic || pressure.diastolic >= rules.diastolic
        {
            flags.append(
                PatientFlag(
                    .bloodPressure,
                    "Pre-dialysis blood pressure \(fixed(pressure.systolic, 0))/\(fixed(pressure.diastolic, 0)) "
                        + "mmHg, over the target (\(rules.pressureSource))"
                )
            )
        }
        if let score = overview.symptomScore, score.value >= rules.symptomScore {
            flags.append(
                PatientFlag(
                    .symptoms,
                    "A symptom scored \(fixed(score.value, 0)) of 10 on the newest list (\(rules.symptomSource))"
                )
            )
        }
        if overview.dosesNotTaken > 0 {
            let count = overview.dosesNotTaken
            flags.append(
                PatientFlag(
                    .missedDoses,
                    "\(count) \(count == 1 ? "dose" : "doses") marked as not taken in the last "
                        + "\(rules.missedDoseDays) days"
                )
            )
        }
        let quietLimit = now.addingTimeInterval(-Double(rules.quietDays) * 86_400)
        if let last = overview.lastDataAt {
            if last < quietLimit {
                let days = Int(now.timeIntervalSince(last) / 86_400)
                flags.append(PatientFlag(.noRecentData, "No data for \(days) days"))
            }
        } else {
            flags.append(PatientFlag(.noRecentData, "No data yet"))
        }
        return flags
    }

    /// `value` with exactly `decimals` decimals, a point as separator, rounded half away from zero.
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        FixedDecimal.format(value, digits: decimals)
    }
}
