import Foundation
import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

private func weight(_ time: String, _ kilograms: Double, _ phase: DialysisPhase?) throws -> TaggedWeight {
    TaggedWeight(epochMilliseconds: try PatientFixtures.at(time), kilograms: kilograms, phase: phase)
}

/// Interdialytic weight gain per session, from tagged weights.
struct InterdialyticGainTests {
    typealias F = PatientFixtures

    static func gains(
        _ weights: [TaggedWeight],
        schedule: DialysisSchedule? = nil,
        dryWeight: Double? = 80.0
    ) throws -> [InterdialyticGainResult] {
        InterdialyticGainCalculator.perSession(
            weights,
            schedule: try schedule ?? F.tueThuSat(end: "12:30"),
            timeZone: try F.zone("Europe/Berlin"),
            dryWeightKilograms: dryWeight
        )
    }

    /// The simulator's dialysis-day scenario (Plugins/simulator/scenarios/dialysis-day.json): Saturday post 80.3 kg,
    /// Tuesday pre 82.4 kg and post 80.1 kg. Saturday → Tuesday is the long (weekend) interval.
    static func scenario() throws -> [TaggedWeight] {
        [
            try weight("2026-11-14T12:35:00+01:00", 80.3, .post),
            try weight("2026-11-17T07:10:00+01:00", 82.4, .pre),
            try weight("2026-11-17T12:40:00+01:00", 80.1, .post),
        ]
    }

    @Test func simulatorScenarioGivesTheWeekendGain() throws {
        let results = try Self.gains(Self.scenario())
        #expect(results.count == 2)
        let saturday = SessionOccurrence(date: try F.date("2026-11-14"))
        let tuesday = SessionOccurrence(date: try F.date("2026-11-17"))
        #expect(results[0] == .gap(InterdialyticGap(session: saturday, reason: .missingPreWeight)))
        let gain = try #require(results[1].gain)
        #expect(gain.session == tuesday)
        #expect(gain.previousSession == saturday)
        #expect(isClose(gain.kilograms, 2.1, relative: 1e-9))
        #expect(isClose(try #require(gain.percentOfDryWeight), 2.625, relative: 1e-9))
        #expect(gain.days == 3)
        #expect(isClose(gain.hours, 66 + 35.0 / 60, relative: 1e-12))
        #expect(gain.preWeight.kilograms == 82.4)
        #expect(gain.previousPostWeight.kilograms == 80.3)
        #expect(InterdialyticGainThresholds.standard.level(of: gain) == .withinTarget)
    }

    @Test func aWeekOfSessionsWithShortAndLongIntervals() throws {
        let weights =
            try Self.scenario() + [
                try weight("2026-11-19T07:05:00+01:00", 81.9, .pre),  // Thu: +1.8 over 2 days
                try weight("2026-11-19T12:45:00+01:00", 80.2, .post),
                try weight("2026-11-21T07:00:00+01:00", 82.7, .pre),  // Sat: +2.5
                try weight("2026-11-21T12:50:00+01:00", 80.0, .post),
                try weight("2026-11-24T07:00:00+01:00", 83.6, .pre),  // Tue: +3.6 over the weekend
            ]
        let gains = try Self.gains(weights).compactMap(\.gain)
        #expect(gains.map(\.session.date.description) == ["2026-11-17", "2026-11-19", "2026-11-21", "2026-11-24"])
        #expect(gains.map(\.days) == [3, 2, 2, 3])
        let kilograms = [2.1, 1.8, 2.5, 3.6]
        for (gain, expected) in zip(gains, kilograms) {
            #expect(isClose(gain.kilograms, expected, relative: 1e-9), "\(gain.session)")
            #expect(isClose(try #require(gain.percentOfDryWeight), expected / 80 * 100, relative: 1e-9))
        }
        let levels = gains.compactMap { InterdialyticGainThresholds.standard.level(of: $0) }
        #expect(levels == [.withinTarget, .withinTarget, .warning, .alert])  // 2.6 %, 2.25 %, 3.1 %, 4.5 %
    }

