import Clinical
import Foundation
import HubServices
import Testing

@testable import HubWeb

/// The application layer's refusals (`UserMessage`) written through the catalogue: in Spanish with Spanish numbers
/// and unit names, every argument in its place in both languages.
@Suite struct RefusalTextTests {
    struct Refused: UserFacingError, CustomStringConvertible {
        var userMessage: UserMessage?
        var description: String { "value: 400 kg is out of range (accepted: 10–350 kg)" }
    }

    @Test func anImpossibleWeightIsRefusedInTheChosenLanguage() {
        let error = Refused(
            userMessage: UserMessage(
                .outOfRange,
                [
                    .field("value"), .number(400.5, digits: 1), .number(10, digits: 1), .number(350, digits: 1),
                    .unit("kg"),
                ]
            )
        )
        #expect(Language.english.refusal(error) == "Value: 400.5 is out of range (accepted: 10 to 350 kg).")
        #expect(Language.spanish.refusal(error) == "Valor: 400,5 está fuera del intervalo admitido (de 10 a 350 kg).")
        // Without a message as data: the error's own (English) words on an English page, no English on a Spanish one.
        #expect(
            Language.english.refusal(Refused(userMessage: nil)) == "value: 400 kg is out of range (accepted: 10–350 kg)"
        )
        #expect(Language.spanish.refusal(Refused(userMessage: nil)) == "No se ha hecho; revise los datos que escribió.")
    }

    @Test func aLabInAUnitItIsNotMeasuredInNamesTheLabInSpanish() {
        let error = Refused(
            userMessage: UserMessage(
                .labUnitNotAccepted,
                [.lab("potassium"), .unit("mg/dL"), .units(["mmol/L", "meq/L"])]
            )
        )
        #expect(Language.spanish.refusal(error).hasPrefix("Potasio no se mide en «mg/dL»"))
    }

    @Test func bothLanguagesPlaceEveryArgumentOfEveryRefusal() {
        let placeholders = { (text: String) in
            let bytes = Array(text.utf8)
            return bytes.indices.dropLast().filter {
                bytes[$0] == UInt8(ascii: "%") && bytes[$0 + 1] == UInt8(ascii: "@")
            }
            .count
        }
        let keys: [MessageKey] = [
            .refusedOutOfRange, .refusedUnusual, .refusedDiastolicNotBelow, .refusedInTheFuture, .refusedNotANumber,
            .refusedLabOutOfRange, .refusedLabUnit, .refusedUnknownLab,
        ]
        let arguments = [5, 5, 2, 1, 2, 6, 3, 1]
        for (key, count) in zip(keys, arguments) {
            #expect(placeholders(Language.english.text(key)) == count, "English \(key)")
            #expect(placeholders(Language.spanish.text(key)) == count, "Spanish \(key)")
        }
    }

    /// The number of `%@` in a message.
    static func placeholders(_ text: String) -> Int { text.components(separatedBy: "%@").count - 1 }

    @Test func everyKeyOfTheApplicationLayerIsWrittenInBothLanguagesWithItsArguments() {
        for key in UserMessage.Key.allCases {
            // As many arguments as the English places, each a word the test can find again.
            let count = Self.placeholders(Language.english.text(Language.key(of: key)))
            #expect(count == Self.placeholders(Language.spanish.text(Language.key(of: key))), "\(key)")
            let arguments = (0..<count).map { UserMessage.Argument.text("⟨\($0)⟩") }
            let inEnglish = Language.english.message(UserMessage(key, arguments))
            let inSpanish = Language.spanish.message(UserMessage(key, arguments))
            #expect(!inEnglish.isEmpty && !inSpanish.isEmpty, "\(key)")
            #expect(inEnglish != inSpanish, "\(key) is the same in both languages")
            for index in 0..<count {
                #expect(inEnglish.contains("⟨\(index)⟩"), "English \(key) drops argument \(index)")
                #expect(inSpanish.contains("⟨\(index)⟩"), "Spanish \(key) drops argument \(index)")
            }
            #expect(!inSpanish.contains("%@") && !inEnglish.contains("%@"), "\(key) has more places than arguments")
        }
    }

    @Test func theWebAppsOwnRefusalsHaveBothLanguagesWithTheSamePlaces() {
        let keys: [MessageKey] = [
            .refusedNotADate, .avatarTooLarge, .avatarNotImage, .avatarMissing, .importNotRead, .adapterNotRead,
            .pairRefusedShort, .syncFailedShort, .notSavedShort, .refusedOther, .confirmUnusualHeading, .confirmUnusual,
        ]
        for key in keys {
            let english = Language.english.text(key)
            let spanish = Language.spanish.text(key)
            #expect(!english.isEmpty && !spanish.isEmpty && english != spanish, "\(key)")
            #expect(Self.placeholders(english) == Self.placeholders(spanish), "\(key)")
        }
    }

    @Test func argumentsAreWrittenTheLanguagesWay() {
        let duplicate = UserMessage(.labDuplicate, [.lab("potassium"), .time("2026-11-02T07:30:00+01:00")])
        #expect(
            Language.english.message(duplicate)
                == "A Potassium result taken on Monday, November 2, 2026, 07:30 is stored already."
        )
        #expect(
            Language.spanish.message(duplicate)
                == "Ya hay un resultado de Potasio tomado el lunes, 2 de noviembre de 2026, 07:30."
        )
        let rows = UserMessage(.labRowsInvalid, [.count(1200), .count(3400)])
        #expect(
            Language.spanish.message(rows).hasPrefix("1200 de 3400")
                || Language.spanish.message(rows).hasPrefix("1.200 de 3.400")
        )
        #expect(Language.english.message(rows).hasPrefix("1,200 of 3,400"))
        let dose = UserMessage(.doseUnknown, [.text("Calcitriol"), .day("2026-11-26")])
        #expect(
            Language.spanish.message(dose)
                == "Calcitriol no tiene ninguna dosis a esa hora el jueves, 26 de noviembre de 2026."
        )
        let field = UserMessage(.fieldNotAccepted, [.field("dosages[0].timing.periodUnit")])
        #expect(Language.spanish.message(field).hasPrefix(Language.spanish.text(.periodUnit) + ": "))
    }

    @Test func everyLabTargetsSourceHasItsSpanishNote() {
        for analyte in LabCatalog.standard.analytes {
            for target in analyte.targets {
                let note = Language.spanish.guidelineNote(target.source)
                #expect(note != LabsPage.guideline(target.source), "no Spanish for “\(target.source)”")
                #expect(Language.english.guidelineNote(target.source) == LabsPage.guideline(target.source))
            }
        }
        // A source's own colon stays ("PTH Goals: 150–600"); a research note's reference before one goes.
        #expect(
            LabsPage.guideline("KDIGO 2–9 × upper normal; DaVita, Phosphorus and PTH Goals: 150–600").hasPrefix("KDIGO")
        )
    }

    @Test func aQuestionnairesAnswerIsRefusedNamingTheQuestionAsWritten() {
        let missing = QuestionnaireError.answer(.missing(linkId: "q1", text: "¿Cómo se siente hoy?"))
        #expect(Language.spanish.refusal(missing) == "«¿Cómo se siente hoy?» necesita una respuesta.")
        let range = QuestionnaireAnswerError.outOfRange(linkId: "q2", text: "Pain", range: 0...10, given: "11")
        #expect(Language.english.refusal(range) == "“Pain”: “11” is not a whole number from 0 to 10.")
        #expect(Language.spanish.refusal(range) == "«Pain»: «11» no es un número entero de 0 a 10.")
    }

    @Test func textOnlyEnglishExistsForIsMarkedEnglishOnAnotherLanguagesPageAndEscaped() {
        let reason = "value <9> is not a finite number"
        #expect(englishOnly(reason, on: .english) == "value &lt;9&gt; is not a finite number")
        #expect(englishOnly(reason, on: .spanish) == "<span lang=\"en\">value &lt;9&gt; is not a finite number</span>")
    }
}
