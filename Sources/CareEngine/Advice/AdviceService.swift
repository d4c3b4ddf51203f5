import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore

/// Decision support at the edge (issue 10): loads a patient's state from the store, runs the pure rules, records
/// every firing with its rule version and facts, and posts alerts to the notification feed (issue 9) as type
/// `alert`, the severity leading the title.
public struct AdviceService: Sendable {
    private let store: HubDatabase

    /// A service over `store`.
    public init(store: HubDatabase) {
        self.store = store
    }

    // MARK: - State

    /// The patient's state at `atMs`: limits, today's and the last 7 days' intake, labs, medications and the latest
    /// interdialytic gain.
    public func state(for stored: StoredProfile, at atMs: Int64) async throws -> PatientAdviceState {
        try await state(for: stored, at: atMs, gain: latestGain(stored, at: atMs))
    }

    private func state(for stored: StoredProfile, at atMs: Int64, gain: InterdialyticGain?) async throws
        -> PatientAdviceState
    {
        let profile = stored.profile
        let today = try profile.localDate(at: atMs)
        let limits = try await store.dailyLimits(for: stored)
        let todayIntake = try await store.intakeTotals(profileId: stored.id, on: today)
        let week = DailyIntake(
            try await store.intakeEntries(profileId: stored.id, from: today.adding(days: -6), through: today)
                .map(\.contribution)
        )
        let labs = try await store.labResults(profileId: stored.id).map(\.value)
        return PatientAdviceState(
            category: profile.diseaseCategory,
            hasDiabetes: profile.diabetes?.hasDiabetes ?? false,
            limits: limits,
            today: todayIntake,
            lastSevenDays: week,
            labs: labs,
            medications: try await store.interactionMedications(for: stored),
            latestInterdialyticGainPercent: gain?.percentOfDryWeight
        )
    }

    /// The latest session's interdialytic gain, as the goals engine finds it.
    private func latestGain(_ stored: StoredProfile, at atMs: Int64) async throws -> InterdialyticGain? {
        guard let context = try? GoalContext(stored.profile) else { return nil }
        return try await store.latestInterdialyticGain(profileId: stored.id, context: context, at: atMs)
    }

    // MARK: - Food check

    /// The check of a portion of `food` with ranked substitutions; the firings are recorded.
    public func check(
        food: StoredFood,
        amount: Double?,
        unit: String?,
        profile stored: StoredProfile,
        at atMs: Int64
    ) async throws -> (check: FoodCheck, substitutions: [Substitution], portion: Portion) {
        let portion = try Portion(of: food.facts, amount: amount, unit: unit)  // usual measure when none typed
        let state = try await state(for: stored, at: atMs)
        let item = AdviceFood(facts: food.facts, group: food.group, grams: portion.grams)
        let check = FoodChecker.check(item, state: state)
        var substitutions: [Substitution] = []
        if check.subjectAtIssue != nil, let group = food.group {
            let candidates: [SubstitutionCandidate]
            if let category = SubstitutionFinder.swapCategory(for: check) {
                // Everyday foods of the same category (a fruit for a fruit, rice for a potato) in their serving.
                candidates = try await everydayCandidates(in: category)
            } else {
                // A fluid swap is a food that is not a liquid; any other keeps the checked food's role.
                let liquid = check.subjectAtIssue == .fluid ? false : food.facts.isLiquid
                candidates = try await store.substitutionCandidates(group: group, isLiquid: liquid)
                    .map { SubstitutionCandidate(facts: $0.facts, group: $0.group) }
            }
            substitutions = SubstitutionFinder.suggestions(for: check, candidates: candidates, state: state)
        }
        var fired = check.messages
        if !substitutions.isEmpty {
            fired.append(
                SubstitutionFinder.rule.fire(
                    detail: substitutions.map(\.food.name).joined(separator: "; "),
                    facts: ["food": food.name, "subject": check.subjectAtIssue?.rawValue ?? ""]
                )
            )
        }
        try await store.recordAdviceFirings(fired, profileId: stored.id, context: "foods check", atMs: atMs)
        return (check, substitutions, portion)
    }

