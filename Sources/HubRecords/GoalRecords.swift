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

    /// Equal when every field and the message as data are: the same message may be written with its keys in
    /// another order (the store sorts them).
    public static func == (lhs: StoredNotification, rhs: StoredNotification) -> Bool {
        lhs.id == rhs.id && lhs.profileId == rhs.profileId && lhs.type == rhs.type && lhs.title == rhs.title
            && lhs.body == rhs.body && lhs.createdAtMs == rhs.createdAtMs && lhs.pushAfterMs == rhs.pushAfterMs
            && lhs.pushedAtMs == rhs.pushedAtMs && lhs.readAtMs == rhs.readAtMs
            && (lhs.messageJSON == rhs.messageJSON || lhs.message == rhs.message)
    }

    private enum CodingKeys: String, CodingKey {
        case id, profileId, type, title, body, createdAtMs, pushAfterMs, pushedAtMs, readAtMs, message
    }

    /// Reads the JSON the command line writes (`kidneyhub notifications --json`), its message as an object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int64.self, forKey: .id),
            profileId: try container.decodeIfPresent(Int64.self, forKey: .profileId),
            type: try container.decode(NotificationType.self, forKey: .type),
            title: try container.decode(String.self, forKey: .title),
            body: try container.decode(String.self, forKey: .body),
            createdAtMs: try container.decode(Int64.self, forKey: .createdAtMs),
            pushAfterMs: try container.decode(Int64.self, forKey: .pushAfterMs),
            pushedAtMs: try container.decodeIfPresent(Int64.self, forKey: .pushedAtMs),
            readAtMs: try container.decodeIfPresent(Int64.self, forKey: .readAtMs),
            message: try container.decodeIfPresent(NotificationMessage.self, forKey: .message)
        )
    }

    /// Writes the fields with the message as an object, as before it was kept as text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(profileId, forKey: .profileId)
        try container.encode(type, forKey: .type)
        try container.encode(title, forKey: .title)
        try container.encode(body, forKey: .body)
        try container.encode(createdAtMs, forKey: .createdAtMs)
        try container.encode(pushAfterMs, forKey: .pushAfterMs)
        try container.encodeIfPresent(pushedAtMs, forKey: .pushedAtMs)
        try container.encodeIfPresent(readAtMs, forKey: .readAtMs)
        try container.encodeIfPresent(message, forKey: .message)
    }

    /// Hashes the fields `==` compares, but not the message's text, whose key order may differ between equal ones.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(profileId)
        hasher.combine(type)
        hasher.combine(title)
        hasher.combine(body)
        hasher.combine(createdAtMs)
        hasher.combine(pushAfterMs)
        hasher.combine(pushedAtMs)
        hasher.combine(readAtMs)
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
