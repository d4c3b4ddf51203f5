import Foundation
import HubCore

/// Infers whether a weight was taken before or after dialysis from the schedule, on the patient's wall clock.
///
/// Times are compared on the local wall clock, so a session at 08:00 stays at 08:00 on the days clocks change.
/// Windows on a dialysis day (session boundaries count as pre and post, not as during):
/// - pre: from local midnight up to and including the start of the day's first session;
/// - ambiguous: strictly between a session's start and end (intra-dialytic, or the session moved);
/// - ambiguous: between two sessions of one day (post of the first or pre of the second);
/// - post: from the end of the day's last session, included, up to midnight.
/// A reading on a day without a session is `noDialysis`. A pre or post candidate becomes ambiguous when the caller's
/// existing readings already hold one with that phase for the same session.
public enum DialysisPhaseInference {
    /// The phase of a reading at `epochMilliseconds`; `existing` are the already tagged weights (of that day or more).
    ///
    /// An existing reading at the very same instant is taken to be this reading and is ignored.
    public static func infer(
        at epochMilliseconds: Int64,
        schedule: DialysisSchedule,
        timeZone: TimeZone,
        existing: [TaggedWeight] = []
    ) -> InferredPhase {
        let local = LocalClock.local(epochMilliseconds, in: timeZone)
        let sessions = schedule.sessions(on: local.date.weekday)
        guard !sessions.isEmpty else { return .noDialysis }
        let time = local.millisecondsOfDay

        if let running = sessions.first(where: {
            $0.start.millisecondsSinceMidnight < time && time < $0.end.millisecondsSinceMidnight
        }) {
            return .ambiguous(.duringSession(running))
        }
        let next = sessions.firstIndex { time <= $0.start.millisecondsSinceMidnight }
        let previous = sessions.lastIndex { $0.end.millisecondsSinceMidnight <= time }

        let phase: DialysisPhase
        let index: Int
        switch (previous, next) {
        case (.some(let before), .some(let after)):
            return .ambiguous(.betweenSessions(previous: sessions[before], next: sessions[after]))
        case (nil, .some(let after)):
            (phase, index) = (.pre, after)
        case (.some(let before), nil):
            (phase, index) = (.post, before)
        case (nil, nil):
            // Unreachable for a valid schedule (a time is before, during or after a session); kept total.
            return .ambiguous(.duringSession(sessions[0]))
        }

        let clash = existing.filter { reading in
            guard reading.phase == phase, reading.epochMilliseconds != epochMilliseconds else { return false }
            let other = LocalClock.local(reading.epochMilliseconds, in: timeZone)
            return other.date == local.date
                && SessionSlot.index(of: phase, at: other.millisecondsOfDay, among: sessions) == index
        }
        if let first = clash.min(by: { $0.epochMilliseconds < $1.epochMilliseconds }) {
            let offset = timeZone.secondsFromGMT(
                for: Date(timeIntervalSince1970: Double(first.epochMilliseconds) / 1000)
            )
            return .ambiguous(
                .alreadyRecorded(
                    phase,
                    session: sessions[index],
                    existingAt: first.epochMilliseconds,
                    utcOffsetSeconds: offset
                )
            )
        }
        return phase == .pre ? .pre : .post
    }
}

extension PatientProfile {
    /// The phase of a weight at an instant from this profile's schedule and time zone.
    ///
    /// `noDialysis` unless the disease category is hemodialysis; an error when a hemodialysis profile has no schedule
    /// or its time zone is unknown.
    public func inferDialysisPhase(
        at epochMilliseconds: Int64,
        existing: [TaggedWeight] = []
    ) throws(ProfileFieldError) -> InferredPhase {
        guard diseaseCategory == .hemodialysis else { return .noDialysis }
        guard let dialysisSchedule else {
            throw ProfileFieldError(
                field: "dialysisSchedule",
                problem: .notSet(neededFor: "inferring the dialysis phase")
            )
        }
        return DialysisPhaseInference.infer(
            at: epochMilliseconds,
            schedule: dialysisSchedule,
            timeZone: try timeZone(),
            existing: existing
        )
    }
}
