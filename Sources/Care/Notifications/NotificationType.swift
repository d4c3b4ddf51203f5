/// What a notification is about; each type can be switched off per profile.
public enum NotificationType: String, Sendable, Hashable, Codable, CaseIterable {
    /// A reward was earned.
    case reward
    /// A goal moved forward (half-way through a day's steps, ...).
    case progress
    /// A medication or weighing reminder.
    case reminder
    /// A value that needs attention (an interdialytic gain at or above the alert threshold).
    case alert
    /// A device event (connected, battery, quarantined adapter).
    case device
    /// An import finished ("N new readings from DEVICE").
    case `import`
}
