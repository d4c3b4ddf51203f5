import Care
import HubCore

/// Why the store refused a nutrition read or write; each case says what was wrong. Nothing is stored when one is
/// thrown (every write is one transaction).
public enum NutritionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The food database has not been imported yet.
    case foodDatabaseMissing
    /// No food matches the text; `suggestions` are the nearest names.
    case unknownFood(String, suggestions: [String])
    /// Several foods match the text and none is the clear best (docs/architecture.md, "Food names"): the person
    /// chooses one of `choices` (never a silent pick).
    case ambiguousFood(String, choices: [FoodNameCandidate])
    /// No food, recipe or entry has this id.
    case unknownId(kind: String, id: Int64)
    /// A custom food or recipe already has this name.
    case nameTaken(String)
    /// A portion was refused.
    case portion(PortionError)
    /// A recipe was refused.
    case recipe(RecipeError)
    /// A value is out of range.
    case invalid(String)
    /// The patient record refused (terms, profile).
    case patientRecord(PatientRecordError)
    /// The database failed underneath.
    case database(String)

    public var description: String {
        switch self {
        case .foodDatabaseMissing:
            "the food database is not imported yet"
        case .unknownFood(let text, let suggestions):
            "no food matches '\(text)'"
                + (suggestions.isEmpty
                    ? " (try `kidneyhub foods search`, or add it with `kidneyhub foods add`)"
                    : "; did you mean: \(suggestions.map { "'\($0)'" }.joined(separator: ", "))?")
        case .ambiguousFood(let text, let choices):
            "'\(text)' matches several foods and none is clearly the one meant;\nname it by #ID or more words:\n"
                + choices.map { "  #\($0.id) \($0.name)" }.joined(separator: "\n")
        case .unknownId(let kind, let id):
            "no \(kind) #\(id)"
        case .nameTaken(let name):
            "a custom food or recipe is already named '\(name)' (names are compared ignoring letter case)"
        case .portion(let error): error.description
        case .recipe(let error): error.description
        case .invalid(let reason): reason
        case .patientRecord(let error): error.description
        case .database(let reason): "store error: \(reason)"
        }
    }
}
