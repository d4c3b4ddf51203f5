import Care
import Clinical
import Foundation
import HubCore
import HubServices

/// How nutrient amounts are written for people: "358 mg", or "unknown" when USDA has no value.
enum NutrientText {
    static func amount(_ value: Double?, _ nutrient: Nutrient) -> String {
        guard let value else { return "unknown" }
        return "\(number(value)) \(unitText(nutrient.unit))"
    }

    static func total(_ total: NutrientTotal, unit: String) -> String {
        if total.isUnknown { return "unknown" }
        let text = "\(number(total.value)) \(unitText(unit))"
        return total.unknownParts > 0 ? "≥ \(text) (unknown in \(total.unknownParts) of \(total.parts))" : text
    }

    static func unitText(_ ucum: String) -> String { UnitDisplayName.text(ucum) }

    /// At most one decimal, none for whole numbers.
    static func number(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(format: "%.1f", rounded)
    }
}

/// The nutrients `foods search` and `foods show` print first.
let kidneyNutrients: [Nutrient] = [.potassium, .phosphorus, .sodium, .protein]

/// Reads a meal name.
func parseMeal(_ text: String) throws -> Meal {
    guard let meal = Meal(rawValue: text.lowercased()) else {
        throw CommandFailure(
            "--meal: unknown meal '\(text)' (accepted: \(Meal.allCases.map(\.rawValue).joined(separator: ", ")))"
        )
    }
    return meal
}

/// A local day typed as `today`, `yesterday` or YYYY-MM-DD (the application resolves it on the profile's clock).
func parseDay(_ text: String?) throws -> LocalDayChoice {
    switch text?.lowercased() {
    case nil, "today": return .today
    case "yesterday": return .yesterday
    case let typed?:
        do {
            return .date(try CalendarDate(parsing: typed))
        } catch {
            throw CommandFailure("'\(typed)' is not a date: use today, yesterday or YYYY-MM-DD")
        }
    }
}

/// The reader of `--at` (RFC 3339 or local YYYY-MM-DDTHH:MM on the profile's clock; now when nil) the application
/// calls once it knows the profile.
func entryTimeReader(_ text: String?) -> EntryTimeReader {
    { profile, now in
        let written: String
        do {
            written = try EntryTime.rfc3339(text, profile: profile, now: now)
        } catch {
            throw CommandFailure("\(error)")
        }
        do {
            return try RFC3339.parse(written)
        } catch {
            throw CommandFailure("--at: \(error)")
        }
    }
}
