import Foundation
import TestSupport
import Testing

@testable import HubWeb

/// The pages' numbers, written by hand for speed, read as Foundation's number format style writes them in en-US and
/// es-ES: the same decimal mark, the same groups, the same digits.
@Suite struct NumberFormatTests {
    /// Values `k / 10^(digits + 2)`: two digits past the rounding place, so a value is never a tie, where the two
    /// formatters differ on purpose (Foundation rounds ties to even, the pages half away from zero like a lab report).
    private func values(digits: Int) -> [Double] {
        var generator = SplitMix64(seed: 0x4E55_4D42 &+ UInt64(digits))
        let scale = pow(10, Double(digits + 2))
        var values: [Double] = []
        for magnitude in [100, 10_000, 1_000_000, 100_000_000, 10_000_000_000] {
            for _ in 0..<200 {
                let k = Int.random(in: -magnitude...magnitude, using: &generator)
                guard abs(k) % 100 != 50 else { continue }
                let value = Double(k) / scale
                // Foundation writes a negative value that rounds to zero as "-0"; the pages write "0" (below).
                guard value >= 0 || abs(k) >= 50 else { continue }
                values.append(value)
            }
        }
        return values
    }

    @Test(arguments: Language.allCases, [0, 1, 2])
    func numbersMatchFoundationsFormatStyle(language: Language, digits: Int) {
        for value in values(digits: digits) {
            let flexible = value.formatted(.number.precision(.fractionLength(0...digits)).locale(language.locale))
            #expect(language.number(value, digits: digits) == flexible, "\(value) with up to \(digits) decimals")
            let exact = value.formatted(.number.precision(.fractionLength(digits)).locale(language.locale))
            #expect(language.fixed(value, digits: digits) == exact, "\(value) with \(digits) decimals")
        }
    }

    @Test func groupsAndMarksFollowTheLanguage() {
        #expect(Language.english.number(1234) == "1,234")
        #expect(Language.spanish.number(1234) == "1234")
        #expect(Language.spanish.number(12_345.67, digits: 1) == "12.345,7")
        #expect(Language.english.number(-1_234_567.891, digits: 2) == "-1,234,567.89")
        #expect(Language.spanish.fixed(5, digits: 1) == "5,0")
    }

    @Test func tiesRoundAwayFromZeroAndZeroHasNoSign() {
        #expect(Language.english.number(82.25, digits: 1) == "82.3")
        #expect(Language.english.number(-0.04, digits: 1) == "0")
        #expect(Language.spanish.fixed(-0.004, digits: 2) == "0,00")
    }
}
