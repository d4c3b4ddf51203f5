import Care
import CareEngine
import Clinical
import FoodData
import Foundation
import HubCore
import HubRecords
import HubStore
import TestSupport
import Testing

/// The shipped USDA database, read once, on a thread of its own: decompressing and parsing it takes a second or more
/// of CPU, which must not block the cooperative thread pool the other suites' tests run on.
private let usdaFoods = Task { () -> Result<USDAFoodDatabase, FoodDataError> in
    await withCheckedContinuation { continuation in
        Thread {
            continuation.resume(
                returning: Result { () throws(FoodDataError) -> USDAFoodDatabase in try ShippedFoodDatabase.load() }
            )
        }.start()
    }
}

/// A store with the USDA foods and one hemodialysis patient in Berlin (dry weight 70 kg) whose last serum potassium
/// was 5.6 mmol/L on 2026-11-02.
private struct AdviceWorld {
    let directory: TemporaryDirectory
    let store: HubDatabase
    let profile: StoredProfile
    let service: AdviceService

    static func make(medications: [Medication] = []) async throws -> AdviceWorld {
        let directory = try TemporaryDirectory()
        let store = try HubDatabase.open(atPath: directory.file("store.sqlite"), durability: .normal)
        try await store.importFoodDatabase(try await usdaFoods.value.get(), atMs: 1)
        try await store.acceptTerms(version: TermsOfService.current.version, atMs: 1)
        let profile = try await store.saveProfile(
            PatientProfile(
                name: "Ana",
                diseaseCategory: .hemodialysis,
                dryWeightKilograms: 70,
                timeZoneIdentifier: "Europe/Berlin",
                medications: medications
            ),
            id: nil,
            atMs: 2
        )
        let world = AdviceWorld(
            directory: directory,
            store: store,
            profile: profile,
            service: AdviceService(store: store)
        )
        try await world.lab("potassium", 5.6, unit: "mmol/L", at: "2026-11-02T08:00")
        return world
    }

    /// A Berlin wall-clock time in November/December 2026 (UTC+1).
    static func at(_ local: String) throws -> RFC3339Timestamp { try RFC3339.parse(local + ":00+01:00") }

    func lab(_ id: String, _ value: Double, unit: String, at local: String) async throws {
        let taken = try Self.at(local)
        let value = LabValue(
            analyteID: id,
            value: value,
            unit: unit,
            originalValue: value,
            originalUnit: unit,
            takenAt: taken
        )
        _ = try await store.insertLabResults(
            [value],
            profileId: profile.id,
            source: .manual,
            createdAtMs: taken.epochMilliseconds
        )
    }

    @discardableResult
    func log(ndb: String, amount: Double, unit: String, meal: Meal, at local: String) async throws -> [AdviceMessage] {
        let food = try await store.food(ndb: ndb)
        let taken = try Self.at(local)
        let entry = try await store.logFood(
            "#\(food.id)",
            amount: amount,
            unit: unit,
            meal: meal,
            takenAt: taken,
            profile: profile,
            atMs: taken.epochMilliseconds
        )
        return try await service.afterLogging(entry, food: food, profile: profile, at: taken.epochMilliseconds)
    }
}

@Suite(.serialized) struct AdviceServiceTests {
    /// USDA SR28: 09040 bananas, raw; 09206 orange juice, raw; 09112 grapefruit, raw.
    static let banana = "09040", orangeJuice = "09206", grapefruit = "09112"

