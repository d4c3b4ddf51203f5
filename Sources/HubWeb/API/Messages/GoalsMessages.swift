import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One goal with its progress in the current period.
struct GoalMessage: Encodable {
    var id: Int64
    var kind: String
    var summary: String
    var period: String
    var priority: Int
    var window: String
    var met: Bool?
    var fraction: Double?
    var detail: String

    init(_ standing: GoalsService.Standing) {
        id = standing.goal.id
        kind = standing.goal.kind.name
        summary = standing.goal.kind.summary
        period = standing.goal.period.description
        priority = standing.goal.priority
        window = standing.window
        met = standing.progress.met
        fraction = standing.progress.fraction
        detail = standing.progress.detail
    }

    private enum CodingKeys: String, CodingKey {
        case id, kind, summary, period, priority, window, met, fraction, detail
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(kind, forKey: .kind)
        try container.encode(summary, forKey: .summary)
        try container.encode(period, forKey: .period)
        try container.encode(priority, forKey: .priority)
        try container.encode(window, forKey: .window)
        // Null while the period is still open.
        try container.encode(met, forKey: .met)
        try container.encode(fraction, forKey: .fraction)
        try container.encode(detail, forKey: .detail)
    }
}

/// A reward earned: the goal, the period, the badge and its points.
struct RewardMessage: Encodable {
    var id: Int64
    var goalId: Int64
    var period: String
    var achievement: String
    var badge: String
    var points: Int
    var earnedAt: String

    init(_ reward: StoredReward) {
        id = reward.id
        goalId = reward.goalId
        period = reward.periodKey
        achievement = reward.achievement
        badge = reward.badge
        points = reward.points
        earnedAt = APIJSON.instant(reward.earnedAtMs, offset: 0)
    }
}

/// The goals page's data: the goals by priority with their progress, the rewards and their points.
struct GoalsPageMessage: Encodable {
    var profile: String
    var goals: [GoalMessage]
    var rewards: [RewardMessage]
    var totalPoints: Int

    init(_ overview: GoalsService.Overview) {
        profile = overview.goals.profile.name
        goals = overview.goals.goals.map(GoalMessage.init)
        rewards = overview.rewards.rewards.map(RewardMessage.init)
        totalPoints = overview.rewards.totalPoints
    }
}
