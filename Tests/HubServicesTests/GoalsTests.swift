import Care
import Clinical
import HubCore
import HubRecords
import TestSupport
import Testing

@testable import HubServices

/// The goals service: the potassium gate on fruit-and-vegetable goals, templates, editing and ordering.
struct GoalsTests {
    private func fruitVegetables(_ cups: Double) -> GoalTarget {
        var target = GoalTarget()
        target.kind = "fruit-vegetables"
        target.cups = cups
        return target
    }

    @Test func aFruitAndVegetableGoalNeedsARecentNormalPotassium() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let goals = world.app.goals

        await #expect(throws: CareServiceError.self) {
            _ = try await goals.add(template: nil, target: fruitVegetables(2), priority: nil, profile: nil)
        }
        try await world.potassium(5.9, daysAgo: 1)
        do {
            _ = try await goals.add(template: nil, target: fruitVegetables(2), priority: nil, profile: nil)
            Issue.record("a high potassium let the goal through")
        } catch let error as CareServiceError {
            guard case .fruitVegetableGoalRefused = error else { throw error }
            #expect(error.description.hasPrefix("not stored: the fruit-and-vegetable goal is not offered: "))
        }
        #expect(try await goals.list(profile: nil).goals.isEmpty)

        try await world.potassium(4.4, daysAgo: 0)
        let goal = try await goals.add(template: nil, target: fruitVegetables(2), priority: nil, profile: nil)
        #expect(goal.kind == .fruitVegetableCups(2))
        #expect(try await goals.list(profile: nil).goals.map(\.goal.id) == [goal.id])
    }

    @Test func editingAnotherGoalIntoFruitAndVegetablesPassesTheGateToo() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        var steps = GoalTarget()
        steps.kind = "steps"
        steps.steps = 6000
        let goal = try await world.app.goals.add(template: nil, target: steps, priority: nil, profile: nil)
        await #expect(throws: CareServiceError.self) {
            _ = try await world.app.goals.edit(id: goal.id, target: fruitVegetables(1), profile: nil)
        }
        var moreSteps = GoalTarget()
        moreSteps.steps = 8000
        let edited = try await world.app.goals.edit(id: goal.id, target: moreSteps, profile: nil)
        #expect(edited.kind == .stepsPerDay(8000))
    }

    @Test func anIncompleteTargetNamesWhatIsMissing() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        var weight = GoalTarget()
        weight.kind = "weight"
        await #expect(throws: CareServiceError.incompleteTarget("weight: give --target KG or --low KG --high KG")) {
            _ = try await world.app.goals.add(template: nil, target: weight, priority: nil, profile: nil)
        }
    }

    @Test func prioritizingMovesAGoalFirstAndAnUnknownGoalIsNamed() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        var steps = GoalTarget()
        steps.kind = "steps"
        steps.steps = 6000
        var water = GoalTarget()
        water.kind = "drink-water"
        water.milliliters = 500
        let first = try await world.app.goals.add(template: nil, target: steps, priority: nil, profile: nil)
        let second = try await world.app.goals.add(template: nil, target: water, priority: nil, profile: nil)
        let ordered = try await world.app.goals.prioritize(id: second.id, to: 1, profile: nil)
        #expect(ordered.map(\.id) == [second.id, first.id])
        await #expect(throws: CareServiceError.noGoal(id: 999, profile: "Anna")) {
            try await world.app.goals.remove(id: 999, profile: nil)
        }
    }

    @Test func templatesAreOfferedForTheCategory() async throws {
        let world = try await CareWorld.make()
        defer { world.directory.remove() }
        let offer = try await world.app.goals.templates(profile: nil)
        #expect(!offer.templates.isEmpty)
        // A hemodialysis profile without a potassium result is told why the fruit-and-vegetable goal is missing.
        #expect(!offer.templates.contains { $0.id == GoalTemplates.fruitVegetableCups.id })
    }
}
