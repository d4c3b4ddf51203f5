import Foundation

/// Dosage instructions as text, rendered from the structured fields only (never from a free-text `Dosage.text`), so
/// they can be shown in the patient's language.
///
/// The parts come in one fixed order: dose, route, frequency and period, days, times or events with their offsets,
/// duration, count, bounds, as-needed. A part whose field is missing its companion (a period without its unit) is
/// left out rather than shown half; validation refuses such orders anyway. The first letter is capitalized and no
/// final full stop is added, so the text fits a list row ("Daily", "2 tablets by mouth with meals").
public enum InstructionText {
    /// One dosage instruction as a sentence in `language`.
    public static func render(_ dosage: DosageInstruction, in language: InstructionLanguage) -> String {
        let words = language.phrasebook
        let timing = dosage.timing ?? TimingRepeat()
        var parts: [String?] = []
        parts.append(dosage.dose.map(words.dose))
        parts.append(dosage.route.map(words.route))
        parts.append(
            words.frequency(
                timing.frequency,
                timing.frequencyMax,
                period: timing.periodUnit == nil ? nil : timing.period,
                timing.periodMax,
                timing.periodUnit
            )
        )
        parts.append(timing.dayOfWeek.isEmpty ? nil : words.weekdays(timing.dayOfWeek))
        parts.append(dosage.dialysis?.days.map(words.dialysisDays))
        var moments: [String] = []
        if !timing.timeOfDay.isEmpty { moments.append(words.times(timing.timeOfDay)) }
        moments += timing.when.map { words.event($0, offset: ($0.acceptsOffset ? timing.offset : nil) ?? 0) }
        if let event = dosage.dialysis?.event {
            moments.append(words.dialysisEvent(event, offset: dosage.dialysis?.offsetMinutes ?? 0))
        }
        parts.append(moments.isEmpty ? nil : words.list(moments))
        if let unit = timing.durationUnit, timing.duration != nil || timing.durationMax != nil {
            parts.append(words.duration(timing.duration, timing.durationMax, unit))
        }
        if timing.count != nil || timing.countMax != nil {
            parts.append(words.count(timing.count, timing.countMax))
        }
        parts.append(timing.bounds.map(words.bounds))
        parts.append(dosage.asNeeded.map { words.asNeeded(reason: Self.trimmed($0.reason)) })
        let sentence = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        return capitalized(sentence.isEmpty ? words.noInstructions : sentence)
    }

    /// An order's instructions: each dosage's sentence, joined with "; then" in order; "No instructions yet" (in
    /// the language) for an order without structured dosage.
    public static func render(_ order: MedicationOrder, in language: InstructionLanguage) -> String {
        let words = language.phrasebook
        guard !order.dosages.isEmpty else { return capitalized(words.noInstructions) }
        return order.dosages.map { render($0, in: language) }.joined(separator: words.dosageSeparator)
    }

    private static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }

    private static func trimmed(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }
}