    @Test func aCupOfOrangeJuiceAgainstWhatIsLeftWithTheLastLabAndRankedSwaps() async throws {
        let world = try await AdviceWorld.make()
        defer { world.directory.remove() }
        // Five medium bananas: 5 × 118 g × 358 mg/100 g = 2,112.2 mg potassium.
        try await world.log(ndb: Self.banana, amount: 5, unit: "medium", meal: .breakfast, at: "2026-11-20T08:00")
        let now = try AdviceWorld.at("2026-11-20T12:00").epochMilliseconds
        let juice = try await world.store.food(ndb: Self.orangeJuice)
        let (check, swaps, portion) = try await world.service.check(
            food: juice,
            amount: 1,
            unit: "cup",
            profile: world.profile,
            at: now
        )
        #expect(portion.grams == 248)
        // The last potassium 5.6 mmol/L is high and a cup holds 496 mg (potassium-rich, over 200 mg): it does not
        // fit, although the day's budget still has room (issue 17).
        #expect(check.verdict == .doesNotFit)
        #expect(check.interactions.contains { $0.ruleId == LabFoodRules.highPotassiumRichFood.id })
        let potassium = try #require(check.budget.first { $0.subject == .potassium })
        #expect(potassium.portion == 496)  // 200 mg/100 g × 248 g
        #expect(potassium.message.text.contains("potassium 496 mg, 55.9 % of the 887.8 mg left today"))
        #expect(potassium.message.text.contains("your last potassium was 5.6 mmol/L, high, on 2026-11-02"))
        #expect(check.subjectAtIssue == .potassium)
        #expect(!swaps.isEmpty)
        for swap in swaps {
            #expect(swap.food.group == "Fruits and Fruit Juices")
            #expect(swap.food.isLiquid)
            #expect(swap.amount < 496)
            // Compared in a comparable serving: the swap's own usual household measure.
            #expect(swap.food.grams > 0)
        }
        // The firing is recorded with its rule version and facts.
        let firings = try await world.store.adviceFirings(profileId: world.profile.id)
        let recorded = try #require(firings.first { $0.message.ruleId == "budget-large-share" })
        #expect(recorded.context == "foods check")
        #expect(recorded.message.ruleVersion == 1)
        #expect(recorded.message.facts["lab_potassium"] == "5.6 mmol/L, high, on 2026-11-02")
        #expect(recorded.message.facts["portion"] == "496")
        #expect(firings.contains { $0.message.ruleId == "substitution" })
    }

    @Test func loggingPastTheLimitPostsAnAlertOnce() async throws {
        let world = try await AdviceWorld.make()
        defer { world.directory.remove() }
        try await world.log(ndb: Self.banana, amount: 5, unit: "medium", meal: .breakfast, at: "2026-11-20T08:00")
        let crossing = try await world.log(
            ndb: Self.orangeJuice,
            amount: 3,
            unit: "cup",
            meal: .lunch,
            at: "2026-11-20T12:30"
        )
        #expect(crossing.contains { $0.ruleId == "alert-day-over-limit" && $0.facts["subject"] == "potassium" })
        #expect(crossing.contains { $0.ruleId == "alert-meal-over-share" && $0.facts["meal"] == "lunch" })
        let feed = try await world.store.notifications(profileId: world.profile.id)
        // The title says what (the nutrient), which value against which limit, and when.
        let alert = try #require(feed.first { $0.title.hasPrefix("WARNING: Potassium ") })
        #expect(alert.title.hasSuffix("over your limit of 3000 mg today"), "\(alert.title)")
        #expect(alert.type == .alert)
        #expect(alert.body.contains("[source:"))
        // Over already: the next entry does not cross again.
        let after = try await world.log(
            ndb: Self.orangeJuice,
            amount: 1,
            unit: "cup",
            meal: .dinner,
            at: "2026-11-20T18:30"
        )
        #expect(!after.contains { $0.ruleId == "alert-day-over-limit" && $0.facts["subject"] == "potassium" })
        let feedAfter = try await world.store.notifications(profileId: world.profile.id)
        #expect(feedAfter.filter { $0.title.contains("over your limit of") }.count == 1)
    }

