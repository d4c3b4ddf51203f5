import Care
import Foundation
import Testing

/// The food-name rule on its own, with names as USDA writes them.
struct FoodNameRuleTests {
    static func usda(_ id: Int64, _ name: String) -> FoodNameCandidate {
        FoodNameCandidate(id: id, name: name, ndb: String(format: "%05d", id))
    }

    @Test func theRawFormWinsOverProcessedOnes() {
        let matches = [
            Self.usda(2, "Bananas, dehydrated, or banana powder"), Self.usda(1, "Bananas, raw"),
        ]
        #expect(
            FoodNameRule.resolve("banana", own: [], everyday: nil, matches: matches) == .food(matches[1], .commonForm)
        )
    }

    @Test func aProcessedFormTypedIsWhatIsMeant() {
        let matches = [Self.usda(2, "Bananas, dehydrated, or banana powder"), Self.usda(1, "Bananas, raw")]
        #expect(
            FoodNameRule.resolve("banana powder", own: [], everyday: nil, matches: [matches[0]])
                == .food(matches[0], .onlyMatch)
        )
    }

    @Test func twoPlainFormsAsk() {
        let matches = [Self.usda(1, "Lettuce, iceberg, raw"), Self.usda(2, "Lettuce, cos or romaine, raw")]
        #expect(FoodNameRule.resolve("lettuce", own: [], everyday: nil, matches: matches) == .ask(matches))
    }

    @Test func historyOutranksTheEverydayTable() {
        let buttermilk = FoodNameCandidate(
            id: 9,
            name: "Milk, buttermilk, fluid, cultured, lowfat",
            ndb: "01088",
            ownWeight: 3000
        )
        let whole = Self.usda(1077, "Milk, whole, 3.25% milkfat, with added vitamin D")
        #expect(
            FoodNameRule.resolve("milk", own: [buttermilk], everyday: whole, matches: [])
                == .food(buttermilk, .yourFood)
        )
        #expect(FoodNameRule.resolve("milk", own: [], everyday: whole, matches: []) == .food(whole, .everydayWord))
    }

    @Test func aCustomFoodNeverEatenIsOnlyACandidate() {
        let tea = FoodNameCandidate(id: 9000, name: "Milk tea", ndb: nil, ownWeight: 0)
        let dried = Self.usda(1094, "Milk, buttermilk, dried")
        let low = Self.usda(1089, "Milk, low sodium, fluid")
        #expect(FoodNameRule.resolve("milk", own: [tea], everyday: nil, matches: [dried, low]) == .ask([tea, low]))
    }

    @Test func everyEverydayWordIsKeyedAsSearchFoldsIt() {
        for key in EverydayFoodForms.table.keys {
            #expect(FoodSearchQuery.fold(key).joined(separator: " ") == key)
            #expect(EverydayFoodForms.ndb(for: key.uppercased()) == EverydayFoodForms.table[key])
        }
    }
}
