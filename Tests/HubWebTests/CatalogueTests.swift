import Foundation
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

    @Test func aTemplateTakesItsArgumentsInOrder() {
        #expect(Language.filled("%@ of %@", with: ["3", "7"]) == "3 of 7")
        // Arguments are put in as they are, never read as templates; missing ones leave nothing; extra ones are unused.
        #expect(Language.filled("«%@» %@.", with: ["%@ ñ", "ok"]) == "«%@ ñ» ok.")
        #expect(Language.filled("%@, %@ y %@", with: ["a"]) == "a,  y ")
        #expect(Language.filled("sin nada", with: ["x"]) == "sin nada")
        #expect(Language.filled("100 %%@ 50 % @%", with: ["x"]) == "100 %x 50 % @%")
        // Every catalogue message with placeholders, in both languages, has each one filled.
        for key in MessageKey.allCases {
            for language in [Language.english, .spanish] {
                let template = language.text(key)
                let count = template.components(separatedBy: "%@").count - 1
                let filled = Language.filled(template, with: (0..<count).map { "⟨\($0)⟩" })
                #expect(!filled.contains("%@"), "\(key) in \(language)")
                #expect((0..<count).allSatisfy { filled.contains("⟨\($0)⟩") }, "\(key) in \(language)")
            }
        }
    }
}
