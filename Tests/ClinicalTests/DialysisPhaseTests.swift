import Foundation
import TestSupport
import Testing

@testable import Clinical
@testable import HubCore

/// Inferring pre/post-dialysis phases of weights from the schedule, on the patient's wall clock.
struct DialysisPhaseTests {
    typealias F = PatientFixtures

    struct Sample: Sendable, CustomTestStringConvertible {
        let time: String
        let expected: InferredPhase
        var testDescription: String { time }
    }

    static func infer(
        _ text: String,
        schedule: DialysisSchedule? = nil,
        zone: String = "Europe/Berlin",
        existing: [TaggedWeight] = []
    ) throws -> InferredPhase {
        DialysisPhaseInference.infer(
            at: try F.at(text),
            schedule: try schedule ?? F.tueThuSat(),
            timeZone: try F.zone(zone),
            existing: existing
        )
    }

    /// Issue 4 acceptance: on a Tuesday hemodialysis day a 07:10 weight is pre and a 12:40 weight is post.
    @Test(arguments: ["Europe/Berlin", "Etc/GMT-1"])
    func tuesdayMorningAndAfternoonWeights(_ zone: String) throws {
        #expect(try Self.infer("2026-11-17T07:10:00+01:00", zone: zone) == .pre)
        #expect(try Self.infer("2026-11-17T12:40:00+01:00", zone: zone) == .post)
        // The simulator's session runs to 12:30; the same weights get the same phases.
        let simulator = try F.tueThuSat(end: "12:30")
        #expect(try Self.infer("2026-11-17T07:10:00+01:00", schedule: simulator, zone: zone) == .pre)
        #expect(try Self.infer("2026-11-17T12:40:00+01:00", schedule: simulator, zone: zone) == .post)
    }

    static let tuesday: [Sample] = [
        Sample(time: "2026-11-17T00:00:00+01:00", expected: .pre),
        Sample(time: "2026-11-17T07:59:59+01:00", expected: .pre),
        Sample(time: "2026-11-17T08:00:00+01:00", expected: .pre),
        Sample(time: "2026-11-17T12:00:00+01:00", expected: .post),
        Sample(time: "2026-11-17T23:59:59.999+01:00", expected: .post),
        // The same instants written in UTC: the profile's zone decides, not the reading's offset.
        Sample(time: "2026-11-17T06:10:00Z", expected: .pre),
        Sample(time: "2026-11-17T11:40:00Z", expected: .post),
        Sample(time: "2026-11-16T23:30:00Z", expected: .pre),  // 00:30 Tuesday in Berlin
        Sample(time: "2026-11-17T23:30:00Z", expected: .noDialysis),  // 00:30 Wednesday in Berlin
    ]

    @Test(arguments: tuesday)
    func windowsIncludeTheirBoundaries(_ sample: Sample) throws {
        #expect(try Self.infer(sample.time) == sample.expected)
    }

    @Test(arguments: ["2026-11-17T08:00:01+01:00", "2026-11-17T10:00:00+01:00", "2026-11-17T11:59:59+01:00"])
    func aWeightDuringTheSessionIsAmbiguous(_ time: String) throws {
        let session = DialysisSession(weekday: .tuesday, start: try F.time("08:00"), end: try F.time("12:00"))
        let result = try Self.infer(time)
        #expect(result == .ambiguous(.duringSession(session)))
        #expect(result.phase == nil)
        guard case .ambiguous(let reason) = result else { return }
        #expect(reason.candidates == [.intra, .pre, .post])
        #expect(reason.description == "taken during the dialysis session Tue 08:00–12:00")
    }

    @Test(arguments: ["2026-11-16T07:10:00+01:00", "2026-11-18T12:40:00+01:00", "2026-11-22T09:00:00+01:00"])
    func aDayWithoutSessionIsNoDialysis(_ time: String) throws {
        let result = try Self.infer(time)
        #expect(result == .noDialysis)
        #expect(result.phase == .noDialysis)
        #expect(result.description == "none")
    }

