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