    @Test func aBackDatedMealNamesItsOwnDayNeverToday() async throws {
        let world = try await AdviceWorld.make()
        defer { world.directory.remove() }
        try await world.log(ndb: Self.banana, amount: 5, unit: "medium", meal: .breakfast, at: "2026-11-20T08:00")
        // Logged two days later for the 20th.
        let juice = try await world.store.food(ndb: Self.orangeJuice)
        let entry = try await world.store.logFood(
            "#\(juice.id)",
            amount: 3,
            unit: "cup",
            meal: .lunch,
            takenAt: try AdviceWorld.at("2026-11-20T12:30"),
            profile: world.profile,
            atMs: try AdviceWorld.at("2026-11-22T09:00").epochMilliseconds
        )
        let fired = try await world.service.afterLogging(
            entry,
            food: juice,
            profile: world.profile,
            at: try AdviceWorld.at("2026-11-22T09:00").epochMilliseconds
        )
        let crossing = try #require(fired.first { $0.ruleId == "alert-day-over-limit" })
        #expect(crossing.text.hasPrefix("The total of 2026-11-20 is now over your limit"), "\(crossing.text)")
        let feed = try await world.store.notifications(profileId: world.profile.id)
        // The breakfast was logged on its own day ("today" then); the juice's alerts name the 20th.
        let juiceAlerts = feed.filter { $0.title.contains("at lunch") || $0.title.contains("over your limit") }
        #expect(juiceAlerts.count == 2)
        #expect(juiceAlerts.allSatisfy { $0.title.hasSuffix("on 2026-11-20") && !$0.body.contains("Today") })
        #expect(feed.contains { $0.title.hasSuffix("over your limit of 3000 mg on 2026-11-20") })
    }

    @Test func grapefruitWithTacrolimusIsCriticalAndAnUnknownDrugHasNoData() async throws {
        let world = try await AdviceWorld.make(medications: [
            Medication(name: "Prograf 1 mg"), Medication(name: "Xyzzamab"),
        ])
        defer { world.directory.remove() }
        let fired = try await world.log(
            ndb: Self.grapefruit,
            amount: 1,
            unit: "g",
            meal: .snack,
            at: "2026-11-20T10:00"
        )
        let warning = try #require(fired.first { $0.ruleId == "fdi-08-tacrolimus-grapefruit" })
        #expect(warning.severity == .critical)
        #expect(warning.facts["medication"] == "Prograf 1 mg")
        let feed = try await world.store.notifications(profileId: world.profile.id)
        #expect(feed.contains { $0.title.hasPrefix("CRITICAL:") && $0.body.contains("tacrolimus") })
        let matrix = try await world.service.matrix(
            profile: world.profile,
            at: try AdviceWorld.at("2026-11-20T12:00").epochMilliseconds
        )
        #expect(matrix.medications.map(\.hasNoInteractionData) == [false, true])
    }

    @Test func aCriticalPotassiumTellsThePatientToContactTheCareTeamOnce() async throws {
        let world = try await AdviceWorld.make()
        defer { world.directory.remove() }
        try await world.lab("potassium", 6.9, unit: "mmol/L", at: "2026-11-19T08:00")
        let now = try AdviceWorld.at("2026-11-20T12:00").epochMilliseconds
        let alerts = try await world.service.postStandingAlerts(profile: world.profile, at: now)
        #expect(alerts.map(\.ruleId) == ["alert-lab-potassium-critical"])
        _ = try await world.service.postStandingAlerts(profile: world.profile, at: now + 60_000)
        let feed = try await world.store.notifications(profileId: world.profile.id)
        let critical = feed.filter { $0.title.hasPrefix("CRITICAL:") }
        #expect(critical.count == 1)
        #expect(critical.first?.body.contains("Contact your care team now") == true)
        // The title names the analyte; the rule's review status is in the body, never instead of the title.
        #expect(critical.first?.title == "CRITICAL: Your potassium is dangerously high")
        #expect(critical.first?.body.contains("Review: not yet checked against its source.") == true)
    }

