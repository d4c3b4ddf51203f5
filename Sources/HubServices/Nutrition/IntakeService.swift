import Care
import CareEngine
import Clinical
import HubCore
import HubRecords
import HubStore

/// The intake log (foods eaten, fluids drunk), a day's totals against the limits, the care team's limits and the
/// urine output. What runs after an entry (advice, the intake goals it touches, pushes) is sequenced here.
public struct IntakeService: Sendable {
    let app: HubApplication

    /// A stored entry and what it set off.
    public struct LoggedEntry: Sendable, Equatable {
        /// The entry as stored.
        public var entry: StoredIntakeEntry
        /// The profile it belongs to.
        public var profile: StoredProfile
        /// The advice fired by it (interactions, limits crossed); those of caution or worse were also posted.
        public var advice: [AdviceMessage]
    }

    /// Logs `amount` `unit` of a food at a meal, then runs the work after an entry. Without a unit: `amount`
    /// (default 1) of the food's usual household measure.
    public func logFood(
        _ food: String,
        amount: Double?,
        unit: String?,
        meal: Meal,
        at time: EntryTimeReader,
        profile: String?
    ) async throws -> LoggedEntry {
        try await app.foods.ensureFoodDatabase()
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        let entry = try await app.store.logFood(
            food,
            amount: amount,
            unit: unit,
            meal: meal,
            takenAt: try time(stored.profile, app.now()),
            profile: stored,
            atMs: app.now()
        )
        return try await afterEntry(entry, profile: stored)
    }

    /// Logs a drink of `amount` `unit` (mL, L, fl oz or cup), then runs the work after an entry.
    public func logFluid(
        amount: Double,
        unit: String,
        what: String,
        at time: EntryTimeReader,
        profile: String?
    ) async throws -> LoggedEntry {
        try await app.foods.ensureFoodDatabase()
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        let entry = try await app.store.logFluid(
            amount: amount,
            unit: HubDatabase.fluidUnit(unit),
            what: what,
            takenAt: try time(stored.profile, app.now()),
            profile: stored,
            atMs: app.now()
        )
        return try await afterEntry(entry, profile: stored)
    }

    /// The work after a food or fluid entry, in order: decision support (interaction warnings and limit alerts,
    /// recorded and posted), the intake goals the entry touches, then pushing what became due.
    func afterEntry(_ entry: StoredIntakeEntry, profile stored: StoredProfile) async throws -> LoggedEntry {
        var food: StoredFood?
        if let id = entry.foodId { food = try await app.store.food(id: id) }
        let advice = try await CareEngine.AdviceService(store: app.store).afterLogging(
            entry,
            food: food,
            profile: stored,
            at: app.now()
        )
        let now = app.now()
        _ = try await GoalEngine(store: app.store).evaluateTouched(
            profileId: stored.id,
            kinds: [],
            labs: [],
            intake: true,
            at: now
        )
        await app.notificationDispatcher().deliverDue(at: now)
        return LoggedEntry(entry: entry, profile: stored, advice: advice)
    }

    /// Changes an entry's amount, unit, meal or time (nutrients per gram stay as logged) and records the change
    /// (who, when, the old value); returns it changed.
    public func edit(
        id: Int64,
        amount: Double?,
        unit: String?,
        meal: Meal?,
        at time: EntryTimeReader?,
        profile: String?
    ) async throws -> StoredIntakeEntry {
        try await app.foods.ensureFoodDatabase()
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.editIntakeEntry(
            id: id,
            profile: stored,
            amount: amount,
            unit: unit,
            meal: meal,
            takenAt: try time.map { try $0(stored.profile, app.now()) },
            changedBy: app.changeAuthor,
            atMs: app.now()
        )
    }

    /// Deletes an entry and records the deletion; returns it as it was.
    public func delete(id: Int64, profile: String?) async throws -> StoredIntakeEntry {
        try await app.foods.ensureFoodDatabase()
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.deleteIntakeEntry(
            id: id,
            profile: stored,
            changedBy: app.changeAuthor,
            atMs: app.now()
        )
    }

    /// A day's log entries of a profile.
    public struct DayEntries: Sendable, Equatable {
        /// The profile.
        public var profile: StoredProfile
        /// The local day.
        public var day: CalendarDate
        /// Its entries, in time order.
        public var entries: [StoredIntakeEntry]
    }

    /// The entries of a local day (on the profile's clock).
    public func entries(on day: LocalDayChoice, profile: String?) async throws -> DayEntries {
        try await app.foods.ensureFoodDatabase()
        let stored = try await app.store.selectProfile(named: profile)
        let date = try day.resolved(profile: stored.profile, nowMs: app.now())
        let entries = try await app.store.intakeEntries(profileId: stored.id, from: date, through: date)
        return DayEntries(profile: stored, day: date, entries: entries)
    }

