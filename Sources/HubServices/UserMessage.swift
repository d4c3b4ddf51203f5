import Clinical
import HubCore

/// A refusal as a key and its arguments, so a front end writes it in the person's language (the web app's message
/// catalogue) while the error's `description` keeps the command line's English words.
public struct UserMessage: Sendable, Equatable {
    /// What the message says.
    public enum Key: String, Sendable, CaseIterable {
        /// A value outside the range nothing is stored outside of: field, value, low, high, unit.
        case outOfRange
        /// A typed blood pressure outside the usual range, stored only when confirmed: field, value, low, high, unit.
        case unusualValue
        /// Diastolic not below systolic: diastolic, systolic.
        case diastolicNotBelowSystolic
        /// A time later than now: field.
        case inTheFuture
        /// Not a number: field, the text typed.
        case notANumber
        /// A lab outside its plausible range: lab, value, unit, low, high, unit of the range.
        case labOutOfRange
        /// A lab in a unit it is not measured in: lab, unit, the units accepted.
        case labUnitNotAccepted
        /// A lab the catalogue does not know: the id typed.
        case unknownLab
        /// A field whose value is not accepted, the reason only in the command line's words: field.
        case fieldNotAccepted
        /// A time that is not a date and time: field, the text typed.
        case notATime
        /// A date that is not a date: field, the text typed.
        case notADate
        /// A local time the profile's clock skips (a clock change): field, the text typed.
        case timeNotOnClock
        /// The profile's time zone is missing or unknown.
        case timeZoneUnusable
        /// A lab result of the same test at the same time is stored already: lab, the time (RFC 3339).
        case labDuplicate
        /// A lab CSV file that cannot be read at all.
        case labFileUnreadable
        /// Rows of a lab CSV file are invalid, so nothing was imported: invalid rows, all rows.
        case labRowsInvalid
        /// The medicine has an active order already: the name.
        case medicationAlreadyActive
        /// No medicine order of that name or id: the reference.
        case medicationUnknown
        /// Doses are logged for active orders only: the name.
        case medicationNotActive
        /// The medicine has no dose at that time on that day: the name, the day.
        case doseUnknown
        /// Goals need the profile's kidney disease category.
        case goalNeedsCategory
        /// No goal template of that id for this profile: the id.
        case goalTemplateUnknown
        /// The fruit-and-vegetable goal is not offered (the potassium gate).
        case goalNotOffered
        /// A goal's target misses a value.
        case goalTargetMissing
        /// A goal period that is not a day, week or month.
        case goalPeriod
        /// A value refused by its check; nothing stored.
        case valueNotStored
        /// A food amount that cannot be measured in that unit.
        case portionNotMeasured
        /// The report could not be made.
        case reportNotMade
        /// Not an email address: the address typed.
        case mailAddressNotAccepted
        /// No mail program is set up, so the report was not made.
        case mailNotConfigured
        /// The report was made and kept but the mail program did not send it.
        case mailNotSent
        /// A question without its answer: the question.
        case answerMissing
        /// An answer that is not a whole number in the question's range: the question, the answer, low, high.
        case answerNotInRange
        /// An answer that is not a whole number: the question, the answer.
        case answerNotWholeNumber
        /// An answer longer than allowed: the most characters.
        case answerTooLong
        /// An answer that is not yes or no: the answer.
        case answerNotYesOrNo
    }

    /// One argument, kept as data so the front end writes numbers, units and names its own way.
    public enum Argument: Sendable, Equatable {
        /// Words shown as they are (what the person typed).
        case text(String)
        /// A number, with at most `digits` decimals.
        case number(Double, digits: Int)
        /// A UCUM unit code (the front end shows its display name).
        case unit(String)
        /// The form field at fault, as the service names it (`value`, `components.systolic`, `date`).
        case field(String)
        /// A lab's catalogue id (the front end shows its name).
        case lab(String)
        /// Several UCUM unit codes.
        case units([String])
        /// A day as `YYYY-MM-DD` (the front end writes it its own way).
        case day(String)
        /// An instant as RFC 3339 (the front end writes its local date and time).
        case time(String)
        /// A count.
        case count(Int)
    }

    /// The message.
    public var key: Key
    /// Its arguments, in the order the key's description lists them.
    public var arguments: [Argument]

    /// A message from its key and arguments.
    public init(_ key: Key, _ arguments: [Argument]) {
        self.key = key
        self.arguments = arguments
    }
}

/// An error of the application layer a person can act on, with its message as data when it has one.
public protocol UserFacingError: Error {
    /// The message to write in the person's language; nil when only the error's English description says it.
    var userMessage: UserMessage? { get }
}

extension UserMessage {
    /// The message of a measurement field's problem, when the problem is given as data.
    init?(_ error: MeasurementFieldError) {
        guard let problem = error.problem else { return nil }
        let field = Argument.field(error.field)
        switch problem {
        case .outOfRange(let value, let low, let high, let unit):
            self.init(
                .outOfRange,
                [field, .number(value, digits: 1), .number(low, digits: 1), .number(high, digits: 1), .unit(unit)]
            )
        case .unusual(let value, let low, let high, let unit):
            self.init(
                .unusualValue,
                [field, .number(value, digits: 1), .number(low, digits: 1), .number(high, digits: 1), .unit(unit)]
            )
        case .diastolicNotBelowSystolic(let diastolic, let systolic):
            self.init(.diastolicNotBelowSystolic, [.number(diastolic, digits: 0), .number(systolic, digits: 0)])
        case .inTheFuture:
            self.init(.inTheFuture, [field])
        }
    }
}

extension UserMessage {
    /// The message of a lab's refusal; nil for a value that is not finite (no form can send one).
    init?(_ error: LabValidationError) {
        switch error {
        case .unknownAnalyte(let id, _):
            self.init(.unknownLab, [.text(id)])
        case .unsupportedUnit(let unit, let analyte, let accepted):
            self.init(.labUnitNotAccepted, [.lab(analyte), .unit(unit), .units(accepted)])
        case .nonFiniteValue:
            return nil
        case .outsidePlausibleRange(let problem):
            let decimals = problem.plausible.decimals
            self.init(
                .labOutOfRange,
                [
                    .lab(problem.analyte), .number(problem.value, digits: max(decimals, 2)), .unit(problem.unit),
                    .number(problem.plausible.range.lowerBound, digits: decimals),
                    .number(problem.plausible.range.upperBound, digits: decimals), .unit(problem.plausible.unit),
                ]
            )
        case .futureDate:
            self.init(.inTheFuture, [.field("date")])
        }
    }
}
