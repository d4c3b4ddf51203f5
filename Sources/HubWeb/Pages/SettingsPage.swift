import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// Settings: the language of the pages, and the profile's notifications (each type on or off, quiet hours, the
/// desktop).
struct SettingsPage {
    var layout: Layout
    var session: WebSession
    var notifications: NotificationSettings
    var notice: String? = nil
    var errors: [String] = []
    /// What a refused form sent, shown again as typed.
    var values: FormFields? = nil

    /// The types in the order the form offers them, each with its words.
    static let types: [(NotificationType, MessageKey)] = [
        (.alert, .typeAlert), (.reminder, .typeReminder), (.progress, .typeProgress), (.reward, .typeReward),
        (.device, .typeDevice), (.import, .typeImport),
    ]

    func render() -> String {
        let t = layout.language.text
        let options = Language.allCases.map { ($0.rawValue, t($0 == .english ? .english : .spanish)) }
        return layout.page(
            title: t(.settingsTitle),
            path: "/settings",
            notice: notice,
            errors: errors,
            body: """
                <form method="post" action="/settings/language" class="stack">\(csrfField(session))
                \(Controls.select("language", label: t(.language), options: options, selected: layout.language.rawValue))
                <button type="submit">\(t(.saveSettings))</button>
                </form>
                \(notificationsForm())
                """
        )
    }

    /// The notifications' form: a checkbox per type (alerts on a value that needs attention cannot be switched off
    /// here, only back on), the quiet hours, the desktop.
    private func notificationsForm() -> String {
        let t = layout.language.text
        let sent = values.map { Set($0.texts("type")) }
        let types = Self.types.map { type, key in
            let id = "type-\(type.rawValue)"
            // A kept type that is on stays on (the application layer's rule): its box is shown ticked and disabled.
            let kept = NotificationsService.SettingsChange.kept
            let locked = kept.contains(type) && !notifications.disabledTypes.contains(type)
            let on = locked || (sent.map { $0.contains(type.rawValue) } ?? !notifications.disabledTypes.contains(type))
            return """
                <div class="check"><input type="checkbox" id="\(id)" name="type" value="\(type.rawValue)"\
                \(on ? " checked" : "")\(locked ? " disabled" : "")><label for="\(id)">\(t(key))</label></div>
                """
        }.joined()
        // A refused form shows what was sent, an end left empty as empty.
        let start = values.map { $0.text("quietStart") ?? "" } ?? notifications.quietHours?.start.description ?? ""
        let end = values.map { $0.text("quietEnd") ?? "" } ?? notifications.quietHours?.end.description ?? ""
        let desktop = (values.map { $0.text("desktop") != nil } ?? notifications.desktop) ? " checked" : ""
        // Alerts come in quiet hours unless the command line said they wait too: the hint says which.
        let quietHint = t(notifications.quietHoursExempt.contains(.alert) ? .quietHoursHint : .quietHoursHoldAlertsHint)
        return """
            <h2 id="notification-settings-heading">\(t(.notificationSettingsHeading))</h2>
            <form method="post" action="/settings/notifications" class="stack" \
            aria-labelledby="notification-settings-heading">\(csrfField(session))
            <fieldset aria-describedby="types-hint"><legend>\(t(.notifyAbout))</legend>\
            <span class="hint" id="types-hint">\(t(.notifyAboutHint))</span>\(types)</fieldset>
            <fieldset aria-describedby="quiet-hint"><legend>\(t(.quietHours))</legend>\
            <span class="hint" id="quiet-hint">\(quietHint)</span>\
            \(Controls.input("quietStart", label: t(.quietFrom), type: "time", value: start))\
            \(Controls.input("quietEnd", label: t(.quietUntil), type: "time", value: end))</fieldset>
            <div class="check"><input type="checkbox" id="desktop" name="desktop" value="1"\(desktop) \
            aria-describedby="desktop-hint"><label for="desktop">\(t(.desktopNotifications))</label></div>\
            <p class="hint" id="desktop-hint">\(t(.desktopHint))</p>
            <button type="submit">\(t(.saveNotificationSettings))</button>
            </form>
            """
    }
}
