import Foundation
import Testing

@testable import Care
@testable import Clinical

/// Adherence: taken ÷ scheduled, on time within the window, by day, week, month and year.
struct AdherenceTests {
    private let zone = TimeZone(identifier: "Europe/Madrid")!
    private let orderId = UUID()

    private func dose(_ day: CalendarDate, _ hour: Int) -> ScheduledDose {
        let time = LocalTime(wallClockMinutes: hour * 60)
        let slot = time.description
        return ScheduledDose(
            orderId: orderId,
            dosageIndex: 0,
            date: day,
            slot: slot,
            time: time,
            dueAtMs: WallClock.instant(day, time, in: zone)
        )
    }

    private func taken(_ dose: ScheduledDose, lateMinutes: Int = 5) -> DoseRecord {
        let at = dose.dueAtMs + Int64(lateMinutes) * 60_000
        return DoseRecord(orderId: orderId, dose: dose.key, status: .taken, takenAtMs: at, recordedAtMs: at)
    }

    private func skipped(_ dose: ScheduledDose) -> DoseRecord {
        DoseRecord(orderId: orderId, dose: dose.key, status: .notTaken, reason: "nausea", recordedAtMs: dose.dueAtMs)
    }

    @Test func fourScheduledOneTakenIsTwentyFivePercent() throws {
        let day = try CalendarDate(parsing: "2026-11-16")
        let doses = [8, 12, 18, 22].map { dose(day, $0) }
        let figure = try #require(Adherence.overall(scheduled: doses, log: [taken(doses[1])]))
        #expect(figure.scheduled == 4 && figure.taken == 1)
        #expect(figure.percentTaken == 25)
    }

    @Test func aMixedWeekGivesItsDailyAndWeeklyFigures() throws {
        let monday = try CalendarDate(parsing: "2026-11-16")
        let week = (0..<7).map { monday.adding(days: $0) }
        let doses = week.flatMap { [dose($0, 8), dose($0, 20)] }
        func at(_ day: Int, _ which: Int) -> ScheduledDose { doses[day * 2 + which] }
        let log: [DoseRecord] = [
            taken(at(0, 0)), taken(at(0, 1)),  // Monday: both
            taken(at(1, 0)), skipped(at(1, 1)),  // Tuesday: one, one not taken
            // Wednesday: nothing answered
            taken(at(3, 0)), taken(at(3, 1), lateMinutes: 120),  // Thursday: both, one two hours late
            taken(at(4, 0)), taken(at(4, 1)),  // Friday: both
            skipped(at(5, 0)), skipped(at(5, 1)),  // Saturday: none
            taken(at(6, 1)),  // Sunday: the evening one
        ]
        let daily = Adherence.figures(scheduled: doses, log: log, by: .day)
        #expect(daily.map(\.taken) == [2, 1, 0, 2, 2, 0, 1])
        #expect(daily.map(\.onTime) == [2, 1, 0, 1, 2, 0, 1])
        #expect(daily.map(\.scheduled) == Array(repeating: 2, count: 7))
        #expect(daily.map { $0.percentTaken ?? -1 } == [100, 50, 0, 100, 100, 0, 50])
        #expect(daily.first?.key == "day:2026-11-16")
        let weekly = Adherence.figures(scheduled: doses, log: log, by: .week)
        #expect(weekly.count == 1)
        #expect(
            weekly[0].key == "week:2026-11-16" && weekly[0].scheduled == 14 && weekly[0].taken == 8
                && weekly[0].onTime == 7
        )
        #expect(abs((weekly[0].percentTaken ?? 0) - 800.0 / 14) < 1e-9)
        #expect(Adherence.fullDays(scheduled: doses, log: log) == [week[0], week[3], week[4]])
    }

    @Test func anEntryInErrorNoLongerCountsAndLateEntriesDo() throws {
        let day = try CalendarDate(parsing: "2026-11-16")
        let morning = dose(day, 8)
        var wrong = taken(morning)
        wrong.status = .enteredInError
        #expect(Adherence.overall(scheduled: [morning], log: [wrong])?.taken == 0)
        // Recorded two days later, taken at the time: counts, and on time.
        let late = DoseRecord(
            orderId: orderId,
            dose: morning.key,
            status: .taken,
            takenAtMs: morning.dueAtMs,
            recordedAtMs: morning.dueAtMs + 2 * 86_400_000
        )
        let figure = Adherence.overall(scheduled: [morning], log: [wrong, late])
        #expect(figure?.taken == 1 && figure?.onTime == 1)
    }

    @Test func monthsAndYearsGroupTheDays() throws {
        let doses = [
            dose(try CalendarDate(parsing: "2026-11-30"), 8), dose(try CalendarDate(parsing: "2026-12-01"), 8),
            dose(try CalendarDate(parsing: "2027-01-01"), 8),
        ]
        #expect(
            Adherence.figures(scheduled: doses, log: [], by: .month).map(\.key) == [
                "month:2026-11", "month:2026-12", "month:2027-01",
            ]
        )
        #expect(
            Adherence.figures(scheduled: doses, log: [taken(doses[0])], by: .year).map {
                "\($0.key) \($0.taken)/\($0.scheduled)"
            } == ["year:2026 1/2", "year:2027 0/1"]
        )
    }

    @Test func aDoseRecordNeedsItsTimeOrReason() {
        let key = DoseKey(orderId: orderId, dosageIndex: 0, date: CalendarDate(daysSinceEpoch: 20_000), slot: "08:00")
        #expect(throws: MedicationOrderError(field: "takenAt", reason: "a taken dose needs its time")) {
            try DoseRecord(orderId: orderId, dose: key, status: .taken, recordedAtMs: 0).validate()
        }
        #expect(throws: MedicationOrderError.self) {
            try DoseRecord(orderId: orderId, dose: key, status: .notTaken, recordedAtMs: 0).validate()
        }
        #expect(throws: MedicationOrderError(field: "takenAt", reason: "is in the future")) {
            try DoseRecord(orderId: orderId, dose: key, status: .taken, takenAtMs: 3_600_000, recordedAtMs: 0)
                .validate()
        }
    }
}
