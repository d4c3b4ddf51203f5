import Foundation

/// What kind of food an everyday food is, as a renal diet swaps them: a swap stays in its category (a fruit for a
/// fruit, rice or pasta for a potato, a milk drink for milk), whatever USDA group it is filed under.
public enum FoodCategory: String, Sendable, Codable, CaseIterable {
    case fruit
    case vegetable
    /// Potatoes, rice, pasta, couscous, bread: the starchy part of a meal.
    case starch
    /// Milk and the plant drinks renal diets use instead (rice milk, almond milk).
    case milk
    case cheese
    /// Sodas, lemonade and water.
    case softDrink = "soft drink"
    case breakfastCereal = "breakfast cereal"
}

/// An everyday food a renal diet logs or swaps to, with the household serving it is eaten in.
public struct EverydayFood: Sendable, Equatable {
    /// USDA SR28 NDB number.
    public var ndb: String
    /// Its SR28 name (Long_Desc).
    public var name: String
    /// What it is, for swaps.
    public var category: FoodCategory
    /// The SR28 household measure (Msre_Desc) of one usual serving: a medium fruit, a cup, a slice, a can.
    public var serving: String

    /// An entry from its parts.
    public init(_ ndb: String, _ name: String, _ category: FoodCategory, serving: String) {
        self.ndb = ndb
        self.name = name
        self.category = category
        self.serving = serving
    }

    /// The serving's measure among the food's measures; nil when the database lacks it.
    public func servingMeasure(in facts: FoodFacts) -> HouseholdMeasure? {
        facts.measures.first { $0.description == serving }
    }
}

