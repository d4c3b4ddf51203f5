import Care
import Clinical
import HubCore

// The refusals of goals, foods, medicines, profiles and reports as data: a front end in another language writes them
// from these keys, while each error's `description` keeps the command line's English (with its option names).

extension CareServiceError: UserFacingError {
    /// The refusal as data; nil for the command line's own cases (files, months, reminders), which no page sends.
    public var userMessage: UserMessage? {
        switch self {
        case .timeZone: UserMessage(.timeZoneUnusable, [])
        case .portion: UserMessage(.portionNotMeasured, [.field("amount")])
        case .noDiseaseCategory: UserMessage(.goalNeedsCategory, [])
        case .fruitVegetableGoalRefused: UserMessage(.goalNotOffered, [])
        case .unknownTemplate(let id, _, _): UserMessage(.goalTemplateUnknown, [.text(id)])
        case .incompleteTarget: UserMessage(.goalTargetMissing, [])
        case .notStored: UserMessage(.valueNotStored, [])
        case .period: UserMessage(.goalPeriod, [.field("period")])
        case .foodDatabaseUnavailable, .foodNotStored, .imageUnreadable, .imageNotDecoded, .imageNotCopied, .month,
            .noGoal, .noReminder, .unknownMedication, .reminderSubject, .noDialysisSchedule, .window, .quietHours:
            nil
        }
    }
}

extension MedicationOrderError: UserFacingError {
    /// The field at fault as data (its reason stays in the command line's words).
    public var userMessage: UserMessage? { UserMessage(.fieldNotAccepted, [.field(field)]) }
}

extension MedicationsError: UserFacingError {
    /// The refusal as data; nil for a snooze or a log entry, which no page sends.
    public var userMessage: UserMessage? {
        switch self {
        case .invalid(let error): error.userMessage
        case .duplicate(_, let existing): UserMessage(.medicationAlreadyActive, [.text(existing)])
        case .unknown(_, let reference, _), .ambiguous(let reference, _):
            UserMessage(.medicationUnknown, [.text(reference)])
        case .orderNotActive(let name, _): UserMessage(.medicationNotActive, [.text(name)])
        case .unknownDose(let name, let date, _, _): UserMessage(.doseUnknown, [.text(name), .day(date)])
        case .unknownEntry, .snoozeMinutes: nil
        }
    }
}

extension ProfileProblem: UserFacingError {
    /// The field at fault as data, named as `ProfileChanges` names it (`birthDate`, `heightCentimeters`, `avatar`).
    public var userMessage: UserMessage? {
        let field: UserMessage.Argument =
            switch source {
            case .input(let input): .field(input.rawValue)
            case .field(let path): .field(path)
            case .avatar: .field("avatar")
            }
        switch problem {
        case .outOfRange(let value, let accepted, let unit):
            return UserMessage(
                .outOfRange,
                [
                    field, .number(value, digits: 1), .number(accepted.lowerBound, digits: 1),
                    .number(accepted.upperBound, digits: 1), .unit(unit),
                ]
            )
        case .dateInFuture: return UserMessage(.inTheFuture, [field])
        default: return UserMessage(.fieldNotAccepted, [field])
        }
    }
}

extension ProfileError: UserFacingError {
    /// The first problem as data (a page lists each problem of `notSaved` itself); nil for a profile's absence.
    public var userMessage: UserMessage? {
        switch self {
        case .notSaved(let problems): problems.first?.userMessage
        case .nameNeeded: UserMessage(.fieldNotAccepted, [.field("name")])
        case .unknownProfileWithoutCreate, .noAvatar: nil
        }
    }
}

extension ReportsService.Failure: UserFacingError {
    /// The refusal as data: the profile's clock, the report not made, or its mail (the address, no mail program set
    /// up, the program failing with the report kept).
    public var userMessage: UserMessage? {
        switch self {
        case .profileTimeZone: UserMessage(.timeZoneUnusable, [])
        case .report: UserMessage(.reportNotMade, [])
        case .mailAddress(let address): UserMessage(.mailAddressNotAccepted, [.text(address)])
        case .mailNotConfigured: UserMessage(.mailNotConfigured, [])
        case .mail: UserMessage(.mailNotSent, [])
        }
    }
}

extension QuestionnaireAnswerError: UserFacingError {
    /// The refusal as data, naming the question as the care team wrote it; nil for an item no form shows.
    public var userMessage: UserMessage? {
        switch self {
        case .missing(_, let text): UserMessage(.answerMissing, [.text(text)])
        case .outOfRange(_, let text, let range?, let given):
            UserMessage(
                .answerNotInRange,
                [
                    .text(text), .text(given), .number(Double(range.lowerBound), digits: 0),
                    .number(Double(range.upperBound), digits: 0),
                ]
            )
        case .outOfRange(_, let text, nil, let given): UserMessage(.answerNotWholeNumber, [.text(text), .text(given)])
        case .tooLong(_, let limit): UserMessage(.answerTooLong, [.count(limit)])
        case .notYesOrNo(_, let given): UserMessage(.answerNotYesOrNo, [.text(given)])
        case .unknownItem: nil
        }
    }
}

extension QuestionnaireError: UserFacingError {
    /// An answer's refusal as data; nil for the store's and the assignment's cases, which no page's form causes.
    public var userMessage: UserMessage? {
        guard case .answer(let error) = self else { return nil }
        return error.userMessage
    }
}