    /// One limit of a day and where the day's total stands against it.
    public struct LimitStanding: Sendable, Equatable {
        /// The limit (with its basis and source).
        public var limit: DailyLimit
        /// The day's total of its subject.
        public var total: NutrientTotal
        /// Under, within or over.
        public var status: LimitStatus
    }

    /// A day's intake against the profile's limits.
    public struct DaySummary: Sendable, Equatable {
        /// The profile.
        public var profile: StoredProfile
        /// The local day.
        public var day: CalendarDate
        /// Its entries, in time order.
        public var entries: [StoredIntakeEntry]
        /// The day's totals.
        public var intake: DailyIntake
        /// Each limit with the day's total against it.
        public var limits: [LimitStanding]
        /// Only sodium is limited until the disease category is set.
        public var needsDiseaseCategory: Bool
        /// The protein limit is missing because the profile has no weight (transplant profiles have none anyway).
        public var proteinLimitNeedsWeight: Bool

        /// The subjects over their limit.
        public var over: [IntakeSubject] { limits.filter { $0.status == .over }.map(\.limit.subject) }
    }

    /// A day's totals against the limits from the profile's category, weight and labs, or the care team's.
    public func day(_ day: LocalDayChoice, profile: String?) async throws -> DaySummary {
        let listed = try await entries(on: day, profile: profile)
        let stored = listed.profile
        let limits = try await app.store.dailyLimits(for: stored)
        // The day's totals from the entries just read, as the store's `intakeTotals(on:)` sums them.
        let intake = DailyIntake(listed.entries.map(\.contribution))
        return Self.summary(stored, day: listed.day, entries: listed.entries, intake: intake, limits: limits)
    }

    /// Several days of one profile, as `day` gives each, from the entries of the days (in time order, as the store
    /// gives them) and the profile's limits (which do not depend on the day): the trends page's month of intake bars.
    static func summaries(
        _ days: [CalendarDate],
        of stored: StoredProfile,
        entries: [StoredIntakeEntry],
        limits: [DailyLimit]
    ) -> [DaySummary] {
        // Each day's totals from its own entries, as the store's `intakeTotals(on:)` sums them.
        let byDate = Dictionary(grouping: entries, by: \.localDate)
        return days.map { date in
            let own = byDate[date] ?? []
            return summary(
                stored,
                day: date,
                entries: own,
                intake: DailyIntake(own.map(\.contribution)),
                limits: limits
            )
        }
    }

    /// A day's totals against `limits`.
    private static func summary(
        _ stored: StoredProfile,
        day: CalendarDate,
        entries: [StoredIntakeEntry],
        intake: DailyIntake,
        limits: [DailyLimit]
    ) -> DaySummary {
        let category = stored.profile.diseaseCategory
        return DaySummary(
            profile: stored,
            day: day,
            entries: entries,
            intake: intake,
            limits: limits.map { limit in
                let total = intake.total(of: limit.subject)
                return LimitStanding(limit: limit, total: total, status: limit.status(of: total))
            },
            needsDiseaseCategory: category == nil,
            proteinLimitNeedsWeight: category != nil && category != .kidneyTransplant
                && !limits.contains { $0.subject == .protein }
        )
    }

    /// Sets the care team's daily limit of a subject, or removes it (both bounds nil) so the default applies again.
    public func setCareTeamLimit(
        _ subject: IntakeSubject,
        minimum: Double?,
        maximum: Double?,
        note: String,
        profile: String?
    ) async throws -> StoredProfile {
        try await app.foods.ensureFoodDatabase()
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        try await app.store.setCareTeamLimit(
            CareTeamLimit(subject: subject, minimum: minimum, maximum: maximum, note: note),
            profileId: stored.id,
            atMs: app.now()
        )
        return stored
    }

    /// Records the daily urine output, which sets the hemodialysis fluid limit (urine output + 1,000 mL).
    public func setUrineOutput(millilitersPerDay: Double, note: String, profile: String?) async throws
        -> StoredProfile
    {
        try await app.foods.ensureFoodDatabase()
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        try await app.store.setUrineOutput(
            millilitersPerDay: millilitersPerDay,
            note: note,
            profileId: stored.id,
            atMs: app.now()
        )
        return stored
    }
}

extension HubApplication {
    /// The intake log and daily totals.
    public var intake: IntakeService { IntakeService(app: self) }
}
