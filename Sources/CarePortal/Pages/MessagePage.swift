/// A page that only says something: a refusal or a missing patient. It names nothing behind it.
enum MessagePage {
    static func render(title: String, message: String, csrf: String?) -> String {
        PortalLayout.page(title: title, csrf: csrf, body: "<p>\(esc(message))</p>")
    }
}
