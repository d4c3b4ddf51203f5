import Foundation
import Testing

@testable import Care
@testable import Clinical
@testable import HubCore

/// The pure goals domain: period windows, progress from data, reward rules, templates, quiet hours, reminders.
struct GoalDomainTests {
    private let berlin = TimeZone(identifier: "Europe/Berlin")!

    private func date(_ text: String) throws -> CalendarDate { try CalendarDate(parsing: text) }
    private func ms(_ text: String) throws -> Int64 { try RFC3339.parse(text).epochMilliseconds }

    @Test func windowsAreLocalDaysIsoWeeksAndCalendarMonths() throws {
        let thursday = try date("2026-12-31")
        #expect(GoalPeriod.day.window(containing: thursday).key == "day:2026-12-31")
        let week = GoalPeriod.week.window(containing: thursday)
        let sunday = try date("2027-01-03")
        #expect(week.key == "week:2026-12-28" && week.last == sunday && week.dayCount == 7)
        let month = GoalPeriod.month.window(containing: thursday)
        let first = try date("2026-12-01")
        #expect(month.key == "month:2026-12" && month.first == first && month.dayCount == 31)
        #expect(GoalPeriod.month.window(containing: try date("2028-02-10")).dayCount == 29)
        #expect(GoalPeriod.week.closes(on: try date("2026-11-22")))  // a Sunday
        #expect(!GoalPeriod.week.closes(on: try date("2026-11-21")))
        #expect(GoalPeriod.month.closes(on: try date("2026-11-30")))
        // The window's instants are local midnights: 23:00 UTC in Berlin's winter.
        let (start, end) = GoalPeriod.day.window(containing: try date("2026-11-16")).instants(in: berlin)
        let (utcStart, utcEnd) = (try ms("2026-11-15T23:00:00Z"), try ms("2026-11-16T23:00:00Z"))
        #expect(start == utcStart && end == utcEnd)
        // The day the clocks change is 23 hours long.
        let spring = GoalPeriod.day.window(containing: try date("2026-03-29")).instants(in: berlin)
        #expect(spring.endMs - spring.startMs == 23 * 3_600_000)
        #expect(try GoalPeriod(parsing: "until:2026-12-31") == .until(try date("2026-12-31")))
        #expect(throws: GoalFieldError.self) { try GoalPeriod(parsing: "fortnight") }
    }

    @Test func progressIsComputedFromTheWindowsData() throws {
        let context = GoalContext(timeZone: berlin)
        let window = GoalPeriod.week.window(containing: try date("2026-11-18"))
        let data = GoalData(
            readings: [
                .steps: [
                    .init(atMs: try ms("2026-11-16T12:00:00+01:00"), value: 7000),
                    .init(atMs: try ms("2026-11-22T23:30:00+01:00"), value: 42000),
                    .init(atMs: try ms("2026-11-23T00:30:00+01:00"), value: 99000),  // next week
                ]
            ],
            pressures: [
                .init(atMs: try ms("2026-11-16T07:00:00+01:00"), systolic: 150, diastolic: 95),
                .init(atMs: try ms("2026-11-17T07:00:00+01:00"), systolic: 110, diastolic: 70),
                .init(atMs: try ms("2026-11-15T22:59:00+01:00"), systolic: 200, diastolic: 120),  // week before
            ],
            labs: ["potassium": [.init(atMs: try ms("2026-11-17T09:00:00+01:00"), value: 5.4)]]
        )
        let steps = GoalAssessor.progress(of: .stepsPerDay(7000), in: window, data: data, context: context)
        #expect(steps.met == true && steps.measure == 7000)
        let pressure = GoalAssessor.progress(
            of: .bloodPressureBelow(systolic: 135, diastolic: 85),
            in: window,
            data: data,
            context: context
        )
        // The mean of the week's two readings (150/95 and 110/70); the reading of the week before is left out.
        #expect(pressure.met == true && pressure.measure == 130 && pressure.fraction == 1)
        #expect(pressure.detail == "mean 130/83 mmHg over 2 readings")
        let strict = GoalAssessor.progress(
            of: .bloodPressureBelow(systolic: 120, diastolic: 80),
            in: window,
            data: data,
            context: context
        )
        #expect(strict.met == false && strict.fraction == 0.5)
        let potassium = GoalAssessor.progress(
            of: .labInRange(analyte: "potassium", low: 3.5, high: 5.0),
            in: window,
            data: data,
            context: context
        )
        #expect(potassium.met == false && potassium.measure == 5.4)
        let none = GoalAssessor.progress(
            of: .labInRange(analyte: "albumin", low: 4, high: nil),
            in: window,
            data: data,
            context: context
        )
        #expect(none == .noData)
    }

