import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubStore
import Logging

/// Evaluates goals, rewards, alerts and reminders: `evaluate(at:)` for everything due at an instant (the scheduler
/// and `kidneyhub evaluate`), `evaluateTouched(measurementIds:at:)` for the goals new readings touch (after ingest
/// and manual entry). Idempotent: every reward and notification has a unique key, so running it again, or on both
/// triggers, issues nothing twice. An actor, so the two triggers never interleave their steps.
public actor GoalEngine {
    /// Catch-up reaches back at most this many days (a store left off for longer starts a year back).
    public static let maximumCatchUpDays = 366

    let store: HubDatabase
    private let logger = Logger(label: "kidneyhub.goals")

    /// An engine over `store`.
    public init(store: HubDatabase) {
        self.store = store
    }

    // MARK: - Everything due

    /// Evaluates everything due at `atMs` for every profile: each local day, week and month that ended since the last
    /// evaluation (catching up once on days the hub was off), and the reminders due now.
    public func evaluate(at atMs: Int64) async throws -> EvaluationReport {
        var report = EvaluationReport()
        let goals = try await store.goalsForEvaluation(
            removedSinceMs: atMs - Int64(Self.maximumCatchUpDays + 31) * 86_400_000
        )
        let reminders = try await store.reminders(profileId: nil)
        for stored in try await store.profiles() {
            let context: GoalContext
            do {
                context = try GoalContext(stored.profile)
            } catch {
                logger.warning("profile '\(stored.name)' not evaluated: \(error)")
                continue
            }
            let profileGoals = goals.filter { $0.profileId == stored.id }
            report.add(try await closeDays(profileId: stored.id, goals: profileGoals, context: context, at: atMs))
            report.add(
                try await fireReminders(
                    reminders.filter { $0.rule.profileId == stored.id },
                    profile: stored,
                    context: context,
                    at: atMs
                )
            )
            report.add(try await fireDoseReminders(profile: stored, context: context, at: atMs))
        }
        return report
    }

    /// Closes each local day from the one after the last closed day to yesterday, one transaction per day.
    private func closeDays(profileId: Int64, goals: [Goal], context: GoalContext, at atMs: Int64) async throws
        -> EvaluationReport
    {
        var report = EvaluationReport()
        let today = GoalCalendar.date(at: atMs, in: context.timeZone)
        let yesterday = today.adding(days: -1)
        let firstGoalDay = goals.map { GoalCalendar.date(at: $0.createdAtMs, in: context.timeZone) }.min()
        let last = try await store.lastClosedDay(profileId: profileId) ?? firstGoalDay?.adding(days: -1) ?? yesterday
        var day = max(last.adding(days: 1), today.adding(days: -Self.maximumCatchUpDays))
        while day <= yesterday {
            var record = EvaluationRecord()
            record.lastClosedDay = day
            let settings = try await store.notificationSettings(profileId: profileId)
            for goal in goals where closes(goal, on: day) {
                let window = goal.period.window(containing: day)
                let (start, end) = window.instants(in: context.timeZone)
                guard goal.isActive(forWindowEndingAt: end, startingAt: start) else { continue }
                record.rewards += try await rewards(
                    for: goal,
                    window: window,
                    context: context,
                    untilMs: end,
                    settings: settings,
                    notifyAt: atMs
                )
            }
            let write = try await store.recordEvaluation(record, profileId: profileId, atMs: atMs)
            report.add(write)
            report.closedDays += 1
            day = day.adding(days: 1)
        }
        return report
    }

    private func closes(_ goal: Goal, on day: CalendarDate) -> Bool {
        if case .until(let end) = goal.period { return end == day }
        return goal.period.closes(on: day)
    }

    /// The rewards a goal earns in a window, judged on data before `untilMs`.
    private func rewards(
        for goal: Goal,
        window: PeriodWindow,
        context: GoalContext,
        untilMs: Int64,
        settings: NotificationSettings,
        notifyAt: Int64,
        data shared: GoalData? = nil,
        known: GoalProgress? = nil,
        judgeTrend: Bool = true
    ) async throws -> [RewardDraft] {
        let progress: GoalProgress
        if let known {
            progress = known
        } else {
            progress = try await self.progress(of: goal, in: window, context: context, untilMs: untilMs, data: shared)
        }
        var previous: GoalProgress?
        var metBefore = 0
        if case .until = goal.period {
        } else if !judgeTrend {
            if progress.met == true { metBefore = try await metInARow(goal, before: window) }
        } else {
            let previousWindow = goal.period.window(containing: window.first.adding(days: -1))
            previous = try await self.progress(
                of: goal,
                in: previousWindow,
                context: context,
                untilMs: previousWindow.instants(in: context.timeZone).endMs,
                data: shared
            )
            if progress.met == true { metBefore = try await metInARow(goal, before: window) }
        }
        let achievements = RewardRules.achievements(
            for: goal.kind,
            period: goal.period,
            progress: progress,
            previous: previous,
            metInARowBefore: metBefore
        )
        return achievements.map { achievement in
            let badge = RewardRules.badge(for: achievement, kind: goal.kind, category: context.diseaseCategory)
            let points = RewardRules.points(
                for: achievement,
                kind: goal.kind,
                period: goal.period,
                category: context.diseaseCategory
            )
            let draft = NotificationDraft(
                type: .reward,
                title: "\(badge): +\(points) points",
                body: "\(goal.kind.summary) (\(window.key)): \(progress.detail)",
                dedupeKey: "reward:\(goal.id):\(window.key):\(achievement.key)",
                message: .reward(
                    goal: goal.kind,
                    achievement: achievement,
                    badge: Badge(kind: goal.kind, category: context.diseaseCategory),
                    points: points,
                    period: window.key
                )
            )
            return RewardDraft(
                goalId: goal.id,
                periodKey: window.key,
                achievement: achievement,
                points: points,
                badge: badge,
                detail: progress.detail,
                runLength: achievement == .met ? metBefore + 1 : 0,
                notification: settings.pushTime(for: .reward, at: notifyAt, in: context.timeZone).map {
                    QueuedNotification(draft: draft, pushAfterMs: $0)
                }
            )
        }
    }

    /// How many windows in a row before `window` the goal met: the run its previous window's `met` reward recorded.
    private func metInARow(_ goal: Goal, before window: PeriodWindow) async throws -> Int {
        let previous = goal.period.window(containing: window.first.adding(days: -1))
        return try await store.metRunLength(goalId: goal.id, periodKey: previous.key)
    }

    /// A goal's progress in a window, computed from the data the store holds now.
    public func progress(of goal: Goal, in window: PeriodWindow, context: GoalContext, untilMs: Int64) async throws
        -> GoalProgress
    {
        try await progress(of: goal, in: window, context: context, untilMs: untilMs, data: nil)
    }

    /// Each goal's progress in its window, from one query for the data all of them need (as `evaluateTouched` reads
    /// the goals new readings touch): a page of goals reads the store once, not once per goal.
    public func progress(of goals: [(goal: Goal, window: PeriodWindow)], context: GoalContext, untilMs: Int64)
        async throws -> [GoalProgress]
    {
        guard let since = goals.map({ dataSpan(of: $0.goal, in: $0.window, context: context).0 }).min() else {
            return []
        }
        let data = try await load(goals.map(\.goal), sinceMs: since, untilMs: untilMs, context: context)
        return goals.map {
            GoalAssessor.progress(of: $0.goal.kind, in: $0.window, data: data, context: context, untilMs: untilMs)
        }
    }

    /// The progress from `shared` data (loaded to cover the window) or, when nil, from the goal's own query.
    private func progress(
        of goal: Goal,
        in window: PeriodWindow,
        context: GoalContext,
        untilMs: Int64,
        data shared: GoalData?
    ) async throws -> GoalProgress {
        let data: GoalData
        if let shared {
            data = shared
        } else {
            let (since, end) = dataSpan(of: goal, in: window, context: context)
            data = try await load([goal], sinceMs: since, untilMs: min(end, untilMs), context: context)
        }
        return GoalAssessor.progress(of: goal.kind, in: window, data: data, context: context, untilMs: untilMs)
    }

    /// The instants whose data a goal's progress in a window rests on.
    private func dataSpan(of goal: Goal, in window: PeriodWindow, context: GoalContext) -> (Int64, Int64) {
        var (start, end) = window.instants(in: context.timeZone)
        // An until-goal counts from the day it was set.
        if case .until = goal.period {
            start = GoalCalendar.startOfDay(
                GoalCalendar.date(at: goal.createdAtMs, in: context.timeZone),
                in: context.timeZone
            )
        }
        switch goal.kind {
        // The slope needs the year before; a gain needs the previous session's weight (up to a week before).
        case .egfrStable: return (min(start, end - 366 * 86_400_000), end)
        case .interdialyticGainBelow: return (start - 8 * 86_400_000, end)
        default: return (start, end)
        }
    }

    /// One query for the data of several goals of one profile over a span.
    private func load(_ goals: [Goal], sinceMs: Int64, untilMs: Int64, context: GoalContext) async throws -> GoalData {
        guard let profileId = goals.first?.profileId else { return GoalData() }
        let kinds = goals.reduce(into: Set<MeasurementKind>()) { $0.formUnion($1.kind.readingKinds) }
        var data = try await store.goalData(
            profileId: profileId,
            kinds: kinds,
            labs: goals.reduce(into: Set<String>()) { $0.formUnion($1.kind.labAnalytes) },
            taggedWeights: kinds.contains(.bodyWeight),
            sinceMs: sinceMs,
            untilMs: untilMs
        )
        if goals.contains(where: { $0.kind.usesIntake }), untilMs > sinceMs {
            let from = GoalCalendar.date(at: sinceMs, in: context.timeZone)
            let through = GoalCalendar.date(at: untilMs - 1, in: context.timeZone)
            for (date, intake) in try await store.intakeTotals(profileId: profileId, from: from, through: through) {
                data.intake[date] = intake
            }
        }
        if goals.contains(where: { if case .fruitVegetableCups = $0.kind { true } else { false } }), untilMs > sinceMs {
            let from = GoalCalendar.date(at: sinceMs, in: context.timeZone)
            let through = GoalCalendar.date(at: untilMs - 1, in: context.timeZone)
            data.fruitVegetableCups = try await store.fruitVegetableCups(
                profileId: profileId,
                from: from,
                through: through
            )
            data.latestPotassium = try await store.latestLabResult(
                profileId: profileId,
                analyte: PotassiumGate.analyte,
                beforeMs: untilMs
            )
        }
        if goals.contains(where: { $0.kind == .medicationsTaken }), untilMs > sinceMs {
            data.medicationDays = try await medicationDays(
                profileId: profileId,
                from: GoalCalendar.date(at: sinceMs, in: context.timeZone),
                through: GoalCalendar.date(at: untilMs - 1, in: context.timeZone),
                context: context
            )
        }
        return data
    }

    // MARK: - New readings

    /// Evaluates the goals that new readings touch, in their current windows: a goal that can be met early and is
    /// met earns its reward now; one that adds up (steps) and is past half-way gets a progress notification; a new pre-dialysis weight with a
    /// gain at or above the alert threshold raises an alert. Readings no profile owns touch nothing.
    public func evaluateTouched(measurementIds: [Int64], at atMs: Int64) async throws -> EvaluationReport {
        var report = EvaluationReport()
        guard !measurementIds.isEmpty else { return report }
        let touched = try await store.ownersAndKinds(measurementIds: measurementIds)
        for (profileId, kinds) in touched.sorted(by: { $0.key < $1.key }) {
            report.add(try await evaluateTouched(profileId: profileId, kinds: kinds, labs: [], at: atMs))
        }
        return report
    }

    /// Evaluates a profile's goals touched by new readings of `kinds`, new results of `labs`, or (`intake`) a new
    /// entry in the intake log.
    public func evaluateTouched(
        profileId: Int64,
        kinds: Set<MeasurementKind>,
        labs: Set<String>,
        intake: Bool = false,
        at atMs: Int64
    ) async throws -> EvaluationReport {
        var report = EvaluationReport()
        guard let stored = try await store.profiles().first(where: { $0.id == profileId }) else { return report }
        let context = try GoalContext(stored.profile)
        let settings = try await store.notificationSettings(profileId: profileId)
        let today = GoalCalendar.date(at: atMs, in: context.timeZone)
        var record = EvaluationRecord()
        let touched = try await store.goals(profileId: profileId).filter { goal in
            if case .until(let end) = goal.period, end < today { return false }
            return !goal.kind.readingKinds.isDisjoint(with: kinds) || !goal.kind.labAnalytes.isDisjoint(with: labs)
                || (intake && goal.kind.usesIntake)
        }
        // One query covers every touched goal's current window (trends are judged only when a period closes).
        let since = touched.map { dataSpan(of: $0, in: $0.period.window(containing: today), context: context).0 }.min()
        var data: GoalData?
        if let since { data = try await load(touched, sinceMs: since, untilMs: atMs + 1, context: context) }
        for goal in touched {
            let window = goal.period.window(containing: today)
            let progress = try await progress(of: goal, in: window, context: context, untilMs: atMs + 1, data: data)
            let earlyMet: Bool = {
                if case .until = goal.period { return true }
                return goal.kind.canBeMetEarly
            }()
            if earlyMet, progress.met == true {
                record.rewards += try await rewards(
                    for: goal,
                    window: window,
                    context: context,
                    untilMs: atMs + 1,
                    settings: settings,
                    notifyAt: atMs,
                    data: data,
                    known: progress,
                    judgeTrend: false
                )
            } else if goal.kind.canBeMetEarly, let fraction = progress.fraction, fraction >= 0.5, progress.met != true,
                let push = settings.pushTime(for: .progress, at: atMs, in: context.timeZone)
            {
                record.notifications.append(
                    QueuedNotification(
                        draft: NotificationDraft(
                            type: .progress,
                            title: "Half-way: \(goal.kind.summary)",
                            body: "\(window.key): \(progress.detail)",
                            dedupeKey: "progress:\(goal.id):\(window.key):half",
                            message: .halfWay(goal: goal.kind, period: window.key, fraction: fraction)
                        ),
                        pushAfterMs: push
                    )
                )
            }
        }
        if kinds.contains(.bodyWeight),
            let alert = try await gainAlert(profileId: profileId, context: context, at: atMs),
            let push = settings.pushTime(for: .alert, at: atMs, in: context.timeZone)
        {
            record.notifications.append(QueuedNotification(draft: alert, pushAfterMs: push))
        }
        report.add(try await store.recordEvaluation(record, profileId: profileId, atMs: atMs))
        return report
    }

    /// An alert for the latest session's interdialytic gain when it is at or above the threshold.
    private func gainAlert(profileId: Int64, context: GoalContext, at atMs: Int64) async throws -> NotificationDraft? {
        guard let latest = try await store.latestInterdialyticGain(profileId: profileId, context: context, at: atMs),
            let percent = latest.percentOfDryWeight, percent >= AlertRules.gainAlertPercent
        else { return nil }
        guard let threshold = CriticalThresholds.breached(.interdialyticGain, value: percent) else { return nil }
        return CriticalValueAlert.draft(
            threshold,
            value: percent,
            takenAtMs: latest.preWeight.epochMilliseconds,
            timeZone: context.timeZone,
            gain: NotificationMessage.GainDetail(
                kilograms: latest.kilograms,
                session: latest.session.description,
                percent: percent
            ),
            key: HubDatabase.gainAlertKey(profileId: profileId, gain: latest)
        )
    }

    // MARK: - Reminders

    private func fireReminders(
        _ reminders: [StoredReminder],
        profile: StoredProfile,
        context: GoalContext,
        at atMs: Int64
    ) async throws -> EvaluationReport {
        var report = EvaluationReport()
        guard !reminders.isEmpty else { return report }
        let settings = try await store.notificationSettings(profileId: profile.id)
        let today = GoalCalendar.date(at: atMs, in: context.timeZone)
        var record = EvaluationRecord()
        for reminder in reminders {
            var satisfied = false
            if case .weighing = reminder.rule.subject {
                let opens = GoalCalendar.instant(today, reminder.rule.windowStart, in: context.timeZone)
                satisfied = try await store.hasWeight(profileId: profile.id, sinceMs: opens, untilMs: atMs + 1)
            }
            guard
                ReminderPolicy.shouldFire(
                    reminder.rule,
                    state: reminder.state,
                    at: atMs,
                    timeZone: context.timeZone,
                    schedule: context.dialysisSchedule,
                    satisfied: satisfied
                )
            else { continue }
            record.remindersFired.append(reminder.rule.id)
            if let push = settings.pushTime(for: .reminder, at: atMs, in: context.timeZone) {
                let ruleId = reminder.rule.id
                let (text, message): (String, NotificationMessage) =
                    switch reminder.rule.subject {
                    case .medication(let name): ("Time for \(name)", .medicationReminder(name: name, rule: ruleId))
                    case .weighing: ("Time to weigh yourself", .weighingReminder(rule: ruleId))
                    }
                record.notifications.append(
                    QueuedNotification(
                        draft: NotificationDraft(
                            type: .reminder,
                            title: text,
                            body:
                                "Answer with `kidneyhub reminders answer \(reminder.rule.id) done|already-taken|skip`.",
                            dedupeKey: "reminder:\(reminder.rule.id):\(atMs)",
                            message: message
                        ),
                        pushAfterMs: push
                    )
                )
            }
        }
        let write = try await store.recordEvaluation(record, profileId: profile.id, atMs: atMs)
        report.add(write)
        report.remindersFired = record.remindersFired.count
        return report
    }
}