    @Test func aMissingPostWeightOfThePreviousSessionIsAGap() throws {
        // Tuesday has a pre weight only; Thursday's gain cannot be computed.
        let weights = [
            try weight("2026-11-17T07:10:00+01:00", 82.4, .pre),
            try weight("2026-11-19T07:05:00+01:00", 81.9, .pre),
        ]
        let results = try Self.gains(weights)
        let tuesday = SessionOccurrence(date: try F.date("2026-11-17"))
        let thursday = SessionOccurrence(date: try F.date("2026-11-19"))
        #expect(
            results == [
                .gap(InterdialyticGap(session: tuesday, reason: .noPreviousSession)),
                .gap(InterdialyticGap(session: thursday, reason: .missingPreviousPostWeight(previousSession: tuesday))),
            ]
        )
        #expect(
            results[1].gap?.description
                == "session Thu 2026-11-19: missing post-dialysis weight of the previous session (Tue 2026-11-17)"
        )
    }

    @Test func aScheduledSessionWithoutReadingsIsTheMissingPrevious() throws {
        // Nothing was recorded on Thursday: Saturday's pre weight must not be compared with Tuesday's post weight.
        let weights = try Self.scenario() + [try weight("2026-11-21T07:00:00+01:00", 83.0, .pre)]
        let results = try Self.gains(weights)
        let thursday = SessionOccurrence(date: try F.date("2026-11-19"))
        #expect(results.last?.gap?.reason == .missingPreviousPostWeight(previousSession: thursday))
        // Without a schedule the previous session is the last one with readings.
        let unscheduled = InterdialyticGainCalculator.perSession(
            weights,
            schedule: nil,
            timeZone: try F.zone("Europe/Berlin"),
            dryWeightKilograms: 80
        )
        let gain = try #require(unscheduled.last?.gain)
        #expect(gain.days == 4)
        #expect(isClose(gain.kilograms, 2.9, relative: 1e-9))
    }

    @Test func theLastPreAndTheFirstPostOfASessionCount() throws {
        let weights = [
            try weight("2026-11-14T12:35:00+01:00", 80.3, .post),
            try weight("2026-11-14T21:00:00+01:00", 81.0, .post),  // evening weight confirmed as post: later, ignored
            try weight("2026-11-17T06:00:00+01:00", 82.9, .pre),  // earlier, ignored
            try weight("2026-11-17T07:40:00+01:00", 82.4, .pre),
        ]
        let gain = try #require(try Self.gains(weights).last?.gain)
        #expect(gain.preWeight.epochMilliseconds == (try F.at("2026-11-17T07:40:00+01:00")))
        #expect(gain.previousPostWeight.epochMilliseconds == (try F.at("2026-11-14T12:35:00+01:00")))
        #expect(isClose(gain.kilograms, 2.1, relative: 1e-9))
    }

    @Test func untaggedIntraAndNonDialysisWeightsAreIgnored() throws {
        let weights =
            try Self.scenario() + [
                try weight("2026-11-15T09:00:00+01:00", 81.0, .noDialysis),
                try weight("2026-11-16T09:00:00+01:00", 81.8, nil),
                try weight("2026-11-17T10:00:00+01:00", 81.2, .intra),
            ]
        #expect(try Self.gains(weights) == (try Self.gains(Self.scenario())))
    }

    @Test func withoutADryWeightOnlyKilogramsAreGiven() throws {
        let gain = try #require(try Self.gains(Self.scenario(), dryWeight: nil).last?.gain)
        #expect(isClose(gain.kilograms, 2.1, relative: 1e-9))
        #expect(gain.percentOfDryWeight == nil)
        #expect(InterdialyticGainThresholds.standard.level(of: gain) == nil)
    }

    @Test func aLossIsANegativeGain() throws {
        let weights = [
            try weight("2026-11-17T12:40:00+01:00", 80.1, .post),
            try weight("2026-11-19T07:05:00+01:00", 79.7, .pre),
        ]
        let gain = try #require(try Self.gains(weights).last?.gain)
        #expect(isClose(gain.kilograms, -0.4, relative: 1e-9))
    }

    @Test func twoSessionsOnOneDayAreTwoSessions() throws {
        let schedule = DialysisSchedule(sessions: [
            DialysisSession(weekday: .monday, start: try F.time("06:00"), end: try F.time("09:00")),
            DialysisSession(weekday: .monday, start: try F.time("14:00"), end: try F.time("17:00")),
        ])
        let weights = [
            try weight("2026-11-16T05:30:00+01:00", 71.0, .pre),
            try weight("2026-11-16T09:10:00+01:00", 70.0, .post),
            try weight("2026-11-16T13:30:00+01:00", 70.6, .pre),
            try weight("2026-11-16T17:20:00+01:00", 69.8, .post),
        ]
        let results = try Self.gains(weights, schedule: schedule, dryWeight: 70)
        #expect(results.map(\.session.index) == [0, 1])
        #expect(results[1].session.description == "Mon 2026-11-16 #2")
        let gain = try #require(results[1].gain)
        #expect(isClose(gain.kilograms, 0.6, relative: 1e-9))
    }

    @Test func thresholdsFollowNutritionSection2_7() {
        let standard = InterdialyticGainThresholds.standard
        #expect(standard.warningPercent == 3)
        #expect(standard.alertPercent == 4)
        #expect(standard.level(ofPercent: 2.99) == .withinTarget)
        #expect(standard.level(ofPercent: 3) == .warning)
        #expect(standard.level(ofPercent: 3.99) == .warning)
        #expect(standard.level(ofPercent: 4) == .alert)
        #expect(standard.level(ofPercent: InterdialyticGainThresholds.mortalityAssociatedPercent) == .alert)
        #expect(InterdialyticGainThresholds.teachingLimitPercent == 4)
        #expect(InterdialyticGainThresholds.teachingMidweekLimitKilograms == 2.0...2.5)
        #expect(InterdialyticGainThresholds.cohortMeanKilograms == 2.8)
        let custom = InterdialyticGainThresholds(warningPercent: 2.5, alertPercent: 3.5)
        #expect(custom.level(ofPercent: 2.625) == .warning)
    }
}