    @Test func rewardRulesGiveStreaksAtTheirLengthAndTrendsTowardTheTarget() {
        let met = GoalProgress(met: true, fraction: 1, detail: "", measure: 118)
        #expect(
            RewardRules.achievements(
                for: .stepsPerDay(5000),
                period: .day,
                progress: met,
                previous: nil,
                metInARowBefore: 6
            )
                == [.met, .streak(7)]
        )
        #expect(
            RewardRules.achievements(
                for: .stepsPerDay(5000),
                period: .day,
                progress: met,
                previous: nil,
                metInARowBefore: 7
            )
                == [.met]
        )
        #expect(
            RewardRules.achievements(
                for: .stepsPerDay(5000),
                period: .week,
                progress: met,
                previous: nil,
                metInARowBefore: 3
            )
                == [.met, .streak(4)]
        )
        // 128 → 122 mm[Hg] with a target of 120: not met, but 6 mm[Hg] toward it.
        let pressure = GoalKind.bloodPressureBelow(systolic: 120, diastolic: 80)
        let falling = RewardRules.achievements(
            for: pressure,
            period: .week,
            progress: GoalProgress(met: false, fraction: 0.2, detail: "", measure: 122),
            previous: GoalProgress(met: false, fraction: 0, detail: "", measure: 128),
            metInARowBefore: 0
        )
        #expect(falling == [.improving])
        #expect(!RewardRules.isImproving(pressure, from: 124, to: 121))  // 3 mm[Hg]: within the wobble
        let potassium = GoalKind.labInRange(analyte: "potassium", low: 3.5, high: 5.0)
        #expect(RewardRules.isImproving(potassium, from: 5.8, to: 5.3))
        #expect(!RewardRules.isImproving(potassium, from: 4.5, to: 4.0))  // in range both times: nothing to improve
        #expect(Achievement.streak(7).key == "streak-7")
        // Tailored per category: interdialytic gain and lab goals on dialysis count double.
        #expect(RewardRules.points(for: .met, kind: potassium, period: .month, category: .hemodialysis) == 200)
        #expect(RewardRules.points(for: .met, kind: potassium, period: .month, category: .ckdG3a) == 100)
    }

    @Test func templatesFollowTheDiseaseCategory() {
        func ids(_ profile: PatientProfile) -> [String] { GoalTemplates.offered(for: profile).map(\.id) }
        var profile = PatientProfile(name: "A", diseaseCategory: .ckdG2, timeZoneIdentifier: "UTC")
        #expect(ids(profile) == ["bp-ckd", "egfr-stable", "steps"])
        profile.diseaseCategory = .ckdG4
        profile.diabetes = .type2
        #expect(
            ids(profile) == ["bp-ckd", "potassium", "phosphorus-ckd", "bicarbonate", "egfr-stable", "steps", "hba1c"]
        )
        profile = PatientProfile(
            name: "B",
            diseaseCategory: .hemodialysis,
            dryWeightKilograms: 70,
            timeZoneIdentifier: "UTC"
        )
        #expect(ids(profile).prefix(2) == ["hd-idwg", "hd-dry-weight"])
        #expect(
            GoalTemplates.template(id: "hd-dry-weight", for: profile)?.kind
                == .weightRange(lowKilograms: 69.5, highKilograms: 70.5)
        )
        profile.diseaseCategory = .kidneyTransplant
        #expect(!ids(profile).contains("hd-idwg"))
        #expect(
            GoalTemplates.template(id: "bp-transplant", for: profile)?.kind
                == .bloodPressureBelow(systolic: 130, diastolic: 80)
        )
        // Every template's target is valid and cites a source.
        for group in GoalTemplates.Group.allCases {
            for template in GoalTemplates.templates(for: group, dryWeightKilograms: 70, diabetes: true) {
                #expect(throws: Never.self) { try template.kind.validate() }
                #expect(!template.source.isEmpty)
            }
        }
        #expect(throws: GoalFieldError.self) {
            try GoalKind.labInRange(analyte: "potassium", low: 6, high: 4).validate()
        }
        #expect(throws: GoalFieldError.self) { try GoalKind.stepsPerDay(0).validate() }
    }

    @Test func quietHoursHoldPushesUntilTheyEndExceptExemptTypes() throws {
        let settings = NotificationSettings(
            disabledTypes: [.progress],
            quietHours: try QuietHours(parsing: "22:00-07:00")
        )
        let late = try ms("2026-11-16T23:30:00+01:00")
        #expect(settings.pushTime(for: .reward, at: late, in: berlin) == (try ms("2026-11-17T07:00:00+01:00")))
        let early = try ms("2026-11-17T06:10:00+01:00")
        #expect(settings.pushTime(for: .reward, at: early, in: berlin) == (try ms("2026-11-17T07:00:00+01:00")))
        #expect(settings.pushTime(for: .alert, at: late, in: berlin) == late)
        #expect(settings.pushTime(for: .progress, at: late, in: berlin) == nil)
        let noon = try ms("2026-11-17T12:00:00+01:00")
        #expect(settings.pushTime(for: .reminder, at: noon, in: berlin) == noon)
        #expect(throws: GoalFieldError.self) { try QuietHours(parsing: "22:00") }
        #expect(throws: GoalFieldError.self) { try NotificationSettings(command: ["notify-send"]).validate() }
    }

    @Test func remindersKeepTheirWindowSpacingAndAdaptToAlreadyTaken() throws {
        let rule = ReminderRule(
            id: 1,
            profileId: 1,
            subject: .medication("sevelamer"),
            windowStart: try LocalTime(parsing: "08:00"),
            windowEnd: try LocalTime(parsing: "09:00"),
            minimumSpacingMinutes: 20,
            dialysisDaysOnly: false
        )
        func fires(_ time: String, _ state: ReminderPolicy.State = .init(), rule: ReminderRule? = nil) throws -> Bool {
            ReminderPolicy.shouldFire(
                rule ?? rule1,
                state: state,
                at: try ms("2026-11-17T\(time):00+01:00"),
                timeZone: berlin,
                schedule: nil,
                satisfied: false
            )
        }
        let rule1 = rule
        #expect(try !fires("07:59"))
        #expect(try fires("08:00"))
        #expect(try !fires("09:00"))
        let fired = ReminderPolicy.State(lastFiredAtMs: try ms("2026-11-17T08:00:00+01:00"))
        #expect(try !fires("08:19", fired))
        #expect(try fires("08:20", fired))
        #expect(try !fires("08:30", ReminderPolicy.State(answeredOn: try date("2026-11-17"))))
        let later = ReminderPolicy.adapt(rule, to: .alreadyTaken)
        #expect(later.delayMinutes == 15)
        #expect(try !fires("08:10", rule: later))
        #expect(try fires("08:15", rule: later))
        #expect(ReminderPolicy.adapt(rule, to: .done) == rule)
        // The threshold never leaves the window.
        var raised = rule
        for _ in 0..<10 { raised = ReminderPolicy.adapt(raised, to: .alreadyTaken) }
        #expect(raised.delayMinutes == 59)
        #expect(throws: GoalFieldError.self) {
            try ReminderRule(
                id: 0,
                profileId: 1,
                subject: .weighing,
                windowStart: try LocalTime(parsing: "09:00"),
                windowEnd: try LocalTime(parsing: "08:00"),
                minimumSpacingMinutes: 30,
                dialysisDaysOnly: false
            ).validate()
        }
    }
}

extension GoalDomainTests {
    @Test func perDayGoalsRefuseAnUntilPeriod() throws {
        let until = GoalPeriod.until(try CalendarDate(parsing: "2026-12-31"))
        #expect(throws: GoalFieldError.self) { try GoalKind.stepsPerDay(5000).validate(period: until) }
        #expect(throws: GoalFieldError.self) { try GoalKind.drinkWater(milliliters: 1500).validate(period: until) }
        #expect(throws: Never.self) {
            try GoalKind.weightRange(lowKilograms: 69, highKilograms: 70).validate(period: until)
        }
    }
}
