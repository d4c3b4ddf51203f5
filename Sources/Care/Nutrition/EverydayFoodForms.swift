import Foundation

/// Everyday words a renal diet logs whose plain form is clear although USDA SR28 lists many forms under them, each
/// with the SR28 food (NDB number) it means: the unflavoured, unmodified form, fresh, raw or as usually eaten
/// (fluid milk, brewed coffee, cooked rice), never a dried, powdered or other processed form. Words whose form
/// changes the nutrients a renal diet counts and that have no single usual form (cheese, chicken, potato: boiling
/// leaches potassium, baking does not) are left out on purpose, so they ask.
///
/// Chosen by the project (KidneyHub issue 17) from the SR28 descriptions (USDA National Nutrient Database for
/// Standard Reference, Release 28, 2015); `EverydayFoodFormsTests` checks each food exists and is not processed.
public enum EverydayFoodForms {
    /// Typed words (folded as search folds them, joined by one space) → SR28 NDB number.
    public static let table: [String: String] = [
        // Milk, whole, 3.25% milkfat, with added vitamin D: fluid whole milk (not dried or buttermilk).
        "milk": "01077", "whole milk": "01077",
        // Milk, nonfat, fluid, with added vitamin A and vitamin D (fat free or skim).
        "skim milk": "01085",
        // Rice, white, long-grain, regular, enriched, cooked.
        "rice": "20045", "white rice": "20045",
        // Bread, white, commercially prepared.
        "bread": "18069", "white bread": "18069",
        // Beverages, coffee, brewed, prepared with tap water.
        "coffee": "14209",
        // Beverages, tea, black, brewed, prepared with tap water.
        "tea": "14355",
        // Yogurt, plain, whole milk.
        "yogurt": "01116", "yoghurt": "01116",
        // Tomatoes, red, ripe, raw, year round average.
        "tomato": "11529", "tomatoes": "11529",
        // Grapes, red or green (European type, such as Thompson seedless), raw.
        "grapes": "09132", "grape": "09132",
        // Cucumber, with peel, raw.
        "cucumber": "11205",
        // Butter, salted (what is usually bought; unsalted butter is typed as such).
        "butter": "01001",
        // Sugars, granulated.
        "sugar": "19335",
        // Peanut butter, smooth style, with salt.
        "peanut butter": "16098",
        // Ice creams, vanilla.
        "ice cream": "19095",
        // Pasta, cooked, enriched, without added salt.
        "pasta": "20121", "spaghetti": "20121",
        // Cereals, oats, regular and quick, unenriched, cooked with water, without salt.
        "oatmeal": "08121",
        // Beverages, water, tap, drinking.
        "water": "14411",
        // Apple juice, canned or bottled, unsweetened, without added ascorbic acid.
        "apple juice": "09016",
        // Beverages, carbonated, cola, regular.
        "cola": "14148", "coke": "14148", "soda": "14148",
        // Chicken, broilers or fryers, breast, meat only, cooked, roasted.
        "chicken breast": "05064",
        // Potatoes, baked, flesh and skin, without salt.
        "baked potato": "11674",
        // Potatoes, boiled, cooked without skin, flesh, without salt.
        "boiled potato": "11367", "boiled potatoes": "11367",
        // Carambola, (starfruit), raw: dangerous in kidney failure (DaVita dietitians' tips), so it must be found.
        "star fruit": "09060", "starfruit": "09060",
    ]

    /// The NDB number the table gives the typed text, if any.
    public static func ndb(for typed: String) -> String? {
        table[FoodSearchQuery.fold(typed).joined(separator: " ")]
    }
}
