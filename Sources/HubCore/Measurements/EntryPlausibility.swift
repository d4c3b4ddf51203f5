/// Plausible ranges for values a person types in (`kidneyhub weight add`, `kidneyhub bp add`), so that a typing
/// error (weight 0, 1280/82) is refused with the field and the accepted range.
///
/// Guards against typing errors set by KidneyHub issue 4, not clinical targets. Device readings are not checked here:
/// the device measured them.
public enum EntryPlausibility {
    /// Body weight in kg.
    public static let bodyWeightKilograms: ClosedRange<Double> = 10...350
    /// Systolic blood pressure in mm[Hg].
    public static let systolicMillimetresOfMercury: ClosedRange<Double> = 50...300
    /// Diastolic blood pressure in mm[Hg].
    public static let diastolicMillimetresOfMercury: ClosedRange<Double> = 20...200
    /// Pulse in beats per minute.
    public static let pulsePerMinute: ClosedRange<Double> = 20...250

    /// Throws for a canonical value outside its kind's range, naming the field (`value`, `components.systolic`) and
    /// the range in the canonical unit; kinds without a range pass.
    public static func check(_ measurement: NormalizedMeasurement) throws(MeasurementFieldError) {
        switch measurement.kind {
        case .bodyWeight:
            try check(measurement.value, field: "value", accepted: bodyWeightKilograms, unit: "kg")
        case .heartRate:
            try check(measurement.value, field: "value", accepted: pulsePerMinute, unit: "/min")
        case .bloodPressure:
            let systolic = measurement.components?["systolic"]
            let diastolic = measurement.components?["diastolic"]
            try check(systolic, field: "components.systolic", accepted: systolicMillimetresOfMercury, unit: "mm[Hg]")
            try check(diastolic, field: "components.diastolic", accepted: diastolicMillimetresOfMercury, unit: "mm[Hg]")
            if let systolic, let diastolic, systolic <= diastolic {
                throw MeasurementFieldError(
                    field: "components.diastolic",
                    reason: "diastolic \(text(diastolic)) mmHg is not below systolic \(text(systolic)) mmHg "
                        + "(write SYSTOLIC/DIASTOLIC, e.g. 128/82)",
                    problem: .diastolicNotBelowSystolic(diastolic: diastolic, systolic: systolic)
                )
            }
        default:
            return
        }
    }

    private static func check(
        _ value: Double?,
        field: String,
        accepted: ClosedRange<Double>,
        unit: String
    ) throws(MeasurementFieldError) {
        guard let value, !accepted.contains(value) else { return }
        throw MeasurementFieldError(
            field: field,
            reason: "\(text(value)) \(unit) is out of range (accepted: \(text(accepted.lowerBound))–"
                + "\(text(accepted.upperBound)) \(unit))",
            problem: .outOfRange(value: value, low: accepted.lowerBound, high: accepted.upperBound, unit: unit)
        )
    }

    private static func text(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }
}
