import Testing

@testable import HubWeb

/// The message catalogue: both languages say every message, and numbers follow the language.
@Suite struct CatalogueTests {
    @Test func everyMessageHasItsEnglishAndSpanishWords() {
        for key in MessageKey.allCases {
            #expect(English.messages[key] != nil, "no English for \(key)")
            #expect(Spanish.messages[key] != nil, "no Spanish for \(key)")
        }
        #expect(Language.spanish.text(.navToday) == "Hoy")
    }

    @Test func numbersUseTheLanguagesDecimalMark() {
        #expect(Language.english.number(1.5, digits: 1) == "1.5")
        #expect(Language.spanish.number(1.5, digits: 1) == "1,5")
    }
}