    /// Berlin springs forward on Sunday 2026-03-29 (02:00 → 03:00) and falls back on Sunday 2026-10-25 (03:00 → 02:00).
    static func sundays() throws -> DialysisSchedule {
        DialysisSchedule(weekdays: [.sunday], start: try F.time("08:00"), end: try F.time("12:00"))
    }

    struct ClockChange: Sendable, CustomTestStringConvertible {
        let time: String
        /// The inferred phase; nil for "ambiguous: during the session".
        let expected: DialysisPhase?
        var testDescription: String { time }
    }

    static let clockChanges: [ClockChange] = [
        // Spring forward: before the change (+01:00), after it (+02:00).
        ClockChange(time: "2026-03-29T01:30:00+01:00", expected: .pre),
        ClockChange(time: "2026-03-29T03:30:00+02:00", expected: .pre),
        ClockChange(time: "2026-03-29T07:59:00+02:00", expected: .pre),
        ClockChange(time: "2026-03-29T08:00:00+02:00", expected: .pre),
        // 07:30 UTC is 09:30 summer time: during the session, although 08:30 in winter time.
        ClockChange(time: "2026-03-29T07:30:00Z", expected: nil),
        ClockChange(time: "2026-03-29T12:00:00+02:00", expected: .post),
        ClockChange(time: "2026-03-29T23:59:00+02:00", expected: .post),
        ClockChange(time: "2026-03-28T23:59:00+01:00", expected: .noDialysis),
        // Fall back: 02:30 happens twice; both are before the session.
        ClockChange(time: "2026-10-25T02:30:00+02:00", expected: .pre),
        ClockChange(time: "2026-10-25T02:30:00+01:00", expected: .pre),
        // 06:30 UTC is 07:30 winter time: still pre, although 08:30 in summer time.
        ClockChange(time: "2026-10-25T06:30:00Z", expected: .pre),
        ClockChange(time: "2026-10-25T07:00:00Z", expected: .pre),  // exactly 08:00 winter time
        ClockChange(time: "2026-10-25T07:00:01Z", expected: nil),
        ClockChange(time: "2026-10-25T11:00:00Z", expected: .post),  // exactly 12:00 winter time
        ClockChange(time: "2026-10-25T22:59:59Z", expected: .post),  // 23:59:59 winter time
        ClockChange(time: "2026-10-25T23:00:00Z", expected: .noDialysis),  // Monday
    ]

    @Test(arguments: clockChanges)
    func clockChangeDaysKeepSessionsOnTheWallClock(_ sample: ClockChange) throws {
        let schedule = try Self.sundays()
        let result = try Self.infer(sample.time, schedule: schedule)
        if let expected = sample.expected {
            #expect(result.phase == expected)
        } else {
            #expect(result == .ambiguous(.duringSession(schedule.sessions[0])))
        }
    }

