import Care
import CareEngine
import Clinical
import HubCore
import HubRecords
import HubStore

/// Personal goals: the templates offered, adding, editing, removing and ordering goals, and their progress. The
/// potassium gate on fruit-and-vegetable goals is applied here, for every front end.
public struct GoalsService: Sendable {
    let app: HubApplication

    /// The templates offered to a profile, and why the fruit-and-vegetable one is not, when the labs refuse it.
    public struct TemplateOffer: Sendable, Equatable {
        /// The templates offered.
        public var templates: [GoalTemplate]
        /// The labs' reason the fruit-and-vegetable template is not offered.
        public var fruitVegetableRefusal: PotassiumGate.Refusal?
    }

    /// The templates offered to the profile's disease category (refused without one).
    public func templates(profile: String?) async throws -> TemplateOffer {
        let stored = try await app.store.selectProfile(named: profile)
        guard stored.profile.diseaseCategory != nil else {
            throw CareServiceError.noDiseaseCategory(profile: stored.name)
        }
        return try await offer(for: stored, atMs: app.now())
    }

    /// The templates offered to a profile at `atMs`: its category's, its intake limits', and the fruit-and-vegetable
    /// one when potassium is not restricted and the labs allow it (with the labs' reason when they do not).
    func offer(for stored: StoredProfile, atMs: Int64) async throws -> TemplateOffer {
        let limits = try await app.store.dailyLimits(for: stored)
        var templates = GoalTemplates.offered(for: stored.profile) + GoalTemplates.intakeTemplates(from: limits)
        guard stored.profile.diseaseCategory != nil else { return TemplateOffer(templates: templates) }
        let latest = try await app.store.latestLabResult(
            profileId: stored.id,
            analyte: PotassiumGate.analyte,
            beforeMs: atMs + 1
        )
        switch GoalTemplates.fruitVegetables(
            limits: limits,
            latestPotassium: latest,
            atMs: atMs,
            timeZone: try GoalContext(stored.profile).timeZone
        ) {
        case .success(let template)?:
            templates.append(template)
            return TemplateOffer(templates: templates)
        case .failure(let refusal)?: return TemplateOffer(templates: templates, fruitVegetableRefusal: refusal)
        case nil: return TemplateOffer(templates: templates)
        }
    }

    /// Refuses a fruit-and-vegetable goal unless the latest potassium allows it (`PotassiumGate`); other kinds pass.
    func requirePotassiumAllows(_ kind: GoalKind, _ stored: StoredProfile, atMs: Int64) async throws {
        guard case .fruitVegetableCups = kind else { return }
        let latest = try await app.store.latestLabResult(
            profileId: stored.id,
            analyte: PotassiumGate.analyte,
            beforeMs: atMs + 1
        )
        do {
            try PotassiumGate.check(latest: latest, atMs: atMs, timeZone: try GoalContext(stored.profile).timeZone)
        } catch let refusal as PotassiumGate.Refusal {
            throw CareServiceError.fruitVegetableGoalRefused(reason: refusal.description)
        }
    }

    /// Adds a goal from a template (its targets adjusted by `target`) or from `target` alone; returns it stored.
    public func add(template: String?, target: GoalTarget, priority: Int?, profile: String?) async throws -> Goal {
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        var kind: GoalKind?
        var period = GoalPeriod.day
        let atMs = app.now()
        if let template {
            let offer = try await offer(for: stored, atMs: atMs)
            if template == GoalTemplates.fruitVegetableCups.id, let refusal = offer.fruitVegetableRefusal {
                throw CareServiceError.fruitVegetableGoalRefused(reason: refusal.description)
            }
            guard let found = offer.templates.first(where: { $0.id == template }) else {
                throw CareServiceError.unknownTemplate(
                    id: template,
                    profile: stored.name,
                    offered: offer.templates.map(\.id)
                )
            }
            kind = found.kind
            period = found.period
        }
        let built = try target.kind(from: kind)
        if let text = target.period { period = try GoalTarget.period(text) }
        do {
            try built.validate(period: period)
        } catch {
            throw CareServiceError.notStored(reason: "\(error)")
        }
        try await requirePotassiumAllows(built, stored, atMs: atMs)
        return try await app.store.addGoal(
            profileId: stored.id,
            kind: built,
            period: period,
            priority: priority,
            templateId: template,
            atMs: atMs
        )
    }

