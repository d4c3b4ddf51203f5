import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Logging

/// Builds, stores and announces monthly report cards (issue 10, item 7). `closedMonths(at:)` runs on every pass of
/// the goals scheduler (issue 9) and writes each profile's card for the month that ended, once: a stored card is
/// never rebuilt by the scheduler, so a late or repeated pass issues nothing twice.
public struct ReportCardService: Sendable {
    private let store: HubDatabase
    private let logger = Logger(label: "kidneyhub.reportcard")

    /// A service over `store`.
    public init(store: HubDatabase) {
        self.store = store
    }

    /// Why a month was refused.
    public struct MonthError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The first and last day of "YYYY-MM".
    public static func days(of month: String) throws(MonthError) -> (first: CalendarDate, last: CalendarDate) {
        let parts = month.split(separator: "-")
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]),
            let number = Int(parts[1]), (1...12).contains(number),
            let first = try? CalendarDate(parsing: "\(parts[0])-\(parts[1])-01")
        else { throw MonthError(description: "'\(month)' is not a month: use YYYY-MM, for example 2026-11") }
        let nextText =
            number == 12 ? String(format: "%04d-01-01", year + 1) : String(format: "%04d-%02d-01", year, number + 1)
        guard let next = try? CalendarDate(parsing: nextText) else {
            throw MonthError(description: "'\(month)' is out of range")
        }
        return (first, next.adding(days: -1))
    }

    /// "YYYY-MM" of a day.
    public static func month(of day: CalendarDate) -> String { String(day.description.prefix(7)) }

    /// The month before "YYYY-MM".
    public static func previous(_ month: String) throws(MonthError) -> String {
        Self.month(of: try days(of: month).first.adding(days: -1))
    }

    /// Builds (and stores, replacing any earlier one) the card of `month` for a profile.
    public func build(month: String, profile stored: StoredProfile, at atMs: Int64) async throws -> ReportCard {
        let current = try await facts(month: month, profile: stored)
        let previous = try await facts(month: try Self.previous(month), profile: stored)
        let limits = try await store.dailyLimits(for: stored)
        let card = ReportCard(
            current: current,
            previous: previous,
            category: stored.profile.diseaseCategory,
            hasDiabetes: stored.profile.diabetes?.hasDiabetes ?? false,
            limits: limits,
            recommendedFoods: try await recommendedFoods(limits: limits, profile: stored)
        )
        try await store.saveReportCard(card, profileId: stored.id, atMs: atMs)
        return card
    }

    /// Writes and announces the card of the month that ended before `atMs` for every profile that has none yet.
    /// Returns how many cards were written.
    @discardableResult
    public func closedMonths(at atMs: Int64) async -> Int {
        var written = 0
        do {
            for stored in try await store.profiles() {
                guard let today = try? stored.profile.localDate(at: atMs), let timeZone = try? stored.profile.timeZone()
                else { continue }
                let month = try Self.previous(Self.month(of: today))
                // Only months the profile existed in, and each once.
                guard
                    stored.createdAtMs
                        < GoalCalendar.startOfDay(today.adding(days: 1 - dayOfMonth(today)), in: timeZone),
                    try await store.reportCard(profileId: stored.id, month: month) == nil
                else { continue }
                let card = try await build(month: month, profile: stored, at: atMs)
                try await store.postNotification(
                    NotificationDraft(
                        type: .progress,
                        title: "Your report card for \(month) is ready",
                        body: card.lines.prefix(3).map { "\($0.topic): \($0.thisMonth) (\($0.status))" }
                            .joined(separator: "; ") + ". See `kidneyhub reportcard --month \(month)`.",
                        dedupeKey: "reportcard:\(stored.id):\(month)",
                        message: .reportCardReady(month: month)
                    ),
                    profileId: stored.id,
                    atMs: atMs,
                    timeZone: timeZone
                )
                written += 1
            }
        } catch {
            logger.error("report cards not written: \(error)")
        }
        return written
    }

    private func dayOfMonth(_ day: CalendarDate) -> Int { Int(day.description.suffix(2)) ?? 1 }

    /// What a month held for a profile.
    func facts(month: String, profile stored: StoredProfile) async throws -> MonthFacts {
        let (first, last) = try Self.days(of: month)
        let timeZone = try stored.profile.timeZone()
        let startMs = GoalCalendar.startOfDay(first, in: timeZone)
        let endMs = GoalCalendar.startOfDay(last.adding(days: 1), in: timeZone)
        var lastLabs: [String: LabValue] = [:]
        for result in try await store.labResults(profileId: stored.id) {
            let at = result.value.takenAt.epochMilliseconds
            guard at >= startMs, at < endMs else { continue }
            if let kept = lastLabs[result.value.analyteID], kept.takenAt.epochMilliseconds >= at { continue }
            lastLabs[result.value.analyteID] = result.value
        }
        let data = try await store.goalData(
            profileId: stored.id,
            kinds: [.bodyWeight, .bloodPressure],
            labs: [],
            taggedWeights: false,
            sinceMs: startMs,
            untilMs: endMs
        )
        let weights = data.readings[.bodyWeight]?.map(\.value) ?? []
        let pressures = data.pressures
        var gains: [Double] = []
        if let context = try? GoalContext(stored.profile), context.dialysisSchedule != nil {
            // The month's first session measures from the previous session's post weight, up to 4 days before
            // (the long weekend interval is 3 days); only sessions of this month count.
            let tagged = try await store.goalData(
                profileId: stored.id,
                kinds: [],
                labs: [],
                taggedWeights: true,
                sinceMs: startMs - 4 * 86_400_000,
                untilMs: endMs
            ).taggedWeights
            gains = InterdialyticGainCalculator.perSession(
                tagged,
                schedule: context.dialysisSchedule,
                timeZone: context.timeZone,
                dryWeightKilograms: context.dryWeightKilograms
            ).compactMap { $0.gain }.filter { $0.session.date >= first }.compactMap(\.percentOfDryWeight)
        }
        let entries = try await store.intakeEntries(profileId: stored.id, from: first, through: last)
        let days = Dictionary(grouping: entries, by: \.localDate)
        var intake: [IntakeSubject: Double] = [:]
        if !days.isEmpty {
            for subject in IntakeSubject.allCases {
                let totals = days.values.map { DailyIntake($0.map(\.contribution)).total(of: subject).value }
                intake[subject] = totals.reduce(0, +) / Double(days.count)
            }
        }
        func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }
        return MonthFacts(
            month: month,
            lastLabs: lastLabs,
            averageWeightKilograms: mean(weights),
            averageGainPercent: mean(gains),
            averageSystolic: mean(pressures.map(\.systolic)),
            averageDiastolic: mean(pressures.map(\.diastolic)),
            averageDailyIntake: intake,
            daysLogged: days.count
        )
    }

    /// Three everyday fruits and three everyday vegetables (`EverydayFoods`), one usual household serving each (a
    /// medium apple, a cup of blueberries: never a garnish or a single cherry), that suit every restricted nutrient of
    /// the patient (`ServingCaps`: potassium, phosphorus, sodium, fluid, protein) and fire no interaction rule,
    /// lowest first in the restricted nutrient most at issue (potassium, else phosphorus, else sodium).
    public func recommendedFoods(limits: [DailyLimit], profile stored: StoredProfile) async throws -> [String] {
        let restricted = Set(limits.filter { $0.maximum != nil }.map(\.subject))
        guard
            let subject = [IntakeSubject.potassium, .phosphorus, .sodium].first(where: restricted.contains),
            let nutrient = subject.nutrient
        else { return [] }
        let medications = try await store.interactionMedications(for: stored).map {
            DrugCatalog.standard.match($0.name)
        }
        var names: [String] = []
        for category in [FoodCategory.fruit, .vegetable] {
            var servings: [(name: String, serving: AdviceFood, measure: HouseholdMeasure)] = []
            for entry in EverydayFoods.foods(in: category) {
                guard let food = try? await store.food(ndb: entry.ndb),
                    let measure = entry.servingMeasure(in: food.facts)
                else { continue }
                let serving = AdviceFood(facts: food.facts, group: food.group, grams: measure.grams)
                guard ServingCaps.exceeded(by: serving, limits: limits).isEmpty,
                    InteractionRules.evaluate(
                        food: serving,
                        medications: medications,
                        hasKidneyDisease: stored.profile.diseaseCategory != nil
                    ).allSatisfy({ $0.severity < .caution })
                else { continue }
                servings.append((food.name, serving, measure))
            }
            servings.sort {
                ($0.serving.nutrients[nutrient] ?? 0, $0.name) < ($1.serving.nutrients[nutrient] ?? 0, $1.name)
            }
            names += servings.prefix(3).map {
                let amount = AdviceNumber.text($0.serving.nutrients[nutrient] ?? 0)
                let measure = "\(AdviceNumber.text($0.measure.amount)) \($0.measure.description)"
                return "\($0.name) (\(measure): \(subject.rawValue) \(amount) \(NutrientUnitText.text(nutrient.unit)))"
            }
        }
        return names
    }
}