    @Test func aSecondPreWeightIsAmbiguous() throws {
        let first = TaggedWeight(epochMilliseconds: try F.at("2026-11-17T06:50:00+01:00"), kilograms: 82.5, phase: .pre)
        let result = try Self.infer("2026-11-17T07:10:00+01:00", existing: [first])
        let session = try F.tueThuSat().sessions(on: .tuesday)[0]
        #expect(
            result
                == .ambiguous(
                    .alreadyRecorded(
                        .pre,
                        session: session,
                        existingAt: first.epochMilliseconds,
                        utcOffsetSeconds: 3600
                    )
                )
        )
        guard case .ambiguous(let reason) = result else { return }
        #expect(reason.candidates == [.pre, .noDialysis])
        #expect(
            reason.description
                == "session Tue 08:00–12:00 already has a pre-dialysis weight, taken at 2026-11-17T06:50:00+01:00"
        )
    }

    @Test func aSecondPostWeightIsAmbiguous() throws {
        let first = TaggedWeight(
            epochMilliseconds: try F.at("2026-11-17T12:40:00+01:00"),
            kilograms: 80.1,
            phase: .post
        )
        let result = try Self.infer("2026-11-17T20:15:00+01:00", existing: [first])
        guard case .ambiguous(.alreadyRecorded(.post, _, let existingAt, _)) = result else {
            Issue.record("expected ambiguous, got \(result)")
            return
        }
        #expect(existingAt == first.epochMilliseconds)
    }

    @Test func readingsThatDoNotClashAreIgnored() throws {
        let weights = [
            // Pre weight of the previous session (Saturday).
            TaggedWeight(epochMilliseconds: try F.at("2026-11-14T07:00:00+01:00"), kilograms: 82, phase: .pre),
            // Same day, other phase.
            TaggedWeight(epochMilliseconds: try F.at("2026-11-17T12:40:00+01:00"), kilograms: 80.1, phase: .post),
            // Same day, not yet tagged (awaiting confirmation).
            TaggedWeight(epochMilliseconds: try F.at("2026-11-17T06:00:00+01:00"), kilograms: 82.6, phase: nil),
            // This very reading, already stored.
            TaggedWeight(epochMilliseconds: try F.at("2026-11-17T07:10:00+01:00"), kilograms: 82.4, phase: .pre),
        ]
        #expect(try Self.infer("2026-11-17T07:10:00+01:00", existing: weights) == .pre)
    }

    @Test func twoSessionsOnOneDay() throws {
        let morning = DialysisSession(weekday: .monday, start: try F.time("06:00"), end: try F.time("09:00"))
        let afternoon = DialysisSession(weekday: .monday, start: try F.time("14:00"), end: try F.time("17:00"))
        let schedule = DialysisSchedule(sessions: [afternoon, morning])  // any order
        #expect(try Self.infer("2026-11-16T05:30:00+01:00", schedule: schedule) == .pre)
        #expect(try Self.infer("2026-11-16T07:00:00+01:00", schedule: schedule) == .ambiguous(.duringSession(morning)))
        #expect(
            try Self.infer("2026-11-16T10:00:00+01:00", schedule: schedule)
                == .ambiguous(.betweenSessions(previous: morning, next: afternoon))
        )
        #expect(
            try Self.infer("2026-11-16T15:00:00+01:00", schedule: schedule) == .ambiguous(.duringSession(afternoon))
        )
        // A post weight of the morning session (confirmed by the user) does not clash with the afternoon's.
        let morningPost = TaggedWeight(
            epochMilliseconds: try F.at("2026-11-16T09:10:00+01:00"),
            kilograms: 70,
            phase: .post
        )
        #expect(try Self.infer("2026-11-16T17:20:00+01:00", schedule: schedule, existing: [morningPost]) == .post)
        let afternoonPost = TaggedWeight(
            epochMilliseconds: try F.at("2026-11-16T17:20:00+01:00"),
            kilograms: 70,
            phase: .post
        )
        #expect(try Self.infer("2026-11-16T18:00:00+01:00", schedule: schedule, existing: [afternoonPost]).phase == nil)
    }

    @Test func theProfileSuppliesScheduleAndZone() throws {
        var profile = try F.hemodialysisProfile()
        #expect(try profile.inferDialysisPhase(at: try F.at("2026-11-17T07:10:00+01:00")) == .pre)
        #expect(try profile.inferDialysisPhase(at: try F.at("2026-11-17T12:40:00+01:00")) == .post)

        profile.dialysisSchedule = nil
        #expect(
            throws: ProfileFieldError(
                field: "dialysisSchedule",
                problem: .notSet(neededFor: "inferring the dialysis phase")
            )
        ) { try profile.inferDialysisPhase(at: 0) }

        for category in DiseaseCategory.allCases where category != .hemodialysis {
            profile.diseaseCategory = category
            #expect(try profile.inferDialysisPhase(at: try F.at("2026-11-17T07:10:00+01:00")) == .noDialysis)
        }

        profile = try F.hemodialysisProfile()
        profile.timeZoneIdentifier = "Nowhere/Town"
        #expect(throws: ProfileFieldError(field: "timeZoneIdentifier", problem: .unknownTimeZone("Nowhere/Town"))) {
            try profile.inferDialysisPhase(at: 0)
        }
    }
}
