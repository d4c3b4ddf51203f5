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
        // Without a message as data, the error's own words.
        #expect(
            Language.spanish.refusal(Refused(userMessage: nil)) == "value: 400 kg is out of range (accepted: 10–350 kg)"
        )
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
}
