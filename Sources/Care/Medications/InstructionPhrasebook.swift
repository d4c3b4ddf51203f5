import Clinical
import Foundation

/// The words of one language for each part of an instruction; `InstructionText` puts them in order.
protocol InstructionPhrasebook: Sendable {
    /// A number as written in the language (decimal point or comma, no trailing zeros).
    func number(_ value: Double) -> String
    /// `1 to 3` (a range) or `2`.
    func range(_ low: String, _ high: String) -> String
    /// `a, b and c`.
    func list(_ items: [String]) -> String
    func dose(_ amount: DoseAmount) -> String
    /// A dose unit's name, singular when `one`.
    func unitName(_ unit: DoseUnit, one: Bool) -> String
    /// A unit of time's name, singular when `one`.
    func unitName(_ unit: TimingUnit, one: Bool) -> String
    func route(_ route: DoseRoute) -> String
    /// Frequency and period; nil when neither is given.
    func frequency(_ frequency: Int?, _ frequencyMax: Int?, period: Double?, _ periodMax: Double?, _ unit: TimingUnit?)
        -> String?
    func weekdays(_ days: [Weekday]) -> String
    func dialysisDays(_ days: DialysisDays) -> String
    func times(_ times: [LocalTime]) -> String
    /// An event, with its offset in minutes when above 0.
    func event(_ event: EventTiming, offset: Int) -> String
    func dialysisEvent(_ event: DialysisEvent, offset: Int) -> String
    /// `duration` (to `durationMax`) of `unit`; either bound may be missing.
    func duration(_ duration: Double?, _ durationMax: Double?, _ unit: TimingUnit) -> String
    func count(_ count: Int?, _ countMax: Int?) -> String
    func bounds(_ bounds: TimingBounds) -> String
    func asNeeded(reason: String?) -> String
    /// The text for a dosage with nothing structured in it.
    var noInstructions: String { get }
    /// Between two dosages of one order.
    var dosageSeparator: String { get }
}

extension InstructionPhrasebook {
    /// A number with `separator` as the decimal mark, up to three decimals, trailing zeros dropped.
    func number(_ value: Double, decimalSeparator separator: String) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        var text = String(format: "%.3f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text.replacingOccurrences(of: ".", with: separator)
    }

    /// `low` alone, or `low to high` when `high` is given and differs.
    func range(_ low: Double, _ high: Double?) -> String {
        guard let high, high != low else { return number(low) }
        return range(number(low), number(high))
    }

    /// `a`, `a and b`, `a, b and c` with the language's `conjunction`.
    func list(_ items: [String], conjunction: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }

    /// True when a count reads as one (singular nouns).
    func isOne(_ low: Double, _ high: Double?) -> Bool { low == 1 && (high == nil || high == 1) }

    /// An offset in whole hours when it divides evenly, else in minutes.
    func offsetParts(_ minutes: Int) -> (value: Int, hours: Bool) {
        minutes % 60 == 0 ? (minutes / 60, true) : (minutes, false)
    }
}
