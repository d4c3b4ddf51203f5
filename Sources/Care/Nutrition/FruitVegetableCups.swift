/// Cups of fruit and vegetables in a logged portion, for the "2 cups of fruit and vegetables a day" goal (issue 9).
///
/// The rules, in order (USDA MyPlate, "Fruit Group" and "Vegetable Group" pages, and Dietary Guidelines for
/// Americans 2020–2025, appendix 3 "cup-equivalents"):
/// 1. Only USDA SR28 foods of group 0900 "Fruits and Fruit Juices" or 1100 "Vegetables and Vegetable Products"
///    count. 100 % fruit and vegetable juices in those groups count cup for cup, as MyPlate counts 100 % juice
///    (sweetened juice drinks are in SR28's group 1400 "Beverages" and do not count). Own foods and recipes carry no
///    group and do not count; legumes (group 1600) do not count, MyPlate counting them as vegetables or as protein.
/// 2. The portion's grams divided by the grams of one cup from the food's own USDA household measures (WEIGHT); of
///    several cup measures ("cup, mashed" 225 g and "cup, sliced" 150 g for bananas) the lightest, since MyPlate's
///    cup is of cut-up pieces, not mashed or packed.
/// 3. A food without a cup measure: the median lightest cup weight of its group in the shipped SR28 (240 g for
///    fruits, 150 g for vegetables; `fallbackGramsPerCup`).
/// 4. MyPlate: "2 cups of raw leafy greens" and "½ cup of dried fruit" count as 1 cup: raw leafy greens count half,
///    dried fruit double (recognised by name, `isRawLeafyGreen`, `isDriedFruit`).
public enum FruitVegetableCups {
    /// SR28 FD_GROUP "Fruits and Fruit Juices".
    public static let fruitsGroupCode = "0900"
    /// SR28 FD_GROUP "Vegetables and Vegetable Products".
    public static let vegetablesGroupCode = "1100"
    /// The groups that count.
    public static let countedGroupCodes: Set<String> = [fruitsGroupCode, vegetablesGroupCode]

    /// Grams of a cup for a food of the group without a cup measure: the median of the lightest cup measure of each
    /// food of the group in the shipped SR28 (307 of 360 fruits, 680 of 836 vegetables have one; computed from
    /// `Sources/FoodData/Resources/usda-sr28.tsv.gz`, docs/architecture.md "Fruit and vegetable cups").
    public static let fallbackGramsPerCup: [String: Double] = [fruitsGroupCode: 240, vegetablesGroupCode: 150]

    /// What the rules need of a food.
    public struct Food: Sendable, Equatable {
        /// The SR28 food group code; nil for own foods and recipes.
        public var groupCode: String?
        /// The food's name (for leafy greens and dried fruit).
        public var name: String
        /// Its household measures.
        public var measures: [HouseholdMeasure]

        /// A food from its parts.
        public init(groupCode: String?, name: String, measures: [HouseholdMeasure]) {
            self.groupCode = groupCode
            self.name = name
            self.measures = measures
        }
    }

    /// The cups of fruit and vegetables in `grams` of `food` (0 for a food of another group).
    public static func cups(grams: Double, of food: Food) -> Double {
        guard let group = food.groupCode, countedGroupCodes.contains(group), grams.isFinite, grams > 0,
            let gramsPerCup = cupGrams(food.measures) ?? fallbackGramsPerCup[group]
        else { return 0 }
        var cups = grams / gramsPerCup
        if group == vegetablesGroupCode, isRawLeafyGreen(food.name) { cups /= 2 }
        if group == fruitsGroupCode, isDriedFruit(food.name) { cups *= 2 }
        return cups
    }

    /// The grams of one cup: the lightest of the food's cup measures ("cup", "cup, sliced", "cup slices",
    /// "cup (not packed)"), or nil when it has none.
    public static func cupGrams(_ measures: [HouseholdMeasure]) -> Double? {
        measures.filter { $0.shortName == "cup" || $0.shortName.hasPrefix("cup ") }.map(\.gramsPerUnit).min()
    }

    /// Leafy greens that MyPlate counts at 2 raw cups for 1: SR28 names of lettuces and raw greens.
    static let leafyGreenNames = [
        "lettuce", "spinach", "kale", "arugula", "chard", "collards", "endive", "chicory", "cress", "watercress",
        "radicchio", "mustard greens", "turnip greens", "beet greens", "dandelion greens", "cabbage, chinese",
    ]

    /// True for a raw leafy green ("Spinach, raw", "Lettuce, cos or romaine, raw").
    public static func isRawLeafyGreen(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains(", raw") && leafyGreenNames.contains { lowered.hasPrefix($0) }
    }

    /// True for dried fruit ("Raisins, seeded", "Apricots, dried, sulfured, uncooked"), which MyPlate counts at ½ cup
    /// for 1; stewed or cooked dried fruit has taken up water and counts as it is.
    public static func isDriedFruit(_ name: String) -> Bool {
        let lowered = name.lowercased()
        if lowered.contains("stewed") || lowered.contains("cooked") { return false }
        return lowered.hasPrefix("raisins") || lowered.contains("dried") || lowered.contains("dehydrated")
    }
}
