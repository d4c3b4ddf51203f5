/// What was wrong with a field, as data rather than words: a front end in another language writes its own sentence
/// from it (the web app's message catalogue), while `MeasurementFieldError.reason` keeps the command line's English.
public enum FieldProblem: Sendable, Equatable {
    /// `value` is outside the range nothing is stored outside of (`EntryPlausibility`), in `unit` (UCUM).
    case outOfRange(value: Double, low: Double, high: Double, unit: String)
    /// A typed blood pressure outside the usual range (`UnusualEntryRanges`); stored only when confirmed.
    case unusual(value: Double, low: Double, high: Double, unit: String)
    /// The diastolic pressure is not below the systolic.
    case diastolicNotBelowSystolic(diastolic: Double, systolic: Double)
    /// The time is later than now.
    case inTheFuture
}
