import Foundation
import HubCore

/// Computes the interdialytic weight gain of every session from tagged weights.
///
/// Readings tagged pre or post are grouped into sessions by local date (and, on a day with several scheduled
/// sessions, by `SessionSlot`); other and untagged readings are ignored. A session's pre weight is its last pre
/// reading (nearest the start), its post weight its first post reading (nearest the end). The previous session is the
/// latest earlier session with readings, unless the schedule has a session in between: then that scheduled session's
/// post weight is missing. Sessions on unscheduled days (a holiday shift) count like scheduled ones.
public enum InterdialyticGainCalculator {
    /// One result per session, earliest first.
    public static func perSession(
        _ weights: [TaggedWeight],
        schedule: DialysisSchedule?,
        timeZone: TimeZone,
        dryWeightKilograms: Double?
    ) -> [InterdialyticGainResult] {
        let sessions = group(weights, schedule: schedule, timeZone: timeZone)
        var results: [InterdialyticGainResult] = []
        results.reserveCapacity(sessions.count)
        for (position, current) in sessions.enumerated() {
            guard let pre = current.pre else {
                results.append(.gap(InterdialyticGap(session: current.occurrence, reason: .missingPreWeight)))
                continue
            }
            guard position > 0 else {
                results.append(.gap(InterdialyticGap(session: current.occurrence, reason: .noPreviousSession)))
                continue
            }
            let previous = sessions[position - 1]
            if let skipped = scheduledOccurrence(after: previous.occurrence, before: current.occurrence, in: schedule) {
                results.append(
                    .gap(
                        InterdialyticGap(
                            session: current.occurrence,
                            reason: .missingPreviousPostWeight(previousSession: skipped)
                        )
                    )
                )
                continue
            }
            guard let post = previous.post else {
                results.append(
                    .gap(
                        InterdialyticGap(
                            session: current.occurrence,
                            reason: .missingPreviousPostWeight(previousSession: previous.occurrence)
                        )
                    )
                )
                continue
            }
            results.append(
                .gain(
                    InterdialyticGain(
                        session: current.occurrence,
                        previousSession: previous.occurrence,
                        preWeight: pre,
                        previousPostWeight: post,
                        dryWeightKilograms: dryWeightKilograms
                    )
                )
            )
        }
        return results
    }

    /// The weights of one session.
    private struct SessionWeights {
        let occurrence: SessionOccurrence
        var pre: TaggedWeight?
        var post: TaggedWeight?
    }

    private static func group(
        _ weights: [TaggedWeight],
        schedule: DialysisSchedule?,
        timeZone: TimeZone
    ) -> [SessionWeights] {
        var byOccurrence: [SessionOccurrence: SessionWeights] = [:]
        for weight in weights {
            guard let phase = weight.phase, phase == .pre || phase == .post else { continue }
            let local = LocalClock.local(weight.epochMilliseconds, in: timeZone)
            let daySessions = schedule?.sessions(on: local.date.weekday) ?? []
            let occurrence = SessionOccurrence(
                date: local.date,
                index: SessionSlot.index(of: phase, at: local.millisecondsOfDay, among: daySessions)
            )
            var session = byOccurrence[occurrence] ?? SessionWeights(occurrence: occurrence)
            if phase == .pre {
                if session.pre.map({ weight.epochMilliseconds > $0.epochMilliseconds }) ?? true { session.pre = weight }
            } else {
                if session.post.map({ weight.epochMilliseconds < $0.epochMilliseconds }) ?? true {
                    session.post = weight
                }
            }
            byOccurrence[occurrence] = session
        }
        return byOccurrence.values.sorted { $0.occurrence < $1.occurrence }
    }

    /// The first scheduled session strictly between two sessions, if any.
    private static func scheduledOccurrence(
        after earlier: SessionOccurrence,
        before later: SessionOccurrence,
        in schedule: DialysisSchedule?
    ) -> SessionOccurrence? {
        guard let schedule, !schedule.sessions.isEmpty else { return nil }
        var day = earlier.date
        // A weekly schedule has a session within any 7 days, so this loop runs at most 8 times before it returns.
        while day <= later.date {
            for index in schedule.sessions(on: day.weekday).indices {
                let candidate = SessionOccurrence(date: day, index: index)
                if earlier < candidate, candidate < later { return candidate }
            }
            day = day.adding(days: 1)
        }
        return nil
    }
}
