import Care
import Clinical
import HubRecords
import HubStore

extension GoalsService {
    /// What the goals page shows: the goals with their progress, the templates offered, the rewards earned.
    public struct Overview: Sendable {
        /// The goals by priority with their progress in the current period.
        public var goals: GoalList
        /// The templates offered; nil while the profile has no disease category (templates depend on it).
        public var offer: TemplateOffer?
        /// The badges and points earned.
        public var rewards: RewardsService.RewardList
    }

    /// The profile's goals, the templates it may add and its rewards, for one profile read once.
    public func overview(profile name: String?) async throws -> Overview {
        let stored = try await app.store.selectProfile(named: name)
        let atMs = app.now()
        let goals = try await list(stored, at: atMs)
        let offer = stored.profile.diseaseCategory == nil ? nil : try await offer(for: stored, atMs: atMs)
        let rewards = RewardsService.RewardList(
            profile: stored,
            rewards: try await app.store.rewards(profileId: stored.id)
        )
        return Overview(goals: goals, offer: offer, rewards: rewards)
    }
}
