import Care
import CareEngine
import Clinical
import HubCore
import HubRecords
import HubStore

/// Medication and weighing reminders that fire inside a window, spaced apart, and adapt to the answers.
public struct RemindersService: Sendable {
    let app: HubApplication

    /// A reminder as the person describes it.
    public struct NewReminder: Sendable, Equatable {
        /// A medication of the profile (matched ignoring case); nil for a weighing reminder.
        public var medication: String?
        /// Remind to weigh.
        public var weighing: Bool
        /// HH:MM-HH:MM, local time.
        public var window: String
        /// Minutes between reminders.
        public var spacingMinutes: Int
        /// Minutes into the window before the first reminder.
        public var delayMinutes: Int
        /// Only on the weekdays of the profile's dialysis schedule.
        public var dialysisDaysOnly: Bool

        /// A reminder with these fields.
        public init(
            medication: String?,
            weighing: Bool,
            window: String,
            spacingMinutes: Int,
            delayMinutes: Int,
            dialysisDaysOnly: Bool
        ) {
            self.medication = medication
            self.weighing = weighing
            self.window = window
            self.spacingMinutes = spacingMinutes
            self.delayMinutes = delayMinutes
            self.dialysisDaysOnly = dialysisDaysOnly
        }
    }

    /// Validates and stores a reminder; returns its rule as stored.
    public func add(_ new: NewReminder, profile: String?) async throws -> ReminderRule {
        try await app.store.requireCurrentTerms()
        let stored = try await app.store.selectProfile(named: profile)
        let subject: ReminderSubject
        switch (new.medication, new.weighing) {
        case (let name?, false):
            let medications = try await app.store.interactionMedications(for: stored)
            guard let known = medications.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                throw CareServiceError.unknownMedication(
                    name: name,
                    profile: stored.name,
                    known: medications.map(\.name)
                )
            }
            subject = .medication(known.name)
        case (nil, true): subject = .weighing
        default: throw CareServiceError.reminderSubject
        }
        if new.dialysisDaysOnly, stored.profile.dialysisSchedule == nil {
            throw CareServiceError.noDialysisSchedule(profile: stored.name)
        }
        let hours: QuietHours
        do {
            hours = try QuietHours(parsing: new.window)
        } catch {
            throw CareServiceError.window(new.window)
        }
        let rule = ReminderRule(
            id: 0,
            profileId: stored.id,
            subject: subject,
            windowStart: hours.start,
            windowEnd: hours.end,
            minimumSpacingMinutes: new.spacingMinutes,
            dialysisDaysOnly: new.dialysisDaysOnly,
            delayMinutes: new.delayMinutes
        )
        do {
            try rule.validate()
        } catch {
            throw CareServiceError.notStored(reason: "--\(error)")
        }
        return try await app.store.addReminder(rule, atMs: app.now())
    }

    /// The profile's reminders with their state.
    public func list(profile: String?) async throws -> [StoredReminder] {
        let stored = try await app.store.selectProfile(named: profile)
        return try await app.store.reminders(profileId: stored.id)
    }

    /// Answers a reminder for the profile's local day at `atMs` (now when nil): no more reminders that day, and
    /// the rule adapted to the answer; returns the adapted rule.
    public func answer(id: Int64, _ answer: ReminderAnswer, at atMs: Int64? = nil, profile: String?) async throws
        -> ReminderRule
    {
        let stored = try await app.store.selectProfile(named: profile)
        let day = GoalCalendar.date(at: atMs ?? app.now(), in: try stored.profile.timeZone())
        do {
            return try await app.store.answerReminder(id: id, profileId: stored.id, answer: answer, on: day)
        } catch {
            throw CareServiceError.noReminder(id: id, profile: stored.name)
        }
    }

    /// Removes a reminder.
    public func remove(id: Int64, profile: String?) async throws {
        let stored = try await app.store.selectProfile(named: profile)
        do {
            try await app.store.removeReminder(id: id, profileId: stored.id, atMs: app.now())
        } catch {
            throw CareServiceError.noReminder(id: id, profile: stored.name)
        }
    }
}

extension HubApplication {
    /// Reminders.
    public var reminders: RemindersService { RemindersService(app: self) }
}
