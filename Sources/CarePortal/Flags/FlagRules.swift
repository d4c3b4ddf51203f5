import Care
import Clinical
import Foundation

/// The limits the patient list flags against, each from the hub's own rules where the hub has one, and each with
/// its source.
///
/// Missed doses are those the patient marked as not taken on her hub (pushed as MedicationAdministration
/// `not-done`); a dose that was due and never marked is not sent by the hub, so it cannot be flagged here.
public struct FlagRules: Sendable, Equatable {
    /// Interdialytic weight gain at or over this % of the reference weight: the hub's alert level
    /// (`InterdialyticGainThresholds.standard.alertPercent`, 4 %, the common dialysis-unit teaching limit).
    public var gainPercent: Double
    /// Potassium at or over this many mmol/L: the hub's lowest high-potassium alert (`CriticalThresholds`).
    public var potassiumMillimolesPerLitre: Double
    /// Where the potassium limit comes from, as the hub cites it.
    public var potassiumSource: String
    /// Pre-dialysis blood pressure at or over either limit, mm[Hg].
    public var systolic: Double
    public var diastolic: Double
    public var pressureSource: String
    /// A symptom scored at or over this on the 0–10 scale of the newest list.
    public var symptomScore: Double
    public var symptomSource: String
    /// No reading and no symptom list for this many days.
    public var quietDays: Int
    /// Any dose marked as not taken in this many days: a missed dialysis-day binder or antihypertensive is worth a
    /// call; this is the unit's choice of window, not a guideline's.
    public var missedDoseDays: Int

    /// The hub's limits.
    public static let standard: FlagRules = {
        let potassium = CriticalThresholds.standard
            .filter { $0.subject == .lab("potassium") && $0.direction == .atOrAbove }
            .min { $0.limit < $1.limit }
        return FlagRules(
            gainPercent: InterdialyticGainThresholds.standard.alertPercent,
            // The hub's table always holds a high-potassium row (6.0 mmol/L, UK Kidney Association 2020); the
            // fallback repeats it so that the list still flags if the table were ever emptied.
            potassiumMillimolesPerLitre: potassium?.limit ?? 6.0,
            potassiumSource: potassium?.source
                ?? "UK Kidney Association, Treatment of Acute Hyperkalaemia in Adults (2020): moderate at 6.0",
            // The hub's dialysis blood-pressure goal: KDOQI Clinical Practice Guidelines for Cardiovascular Disease
            // in Dialysis Patients (2005), guideline 12: pre-dialysis below 140/90 mm[Hg].
            systolic: 140,
            diastolic: 90,
            pressureSource: "KDOQI 2005 CVD in dialysis patients, guideline 12 (pre-dialysis < 140/90)",
            // Edmonton Symptom Assessment System cutpoints: 7–10 is a severe symptom (Selby D et al., J Pain Symptom
            // Manage 2010;39(2):241–249). The apps' symptom lists use the same 0–10 scale.
            symptomScore: 7,
            symptomSource: "ESAS cutpoints (Selby et al. 2010): 7–10 is severe",
            quietDays: 7,
            missedDoseDays: 7
        )
    }()
}

extension FlagRules {
    /// Where the window of doses marked as not taken begins, read at `now`.
    public func dosesSince(_ now: Date) -> Date {
        now.addingTimeInterval(-Double(missedDoseDays) * 86_400)
    }
}
