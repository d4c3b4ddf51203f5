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

    /// The profile's goals, the templates it may add and its rewards.
    public func overview(profile name: String?) async throws -> Overview {
        let goals = try await list(profile: name)
        let offer = goals.profile.profile.diseaseCategory == nil ? nil : try await templates(profile: name)
        return Overview(goals: goals, offer: offer, rewards: try await app.rewards.list(profile: name))
    }
}