    /// The everyday foods of `category` as swap candidates; one missing from the database is left out.
    func everydayCandidates(in category: FoodCategory) async throws -> [SubstitutionCandidate] {
        var candidates: [SubstitutionCandidate] = []
        for entry in EverydayFoods.foods(in: category) {
            guard let food = try? await store.food(ndb: entry.ndb) else { continue }
            candidates.append(SubstitutionCandidate(facts: food.facts, group: food.group, everyday: entry))
        }
        return candidates
    }

    // MARK: - Alerts

    /// After a food or fluid entry: interaction warnings for the food, the day's total crossing a limit and the meal
    /// over its share. Each firing is recorded; those of caution or worse are posted. Returns the firings.
    @discardableResult
    public func afterLogging(
        _ entry: StoredIntakeEntry,
        food: StoredFood?,
        profile stored: StoredProfile,
        at atMs: Int64
    )
        async throws -> [AdviceMessage]
    {
        let state = try await state(for: stored, at: atMs)
        let entries = try await store.intakeEntries(
            profileId: stored.id,
            from: entry.localDate,
            through: entry.localDate
        )
        let after = DailyIntake(entries.map(\.contribution))
        let before = DailyIntake(entries.filter { $0.id != entry.id }.map(\.contribution))
        let mealTotal = entry.meal.map { meal in DailyIntake(entries.filter { $0.meal == meal }.map(\.contribution)) }
        var messages = AlertRules.intakeAlerts(
            before: before,
            after: after,
            meal: entry.meal,
            mealTotal: mealTotal,
            limits: state.limits
        )
        if let food, let grams = entry.grams {
            let item = AdviceFood(facts: food.facts, group: food.group, grams: grams)
            messages += InteractionRules.evaluate(
                food: item,
                medications: state.medications,
                hasKidneyDisease: state.hasKidneyDisease
            )
        }
        // A back-dated entry speaks of its own day, never of "today" (issue 17, item 7).
        let today = try? stored.profile.localDate(at: atMs)
        messages = messages.map { fired in
            var message = fired
            message.facts["date"] = entry.localDate.description
            if entry.localDate != today {
                message.text = message.text.replacingOccurrences(
                    of: "Today's total",
                    with: "The total of \(entry.localDate)"
                )
            } else {
                message.facts["today"] = "yes"
            }
            return message
        }
        try await store.recordAdviceFirings(messages, profileId: stored.id, context: "log #\(entry.id)", atMs: atMs)
        for message in messages where message.severity >= .caution {
            let key =
                "advice:\(stored.id):\(message.ruleId):\(entry.localDate):"
                + (message.ruleId == AlertRules.dayCrossedLimit.id
                    ? (message.facts["subject"] ?? "") : "entry\(entry.id):\(message.facts["subject"] ?? "")")
            try await post(message, key: key, profile: stored, at: atMs)
        }
        return messages
    }

    /// Lab, eGFR and weight-gain alerts standing now: recorded and posted once per lab value (or gain).
    @discardableResult
    public func postStandingAlerts(profile stored: StoredProfile, at atMs: Int64) async throws -> [AdviceMessage] {
        let gain = try await latestGain(stored, at: atMs)
        let state = try await state(for: stored, at: atMs, gain: gain)
        var keyed: [(AdviceMessage, String)] = []
        for message in AlertRules.labAlerts(state) {
            let lab = message.facts.keys.first { $0.hasPrefix("lab_") && $0 != "lab_value" } ?? "lab"
            let taken = state.latestLab(String(lab.dropFirst(4)))?.takenAt.epochMilliseconds ?? 0
            keyed.append((message, "advice:\(stored.id):\(message.ruleId):\(taken)"))
        }
        if let egfr = AlertRules.egfrAlert(state) {
            let last = state.labSeries("egfr").last?.takenAt.epochMilliseconds ?? 0
            keyed.append((egfr, "advice:\(stored.id):\(egfr.ruleId):\(last)"))
        }
        // Keyed by session as the goals engine keys its gain alert, so one gain is announced once.
        if let message = AlertRules.gainAlert(state), let gain {
            keyed.append((message, HubDatabase.gainAlertKey(profileId: stored.id, gain: gain)))
        }
        let messages = keyed.map(\.0)
        try await store.recordAdviceFirings(messages, profileId: stored.id, context: "alerts", atMs: atMs)
        for (message, key) in keyed { try await post(message, key: key, profile: stored, at: atMs) }
        return messages
    }

