import Care
import HubRecords

extension NotificationConcern {
    /// The page that shows what a notification is about.
    var path: String {
        switch self {
        case .labs: "/labs"
        case .weight: "/weight"
        case .bloodPressure: "/blood-pressure"
        // Glucose and heart rate have no entry page: their charts are the trends' readings.
        case .readings: "/trends"
        case .intake: "/today"
        case .goals: "/goals"
        case .medications: "/medications"
        case .devices: "/devices"
        case .imports: "/import"
        case .reports: "/reports"
        }
    }
}

extension StoredNotification {
    /// The page this notification opens: the one that shows what it is about.
    var pagePath: String { NotificationConcern.of(type: type, message: { message }).path }
}
