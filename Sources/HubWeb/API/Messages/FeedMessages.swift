import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// One notification of the feed, written in the pages' language.
struct FeedItemMessage: Encodable {
    var id: Int64
    var type: String
    var title: String
    var text: String
    var read: Bool
    var createdAt: String
    /// The page that shows what it is about (`/labs` for a critical potassium).
    var opens: String
}

/// The notifications page's data: the feed, newest first.
struct FeedMessage: Encodable {
    var profile: String
    var notifications: [FeedItemMessage]
}

/// One profile of the store, and whether this session looks at it.
struct ProfileItemMessage: Encodable {
    var name: String
    var current: Bool
}

/// The profiles page's data: the store's profiles and the one this session looks at.
struct ProfilesMessage: Encodable {
    var current: String?
    var profiles: [ProfileItemMessage]

    private enum CodingKeys: String, CodingKey {
        case current, profiles
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(current, forKey: .current)
        try container.encode(profiles, forKey: .profiles)
    }
}

/// The hours notifications wait through, on the profile's clock (HH:MM).
struct QuietHoursMessage: Encodable {
    var start: String
    var end: String
}

/// The profile's notification settings: the types switched off, the quiet hours (null: none), the desktop push.
struct NotificationSettingsMessage: Encodable {
    var disabledTypes: [String]
    var quietHours: QuietHoursMessage?
    var quietHoursExempt: [String]
    var desktop: Bool

    init(_ settings: NotificationSettings) {
        disabledTypes = settings.disabledTypes.map(\.rawValue).sorted()
        quietHours = settings.quietHours.map { QuietHoursMessage(start: $0.start.description, end: $0.end.description) }
        quietHoursExempt = settings.quietHoursExempt.map(\.rawValue).sorted()
        desktop = settings.desktop
    }

    private enum CodingKeys: String, CodingKey {
        case disabledTypes, quietHours, quietHoursExempt, desktop
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(disabledTypes, forKey: .disabledTypes)
        try container.encode(quietHours, forKey: .quietHours)
        try container.encode(quietHoursExempt, forKey: .quietHoursExempt)
        try container.encode(desktop, forKey: .desktop)
    }
}

/// The settings page's data: the pages' language, the languages there are, the profile's notification settings.
struct SettingsMessage: Encodable {
    var language: String
    var languages: [String]
    var notifications: NotificationSettingsMessage
}