/// Everyday foods and their swaps (issue 17, item 8): the foods a renal diet's swap lists and "foods to try" are
/// drawn from, each in a normal household serving (no garnish, no single candy or cherry). The choice follows renal
/// diet education (DaVita, "Kidney Diet and Nutrition", davita.com: lower-potassium and lower-phosphorus choices;
/// KDOQI 2020 nutrition guideline: adjust dietary potassium and phosphorus to keep serum levels in range) and is the
/// project's (KidneyHub issue 17). Names, servings and amounts are USDA SR28's (Release 28, 2015);
/// `EverydayFoodsTests` checks each entry against the shipped database. The comment above each entry gives its
/// serving's weight and potassium and phosphorus as SR28 computes them.
public enum EverydayFoods {
    /// Every entry, by category.
    public static let all: [EverydayFood] = [
        // MARK: fruit
        // 1 = 182 g: K 195 mg, P 20 mg
        EverydayFood("09003", "Apples, raw, with skin", .fruit, serving: "medium (3\" dia)"),
        // 1 = 148 g: K 114 mg, P 18 mg
        EverydayFood("09050", "Blueberries, raw", .fruit, serving: "cup"),
        // 1 = 144 g: K 220 mg, P 35 mg
        EverydayFood("09316", "Strawberries, raw", .fruit, serving: "cup, whole"),
        // 1 = 151 g: K 288 mg, P 30 mg
        EverydayFood(
            "09132",
            "Grapes, red or green (European type, such as Thompson seedless), raw",
            .fruit,
            serving: "cup"
        ),
        // 1 = 165 g: K 180 mg, P 13 mg
        EverydayFood("09266", "Pineapple, raw, all varieties", .fruit, serving: "cup, chunks"),
        // 1 = 152 g: K 170 mg, P 17 mg
        EverydayFood("09326", "Watermelon, raw", .fruit, serving: "cup, diced"),
        // 1 = 66 g: K 104 mg, P 11 mg
        EverydayFood("09279", "Plums, raw", .fruit, serving: "fruit (2-1/8\" dia)"),
        // 1 = 178 g: K 206 mg, P 21 mg
        EverydayFood("09252", "Pears, raw", .fruit, serving: "medium"),
        // 1 = 88 g: K 146 mg, P 18 mg
        EverydayFood("09218", "Tangerines, (mandarin oranges), raw", .fruit, serving: "medium (2-1/2\" dia)"),
        // 1 = 123 g: K 186 mg, P 36 mg
        EverydayFood("09302", "Raspberries, raw", .fruit, serving: "cup"),
        // 1 = 150 g: K 285 mg, P 30 mg
        EverydayFood("09236", "Peaches, yellow, raw", .fruit, serving: "medium (2-2/3\" dia)"),
        // 1 = 154 g: K 342 mg, P 32 mg
        EverydayFood("09070", "Cherries, sweet, raw", .fruit, serving: "cup, without pits"),
        // 1 = 131 g: K 237 mg, P 18 mg
        EverydayFood("09200", "Oranges, raw, all commercial varieties", .fruit, serving: "fruit (2-5/8\" dia)"),
        // 1 = 118 g: K 422 mg, P 26 mg
        EverydayFood("09040", "Bananas, raw", .fruit, serving: "medium (7\" to 7-7/8\" long)"),
        // 1 = 146 g: K 708 mg, P 76 mg
        EverydayFood("09037", "Avocados, raw, all commercial varieties", .fruit, serving: "cup, sliced"),
        // MARK: vegetable
        // 1 = 70 g: K 119 mg, P 18 mg
        EverydayFood("11109", "Cabbage, raw", .vegetable, serving: "cup, shredded"),
        // 1 = 107 g: K 320 mg, P 47 mg
        EverydayFood("11135", "Cauliflower, raw", .vegetable, serving: "cup chopped (1/2\" pieces)"),
        // 0.5 = 52 g: K 76 mg, P 12 mg
        EverydayFood("11205", "Cucumber, with peel, raw", .vegetable, serving: "cup slices"),
        // 1 = 100 g: K 211 mg, P 38 mg
        EverydayFood("11052", "Beans, snap, green, raw", .vegetable, serving: "cup 1/2\" pieces"),
        // 1 = 72 g: K 102 mg, P 14 mg
        EverydayFood("11252", "Lettuce, iceberg (includes crisphead types), raw", .vegetable, serving: "cup shredded"),
        // 1 = 110 g: K 161 mg, P 32 mg
        EverydayFood("11282", "Onions, raw", .vegetable, serving: "medium (2-1/2\" dia)"),
        // 1 = 92 g: K 161 mg, P 18 mg
        EverydayFood("11333", "Peppers, sweet, green, raw", .vegetable, serving: "cup, sliced"),
        // 1 = 92 g: K 194 mg, P 24 mg
        EverydayFood("11821", "Peppers, sweet, red, raw", .vegetable, serving: "cup, sliced"),
        // 1 = 113 g: K 295 mg, P 43 mg
        EverydayFood("11477", "Squash, summer, zucchini, includes skin, raw", .vegetable, serving: "cup, sliced"),
        // 1 = 61 g: K 195 mg, P 21 mg
        EverydayFood("11124", "Carrots, raw", .vegetable, serving: "medium"),
        // 1 = 82 g: K 188 mg, P 20 mg
        EverydayFood("11209", "Eggplant, raw", .vegetable, serving: "cup, cubes"),
        // 1 = 91 g: K 288 mg, P 60 mg
        EverydayFood("11090", "Broccoli, raw", .vegetable, serving: "cup chopped"),
        // 1 = 30 g: K 167 mg, P 15 mg
        EverydayFood("11457", "Spinach, raw", .vegetable, serving: "cup"),
        // 1 = 123 g: K 292 mg, P 30 mg
        EverydayFood(
            "11529",
            "Tomatoes, red, ripe, raw, year round average",
            .vegetable,
            serving: "medium whole (2-3/5\" dia)"
        ),
        // 1 = 70 g: K 223 mg, P 60 mg
        EverydayFood("11260", "Mushrooms, white, raw", .vegetable, serving: "cup, pieces or slices"),
        // 1 = 102 g: K 275 mg, P 91 mg
        EverydayFood(
            "11167",
            "Corn, sweet, yellow, raw",
            .vegetable,
            serving: "ear, medium (6-3/4\" to 7-1/2\" long) yields"
        ),
        // 1 = 40 g: K 104 mg, P 10 mg
        EverydayFood("11143", "Celery, raw", .vegetable, serving: "stalk, medium (7-1/2\" - 8\" long)"),
        // MARK: starch
        // 1 = 167 g: K 548 mg, P 67 mg
        EverydayFood(
            "11367",
            "Potatoes, boiled, cooked without skin, flesh, without salt",
            .starch,
            serving: "medium (2-1/4\" to 3-1/4\" dia.)"
        ),
        // 1 = 173 g: K 926 mg, P 121 mg
        EverydayFood("11674", "Potatoes, baked, flesh and skin, without salt", .starch, serving: "potato medium"),
        // 1 = 158 g: K 55 mg, P 68 mg
        EverydayFood("20045", "Rice, white, long-grain, regular, enriched, cooked", .starch, serving: "cup"),
        // 1 = 124 g: K 55 mg, P 72 mg
        EverydayFood(
            "20121",
            "Pasta, cooked, enriched, without added salt",
            .starch,
            serving: "cup spaghetti not packed"
        ),
        // 1 = 157 g: K 91 mg, P 35 mg
        EverydayFood("20029", "Couscous, cooked", .starch, serving: "cup, cooked"),
        // 1 = 30 g: K 38 mg, P 29 mg
        EverydayFood(
            "18069",
            "Bread, white, commercially prepared (includes soft bread crumbs)",
            .starch,
            serving: "slice, large"
        ),
        // MARK: milk
        // 1 = 244 g: K 322 mg, P 205 mg
        EverydayFood("01077", "Milk, whole, 3.25% milkfat, with added vitamin D", .milk, serving: "cup"),
        // 1 = 244 g: K 342 mg, P 224 mg
        EverydayFood(
            "01079",
            "Milk, reduced fat, fluid, 2% milkfat, with added vitamin A and vitamin D",
            .milk,
            serving: "cup"
        ),
        // 1 = 245 g: K 382 mg, P 247 mg
        EverydayFood(
            "01085",
            "Milk, nonfat, fluid, with added vitamin A and vitamin D (fat free or skim)",
            .milk,
            serving: "cup"
        ),
        // 8 = 240 g: K 65 mg, P 134 mg
        EverydayFood(
            "14639",
            "Beverages, rice milk, unsweetened",
            .milk,
            serving: "fl oz (approximate weight, 1 serving)"
        ),
        // 1 = 240 g: K 120 mg, P 19 mg
        EverydayFood(
            "14016",
            "Beverages, almond milk, sweetened, vanilla flavor, ready-to-drink",
            .milk,
            serving: "cup"
        ),
        // 1 = 262 g: K 176 mg, P 26 mg
        EverydayFood("14091", "Beverages, almond milk, unsweetened, shelf stable", .milk, serving: "cup"),
        // MARK: cheese
        // 1 = 28 g: K 21 mg, P 127 mg
        EverydayFood("01009", "Cheese, cheddar", .cheese, serving: "slice (1 oz)"),
        // 1 = 28.35 g: K 37 mg, P 30 mg
        EverydayFood("01017", "Cheese, cream", .cheese, serving: "oz"),
        // 1 = 28.35 g: K 43 mg, P 53 mg
        EverydayFood("01006", "Cheese, brie", .cheese, serving: "oz"),
        // 1 = 28.35 g: K 22 mg, P 100 mg
        EverydayFood("01026", "Cheese, mozzarella, whole milk", .cheese, serving: "oz"),
        // 1 = 28 g: K 20 mg, P 161 mg
        EverydayFood("01040", "Cheese, swiss", .cheese, serving: "slice (1 oz)"),
        // 1 = 28.35 g: K 7 mg, P 73 mg
        EverydayFood("01159", "Cheese, goat, soft type", .cheese, serving: "oz"),
        // 1 = 28.35 g: K 18 mg, P 96 mg
        EverydayFood("01019", "Cheese, feta", .cheese, serving: "oz"),
        // MARK: softDrink
        // 1 = 370 g: K 18 mg, P 33 mg
        EverydayFood("14148", "Beverages, carbonated, cola, regular", .softDrink, serving: "can or bottle (12 fl oz)"),
        // 1 = 368 g: K 4 mg, P 0 mg
        EverydayFood(
            "14144",
            "Beverages, carbonated, lemon-lime soda, no caffeine",
            .softDrink,
            serving: "drink (12 fl oz)"
        ),
        // 1 = 366 g: K 4 mg, P 0 mg
        EverydayFood("14136", "Beverages, carbonated, ginger ale", .softDrink, serving: "can or bottle (12 fl oz)"),
        // 1 = 370 g: K 4 mg, P 0 mg
        EverydayFood("14157", "Beverages, carbonated, root beer", .softDrink, serving: "can or bottle (12 fl oz)"),
        // 1 = 264 g: K 16 mg, P 0 mg
        EverydayFood("14288", "Lemonade, powder, prepared with water", .softDrink, serving: "cup 8 fl oz"),
        // 1 = 237 g: K 0 mg, P 0 mg
        EverydayFood("14411", "Beverages, water, tap, drinking", .softDrink, serving: "serving 8 fl oz"),
        // MARK: breakfastCereal
        // 0.5 = 31 g: K 316 mg, P 356 mg
        EverydayFood(
            "08001",
            "Cereals ready-to-eat, KELLOGG, KELLOGG'S ALL-BRAN Original",
            .breakfastCereal,
            serving: "cup (1 NLEA serving)"
        ),
        // 0.75 = 30 g: K 160 mg, P 135 mg
        EverydayFood(
            "08029",
            "Cereals ready-to-eat, POST Bran Flakes",
            .breakfastCereal,
            serving: "cup (1 NLEA serving)"
        ),
        // 1 = 59 g: K 385 mg, P 205 mg
        EverydayFood(
            "08060",
            "Cereals ready-to-eat, KELLOGG, KELLOGG'S RAISIN BRAN",
            .breakfastCereal,
            serving: "cup ( 1 NLEA serving)"
        ),
        // 1 = 28 g: K 47 mg, P 29 mg
        EverydayFood(
            "08020",
            "Cereals ready-to-eat, KELLOGG, KELLOGG'S Corn Flakes",
            .breakfastCereal,
            serving: "cup (1 NLEA serving)"
        ),
        // 1.25 = 33 g: K 41 mg, P 41 mg
        EverydayFood(
            "08065",
            "Cereals ready-to-eat, KELLOGG, KELLOGG'S RICE KRISPIES",
            .breakfastCereal,
            serving: "cup (1 NLEA serving)"
        ),
        // 1 = 14 g: K 16 mg, P 14 mg
        EverydayFood("08156", "Cereals ready-to-eat, rice, puffed, fortified", .breakfastCereal, serving: "cup"),
        // 1 = 28 g: K 179 mg, P 135 mg
        EverydayFood(
            "08013",
            "Cereals ready-to-eat, GENERAL MILLS, CHEERIOS",
            .breakfastCereal,
            serving: "cup (1 NLEA serving)"
        ),
    ]

    /// The entry of the food named `name` (its SR28 name), if it is an everyday food.
    public static func entry(named name: String) -> EverydayFood? { byName[name] }

    /// The everyday foods of `category`.
    public static func foods(in category: FoodCategory) -> [EverydayFood] { all.filter { $0.category == category } }

    /// The category a checked food is swapped within: its own entry's, else one read from its USDA group and role
    /// (a raw fruit is a fruit, a breakfast cereal a breakfast cereal, a fluid milk milk); nil when none is clear.
    public static func category(of name: String, group: String?, isLiquid: Bool) -> FoodCategory? {
        if let entry = entry(named: name) { return entry.category }
        switch (group, isLiquid) {
        case ("Fruits and Fruit Juices", false): return .fruit
        case ("Vegetables and Vegetable Products", false): return .vegetable
        case ("Breakfast Cereals", false): return .breakfastCereal
        case ("Dairy and Egg Products", true) where name.hasPrefix("Milk,"): return .milk
        case ("Dairy and Egg Products", false) where name.hasPrefix("Cheese,"): return .cheese
        case ("Beverages", true) where name.hasPrefix("Beverages, carbonated"): return .softDrink
        default: return nil
        }
    }

    private static let byName = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
}
