import Foundation
import Testing

@testable import Care
@testable import Clinical
@testable import HubCore

/// The fruit-and-vegetable goal (issue 9): cups from USDA measures, the potassium gate, its progress and template.
struct FruitVegetableGoalTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!
    private func date(_ text: String) throws -> CalendarDate { try CalendarDate(parsing: text) }
    private func ms(_ text: String) throws -> Int64 { try RFC3339.parse(text).epochMilliseconds }

    // SR28 foods with their real WEIGHT rows (usda-sr28.tsv.gz).
    private let banana = FruitVegetableCups.Food(
        groupCode: "0900",
        name: "Bananas, raw",
        measures: [
            HouseholdMeasure(amount: 1, description: "cup, mashed", grams: 225),
            HouseholdMeasure(amount: 1, description: "cup, sliced", grams: 150),
            HouseholdMeasure(amount: 1, description: "medium (7\" to 7-7/8\" long)", grams: 118),
        ]
    )
    private let apple = FruitVegetableCups.Food(
        groupCode: "0900",
        name: "Apples, raw, with skin",
        measures: [
            HouseholdMeasure(amount: 1, description: "cup, quartered or chopped", grams: 125),
            HouseholdMeasure(amount: 1, description: "cup slices", grams: 109),
            HouseholdMeasure(amount: 1, description: "medium (3\" dia)", grams: 182),
        ]
    )
    private let orangeJuice = FruitVegetableCups.Food(
        groupCode: "0900",
        name: "Orange juice, raw",
        measures: [
            HouseholdMeasure(amount: 1, description: "cup", grams: 248),
            HouseholdMeasure(amount: 1, description: "fl oz", grams: 31),
        ]
    )
    private let spinach = FruitVegetableCups.Food(
        groupCode: "1100",
        name: "Spinach, raw",
        measures: [
            HouseholdMeasure(amount: 1, description: "cup", grams: 30),
            HouseholdMeasure(amount: 1, description: "bunch", grams: 340),
        ]
    )
    private let raisins = FruitVegetableCups.Food(
        groupCode: "0900",
        name: "Raisins, seeded",
        measures: [
            HouseholdMeasure(amount: 1, description: "cup, packed", grams: 165),
            HouseholdMeasure(amount: 1, description: "cup (not packed)", grams: 145),
        ]
    )

    @Test func cupsComeFromTheFoodsLightestCupMeasure() {
        // A medium banana: 118 g / 150 g ("cup, sliced", lighter than "cup, mashed" 225 g).
        #expect(abs(FruitVegetableCups.cups(grams: 118, of: banana) - 118.0 / 150.0) < 1e-9)
        // A medium apple: 182 g / 109 g ("cup slices").
        #expect(abs(FruitVegetableCups.cups(grams: 182, of: apple) - 182.0 / 109.0) < 1e-9)
        // 100 % juice counts cup for cup (MyPlate).
        #expect(abs(FruitVegetableCups.cups(grams: 248, of: orangeJuice) - 1) < 1e-9)
        // A half-cup measure gives the grams of a whole cup.
        let halfCup = FruitVegetableCups.Food(
            groupCode: "1100",
            name: "Carrots, cooked, boiled, drained, without salt",
            measures: [HouseholdMeasure(amount: 0.5, description: "cup slices", grams: 78)]
        )
        #expect(abs(FruitVegetableCups.cups(grams: 156, of: halfCup) - 1) < 1e-9)
    }

    @Test func rawLeafyGreensCountHalfAndDriedFruitDouble() {
        // 60 g of raw spinach is 2 raw cups, 1 cup-equivalent.
        #expect(abs(FruitVegetableCups.cups(grams: 60, of: spinach) - 1) < 1e-9)
        // 72.5 g of raisins is half a cup (145 g not packed), 1 cup-equivalent.
        #expect(abs(FruitVegetableCups.cups(grams: 72.5, of: raisins) - 1) < 1e-9)
        #expect(!FruitVegetableCups.isRawLeafyGreen("Spinach, cooked, boiled, drained, without salt"))
        #expect(!FruitVegetableCups.isDriedFruit("Apricots, dried, sulfured, stewed, without added sugar"))
    }

    @Test func foodsWithoutACupMeasureUseTheirGroupsMedianAndOtherGroupsCountNothing() {
        let noCup = FruitVegetableCups.Food(
            groupCode: "1100",
            name: "Pumpkin, raw",
            measures: [HouseholdMeasure(amount: 1, description: "oz", grams: 28.35)]
        )
        #expect(abs(FruitVegetableCups.cups(grams: 300, of: noCup) - 2) < 1e-9)  // 300 g / 150 g
        let fruit = FruitVegetableCups.Food(groupCode: "0900", name: "Jackfruit, raw", measures: [])
        #expect(abs(FruitVegetableCups.cups(grams: 120, of: fruit) - 0.5) < 1e-9)  // 120 g / 240 g
        let lentils = FruitVegetableCups.Food(
            groupCode: "1600",
            name: "Lentils, mature seeds, cooked, boiled, without salt",
            measures: [HouseholdMeasure(amount: 1, description: "cup", grams: 198)]
        )
        #expect(FruitVegetableCups.cups(grams: 198, of: lentils) == 0)
        let ownFood = FruitVegetableCups.Food(groupCode: nil, name: "Grandma's salad", measures: [])
        #expect(FruitVegetableCups.cups(grams: 200, of: ownFood) == 0)
    }

    @Test func thePotassiumGateNeedsARecentNormalResult() throws {
        let now = try ms("2026-11-22T12:00:00+01:00")
        let (nov2, aug24, aug23) = (
            try ms("2026-11-02T08:00:00+01:00"), try ms("2026-08-24T08:00:00+02:00"),
            try ms("2026-08-23T08:00:00+02:00")
        )
        func check(_ value: Double, _ taken: Int64) throws(PotassiumGate.Refusal) {
            try PotassiumGate.check(latest: GoalData.Reading(atMs: taken, value: value), atMs: now, timeZone: berlin)
        }
        #expect(throws: PotassiumGate.Refusal.noResult) {
            try PotassiumGate.check(latest: nil, atMs: now, timeZone: berlin)
        }
        // 5.0 mmol/L is the top of the normal range: allowed; above it is refused with the value and its date.
        try check(5.0, nov2)
        #expect(throws: PotassiumGate.Refusal.high(millimolesPerLiter: 5.6, on: try date("2026-11-02"))) {
            try check(5.6, nov2)
        }
        #expect(
            PotassiumGate.Refusal.high(millimolesPerLiter: 5.6, on: try date("2026-11-02")).description
                == "your last potassium was 5.6 mmol/L on 2026-11-02, above 5.0 mmol/L; ask your care team first"
        )
        // 90 days before 2026-11-22 is 2026-08-24: allowed; a day older is not recent.
        try check(4.2, aug24)
        #expect(throws: PotassiumGate.Refusal.notRecent(millimolesPerLiter: 4.2, on: try date("2026-08-23"))) {
            try check(4.2, aug23)
        }
    }

    @Test func progressIsTheDaysCupsAndPausesWhileThePotassiumIsHigh() throws {
        let context = GoalContext(timeZone: berlin)
        let day = GoalPeriod.day.window(containing: try date("2026-11-16"))
        var data = GoalData()
        data.fruitVegetableCups = [try date("2026-11-16"): 1.2, try date("2026-11-17"): 5]
        let kind = GoalKind.fruitVegetableCups(2)
        let partial = GoalAssessor.progress(of: kind, in: day, data: data, context: context)
        #expect(partial.met == false && abs((partial.fraction ?? 0) - 0.6) < 1e-9)
        #expect(partial.detail == "1.2 cups")
        data.fruitVegetableCups[try date("2026-11-16")] = 2.0
        #expect(GoalAssessor.progress(of: kind, in: day, data: data, context: context).met == true)

        // A week: (2 + 5) / 7 = 1 cup a day on average, half the goal.
        let week = GoalPeriod.week.window(containing: try date("2026-11-18"))
        let weekly = GoalAssessor.progress(of: kind, in: week, data: data, context: context)
        #expect(weekly.met == false && abs((weekly.measure ?? 0) - 1) < 1e-9)

        // A high potassium taken before the day's end pauses it: not judged, so not rewarded.
        data.latestPotassium = GoalData.Reading(atMs: try ms("2026-11-02T08:00:00+01:00"), value: 5.6)
        let paused = GoalAssessor.progress(of: kind, in: day, data: data, context: context)
        #expect(paused.met == nil && paused.fraction == nil)
        #expect(paused.detail.contains("5.6 mmol/L on 2026-11-02"))
        // A normal one does not.
        data.latestPotassium = GoalData.Reading(atMs: try ms("2026-11-02T08:00:00+01:00"), value: 4.4)
        #expect(GoalAssessor.progress(of: kind, in: day, data: data, context: context).met == true)
    }

    @Test func theTemplateIsOfferedOnlyWithoutAPotassiumLimitAndWithNormalLabs() throws {
        let now = try ms("2026-11-22T12:00:00+01:00")
        let normal = GoalData.Reading(atMs: try ms("2026-11-02T08:00:00+01:00"), value: 4.3)
        let offered = GoalTemplates.fruitVegetables(limits: [], latestPotassium: normal, atMs: now, timeZone: berlin)
        #expect(offered == .success(GoalTemplates.fruitVegetableCups))
        #expect(GoalTemplates.fruitVegetableCups.kind == .fruitVegetableCups(2))
        let high = GoalData.Reading(atMs: normal.atMs, value: 5.6)
        #expect(
            GoalTemplates.fruitVegetables(limits: [], latestPotassium: high, atMs: now, timeZone: berlin)
                == .failure(.high(millimolesPerLiter: 5.6, on: try date("2026-11-02")))
        )
        // On hemodialysis potassium is limited by default: not offered, whatever the labs.
        let limits = DailyLimits.limits(for: LimitInputs(category: .hemodialysis, weightKilograms: 70), overrides: [])
        #expect(limits.contains { $0.subject == .potassium })
        #expect(
            GoalTemplates.fruitVegetables(limits: limits, latestPotassium: normal, atMs: now, timeZone: berlin) == nil
        )
    }

    @Test func theGoalIsCountedPerDayWithAPlausibleTarget() {
        let until = GoalPeriod.until(CalendarDate(daysSinceEpoch: 21_000))
        #expect(throws: GoalFieldError.self) { try GoalKind.fruitVegetableCups(2).validate(period: until) }
        #expect(throws: GoalFieldError.self) { try GoalKind.fruitVegetableCups(0).validate() }
        #expect(throws: GoalFieldError.self) { try GoalKind.fruitVegetableCups(11).validate() }
        #expect(GoalKind.fruitVegetableCups(2).summary == "2 cups of fruit and vegetables a day")
        #expect(GoalKind.fruitVegetableCups(2).labAnalytes == ["potassium"])
        #expect(GoalKind.fruitVegetableCups(2).usesIntake && GoalKind.fruitVegetableCups(2).canBeMetEarly)
    }
}
