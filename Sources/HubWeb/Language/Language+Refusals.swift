import Clinical
import Foundation
import HubCore
import HubServices

extension Language {
    /// A refusal of the application layer in this language: its `UserMessage` written through the catalogue, or the
    /// error's own words when it gives no message as data.
    func refusal(_ error: any Error) -> String {
        guard let coded = error as? any UserFacingError, let message = coded.userMessage else { return "\(error)" }
        return filled(Self.key(of: message.key), with: message.arguments.map(argument))
    }

    /// `key`'s words with each `%@` replaced by the next of `arguments`.
    func filled(_ key: MessageKey, with arguments: [String]) -> String {
        var result = ""
        var remaining = arguments[...]
        var rest = Substring(text(key))
        while let range = rest.range(of: "%@") {
            result += rest[..<range.lowerBound]
            result += remaining.popFirst() ?? ""
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    private static func key(of key: UserMessage.Key) -> MessageKey {
        switch key {
        case .outOfRange: .refusedOutOfRange
        case .unusualValue: .refusedUnusual
        case .diastolicNotBelowSystolic: .refusedDiastolicNotBelow
        case .inTheFuture: .refusedInTheFuture
        case .notANumber: .refusedNotANumber
        case .labOutOfRange: .refusedLabOutOfRange
        case .labUnitNotAccepted: .refusedLabUnit
        case .unknownLab: .refusedUnknownLab
        }
    }

    private func argument(_ argument: UserMessage.Argument) -> String {
        switch argument {
        case .text(let words): words
        case .number(let value, let digits): number(value, digits: digits)
        case .unit(let code): UnitDisplayName.text(code)
        case .units(let codes): codes.map(UnitDisplayName.text).joined(separator: ", ")
        case .lab(let id): LabCatalog.standard.analyte(id: id).map(labName) ?? id
        case .field(let name): fieldLabel(name)
        }
    }

    /// The label of the form field the service names.
    private func fieldLabel(_ field: String) -> String {
        switch field {
        case "value": text(.value)
        case "unit": text(.unit)
        case "components.systolic": text(.systolic)
        case "components.diastolic": text(.diastolic)
        case "date": text(.date)
        case "effectiveTime", "at": text(.when)
        default: field
        }
    }
}
