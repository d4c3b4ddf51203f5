import Care
import Clinical
import HubCore
import HubStore

extension HubDatabase {
    /// The latest session's interdialytic gain at `atMs` (nutrition.md §2.7), from the tagged weights of the last
    /// 8 days (a session and the one before it, across the long weekend interval); nil without a dialysis
    /// schedule, a dry weight or both weights of a session pair.
    func latestInterdialyticGain(profileId: Int64, context: GoalContext, at atMs: Int64) async throws
        -> InterdialyticGain?
    {
        guard context.dialysisSchedule != nil, context.dryWeightKilograms != nil else { return nil }
        let data = try await goalData(
            profileId: profileId,
            kinds: [],
            labs: [],
            taggedWeights: true,
            sinceMs: atMs - 8 * 86_400_000,
            untilMs: atMs + 1
        )
        return InterdialyticGainCalculator.perSession(
            data.taggedWeights,
            schedule: context.dialysisSchedule,
            timeZone: context.timeZone,
            dryWeightKilograms: context.dryWeightKilograms
        ).compactMap { $0.gain }.last
    }

    /// The notification key of a session's gain alert: one alert per session, whichever path raises it first
    /// (the goals engine when the pre-dialysis weight arrives, or the advice's standing alerts).
    static func gainAlertKey(profileId: Int64, gain: InterdialyticGain) -> String {
        "alert:\(profileId):idwg:\(gain.session.date):\(gain.session.index)"
    }
}
