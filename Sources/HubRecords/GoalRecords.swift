import Care
import Clinical
import Foundation
import HubCore

/// A reward as stored: what it was for, its worth and when it was earned.
public struct StoredReward: Sendable, Hashable, Codable {
    /// The row id.
    public var id: Int64
    /// The profile that earned it.
    public var profileId: Int64
    /// The goal it is for.
    public var goalId: Int64
    /// The period window's key (`week:2026-11-16`).
    public var periodKey: String
    /// The achievement's key (`met`, `streak-7`, `improving`).
    public var achievement: String
    /// Points.
    public var points: Int
    /// The badge's name.
    public var badge: String
    /// The progress it rested on, in words.
    public var detail: String
    /// When it was issued (UTC epoch ms).
    public var earnedAtMs: Int64

    /// A value from its parts.
    package init(
        id: Int64,
        profileId: Int64,
        goalId: Int64,
        periodKey: String,
        achievement: String,
        points: Int,
        badge: String,
        detail: String,
        earnedAtMs: Int64
    ) {
        self.id = id
        self.profileId = profileId
        self.goalId = goalId
        self.periodKey = periodKey
        self.achievement = achievement
        self.points = points
        self.badge = badge
        self.detail = detail
        self.earnedAtMs = earnedAtMs
    }
}

/// A reward to record: goal, window, achievement and what it is worth.
public struct RewardDraft: Sendable, Hashable {
    /// The goal.
    public var goalId: Int64
    /// The window's key.
    public var periodKey: String
    /// What was achieved.
    public var achievement: Achievement
    /// Points.
    public var points: Int
    /// Badge.
    public var badge: String
    /// The progress in words.
    public var detail: String
    /// For a `met` reward, how many periods in a row the goal has been met with this one.
    public var runLength: Int
    /// The notification to queue if (and only if) the reward is new; nil when reward notifications are off.
    public var notification: QueuedNotification?

    /// A draft from its parts.
    public init(
        goalId: Int64,
        periodKey: String,
        achievement: Achievement,
        points: Int,
        badge: String,
        detail: String,
        runLength: Int = 0,
        notification: QueuedNotification?
    ) {
        self.runLength = runLength
        self.goalId = goalId
        self.periodKey = periodKey
        self.achievement = achievement
        self.points = points
        self.badge = badge
        self.detail = detail
        self.notification = notification
    }
}

/// A notification ready for the feed: the draft and when it may be pushed (after quiet hours).
public struct QueuedNotification: Sendable, Hashable {
    /// What it says.
    public var draft: NotificationDraft
    /// Earliest push to the desktop or the command.
    public var pushAfterMs: Int64

    /// A queued notification.
    public init(draft: NotificationDraft, pushAfterMs: Int64) {
        self.draft = draft
        self.pushAfterMs = pushAfterMs
    }
}

/// A notification in the feed.
public struct StoredNotification: Sendable, Hashable, Codable {
    /// The row id.
    public var id: Int64
    /// The profile it is for; nil for a hub-wide event (a device nobody is assigned to).
    public var profileId: Int64?
    /// Its type.
    public var type: NotificationType
    /// Title.
    public var title: String
    /// Text.
    public var body: String
    /// When it was queued (UTC epoch ms).
    public var createdAtMs: Int64
    /// Earliest push.
    public var pushAfterMs: Int64
    /// When it was pushed to the desktop or command; nil while waiting.
    public var pushedAtMs: Int64?
    /// When it was marked read; nil while unread.
    public var readAtMs: Int64?
    /// What it says as data (`NotificationMessage` as JSON), as stored; nil for a notification with English words
    /// only. Kept as text and read only when asked: English pages show the stored words, and decoding every row's
    /// message was a third of the feed page's time (perf).
    public var messageJSON: String?

    /// What it says as data, for a page in another language; nil when there is none or it cannot be read (a message
    /// of a newer hub, with a case this one does not know, leaves the notification in its stored English words).
    public var message: NotificationMessage? {
        get { messageJSON.flatMap { try? JSONDecoder().decode(NotificationMessage.self, from: Data($0.utf8)) } }
        set { messageJSON = newValue.flatMap { try? String(decoding: JSONEncoder().encode($0), as: UTF8.self) } }
    }

    /// A notification from its parts (the store makes them; sinks' tests too).
    public init(
        id: Int64,
        profileId: Int64?,
        type: NotificationType,
        title: String,
        body: String,
        createdAtMs: Int64,
        pushAfterMs: Int64,
        pushedAtMs: Int64? = nil,
        readAtMs: Int64? = nil,
        message: NotificationMessage? = nil
    ) {
        self.init(
            id: id,
            profileId: profileId,
            type: type,
            title: title,
            body: body,
            createdAtMs: createdAtMs,
            pushAfterMs: pushAfterMs,
            pushedAtMs: pushedAtMs,
            readAtMs: readAtMs,
            messageJSON: nil
        )
        self.message = message
    }

    /// A notification from its parts with its message as the stored JSON text (the store reads them so).
    public init(
        id: Int64,
        profileId: Int64?,
        type: NotificationType,
        title: String,
        body: String,
        createdAtMs: Int64,
        pushAfterMs: Int64,
        pushedAtMs: Int64?,
        readAtMs: Int64?,
        messageJSON: String?
    ) {
        self.id = id
        self.profileId = profileId
        self.type = type
        self.title = title
        self.body = body
        self.createdAtMs = createdAtMs
        self.pushAfterMs = pushAfterMs
        self.pushedAtMs = pushedAtMs
        self.readAtMs = readAtMs
        self.messageJSON = messageJSON
    }
}

/// A reminder rule with what it remembers.
public struct StoredReminder: Sendable, Hashable {
    /// The rule (its `id` is the row id).
    public var rule: ReminderRule
    /// When it last fired and was answered.
    public var state: ReminderPolicy.State

    /// A value from its parts.
    package init(rule: ReminderRule, state: ReminderPolicy.State) {
        self.rule = rule
        self.state = state
    }
}

/// What one evaluation step records, in one transaction.
public struct EvaluationRecord: Sendable {
    /// Rewards to issue (each once, ever).
    public var rewards: [RewardDraft] = []
    /// Other notifications (progress, alerts, reminders), each once by its key.
    public var notifications: [QueuedNotification] = []
    /// Reminders that fired.
    public var remindersFired: [Int64] = []
    /// The last local day whose end was evaluated, when this step closed days.
    public var lastClosedDay: CalendarDate?

    /// An empty record.
    public init() {}

    /// True when there is nothing to write.
    public var isEmpty: Bool {
        rewards.isEmpty && notifications.isEmpty && remindersFired.isEmpty && lastClosedDay == nil
    }
}

/// What an evaluation step wrote: the rewards and notifications that were new.
public struct EvaluationWrite: Sendable, Equatable {
    /// Rewards issued now (not before).
    public var rewards: [StoredReward] = []
    /// Notifications queued now.
    public var notificationIds: [Int64] = []

    /// A value from its parts.
    package init(rewards: [StoredReward] = [], notificationIds: [Int64] = []) {
        self.rewards = rewards
        self.notificationIds = notificationIds
    }
}
