import Care
import Clinical
import GRDB
import HubCore

/// The nutrient columns of `food` and `intakeEntry`: one REAL column per `Nutrient`, named by its raw value.
enum NutrientColumns {
    /// The column names, comma-separated, in `Nutrient.allCases` order.
    static let list = Nutrient.allCases.map(\.rawValue).joined(separator: ", ")
    /// The column names qualified with the `food` table, for joins.
    static let qualifiedList = Nutrient.allCases.map { "food.\($0.rawValue)" }.joined(separator: ", ")
    /// One `?` per column.
    static let placeholders = Nutrient.allCases.map { _ in "?" }.joined(separator: ", ")
    /// `column = ?` per column, for UPDATE.
    static let assignments = Nutrient.allCases.map { "\($0.rawValue) = ?" }.joined(separator: ", ")

    /// The amounts in a row whose nutrient columns start at `first`, in `Nutrient.allCases` order.
    static func read(_ row: Row, from first: Int) -> NutrientAmounts {
        var amounts = NutrientAmounts(Dictionary(minimumCapacity: Nutrient.allCases.count))
        for (offset, nutrient) in Nutrient.allCases.enumerated() {
            if let value = row[first + offset] as Double? { amounts[nutrient] = value }
        }
        return amounts
    }

    /// The values to bind, in column order.
    static func values(_ amounts: NutrientAmounts) -> [(any DatabaseValueConvertible)?] {
        Nutrient.allCases.map { amounts[$0] }
    }
}
