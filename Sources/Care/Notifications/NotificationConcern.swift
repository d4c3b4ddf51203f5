import HubCore

/// What a notification is about, so that a front end opens the screen that shows it: the web app's feed links each
/// notification to its page.
public enum NotificationConcern: String, Sendable, Hashable, CaseIterable {
    /// A lab result (a critical potassium).
    case labs
    /// Weights and the gain between dialysis sessions (a weighing reminder, a high interdialytic gain).
    case weight
    /// Blood pressure.
    case bloodPressure
    /// Other readings: glucose, heart rate.
    case readings
    /// Today's intake against the limits (food and drink advice).
    case intake
    /// Goals and rewards.
    case goals
    /// Medicines and their doses.
    case medications
    /// Devices and what was read from them.
    case devices
    /// An import of a file.
    case imports
    /// Reports.
    case reports

    /// What a notification of `type` is about; `message` (its data, read only for the types that need it: decoding
    /// every notification's message is most of a feed's time) tells an alert's or a reminder's subject.
    public static func of(type: NotificationType, message: () -> NotificationMessage?) -> NotificationConcern {
        switch type {
        case .reward, .progress: return .goals
        case .device: return .devices
        case .import:
            // A USB meter read by the hub is a device's; a file's import is the import's.
            switch message() {
            case .usbImport?, .usbUnplugged?, .usbUnreadable?: return .devices
            default: return .imports
            }
        case .reminder, .alert:
            return message().map(of) ?? (type == .reminder ? .medications : .intake)
        }
    }

    /// What `message` is about.
    public static func of(_ message: NotificationMessage) -> NotificationConcern {
        switch message {
        case .criticalValue(let id, _, _, _, _):
            switch CriticalThresholds.standard.first(where: { $0.id == id })?.subject {
            case .lab?: return .labs
            case .interdialyticGain?: return .weight
            case .reading(let kind, _)?: return of(kind)
            // A threshold of a newer hub: a measured value, shown with the readings.
            case nil: return .readings
            }
        case .meterRange: return .readings
        case .readingWatch(let reading, _, _, _, _): return reading == .systolic ? .bloodPressure : .readings
        case .reward, .halfWay: return .goals
        case .medicationReminder, .doseDue, .doseNotTaken, .binderWithMeal: return .medications
        case .weighingReminder: return .weight
        case .advice(let rule, _, _, _, _, _):
            // `AlertRules`' alerts on a lab result or on the gain between sessions; every other rule (a day or meal
            // over a limit, a food with a medicine, the budget) is about what is eaten and drunk.
            if rule.hasPrefix("alert-lab-") || rule.hasPrefix("alert-egfr-") { return .labs }
            if rule.hasPrefix("alert-idwg-") { return .weight }
            return .intake
        case .reportCardReady: return .reports
        case .usbImport, .usbUnplugged, .usbUnreadable: return .devices
        }
    }

    private static func of(_ kind: MeasurementKind) -> NotificationConcern {
        switch kind {
        case .bodyWeight: .weight
        case .bloodPressure: .bloodPressure
        default: .readings
        }
    }
}
