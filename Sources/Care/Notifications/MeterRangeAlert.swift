import Foundation
import HubCore

/// The alert for a glucose meter's result beyond its range (HI or LO): the reading a patient most needs to see, which
/// must never pass for a measurement. Raised once per reading, the moment it is stored.
public enum MeterRangeAlert {
    /// The alert for `reading` (a `blood_glucose` reading flagged `above_meter_range` or `below_meter_range`), taken at
    /// `startMs` and shown on the wall clock of `timeZone`; nil for a reading that is not out of the meter's range.
    ///
    /// What to do follows the meters' own instructions and the ADA's: a HI result is tested again and, when it reads HI
    /// again, is a reason to call the care team at once (Abbott FreeStyle Precision Neo owner's manual, "HI" and "LO"
    /// messages); a LO result is treated as a low at once with 15–20 g of fast-acting glucose and tested again after
    /// 15 minutes (American Diabetes Association, Standards of Care in Diabetes 2024, section 6, hypoglycemia).
    public static func draft(
        _ reading: NormalizedMeasurement,
        measurementId: Int64,
        timeZone: TimeZone
    ) -> NotificationDraft? {
        guard reading.kind == .bloodGlucose, let range = reading.meterRange, let bound = reading.value else {
            return nil
        }
        let when = LocalMinute.text(reading.startMs, in: timeZone)
        let boundText = "\(Int(bound.rounded())) mg/dL"
        switch range {
        case .above:
            return NotificationDraft(
                type: .alert,
                title: "Blood glucose above the meter's range (HI)",
                body:
                    "Your meter read HI at \(when): higher than it can measure (over \(boundText)). Wash your hands and "
                    + "test again. If it reads HI again, call your care team now, or emergency services if you feel "
                    + "very unwell. (Meter instructions; ADA Standards of Care 2024.)",
                dedupeKey: "meter-range:\(measurementId)",
                message: .meterRange(above: true, time: when, bound: bound)
            )
        case .below:
            return NotificationDraft(
                type: .alert,
                title: "Blood glucose below the meter's range (LO)",
                body: "Your meter read LO at \(when): lower than it can measure (under \(boundText)). Treat a low now: "
                    + "15–20 g of fast-acting sugar (glucose tablets, or juice within your fluid allowance), test "
                    + "again in 15 minutes, and get help if it stays low. (ADA Standards of Care 2024, section 6.)",
                dedupeKey: "meter-range:\(measurementId)",
                message: .meterRange(above: false, time: when, bound: bound)
            )
        }
    }

    /// A reading beyond its meter's range in words, for lists and reports: "above the meter's range (HI, over
    /// 500 mg/dL) at 2026-11-26 14:02"; nil for any other reading.
    public static func summary(_ reading: NormalizedMeasurement, timeZone: TimeZone) -> String? {
        guard let range = reading.meterRange, let bound = reading.value else { return nil }
        let shown = range == .above ? "HI, over" : "LO, under"
        return
            "\(range.phrase) (\(shown) \(Int(bound.rounded())) mg/dL) at \(LocalMinute.text(reading.startMs, in: timeZone))"
    }
}
