import Clinical
import Foundation

/// A language the pages can be shown in.
public enum Language: String, CaseIterable, Sendable {
    case english = "en"
    case spanish = "es"

    /// The words of `key` in this language.
    public func text(_ key: MessageKey) -> String {
        let table = self == .english ? English.messages : Spanish.messages
        return table[key] ?? English.messages[key] ?? key.rawValue
    }

    /// The locale numbers and dates are written in.
    var locale: Locale { Locale(identifier: self == .english ? "en_US" : "es_ES") }

    /// A day as the language writes it in full (Thursday, November 26, 2026 / jueves, 26 de noviembre de 2026).
    public func day(year: Int, month: Int, day: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)) else {
            return "\(year)-\(month)-\(day)"
        }
        return date.formatted(
            Date.FormatStyle(
                date: .complete,
                time: .omitted,
                locale: locale,
                calendar: calendar,
                timeZone: calendar.timeZone
            )
        )
    }
}

extension Language {
    /// The language dosage instructions are rendered in for a page in this language.
    var instructionLanguage: PatientLanguage {
        switch self {
        case .english: .english
        case .spanish: .spanish
        }
    }
}