    /// Changes a goal's target or period (its rewards stay); returns it changed.
    public func edit(id: Int64, target: GoalTarget, profile: String?) async throws -> Goal {
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        guard var goal = try await app.store.goals(profileId: stored.id).first(where: { $0.id == id }) else {
            throw CareServiceError.noGoal(id: id, profile: stored.name)
        }
        let kind = try target.kind(from: goal.kind)
        let period = try target.period.map(GoalTarget.period) ?? goal.period
        do {
            try kind.validate(period: period)
        } catch {
            throw CareServiceError.notStored(reason: "\(error)")
        }
        // Only a changed target passes the gate again: keeping an existing goal's period is always allowed.
        if goal.kind != kind { try await requirePotassiumAllows(kind, stored, atMs: app.now()) }
        try await app.store.editGoal(id: id, profileId: stored.id, kind: kind, period: period, atMs: app.now())
        goal.kind = kind
        goal.period = period
        return goal
    }

    /// Removes a goal; the rewards it earned stay.
    public func remove(id: Int64, profile: String?) async throws {
        let stored = try await app.store.selectProfile(named: profile)
        do {
            try await app.store.removeGoal(id: id, profileId: stored.id, atMs: app.now())
        } catch {
            throw CareServiceError.noGoal(id: id, profile: stored.name)
        }
    }

    /// Moves a goal to `priority` (1 first; the others shift); returns the goals in their new order.
    public func prioritize(id: Int64, to priority: Int, profile: String?) async throws -> [Goal] {
        let stored = try await app.store.selectProfile(named: profile)
        do {
            try await app.store.prioritizeGoal(id: id, profileId: stored.id, priority: priority, atMs: app.now())
        } catch {
            throw CareServiceError.noGoal(id: id, profile: stored.name)
        }
        return try await app.store.goals(profileId: stored.id)
    }

    /// A goal with its progress in the period window containing the moment asked about.
    public struct Standing: Sendable, Equatable {
        /// The goal.
        public var goal: Goal
        /// The window's key (the day, week, month or range).
        public var window: String
        /// Its progress in that window.
        public var progress: GoalProgress
    }

    /// A profile's goals.
    public struct GoalList: Sendable, Equatable {
        /// The profile.
        public var profile: StoredProfile
        /// Its goals by priority, with progress.
        public var goals: [Standing]
    }

    /// The profile's goals by priority with their progress in the current period, computed at `atMs` (now if nil).
    public func list(profile: String?, at atMs: Int64? = nil) async throws -> GoalList {
        try await list(try await app.store.selectProfile(named: profile), at: atMs ?? app.now())
    }

    /// The stored profile's goals by priority with their progress in the current period at `atMs`.
    func list(_ stored: StoredProfile, at atMs: Int64) async throws -> GoalList {
        let context = try GoalContext(stored.profile)
        let today = GoalCalendar.date(at: atMs, in: context.timeZone)
        let goals = try await app.store.goals(profileId: stored.id).map {
            (goal: $0, window: $0.period.window(containing: today))
        }
        let progress = try await GoalEngine(store: app.store).progress(of: goals, context: context, untilMs: atMs + 1)
        return GoalList(
            profile: stored,
            goals: zip(goals, progress).map { Standing(goal: $0.goal, window: $0.window.key, progress: $1) }
        )
    }
}

extension HubApplication {
    /// Personal goals.
    public var goals: GoalsService { GoalsService(app: self) }
}
