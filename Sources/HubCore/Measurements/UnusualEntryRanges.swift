/// The ranges a blood pressure typed by hand must fall in unless the person confirms it (`--confirm-unusual`): values
/// outside them are almost always typing errors (300/200, 250/30), so they are refused with the field and the range,
/// and stored only when confirmed. `EntryPlausibility` holds the wider ranges nothing is stored outside of.
///
/// One small table so that it can be merged with device plausibility ranges: each row cites its source.
public enum UnusualEntryRanges {
    /// One row: the field, the usual range in the canonical unit, and its source.
    public struct Row: Sendable, Hashable {
        /// The field as the error names it (`components.systolic`).
        public let field: String
        /// The usual range.
        public let usual: ClosedRange<Double>
        /// The canonical UCUM unit.
        public let unit: String
        /// Where the range comes from.
        public let source: String
    }

    /// Systolic and diastolic: the measuring ranges of validated home upper-arm cuffs (A&D UA-651 series
    /// specification: systolic 60–279 mmHg, diastolic 40–200 mmHg); a cuff cannot report a value outside them, so a
    /// typed one outside is a typing error or needs confirming.
    public static let bloodPressure: [Row] = [
        Row(
            field: "components.systolic",
            usual: 60...279,
            unit: "mm[Hg]",
            source: "measuring range of home upper-arm cuffs (A&D UA-651 specification)"
        ),
        Row(
            field: "components.diastolic",
            usual: 40...200,
            unit: "mm[Hg]",
            source: "measuring range of home upper-arm cuffs (A&D UA-651 specification)"
        ),
    ]

    /// The first component of `components` outside its usual range, with the reason; nil when all are usual.
    public static func unusual(bloodPressure components: [String: Double]) -> MeasurementFieldError? {
        for row in bloodPressure {
            let name = String(row.field.dropFirst("components.".count))
            guard let value = components[name], !row.usual.contains(value) else { continue }
            return MeasurementFieldError(
                field: row.field,
                // On lines of their own, so the message fits a 100-column terminal.
                reason: "\(text(value)) mmHg is outside the usual \(text(row.usual.lowerBound))–"
                    + "\(text(row.usual.upperBound)) mmHg\n(\(row.source));\ncheck the numbers, or confirm the reading "
                    + "is right with --confirm-unusual",
                problem: .unusual(value: value, low: row.usual.lowerBound, high: row.usual.upperBound, unit: row.unit)
            )
        }
        return nil
    }

    private static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int64(value)) : String(value)
    }
}
