/// The USDA SR28 foods as KidneyHub ships them: the text that `scripts/build-food-database.py` writes (its docstring
/// gives the format), parsed.
public struct USDAFoodDatabase: Sendable, Equatable {
    /// One USDA food.
    public struct Food: Sendable, Equatable {
        /// The 5-digit NDB number, for example `09040`.
        public var ndb: String
        /// The food group code (FD_GROUP), for example `0900`.
        public var groupCode: String
        /// The long description, for example `Bananas, raw`.
        public var name: String
        /// Other names (ComName), for example `wolfberries`; may be empty.
        public var otherNames: String
        /// Liquid at room temperature, so its water counts as fluid (the script's heuristics).
        public var isLiquid: Bool
        /// The search rank signal: higher is more commonly eaten (the script's `commonness`).
        public var commonness: Int
        /// Nutrients per 100 g; absent ones are unknown.
        public var per100Grams: NutrientAmounts
        /// Household measures (WEIGHT).
        public var measures: [HouseholdMeasure]
    }

    /// The citation of the source.
    public var citation: String
    /// Food groups: code → description.
    public var groups: [String: String]
    /// The foods, by NDB number.
    public var foods: [Food]

    /// The format version this parser reads (the script's FORMAT_VERSION).
    public static let formatVersion = "1"

    /// Parses the resource's text; throws naming the line of the first problem.
    public init(parsing text: String) throws(FoodDatabaseFormatError) {
        var citation = ""
        var nutrients: [Nutrient] = []
        var groups: [String: String] = [:]
        var foods: [Food] = []
        var index: [String: Int] = [:]
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            lineNumber += 1
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            func fail(_ problem: String) -> FoodDatabaseFormatError {
                FoodDatabaseFormatError(line: lineNumber, problem: problem)
            }
            switch fields[0] {
            case "H":
                guard fields.count == 3, fields[1] == Self.formatVersion else {
                    throw fail("format version \(fields.count > 1 ? fields[1] : "?") is not \(Self.formatVersion)")
                }
                citation = fields[2]
            case "N":
                guard fields.count == 5, let nutrient = Nutrient(rawValue: fields[1]), nutrient.unit == fields[3] else {
                    throw fail("unknown nutrient or unit")
                }
                nutrients.append(nutrient)
            case "G":
                guard fields.count == 3 else { throw fail("a group needs 3 fields") }
                groups[fields[1]] = fields[2]
            case "F":
                guard fields.count == 8 + nutrients.count, let commonness = Int(fields[7]) else {
                    throw fail("a food needs \(8 + nutrients.count) fields")
                }
                var amounts = NutrientAmounts()
                for (offset, nutrient) in nutrients.enumerated() where !fields[8 + offset].isEmpty {
                    guard let value = Double(fields[8 + offset]) else { throw fail("bad \(nutrient.rawValue) value") }
                    amounts[nutrient] = value
                }
                index[fields[1]] = foods.count
                foods.append(
                    Food(
                        ndb: fields[1],
                        groupCode: fields[2],
                        name: fields[3],
                        otherNames: fields[4],
                        isLiquid: fields[6] == "1",
                        commonness: commonness,
                        per100Grams: amounts,
                        measures: []
                    )
                )
            case "W":
                guard fields.count == 6, let position = index[fields[1]], let amount = Double(fields[3]),
                    let grams = Double(fields[5]), amount > 0, grams > 0
                else { throw fail("a measure needs a known food, an amount and grams") }
                foods[position].measures.append(HouseholdMeasure(amount: amount, description: fields[4], grams: grams))
            default:
                throw fail("unknown record type '\(fields[0])'")
            }
        }
        self.citation = citation
        self.groups = groups
        self.foods = foods
    }
}

/// A problem in the food database resource.
public struct FoodDatabaseFormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// What is wrong.
    public var problem: String

    /// A problem at a line.
    public init(line: Int, problem: String) {
        self.line = line
        self.problem = problem
    }

    public var description: String { "food database line \(line): \(problem)" }
}