    /// Posts a firing to the notification feed once by `key`.
    private func post(_ message: AdviceMessage, key: String, profile stored: StoredProfile, at atMs: Int64) async throws
    {
        let timeZone = (try? stored.profile.timeZone()) ?? TimeZone(identifier: "UTC")!
        let draft = Self.notificationDraft(message, key: key)
        try await store.postNotification(
            draft,
            profileId: stored.id,
            atMs: atMs,
            timeZone: timeZone
        )
    }

    /// The feed's form of a firing: the title is the rule's own first statement (what it is about, never its review
    /// status), the body the whole text with the source and, for an unverified rule, its review status.
    static func notificationDraft(_ message: AdviceMessage, key: String) -> NotificationDraft {
        let unverified = message.text.hasPrefix(RuleSource.unverifiedPrefix)
        let plain = unverified ? String(message.text.dropFirst(RuleSource.unverifiedPrefix.count)) : message.text
        let statement = plain.split(separator: ":", maxSplits: 1).first.map(String.init) ?? plain
        let title =
            intakeTitle(message) ?? statement.split(separator: ".", maxSplits: 1).first.map(String.init)
            ?? statement
        let review = unverified ? " Review: not yet checked against its source." : ""
        return NotificationDraft(
            type: .alert,
            title: "\(message.severity.rawValue.uppercased()): \(title.prefix(120))",
            body: "\(plain) [source: \(message.source.citation)]\(review)",
            dedupeKey: key,
            message: .advice(
                rule: message.ruleId,
                version: message.ruleVersion,
                severity: message.severity,
                verification: message.source.verification,
                citation: message.source.citation,
                facts: message.facts
            )
        )
    }

    /// An intake alert's title: the nutrient, its value against the limit or share, and the day ("today" or the
    /// date), e.g. "Potassium 3300 mg, over your limit of 3000 mg today"; nil for other firings.
    static func intakeTitle(_ message: AdviceMessage) -> String? {
        let facts = message.facts
        guard let subject = facts["subject"], !subject.isEmpty, let date = facts["date"] else { return nil }
        let unit = facts["unit"] ?? ""
        let day = facts["today"] == "yes" ? "today" : "on \(date)"
        let name = subject.prefix(1).uppercased() + subject.dropFirst()
        if let after = facts["after"], let limit = facts["limit"] {
            return "\(name) \(after) \(unit), over your limit of \(limit) \(unit) \(day)"
        }
        if let meal = facts["meal"], let total = facts["meal_total"], let share = facts["share"] {
            return "\(name) \(total) \(unit) at \(meal), over its share of \(share) \(unit) \(day)"
        }
        return nil
    }

    // MARK: - Decision matrix

    /// The decision matrix now; its firings are recorded.
    public func matrix(profile stored: StoredProfile, at atMs: Int64) async throws -> DecisionMatrix {
        let matrix = DecisionMatrix(try await state(for: stored, at: atMs))
        try await store.recordAdviceFirings(
            matrix.rows.flatMap(\.advice) + matrix.alerts,
            profileId: stored.id,
            context: "advice",
            atMs: atMs
        )
        return matrix
    }
}
