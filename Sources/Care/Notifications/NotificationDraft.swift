/// A notification before it is queued: what it says and the key that makes it appear at most once.
public struct NotificationDraft: Sendable, Hashable, Codable {
    /// Its type, which the profile's settings switch on or off.
    public var type: NotificationType
    /// The one-line title.
    public var title: String
    /// The text.
    public var body: String
    /// Unique per event (`reward:12:week:2026-11-16:met`): queuing the same event twice stores it once.
    public var dedupeKey: String
    /// What it says as data, for a page in another language; nil where only the English words exist.
    public var message: NotificationMessage?

    /// A draft from its parts.
    public init(
        type: NotificationType,
        title: String,
        body: String,
        dedupeKey: String,
        message: NotificationMessage? = nil
    ) {
        self.type = type
        self.title = title
        self.body = body
        self.dedupeKey = dedupeKey
        self.message = message
    }
}
