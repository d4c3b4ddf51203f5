import Care
import HubCore

/// Three foods of the shipped USDA SR28 (bananas, apples, raw spinach) with their real rows, in the shipped format
/// (`scripts/build-food-database.py`): enough foods for the fruit-and-vegetable goal without importing all 8,000.
enum FruitVegetableFoods {
    static let text = """
        H\t1\tUS Department of Agriculture, Agricultural Research Service, Nutrient Data Laboratory. USDA National Nutrient Database for Standard Reference, Release 28. Version Current: September 2015.
        N\tenergy\t208\tkcal\tEnergy
        N\tprotein\t203\tg\tProtein
        N\tfat\t204\tg\tTotal lipid (fat)
        N\tcarbohydrate\t205\tg\tCarbohydrate, by difference
        N\tsugars\t269\tg\tSugars, total
        N\tfiber\t291\tg\tFiber, total dietary
        N\twater\t255\tg\tWater
        N\tcalcium\t301\tmg\tCalcium
        N\tphosphorus\t305\tmg\tPhosphorus
        N\tpotassium\t306\tmg\tPotassium
        N\tsodium\t307\tmg\tSodium
        N\tvitaminK\t430\tug\tVitamin K (phylloquinone)
        N\talcohol\t221\tg\tAlcohol, ethyl
        N\tcaffeine\t262\tmg\tCaffeine
        G\t0900\tFruits and Fruit Juices
        G\t1100\tVegetables and Vegetable Products
        F\t09003\t0900\tApples, raw, with skin\tIncludes USDA commodity food A343\t1\t0\t6\t52\t0.26\t0.17\t13.81\t10.39\t2.4\t85.56\t6\t11\t107\t1\t2.2\t0.0\t0
        F\t09040\t0900\tBananas, raw\t\t1\t0\t6\t89\t1.09\t0.33\t22.84\t12.23\t2.6\t74.91\t5\t22\t358\t1\t0.5\t0.0\t0
        F\t11457\t1100\tSpinach, raw\t\t1\t0\t6\t23\t2.86\t0.39\t3.63\t0.42\t2.2\t91.40\t99\t49\t558\t79\t482.9\t0.0\t0
        W\t09003\t1\t1\tcup, quartered or chopped\t125
        W\t09003\t2\t1\tcup slices\t109
        W\t09003\t3\t1\tlarge (3-1/4\" dia)\t223
        W\t09003\t4\t1\tmedium (3\" dia)\t182
        W\t09003\t5\t1\tsmall (2-3/4\" dia)\t149
        W\t09003\t6\t1\textra small (2-1/2\" dia)\t101
        W\t09003\t7\t1\tNLEA serving\t242
        W\t09040\t1\t1\tcup, mashed\t225
        W\t09040\t2\t1\tcup, sliced\t150
        W\t09040\t3\t1\textra small (less than 6\" long)\t81
        W\t09040\t4\t1\tsmall (6\" to 6-7/8\" long)\t101
        W\t09040\t5\t1\tmedium (7\" to 7-7/8\" long)\t118
        W\t09040\t6\t1\tlarge (8\" to 8-7/8\" long)\t136
        W\t09040\t7\t1\textra large (9\" or longer)\t152
        W\t09040\t8\t1\tNLEA serving\t126
        W\t11457\t1\t1\tcup\t30
        W\t11457\t2\t1\tbunch\t340
        W\t11457\t3\t1\tleaf\t10.0
        W\t11457\t4\t1\tpackage (10 oz)\t284
        """

    static func database() throws -> USDAFoodDatabase { try USDAFoodDatabase(parsing: text) }
}