    @Test func theSchedulerWritesLastMonthsReportCardOnceAndNotifies() async throws {
        let world = try await AdviceWorld.make()
        defer { world.directory.remove() }
        try await world.log(ndb: Self.banana, amount: 2, unit: "medium", meal: .breakfast, at: "2026-11-20T08:00")
        try await world.lab("potassium", 5.1, unit: "mmol/L", at: "2026-11-25T08:00")
        let clock = ManualClock(start: try AdviceWorld.at("2026-12-01T09:00").epochMilliseconds)
        let (passes, continuation) = AsyncStream.makeStream(of: EvaluationReport.self)
        let scheduler = GoalScheduler(
            engine: GoalEngine(store: world.store),
            dispatcher: nil,
            clock: clock,
            onPass: { continuation.yield($0) },
            afterEvaluation: { [store = world.store] now in await ReportCardService(store: store).closedMonths(at: now)
            }
        )
        let task = Task { await scheduler.run() }
        var iterator = passes.makeAsyncIterator()
        _ = await iterator.next()
        task.cancel()
        let card = try #require(try await world.store.reportCard(profileId: world.profile.id, month: "2026-11"))
        let potassium = try #require(card.lines.first { $0.topic == "potassium (blood)" })
        #expect(potassium.thisMonth == "5.1 mmol/L")
        #expect(potassium.status == "off target")
        let diet = try #require(card.lines.first { $0.topic == "potassium (diet, per day)" })
        #expect(diet.thisMonth == "844.9 mg")  // 2 × 118 g × 358 mg/100 g on the one logged day
        #expect(!card.recommendedFoods.isEmpty)
        let feed = try await world.store.notifications(profileId: world.profile.id)
        #expect(feed.filter { $0.title == "Your report card for 2026-11 is ready" }.count == 1)
        // Again (a later pass, a restart): nothing new.
        #expect(await ReportCardService(store: world.store).closedMonths(at: clock.now() + 3_600_000) == 0)
    }

    /// The report card's "foods to try" (issue 17, item 8): everyday fruits and vegetables in a normal household
    /// serving (once it offered "Maraschino cherries (1 cherry)"), none over any restricted nutrient per serving.
    @Test func foodsToTryAreEverydayServingsWithinEveryRestrictedNutrient() async throws {
        let world = try await AdviceWorld.make()
        defer { world.directory.remove() }
        let limits = try await world.store.dailyLimits(for: world.profile)
        let foods = try await ReportCardService(store: world.store).recommendedFoods(
            limits: limits,
            profile: world.profile
        )
        #expect(foods.count == 6, "\(foods)")
        var categories: [FoodCategory] = []
        for text in foods {
            // "Name (serving: …)"; names hold parentheses themselves ("Tangerines, (mandarin oranges), raw").
            let entry = try #require(EverydayFoods.all.first { text.hasPrefix($0.name + " (") }, "\(text)")
            categories.append(entry.category)
            #expect(text.contains("(1 \(entry.serving)") || text.contains("\(entry.serving):"), "\(text)")
            let food = try await world.store.food(ndb: entry.ndb)
            let serving = try #require(entry.servingMeasure(in: food.facts))
            let portion = AdviceFood(facts: food.facts, group: food.group, grams: serving.grams)
            #expect(ServingCaps.exceeded(by: portion, limits: limits).isEmpty, "\(text)")
            for cap in [
                (Nutrient.potassium, ServingCaps.potassiumMilligrams), (.phosphorus, ServingCaps.phosphorusMilligrams),
            ] {
                #expect((portion.nutrients[cap.0] ?? 0) <= cap.1, "\(text): \(cap.0)")
            }
            #expect(!text.lowercased().contains("maraschino") && !text.contains("1 cherry"), "\(text)")
        }
        #expect(categories == [.fruit, .fruit, .fruit, .vegetable, .vegetable, .vegetable], "\(foods)")
    }
}
