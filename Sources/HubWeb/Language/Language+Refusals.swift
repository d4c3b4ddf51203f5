import Clinical
import Foundation
import HubCore
import HubServices

extension Language {
    /// A refusal of the application layer in this language: its `UserMessage` written through the catalogue; when it
    /// gives no message as data, the error's own words in English and a plain "not done" in any other language (the
    /// application layer's words are English). An English page keeps the error's own words where the message only
    /// sums them up.
    func refusal(_ error: any Error) -> String {
        guard let coded = error as? any UserFacingError, let given = coded.userMessage else {
            return self == .english ? "\(error)" : text(.refusedOther)
        }
        if self == .english, Self.summaries.contains(given.key) { return "\(error)" }
        return message(given)
    }

    /// The messages that name the field or the outcome without the reason, which only the English words give.
    static let summaries: Set<UserMessage.Key> = [
        .fieldNotAccepted, .valueNotStored, .portionNotMeasured, .reportNotMade, .goalNotOffered, .mailNotSent,
    ]

    /// A `UserMessage` written through the catalogue.
    func message(_ message: UserMessage) -> String {
        filled(Self.key(of: message.key), with: message.arguments.map(argument))
    }

    /// `key`'s words with each `%@` replaced by the next of `arguments`.
    func filled(_ key: MessageKey, with arguments: [String]) -> String {
        Self.filled(text(key), with: arguments)
    }

    /// `template` with each `%@` replaced by the next of `arguments`.
    static func filled(_ template: String, with arguments: [String]) -> String {
        // Scanned as UTF-8 bytes ("%@" is ASCII, so it never splits a character): Foundation's `range(of:)` was a
        // thirtieth of the trends page's time, which fills a sentence for every chart (perf).
        var result: [UInt8] = []
        result.reserveCapacity(template.utf8.count + arguments.reduce(0) { $0 + $1.utf8.count })
        var remaining = arguments[...]
        var previous: UInt8 = 0
        for byte in template.utf8 {
            if previous == UInt8(ascii: "%") && byte == UInt8(ascii: "@") {
                result.removeLast()
                result.append(contentsOf: (remaining.popFirst() ?? "").utf8)
                previous = 0
                continue
            }
            result.append(byte)
            previous = byte
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The catalogue's key of the application layer's.
    static func key(of key: UserMessage.Key) -> MessageKey {
        switch key {
        case .outOfRange: .refusedOutOfRange
        case .unusualValue: .refusedUnusual
        case .diastolicNotBelowSystolic: .refusedDiastolicNotBelow
        case .inTheFuture: .refusedInTheFuture
        case .notANumber: .refusedNotANumber
        case .labOutOfRange: .refusedLabOutOfRange
        case .labUnitNotAccepted: .refusedLabUnit
        case .unknownLab: .refusedUnknownLab
        case .fieldNotAccepted: .refusedField
        case .notATime: .refusedNotATime
        case .notADate: .refusedNotADate
        case .timeNotOnClock: .refusedTimeNotOnClock
        case .timeZoneUnusable: .refusedTimeZone
        case .labDuplicate: .refusedLabDuplicate
        case .labFileUnreadable: .refusedLabFile
        case .labRowsInvalid: .refusedLabRows
        case .medicationAlreadyActive: .refusedMedicationActive
        case .medicationUnknown: .refusedMedicationUnknown
        case .medicationNotActive: .refusedMedicationNotActive
        case .doseUnknown: .refusedDoseUnknown
        case .goalNeedsCategory: .refusedGoalCategory
        case .goalTemplateUnknown: .refusedGoalTemplate
        case .goalNotOffered: .refusedGoalNotOffered
        case .goalTargetMissing: .refusedGoalTarget
        case .goalPeriod: .refusedGoalPeriod
        case .valueNotStored: .refusedValue
        case .portionNotMeasured: .refusedPortion
        case .reportNotMade: .refusedReport
        case .mailAddressNotAccepted: .refusedMailAddress
        case .mailNotConfigured: .refusedMailNotConfigured
        case .mailNotSent: .refusedMailNotSent
        case .answerMissing: .refusedAnswerMissing
        case .answerNotInRange: .refusedAnswerRange
        case .answerNotWholeNumber: .refusedAnswerNumber
        case .answerTooLong: .refusedAnswerLong
        case .answerNotYesOrNo: .refusedAnswerYesNo
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
        case .day(let text): writtenDay(text) ?? text
        case .time(let text): writtenTime(text) ?? text
        case .count(let count): number(Double(count))
        }
    }

    /// `YYYY-MM-DD` as the language writes a day; nil when the text is not a date.
    private func writtenDay(_ text: String) -> String? {
        guard let date = try? CalendarDate(parsing: text) else { return nil }
        let (year, month, dayOfMonth) = date.components
        return day(year: year, month: month, day: dayOfMonth)
    }

    /// An RFC 3339 time as the language writes its day, with the hour and minute on the clock it was written with;
    /// nil when the text is not RFC 3339.
    private func writtenTime(_ text: String) -> String? {
        guard let timestamp = try? RFC3339.parse(text) else { return nil }
        let minute = LocalMinute.text(timestamp)  // 2026-11-26 14:02
        guard let written = writtenDay(String(minute.prefix(10))) else { return nil }
        return written + ", " + minute.suffix(5)
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
        case "amount": text(.amount)
        case "period": text(.period)
        case "name": text(.name)
        case "birthDate", "dateOfBirth": text(.birthDate)
        case "sex": text(.sex)
        case "category", "diseaseCategory": text(.category)
        case "schedule", "dialysisSchedule", "dialysisSchedule.sessions": text(.schedule)
        case "diabetes": text(.diabetes)
        case "weightUnit": text(.weightUnit)
        case "fluidUnit": text(.fluidUnit)
        case "glucoseUnit": text(.glucose)
        case "heightCentimeters": text(.height)
        case "dryWeightKilograms": text(.dryWeight)
        case "timeZone": text(.timeZone)
        case "avatar", "avatarReference": text(.avatar)
        default: medicationFieldLabel(field) ?? text(.value)
        }
    }

    /// The medicines form's label of an order's field path (`dosages[0].timing.periodUnit` reads "Period unit").
    private func medicationFieldLabel(_ path: String) -> String? {
        let last = path.split(separator: ".").last.map(String.init) ?? path
        let labels: [String: MessageKey] = [
            "medication": .medicationName, "dose": .doseAmount, "doseQuantity": .doseAmount, "unit": .doseUnit,
            "route": .route, "frequency": .timesPerPeriod, "periodUnit": .periodUnit, "when": .withEvents,
            "event": .withEvents, "offset": .eventOffset, "offsetMinutes": .eventOffset, "time": .timesOfDay,
            "timeOfDay": .timesOfDay, "dialysisDays": .whichDays, "days": .whichDays, "asNeeded": .onlyWhenNeeded,
            "reason": .reasonFor, "note": .note, "prescriber": .prescribedBy, "course": .periodLength,
            "name": .medicationName, "period": .periodLength, "low": .doseAmount, "high": .doseAmount,
        ]
        return labels[last.replacing(/\[\d+\]/, with: "")].map(text)
    }
}
