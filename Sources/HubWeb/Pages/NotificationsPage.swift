import Care
import Clinical
import Foundation
import HubCore
import HubRecords
import HubServices

/// The notifications feed, newest first, unread marked, each title a link to the page it concerns; one button marks
/// them all read.
struct NotificationsPage {
    var layout: Layout
    var session: WebSession
    var notifications: [StoredNotification]
    var timeZone: TimeZone

    func render() -> String {
        let language = layout.language
        let t = language.text
        let items = notifications.map { note in
            let date = Date(timeIntervalSince1970: Double(note.createdAtMs) / 1000)
            let when = date.formatted(
                Date.FormatStyle(date: .abbreviated, time: .shortened, locale: language.locale, timeZone: timeZone)
            )
            let state = note.readAtMs == nil ? "<strong>\(t(.unread))</strong>" : t(.read)
            let (title, text) = language.notification(note)
            return """
                <li class="\(note.readAtMs == nil ? "unread" : "read")">\
                <h2><a href="\(note.pagePath)">\(esc(title))</a></h2>\
                <p>\(esc(text))</p><p class="hint">\(esc(when)) · \(state)</p></li>
                """
        }.joined()
        var body = notifications.isEmpty ? "<p>\(t(.noNotifications))</p>" : "<ul class=\"feed\">\(items)</ul>"
        if notifications.contains(where: { $0.readAtMs == nil }) {
            body =
                """
                <form method="post" action="/notifications/read">\(csrfField(session))\
                <button type="submit">\(t(.markAllRead))</button></form>
                """ + body
        }
        return layout.page(title: t(.notificationsTitle), path: "/notifications", body: body)
    }
}
