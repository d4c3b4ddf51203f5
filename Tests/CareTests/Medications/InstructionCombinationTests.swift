import Foundation
import TestSupport
import Testing

@testable import Care
@testable import Clinical

/// Every combination of the dosage's fields present or absent, in both languages: no placeholder, raw key, code,
/// double space or stray punctuation reaches the text.
struct InstructionCombinationTests {
    /// The fields switched on and off, one bit each: 2^17 combinations, each rendered in both languages. The upper
    /// bounds (frequencyMax, periodMax, countMax, durationMax) share one bit, and so do the dialysis event and its
    /// offset, which keeps the run short; each bound is still tried with and without its lower value.
    private static let fieldCount = 17

    /// The dosage for combination `bits`; values vary with the combination (singular and plural, quantity and range)
    /// so the plurals are exercised too.
    static func dosage(_ bits: Int) -> DosageInstruction {
        func has(_ field: Int) -> Bool { bits & (1 << field) != 0 }
        let odd = bits.nonzeroBitCount % 2 == 1
        var timing = TimingRepeat()
        if has(2) { timing.frequency = odd ? 1 : 2 }
        if has(4) { timing.period = odd ? 1 : 8 }
        if has(5) { timing.periodUnit = odd ? .hour : .day }
        if has(6) { timing.dayOfWeek = odd ? [.monday] : [.monday, .wednesday, .saturday] }
        if has(7) { timing.timeOfDay = odd ? [LocalTime(wallClockMinutes: 90)] : [LocalTime(wallClockMinutes: 480)] }
        if has(8) { timing.when = odd ? [.beforeBreakfast, .bedtime] : [.meal] }
        if has(9) { timing.offset = odd ? 30 : 60 }
        if has(10) { timing.count = odd ? 1 : 10 }
        if has(11) { timing.duration = odd ? 1 : 2.5 }
        if has(12) { timing.durationUnit = odd ? .minute : .week }
        if has(3) {
            timing.frequencyMax = 3
            timing.periodMax = 12
            timing.countMax = 14
            timing.durationMax = 4
        }
        if has(13) {
            timing.bounds = odd ? .duration(1, .month) : .period(start: CalendarDate(daysSinceEpoch: 20_000), end: nil)
        }
        var dialysis: DialysisTiming?
        if has(15) { dialysis = DialysisTiming(days: odd ? .dialysis : .nonDialysis) }
        if has(16) {
            dialysis = DialysisTiming(
                days: dialysis?.days,
                event: odd ? .afterDialysis : .beforeDialysis,
                offsetMinutes: odd ? 45 : nil
            )
        }
        return DosageInstruction(
            dose: has(0) ? (odd ? .quantity(1, .tablet) : .range(low: 1, high: 2, .puff)) : nil,
            route: has(1) ? (odd ? .oral : .inhaled) : nil,
            timing: timing,
            dialysis: dialysis,
            asNeeded: has(14) ? AsNeeded(reason: odd ? "pain" : nil) : nil
        )
    }

    /// What the text must never hold; nil when it is clean.
    static func flaw(in text: String) -> String? {
        if text.isEmpty { return "empty" }
        if text.contains("  ") { return "double space" }
        if text.first == " " || text.last == " " { return "space at an end" }
        for bad in [
            "{", "}", "[", "]", "(", ")", "_", "\\", "%", "nil", "Optional", "null", "nan", "inf", "..", ",,", " ,",
            " ;", ";;", ", ;", "; ,",
        ] where text.contains(bad) {
            return "contains '\(bad)'"
        }
        if let last = text.last, ",;:.".contains(last) { return "ends with '\(last)'" }
        // A colon only inside a time of day (HH:MM).
        let characters = Array(text)
        for (index, character) in characters.enumerated() where character == ":" {
            let digitBefore = index > 0 && characters[index - 1].isNumber
            let digitAfter = index + 1 < characters.count && characters[index + 1].isNumber
            if !(digitBefore && digitAfter) { return "stray colon" }
        }
        let words = Set(text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }).map(String.init))
        let codes = Set(EventTiming.allCases.map(\.rawValue)).union(["s", "min", "h", "d", "wk", "mo"])
            .union(DoseUnit.allCases.map(\.rawValue).filter { $0.contains("{") || $0.contains("[") })
            .union(["non-dialysis", "before-dialysis", "after-dialysis"])
        if let code = words.first(where: codes.contains) { return "raw code '\(code)'" }
        return nil
    }

    @Test func noCombinationOfFieldsLeavesAFlaw() async {
        let total = 1 << Self.fieldCount
        // Minutes of rendering in a debug build: on a Dispatch thread, one core, so the cooperative pool (one thread
        // per core) stays free for the suite's tests that wait on time.
        let flaws = await offCooperativePool {
            var found: [String] = []
            for bits in 0..<total {
                let dosage = Self.dosage(bits)
                for language in InstructionLanguage.allCases {
                    let text = InstructionText.render(dosage, in: language)
                    if found.count < 10, let flaw = Self.flaw(in: text) {
                        found.append("\(bits) \(language): \(flaw): \(text)")
                    }
                }
            }
            return found
        }
        #expect(flaws.isEmpty, "\(flaws.joined(separator: "\n"))")
    }

    /// The checker itself catches what it is meant to catch.
    @Test func theCheckerFindsFlaws() {
        #expect(Self.flaw(in: "2 tablets  daily") != nil)
        #expect(Self.flaw(in: "before ACM") != nil)
        #expect(Self.flaw(in: "every 3 h") != nil)
        #expect(Self.flaw(in: "take {tablet}") != nil)
        #expect(Self.flaw(in: "daily,") != nil)
        #expect(Self.flaw(in: "dose: 2") != nil)
        #expect(Self.flaw(in: "1 tablet by mouth at 08:00 and 20:00") == nil)
    }
}
