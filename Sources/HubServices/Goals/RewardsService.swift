import HubRecords
import HubStore

/// Rewards earned: points, badges and streaks, each issued once per goal, period and achievement.
public struct RewardsService: Sendable {
    let app: HubApplication

    /// A profile's rewards.
    public struct RewardList: Sendable, Equatable {
        /// The profile (its time zone tells the local time of each reward).
        public var profile: StoredProfile
        /// The rewards, newest first.
        public var rewards: [StoredReward]

        /// The points of every reward.
        public var totalPoints: Int { rewards.map(\.points).reduce(0, +) }
    }

    /// The profile's rewards, newest first.
    public func list(profile: String?) async throws -> RewardList {
        let stored = try await app.store.selectProfile(named: profile)
        return RewardList(profile: stored, rewards: try await app.store.rewards(profileId: stored.id))
    }
}

extension HubApplication {
    /// Rewards earned.
    public var rewards: RewardsService { RewardsService(app: self) }
}
